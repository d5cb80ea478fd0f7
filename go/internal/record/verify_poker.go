package record

import (
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/merkle"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

type proofRecord struct {
	Position int      `json:"position"`
	Card     string   `json:"card"`
	Salt     string   `json:"salt"`
	Path     []string `json:"path"`
}

func cardID(name string) (int, bool) {
	ids, ok := cards.Table52.Lookup(name)
	if !ok {
		return 0, false
	}
	return ids[0], true
}

// proofCards is the names of the cards a bundle proves, in its order.
func proofCards(ps []proofRecord) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Card
	}
	return out
}

func verifyLeave(r *Record) (*Report, error) {
	var l struct {
		Table     string `json:"table"`
		Session   string `json:"session"`
		Seat      int    `json:"seat"`
		Dealing   string `json:"dealing"`
		FirstHand *int   `json:"firstHand"`
		Hands     []struct {
			Hand           int           `json:"hand"`
			Seats          []int         `json:"seats"`
			HandCommitment string        `json:"handCommitment"`
			Root           string        `json:"root"`
			Cards          []proofRecord `json:"cards"`
			Board          []proofRecord `json:"board"`
		} `json:"hands"`
	}
	if err := r.decode(&l); err != nil {
		return nil, err
	}
	rep := newReport(r, words.Text("cli.title.leave", "table", escape.Quoted(l.Table), "session", l.Session, "seat", seatWords(l.Seat)))
	first := firstHand(l.FirstHand)
	// A bundle's hand counted from 1 is its number from the first hand on.
	counted := func(hi int) int { return l.Hands[hi].Hand - first + 1 }
	// Run 0 of a hand is the player's own cards, run 1 the board.
	decks := make([][][]string, len(l.Hands))
	for hi, h := range l.Hands {
		decks[hi] = [][]string{proofCards(h.Cards), proofCards(h.Board)}
	}
	rep.distinct("/hands", cards.Table52, false, shown{decks, func(hi, r, i int) (string, string) {
		if r == 0 {
			return ptr("hands", hi, "cards", i, "card"), place(atHand(l.Hands[hi].Hand, counted(hi)), at("ownCard", i+1))
		}
		return ptr("hands", hi, "board", i, "card"), place(atHand(l.Hands[hi].Hand, counted(hi)), at("boardCard", i+1))
	}})
	dealing := declared(l.Dealing, reading.Pairs)
	lo, top := poker.HandRange(first)
	seen := map[int]int{}
	for hi, h := range l.Hands {
		p := ptr("hands", hi)
		hand := handNumber(h.Hand, counted(hi))
		if poker.CheckHand(first, h.Hand) != nil {
			rep.fail(checkName("hand_number", "hand", hand), p+"/hand", "PK-8", words.Text("cli.summary.hand_range", "first", first, "last", top),
				Mismatch{Pointer: p + "/hand", Where: at("entry", hi+1), Expected: words.Text("cli.value.range", "first", lo, "last", top), Found: strconv.Itoa(h.Hand)})
			continue
		}
		if prev, dup := seen[h.Hand]; dup {
			rep.fail(checkName("hand_number", "hand", hand), p+"/hand", "PK-8", words.Text("cli.summary.hand_listed_twice", "entry", prev+1, "again", hi+1))
			continue
		}
		seen[h.Hand] = hi
		sorted := append([]int(nil), h.Seats...)
		sort.Ints(sorted)
		j := sort.SearchInts(sorted, l.Seat)
		if j == len(sorted) || sorted[j] != l.Seat || repeated(h.Seats) {
			rep.fail(checkName("hand_seats", "hand", hand), p+"/seats", "PK-9", words.Text("cli.summary.seats_without_player", "seat", seatWords(l.Seat), "seats", seatList(h.Seats)))
			continue
		}
		hole := poker.HolePositions(j, len(sorted), dealing)
		board := poker.BoardPositions(len(sorted))
		check := func(kind string, i int, pr proofRecord, wantPos int) {
			pp := fmt.Sprintf("%s/%s/%d", p, kind, i)
			code, part := "own_card", "ownCard"
			if kind == "board" {
				code, part = "board_card", "boardCard"
			}
			label := checkName(code, "hand", hand, "card", i+1)
			if pr.Position != wantPos {
				// The dealing that gives wantPos is said in the readings note.
				rep.fail(checkName(code+"_position", "hand", hand, "card", i+1), pp+"/position", "PK-10", words.Text("cli.summary.differ", "n", 1),
					Mismatch{Pointer: pp + "/position", Where: place(atHand(h.Hand, counted(hi)), at(part, i+1)), Expected: deckCard(wantPos), Found: deckCard(pr.Position)})
				return
			}
			id, _ := cardID(pr.Card)
			// The schema has checked the proof's form, so the only answer
			// left is whether it reaches the root.
			if valid, _ := poker.VerifyProof(h.Root, pr.Position, id, pr.Salt, pr.Path); valid {
				rep.pass(label, pp, "PK-7", words.Text("cli.summary.card_in_deck", "card", pr.Card, "position", pr.Position+1))
				return
			}
			rep.fail(label, pp, "PK-7", words.Text("cli.summary.card_not_in_deck", "card", pr.Card, "position", pr.Position+1),
				Mismatch{Pointer: pp, Where: label, Expected: words.Text("cli.value.proof_reaching", "root", h.Root[:12]), Found: words.Text("cli.value.proof_missing")})
		}
		for i, pr := range h.Cards {
			check("cards", i, pr, hole[i])
		}
		for i, pr := range h.Board {
			check("board", i, pr, board[i])
		}
	}
	return rep.done(
		words.Text("cli.note.leave"),
		readingsNote(textReading("dealing", l.Dealing, string(reading.Pairs)), intReading("firstHand", l.FirstHand, reading.FirstHand)),
	), nil
}

// firstHand is the number a record's hands start from: declared, or the kit's 1.
func firstHand(declared *int) int {
	if declared == nil {
		return reading.FirstHand
	}
	return *declared
}

// repeated reports a seat listed twice (PK-9).
func repeated(seats []int) bool {
	i, _ := poker.FirstRepeat(seats)
	return i >= 0
}

// sessionRecord is the typed form of a poker_hmac_v1 session reveal.
type sessionRecord struct {
	Table      string `json:"table"`
	Session    string `json:"session"`
	Commitment string `json:"commitment"`
	ServerSeed string `json:"serverSeed"`
	Rotation   string `json:"rotation"`
	Opened     string `json:"opened"`
	Closed     string `json:"closed"`
	FirstHand  *int   `json:"firstHand"`
	// SessionCommitment is the declared reading; with "none" the record
	// has no commitment (the schema says so).
	SessionCommitment string              `json:"sessionCommitment"`
	Hands             []sessionHandRecord `json:"hands"`
}

// sessionHandRecord is one revealed hand of a session.
type sessionHandRecord struct {
	Hand           int          `json:"hand"`
	Seats          []poker.Seat `json:"seats"`
	HandCommitment string       `json:"handCommitment"`
	Root           string       `json:"root"`
	Deck           []string     `json:"deck"`
}

func verifySession(r *Record) (*Report, error) {
	var s sessionRecord
	if err := r.decode(&s); err != nil {
		return nil, err
	}
	rep := newReport(r, words.Text("cli.title.session", "table", escape.Quoted(s.Table), "session", s.Session, "n", len(s.Hands)))
	committed := declared(s.SessionCommitment, reading.Published) == reading.Published
	if committed {
		rep.equal(checkName("session_commitment"), "/commitment", "PK-11", stream.Commit(s.ServerSeed), s.Commitment,
			words.Text("cli.summary.session_commitment_matches"), words.Text("cli.summary.session_commitment_differs"))
	}
	checkHandNumbers(rep, &s)
	if s.Rotation == "hands" {
		rep.equal(checkName("rotation"), "/rotation", "PK-8", words.Text("cli.value.hands", "n", poker.MaxHands), words.Text("cli.value.hands", "n", len(s.Hands)),
			words.Text("cli.summary.rotated"), words.Text("cli.summary.differ", "n", 1))
	}
	if s.Opened != "" && s.Closed != "" {
		checkSessionTimes(rep, &s)
	}
	decks := make([][][]string, len(s.Hands))
	for hi, h := range s.Hands {
		decks[hi] = [][]string{h.Deck}
	}
	rep.distinct("/hands", cards.Table52, false, shown{decks, func(hi, _, i int) (string, string) {
		return ptr("hands", hi, "deck", i), place(atHand(s.Hands[hi].Hand, hi+1), at("position", i+1))
	}})
	for hi := range s.Hands {
		if err := checkSessionHand(rep, &s, hi); err != nil {
			return nil, err
		}
	}
	note := words.Text("cli.note.session")
	if !committed {
		note = words.Text("cli.note.session_no_commitment")
	}
	return rep.done(note, readingsNote(intReading("firstHand", s.FirstHand, reading.FirstHand),
		textReading("sessionCommitment", s.SessionCommitment, string(reading.Published)))), nil
}

// checkHandNumbers: the hands are numbered from the first hand on, none
// missing or repeated (PK-8, READ-3).
func checkHandNumbers(rep *report, s *sessionRecord) {
	first := firstHand(s.FirstHand)
	var numbering mismatches
	for i, h := range s.Hands {
		if h.Hand != first+i {
			numbering.add(Mismatch{Pointer: ptr("hands", i, "hand"), Where: at("entry", i+1), Expected: strconv.Itoa(first + i), Found: strconv.Itoa(h.Hand)})
		}
	}
	if numbering.count() == 0 {
		rep.pass(checkName("hand_numbers"), "/hands", "PK-8", words.Text("cli.summary.hands_numbered", "first", first, "last", first+len(s.Hands)-1))
	} else {
		rep.failMany(checkName("hand_numbers"), "/hands", "PK-8", words.Text("cli.summary.hands_in_order", "first", first, "second", first+1, "third", first+2), &numbering)
	}
}

// checkSessionTimes: the session closed after it opened, at most 24 hours
// later, every digit of the times counting (PK-8, LIM-2). A session found
// longer than 24 hours by less than a nanosecond is said to have lasted 24
// hours and a fraction of a second: its length is one nanosecond over.
func checkSessionTimes(rep *report, s *sessionRecord) {
	// The schema's date-time format has checked both (see rfc3339.go).
	opened, _ := parseDateTime(s.Opened)
	closed, _ := parseDateTime(s.Closed)
	switch {
	case compareAfter(closed, opened, 0) < 0:
		rep.fail(checkName("session_times"), "/closed", "PK-8", words.Text("cli.summary.closed_before_opened"),
			Mismatch{Pointer: "/closed", Where: atWord("closed"), Expected: words.Text("cli.value.at_or_after", "time", writtenTime(opened, s.Opened)), Found: writtenTime(closed, s.Closed)})
	case compareAfter(closed, opened, 24*3600) > 0:
		rep.fail(checkName("session_times"), "/closed", "PK-8", words.Text("cli.summary.over_a_day", "duration", durationWords(max(sessionLength(opened, closed), 24*time.Hour+1))),
			Mismatch{Pointer: "/closed", Where: atWord("closed"), Expected: words.Text("cli.value.at_most", "time", timeWords(instant{secs: opened.secs + 24*3600})), Found: writtenTime(closed, s.Closed)})
	default:
		rep.pass(checkName("session_times"), "/closed", "PK-8", words.Text("cli.summary.open_for", "duration", durationWords(sessionLength(opened, closed))))
	}
}

// checkSessionHand: hand hi's seats (PK-9), its commitment (PK-2), its
// revealed deck (PK-3) and the root over it (PK-6). A hand is named by its
// place in the list, the record's number beside it when that is another.
func checkSessionHand(rep *report, s *sessionRecord, hi int) error {
	h := s.Hands[hi]
	hand := handNumber(h.Hand, hi+1)
	p := ptr("hands", hi)
	numbers := make([]int, len(h.Seats))
	for i, st := range h.Seats {
		numbers[i] = st.Seat
	}
	if i, _ := poker.FirstRepeat(numbers); i >= 0 {
		rep.fail(checkName("hand_seats", "hand", hand), p+"/seats", "PK-9", words.Text("cli.summary.seat_taken_twice", "seat", seatWords(numbers[i])))
		return nil
	}
	d, err := poker.Deal(s.ServerSeed, s.Table, s.Session, h.Hand, h.Seats)
	if err != nil {
		return err
	}
	rep.equal(checkName("hand_commitment", "hand", hand), p+"/handCommitment", "PK-2", d.HandCommitment, h.HandCommitment,
		words.Text("cli.summary.hand_commitment_matches"), words.Text("cli.summary.hand_commitment_differs"))
	rep.lists(checkName("hand_deck", "hand", hand), p+"/deck", "PK-3", words.Text("cli.summary.deck_from_seeds"),
		list{p + "/deck", func(i int) string { return place(atHand(h.Hand, hi+1), at("position", i+1)) }, cards.Table52.Names(d.Deck), h.Deck})
	leaves := make([]string, merkle.Positions)
	for i, c := range h.Deck {
		id, _ := cardID(c)
		leaves[i] = merkle.Leaf(i, id, d.Salts[i])
	}
	rep.equal(checkName("hand_root", "hand", hand), p+"/root", "PK-6", merkle.Build(leaves).Root(), h.Root,
		words.Text("cli.summary.root_matches"), words.Text("cli.summary.root_differs"))
	return nil
}
