package record

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/games"
	"github.com/pfkit/pfkit/v2/go/internal/merkle"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// Verify checks a record against the reference and reports every check.
func Verify(r *Record) (*Report, error) {
	switch r.Kind.Kind {
	case "match":
		return verifyMatch(r)
	case "leave":
		return verifyLeave(r)
	case "session":
		return verifySession(r)
	case "game":
		return verifyChess(r)
	case "hand_end":
		return verifySelfpoker(r)
	}
	return nil, fmt.Errorf("no verifier for %s/%s", r.Kind.Scheme, r.Kind.Kind)
}

// VerifyBytes reads and verifies in one step.
func VerifyBytes(data []byte) (*Report, error) {
	r, err := Read(data)
	if err != nil {
		return nil, err
	}
	return Verify(r)
}

func newReport(r *Record, title string) *report {
	return &report{Report{Scheme: r.Kind.Scheme, Kind: r.Kind.Kind, Title: title}}
}

type matchRecord struct {
	Game        string           `json:"game"`
	MatchID     string           `json:"matchId"`
	Commitment  string           `json:"commitment"`
	ServerSeed  string           `json:"serverSeed"`
	ClientSeeds []string         `json:"clientSeeds"`
	Seats       []int            `json:"seats"`
	Games       []backgammonGame `json:"games"`
	Deals       [][4][]string    `json:"deals"`
	Hands       any              `json:"hands"`
	// The readings a record may declare (READ-5 to READ-8); empty when it
	// declares none. The schema admits each for its own game only.
	MahjongDraw       string `json:"mahjongDraw"`
	MahjongDeal       string `json:"mahjongDeal"`
	BalootDeal        string `json:"balootDeal"`
	BackgammonOpening string `json:"backgammonOpening"`
	// Fixed orders listed in full (READ-10, READ-11); nil when not declared.
	MahjongWall []string `json:"mahjongWall"`
	BalootDeck  []string `json:"balootDeck"`
}

// backgammonGame is one game of a backgammon match record.
type backgammonGame struct {
	Opening [][2]int `json:"opening"`
	First   int      `json:"first"`
	Rolls   [][2]int `json:"rolls"`
}

// declaredOrder is the deck a record names its pieces with: the kit's, or the
// order it lists in field (READ-10, READ-11). An order that is not one of the
// deck's pieces makes the record invalid, like any reading the spec does not
// define (READ-1).
func declaredOrder(base *cards.Deck, field string, names []string) (*cards.Deck, error) {
	if names == nil {
		return base, nil
	}
	d, err := base.Reordered(names)
	if err != nil {
		return nil, &Unreadable{Code: errcode.InvalidRecord, Message: fmt.Sprintf("/%s: not an order of the %d pieces: %v", field, base.Size, err)}
	}
	return d, nil
}

// orderReading describes a fixed order for readingsNote.
func orderReading(field string, names []string, kits string) string {
	if names == nil {
		return field + " " + kits + " (the kit's reading)"
	}
	return field + " as listed in the record (declared)"
}

func throwNames(ts [][2]int) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = fmt.Sprintf("%d-%d", t[0], t[1])
	}
	return out
}

// matchOf is the typed form of a match record.
func matchOf(r *Record) (matchRecord, error) {
	if r.match != nil {
		return *r.match, nil
	}
	var m matchRecord
	return m, r.decode(&m)
}

// sameCards reports whether the record's seats hold exactly the cards dealt.
func sameCards(deck *cards.Deck, want [4][]int, got [4][]string) bool {
	for s := range 4 {
		if len(want[s]) != len(got[s]) {
			return false
		}
		for i, id := range want[s] {
			if deck.Name(id) != got[s][i] {
				return false
			}
		}
	}
	return true
}

func verifyMatch(r *Record) (*Report, error) {
	m, err := matchOf(r)
	if err != nil {
		return nil, err
	}
	g, _ := games.Lookup(m.Game) // the schema admits registered games only
	deck := games.DeckOf(g)
	switch g.Kind {
	case games.Baloot:
		deck, err = declaredOrder(deck, "balootDeck", m.BalootDeck)
	case games.Mahjong:
		deck, err = declaredOrder(deck, "mahjongWall", m.MahjongWall)
	}
	if err != nil {
		return nil, err
	}
	rep := newReport(r, "match_seed_v2 "+m.Game+" match "+m.MatchID)
	rep.Checks = make([]Check, 0, 3+len(m.Deals)+2*len(m.Games)+1) // the common records' checks, one allocation
	rep.equal("commitment", "/commitment", "MS2-1", stream.Commit(m.ServerSeed), m.Commitment,
		"SHA-256 of the revealed server seed equals the commitment published before the match")
	// The schema admits registered games with their number of players only.
	ms, err := games.NewMatch(m.ServerSeed, m.Game, m.MatchID, m.ClientSeeds)
	if err != nil {
		return nil, err
	}
	seats := ms.Seats()
	rep.group("seat order", "/seats", "MS2-4", "seats "+join(itoas(seats))+", drawn first", slices.Equal(seats, m.Seats), func() []comparison {
		return []comparison{list{"/seats", func(i int) string { return fmt.Sprintf("seat %d", i) }, itoas(seats), itoas(m.Seats)}}
	})
	notes := []string{matchNote}
	switch g.Kind {
	case games.Backgammon:
		opening := declared(m.BackgammonOpening, reading.OneDieEach)
		notes = append(notes, readingsNote(textReading("backgammonOpening", m.BackgammonOpening, string(reading.OneDieEach))))
		for gi, rg := range m.Games {
			want, err := ms.Backgammon(len(rg.Rolls), opening)
			if err != nil {
				return nil, err
			}
			name := fmt.Sprintf("game %d", gi+1)
			p := ptr("games", gi)
			rep.lists(name+" opening", p+"/opening", "BG-1", "opening throws "+join(throwNames(want.Opening)),
				list{p + "/opening", func(i int) string { return fmt.Sprintf("%s, opening throw %d", name, i+1) }, throwNames(want.Opening), throwNames(rg.Opening)},
				single(p+"/first", name+", first to move", "seat "+strconv.Itoa(want.First), "seat "+strconv.Itoa(rg.First)))
			rep.lists(name+" rolls", p+"/rolls", "BG-2", fmt.Sprintf("%d turns of two dice", len(want.Rolls)),
				list{p + "/rolls", func(i int) string { return fmt.Sprintf("%s, turn %d", name, i+1) }, throwNames(want.Rolls), throwNames(rg.Rolls)})
		}
	case games.Deals52:
		wants := make([][4][]int, len(m.Deals))
		same := make([]bool, len(m.Deals))
		all := true
		for di, rd := range m.Deals {
			if wants[di], err = ms.Deal(); err != nil {
				return nil, err
			}
			same[di] = sameCards(deck, wants[di], rd)
			all = all && same[di]
		}
		decks := make([][][]string, len(m.Deals))
		for di := range m.Deals {
			decks[di] = m.Deals[di][:]
		}
		rep.distinct("/deals", deck, false, dealtOr(all, shown{decks, func(di, s, i int) (string, string) {
			return ptr("deals", di, s, i), fmt.Sprintf("deal %d, seat %d, card %d", di+1, s, i+1)
		}}))
		for di, rd := range m.Deals {
			want := wants[di]
			// Compared first, and the lists of names built only for a report
			// of what differs.
			rep.group("deal "+strconv.Itoa(di+1), ptr("deals", di), "DEAL-1", "all 52 cards in place", same[di], func() []comparison {
				return perSeat(deck, want, rd, func(s int) string { return ptr("deals", di, s) },
					func(s, i int) string { return fmt.Sprintf("deal %d, seat %d, card %d", di+1, s, i+1) })
			})
		}
	case games.Baloot:
		var hands []struct {
			First  [4][]string  `json:"first"`
			Upcard string       `json:"upcard"`
			Buyer  *int         `json:"buyer"`
			Final  *[4][]string `json:"final"`
		}
		if err := fromTree(m.Hands, &hands); err != nil {
			return nil, err
		}
		// Runs 0 to 3 of a first deck are the seats' first distribution and
		// run 4 the turned-up card; the final hands repeat the first five
		// cards, so they are a deck of their own.
		var decks [][][]string
		var handOf []int // deck -> hand
		var final []bool // deck -> the final hands
		for hi, rh := range hands {
			decks, handOf, final = append(decks, append(rh.First[:], []string{rh.Upcard})), append(handOf, hi), append(final, false)
			if rh.Final != nil {
				decks, handOf, final = append(decks, rh.Final[:]), append(handOf, hi), append(final, true)
			}
		}
		rep.distinct("/hands", deck, false, shown{decks, func(d, s, i int) (string, string) {
			hi := handOf[d]
			name := fmt.Sprintf("hand %d", hi+1)
			switch {
			case final[d]:
				return ptr("hands", hi, "final", s, i), fmt.Sprintf("%s, seat %d, card %d after the second distribution", name, s, i+1)
			case s == 4:
				return ptr("hands", hi, "upcard"), name + ", turned-up card"
			}
			return ptr("hands", hi, "first", s, i), fmt.Sprintf("%s, seat %d, first distribution card %d", name, s, i+1)
		}})
		deal := declared(m.BalootDeal, reading.BalootBlocks)
		notes = append(notes, readingsNote(textReading("balootDeal", m.BalootDeal, string(reading.BalootBlocks)),
			orderReading("balootDeck", m.BalootDeck, "CARD-2")))
		for hi, rh := range hands {
			buyer := -1
			if rh.Buyer != nil {
				buyer = *rh.Buyer
			}
			want, err := ms.Baloot(buyer, deal)
			if err != nil {
				return nil, err
			}
			name := fmt.Sprintf("hand %d", hi+1)
			ls := perSeat(deck, want.First, rh.First, func(s int) string { return ptr("hands", hi, "first", s) },
				func(s, i int) string { return fmt.Sprintf("%s, seat %d, first distribution card %d", name, s, i+1) })
			ls = append(ls, single(ptr("hands", hi, "upcard"), name+", turned-up card", deck.Name(want.Upcard), rh.Upcard))
			if buyer >= 0 && rh.Final != nil {
				ls = append(ls, perSeat(deck, want.Final, *rh.Final, func(s int) string { return ptr("hands", hi, "final", s) },
					func(s, i int) string {
						return fmt.Sprintf("%s, seat %d, card %d after the second distribution", name, s, i+1)
					})...)
			}
			rep.lists(name, ptr("hands", hi), "BAL-1", "both distributions in place", ls...)
		}
	case games.Mahjong:
		var hands []struct {
			Deal  [4][]string `json:"deal"`
			Draws []string    `json:"draws"`
		}
		if err := fromTree(m.Hands, &hands); err != nil {
			return nil, err
		}
		// Runs 0 to 3 are the seats' tiles of the deal, run 4 the draws.
		decks := make([][][]string, len(hands))
		for hi, rh := range hands {
			decks[hi] = append(rh.Deal[:], rh.Draws)
		}
		rep.distinct("/hands", deck, true, shown{decks, func(hi, s, i int) (string, string) {
			if s == 4 {
				return ptr("hands", hi, "draws", i), fmt.Sprintf("hand %d, draw %d after the deal", hi+1, i+1)
			}
			return ptr("hands", hi, "deal", s, i), fmt.Sprintf("hand %d, seat %d, tile %d of the deal", hi+1, s, i+1)
		}})
		model := declared(m.MahjongDraw, reading.SwapLast)
		layout := declared(m.MahjongDeal, reading.MahjongBlocks)
		notes = append(notes, readingsNote(textReading("mahjongDraw", m.MahjongDraw, string(reading.SwapLast)),
			textReading("mahjongDeal", m.MahjongDeal, string(reading.MahjongBlocks)), orderReading("mahjongWall", m.MahjongWall, "CARD-3")))
		for hi, rh := range hands {
			want, err := ms.Mahjong(games.MahjongDeal+len(rh.Draws), model, layout)
			if err != nil {
				return nil, err
			}
			name := fmt.Sprintf("hand %d", hi+1)
			ls := perSeat(deck, want.Deal, rh.Deal, func(s int) string { return ptr("hands", hi, "deal", s) },
				func(s, i int) string { return fmt.Sprintf("%s, seat %d, tile %d of the deal", name, s, i+1) })
			ls = append(ls, list{ptr("hands", hi, "draws"), func(i int) string { return fmt.Sprintf("%s, draw %d after the deal", name, i+1) }, deck.Names(want.Draws), rh.Draws})
			rep.lists(name, ptr("hands", hi), "MJ-2", fmt.Sprintf("%d tiles in place", games.MahjongDeal+len(rh.Draws)), ls...)
		}
	}
	return rep.done(notes...), nil
}

const matchNote = "The commitment shows the server seed was fixed before the match, and the client seeds that the server could not pick the deal after seeing them, provided the commitment was shown before your client seed was sent; only your own record of that order can show it."

// declared is the reading a record declares in a text field, or def, the
// kit's reading, when it declares none (READ-1). The schema has checked the value.
func declared[T ~string](value string, def T) T {
	if value == "" {
		return def
	}
	return T(value)
}

// textReading and intReading describe one reading a verification followed,
// for readingsNote: declared by the record, or the kit's when it declares none.
func textReading(field, value, def string) string {
	if value == "" {
		return field + " " + strconv.Quote(def) + " (the kit's reading)"
	}
	return field + " " + strconv.Quote(value) + " (declared)"
}

func intReading(field string, value *int, def int) string {
	if value == nil {
		return field + " " + strconv.Itoa(def) + " (the kit's reading)"
	}
	return field + " " + strconv.Itoa(*value) + " (declared)"
}

// readingsNote names the readings a verification followed (READ-1).
func readingsNote(parts ...string) string {
	return "Readings followed: " + strings.Join(parts, "; ") + "."
}

// perSeat compares the four seats' cards or tiles: want as ids, got as the
// record's names; pointer(s) locates seat s and where(s, i) names its card i.
func perSeat(deck *cards.Deck, want [4][]int, got [4][]string, pointer func(s int) string, where func(s, i int) string) []comparison {
	ls := make([]comparison, 4)
	for s := range 4 {
		ls[s] = list{pointer(s), func(i int) string { return where(s, i) }, deck.Names(want[s]), got[s]}
	}
	return ls
}

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
	rep := newReport(r, fmt.Sprintf("poker_hmac_v1 leave bundle, table %s, session %s, seat %d", l.Table, l.Session, l.Seat))
	// Run 0 of a hand is the player's own cards, run 1 the board.
	decks := make([][][]string, len(l.Hands))
	for hi, h := range l.Hands {
		names := func(ps []proofRecord) []string {
			out := make([]string, len(ps))
			for i, p := range ps {
				out[i] = p.Card
			}
			return out
		}
		decks[hi] = [][]string{names(h.Cards), names(h.Board)}
	}
	rep.distinct("/hands", cards.Table52, false, shown{decks, func(hi, r, i int) (string, string) {
		if r == 0 {
			return ptr("hands", hi, "cards", i, "card"), fmt.Sprintf("hand %d, own card %d", l.Hands[hi].Hand, i+1)
		}
		return ptr("hands", hi, "board", i, "card"), fmt.Sprintf("hand %d, board card %d", l.Hands[hi].Hand, i+1)
	}})
	dealing := declared(l.Dealing, reading.Pairs)
	first := firstHand(l.FirstHand)
	lo, top := poker.HandRange(first)
	seen := map[int]int{}
	for hi, h := range l.Hands {
		name := fmt.Sprintf("hand %d", h.Hand)
		p := ptr("hands", hi)
		if poker.CheckHand(first, h.Hand) != nil {
			rep.fail(name+" number", p+"/hand", "PK-8", fmt.Sprintf("hands numbered from %d run from %d to %d", first, lo, top),
				Mismatch{Pointer: p + "/hand", Where: fmt.Sprintf("entry %d", hi+1), Expected: fmt.Sprintf("%d to %d", lo, top), Found: strconv.Itoa(h.Hand)})
			continue
		}
		if prev, dup := seen[h.Hand]; dup {
			rep.fail(name+" number", p+"/hand", "PK-8", fmt.Sprintf("hand %d is listed twice (entries %d and %d)", h.Hand, prev+1, hi+1))
			continue
		}
		seen[h.Hand] = hi
		sorted := append([]int(nil), h.Seats...)
		sort.Ints(sorted)
		j := sort.SearchInts(sorted, l.Seat)
		if j == len(sorted) || sorted[j] != l.Seat || repeated(h.Seats) {
			rep.fail(name+" seats", p+"/seats", "PK-9", fmt.Sprintf("expected distinct seats including the player's seat %d, record has %v", l.Seat, h.Seats))
			continue
		}
		hole := poker.HolePositions(j, len(sorted), dealing)
		board := poker.BoardPositions(len(sorted))
		check := func(kind string, i int, pr proofRecord, wantPos int) {
			pp := fmt.Sprintf("%s/%s/%d", p, kind, i)
			label := fmt.Sprintf("%s, %s card %d", name, map[string]string{"cards": "own", "board": "board"}[kind], i+1)
			if pr.Position != wantPos {
				rep.fail(label+" position", pp+"/position", "PK-10", fmt.Sprintf("expected position %d (dealing %s), record has %d", wantPos, strconv.Quote(string(dealing)), pr.Position),
					Mismatch{Pointer: pp + "/position", Where: label, Expected: strconv.Itoa(wantPos), Found: strconv.Itoa(pr.Position)})
				return
			}
			id, _ := cardID(pr.Card)
			// The schema has checked the proof's form, so the only answer
			// left is whether it reaches the root.
			if valid, _ := poker.VerifyProof(h.Root, pr.Position, id, pr.Salt, pr.Path); valid {
				rep.pass(label, pp, "PK-7", fmt.Sprintf("%s at position %d is in the deck the root committed to", pr.Card, pr.Position))
				return
			}
			rep.fail(label, pp, "PK-7", fmt.Sprintf("%s at position %d with its salt and path does not reach the published root", pr.Card, pr.Position),
				Mismatch{Pointer: pp, Where: label, Expected: "a proof reaching root " + h.Root[:12] + "…", Found: "a proof that does not"})
		}
		for i, pr := range h.Cards {
			check("cards", i, pr, hole[i])
		}
		for i, pr := range h.Board {
			check("board", i, pr, board[i])
		}
	}
	return rep.done(
		"Your cards and the board are in the deck the table committed to before each deal. Other players' cards, the full deck, and whether the commitments follow from the server seed are checked with the session reveal.",
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

func verifySession(r *Record) (*Report, error) {
	var s struct {
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
		SessionCommitment string `json:"sessionCommitment"`
		Hands             []struct {
			Hand           int          `json:"hand"`
			Seats          []poker.Seat `json:"seats"`
			HandCommitment string       `json:"handCommitment"`
			Root           string       `json:"root"`
			Deck           []string     `json:"deck"`
		} `json:"hands"`
	}
	if err := r.decode(&s); err != nil {
		return nil, err
	}
	rep := newReport(r, fmt.Sprintf("poker_hmac_v1 session reveal, table %s, session %s, %d hands", s.Table, s.Session, len(s.Hands)))
	committed := declared(s.SessionCommitment, reading.Published) == reading.Published
	if committed {
		rep.equal("session commitment", "/commitment", "PK-11", stream.Commit(s.ServerSeed), s.Commitment,
			"SHA-256 of the revealed server seed equals the commitment published when the session opened")
	}
	first := firstHand(s.FirstHand)
	var numbering []Mismatch
	for i, h := range s.Hands {
		if h.Hand != first+i {
			numbering = append(numbering, Mismatch{Pointer: ptr("hands", i, "hand"), Where: fmt.Sprintf("entry %d", i+1), Expected: strconv.Itoa(first + i), Found: strconv.Itoa(h.Hand)})
		}
	}
	if len(numbering) == 0 {
		rep.pass("hand numbers", "/hands", "PK-8", fmt.Sprintf("hands %d to %d, none missing or repeated", first, first+len(s.Hands)-1))
	} else {
		rep.fail("hand numbers", "/hands", "PK-8", fmt.Sprintf("hands are numbered %d, %d, %d … in order", first, first+1, first+2), numbering...)
	}
	if s.Rotation == "hands" {
		rep.equal("rotation", "/rotation", "PK-8", fmt.Sprintf("%d hands", poker.MaxHands), fmt.Sprintf("%d hands", len(s.Hands)),
			"the session rotated after its 500th hand")
	}
	if s.Opened != "" && s.Closed != "" {
		// The schema's date-time format has checked both (see rfc3339.go).
		opened, _ := parseDateTime(s.Opened)
		closed, _ := parseDateTime(s.Closed)
		switch {
		case compareAfter(closed, opened, 0) < 0:
			rep.fail("session times", "/closed", "PK-8", "the session closed before it opened",
				Mismatch{Pointer: "/closed", Where: "closing time", Expected: "at or after " + s.Opened, Found: s.Closed})
		case compareAfter(closed, opened, 24*3600) > 0:
			rep.fail("session times", "/closed", "PK-8", "a session lasts at most 24 hours; this one lasted "+duration(opened, closed),
				Mismatch{Pointer: "/closed", Where: "closing time", Expected: "at most " + opened.plus(24*3600), Found: s.Closed})
		default:
			rep.pass("session times", "/closed", "PK-8", "open for "+duration(opened, closed)+", within 24 hours")
		}
	}
	decks := make([][][]string, len(s.Hands))
	for hi, h := range s.Hands {
		decks[hi] = [][]string{h.Deck}
	}
	rep.distinct("/hands", cards.Table52, false, shown{decks, func(hi, _, i int) (string, string) {
		return ptr("hands", hi, "deck", i), fmt.Sprintf("hand %d, position %d", s.Hands[hi].Hand, i)
	}})
	for hi, h := range s.Hands {
		name := fmt.Sprintf("hand %d", h.Hand)
		p := ptr("hands", hi)
		numbers := make([]int, len(h.Seats))
		for i, st := range h.Seats {
			numbers[i] = st.Seat
		}
		if i, _ := poker.FirstRepeat(numbers); i >= 0 {
			rep.fail(name+" seats", p+"/seats", "PK-9", fmt.Sprintf("seat %d is taken twice", numbers[i]))
			continue
		}
		d, err := poker.Deal(s.ServerSeed, s.Table, s.Session, h.Hand, h.Seats)
		if err != nil {
			return nil, err
		}
		rep.equal(name+" commitment", p+"/handCommitment", "PK-2", d.HandCommitment, h.HandCommitment,
			"SHA-256 of the hand value derived from the seed equals the commitment stored before the deal")
		rep.lists(name+" deck", p+"/deck", "PK-3", "the revealed deck is the one the seed and client seeds give",
			list{p + "/deck", func(i int) string { return fmt.Sprintf("%s, position %d", name, i) }, cards.Table52.Names(d.Deck), h.Deck})
		leaves := make([]string, merkle.Positions)
		for i, c := range h.Deck {
			id, _ := cardID(c)
			leaves[i] = merkle.Leaf(i, id, d.Salts[i])
		}
		rep.equal(name+" root", p+"/root", "PK-6", merkle.Build(leaves).Root(), h.Root,
			"the revealed deck, with its salts, hashes to the root published before the deal")
	}
	note := "A passing reveal shows every deck of the session was fixed by the seed committed when the session opened and by the seated players' client seeds, and that each root published before a deal committed to that deck."
	if !committed {
		note = "A passing reveal shows every deck of the session was fixed, before its deal, by the hand commitment derived from the seed and by the seated players' client seeds, and that each root published before a deal committed to that deck. The session published no commitment to the seed itself."
	}
	return rep.done(note, readingsNote(intReading("firstHand", s.FirstHand, reading.FirstHand),
		textReading("sessionCommitment", s.SessionCommitment, string(reading.Published)))), nil
}

func verifyChess(r *Record) (*Report, error) {
	var c struct {
		SeedA   string  `json:"seedA"`
		CommitA string  `json:"commitA"`
		ClientA string  `json:"clientA"`
		SeedB   *string `json:"seedB"`
		// BotClientSeed is the declared reading of a bot's client seed (READ-9).
		BotClientSeed string  `json:"botClientSeed"`
		CommitB       string  `json:"commitB"`
		ClientB       *string `json:"clientB"`
		White         string  `json:"white"`
	}
	if err := r.decode(&c); err != nil {
		return nil, err
	}
	seedB, clientB, title := "", "", "chess_colour_v1 game against a bot"
	if c.SeedB != nil {
		seedB, clientB, title = *c.SeedB, *c.ClientB, "chess_colour_v1 game between two players"
	}
	rep := newReport(r, title)
	rep.equal("A's commitment", "/commitA", "CC-1", stream.Commit(c.SeedA), c.CommitA, "SHA-256 of A's revealed seed equals A's commitment")
	if c.SeedB != nil {
		rep.equal("B's commitment", "/commitB", "CC-1", stream.Commit(seedB), c.CommitB, "SHA-256 of B's revealed seed equals B's commitment")
	}
	if chess.CheckCommitments(c.CommitA, c.CommitB) != nil {
		rep.fail("distinct commitments", "/commitB", "CC-4", "both sides committed to the same seed, so their words cancel and A always plays White",
			Mismatch{Pointer: "/commitB", Where: "B's commitment", Expected: "a commitment other than A's", Found: c.CommitB})
		return rep.done(), nil
	}
	want := chess.Draw(c.SeedA, c.ClientA, seedB, clientB, declared(c.BotClientSeed, reading.Dash))
	rep.equal("White", "/white", "CC-3", want.White, c.White, want.White+" plays White, as int(2) over the XOR of both words gives")
	notes := []string{"Each side's seed was fixed when its commitment was shown, before the game was sought or accepted; the XOR means neither side alone chose the colours."}
	if c.SeedB == nil {
		notes = []string{"Against a bot only A's seed and client seed count: the colour was fixed when A's commitment was shown, before the game started.",
			readingsNote(textReading("botClientSeed", c.BotClientSeed, string(reading.Dash)))}
	}
	return rep.done(notes...), nil
}

// selfpokerRecord is the typed form of a selfpoker_v1 hand.
type selfpokerRecord struct {
	Commit   string `json:"commit"`
	Fairplay struct {
		Seed json.Number `json:"seed"` // a string's text or a bare number's digits, as written
	} `json:"fairplay"`
	Dealing string      `json:"dealing"` // the declared reading, "" when none
	Hands   [][2]string `json:"hands"`
	Board   []string    `json:"board"`
}

// selfpokerOf is the typed form of a selfpoker_v1 record.
func selfpokerOf(r *Record) (*selfpokerRecord, error) {
	if r.selfpoker != nil {
		return r.selfpoker, nil
	}
	sp := &selfpokerRecord{}
	return sp, r.decode(sp)
}

func verifySelfpoker(r *Record) (*Report, error) {
	sp, err := selfpokerOf(r)
	if err != nil {
		return nil, err
	}
	seedText := string(sp.Fairplay.Seed)
	seed, err := selfpoker.ParseSeed("/fairplay/seed", seedText)
	if e, ok := err.(*errcode.Error); ok {
		return nil, &Unreadable{Code: e.Code, Message: e.Message}
	}
	hands, board := sp.Hands, sp.Board
	rep := newReport(r, "selfpoker_v1 hand, seed "+seedText+", "+strconv.Itoa(len(hands))+" players")
	rep.Checks = make([]Check, 0, 4)
	d, err := selfpoker.NewDeal(seed, len(hands), declared(sp.Dealing, reading.Pairs))
	if err != nil {
		return nil, err
	}
	rep.equal("commitment", "/commit", "SP-2", d.Commit, sp.Commit,
		"SHA-256 of \"selfpoker:\" + the revealed seed equals the commit of the state messages")
	deck := cards.SelfPoker52
	// Run i < len(hands) is player i's two cards, the last run the board.
	var runs [selfpoker.MaxPlayers + 1][]string
	for i := range hands {
		runs[i] = hands[i][:]
	}
	runs[len(hands)] = board
	one := [1][][]string{runs[:len(hands)+1]}
	handsOK := true
	for i, h := range hands {
		for k, c := range h {
			handsOK = handsOK && c == deck.Name(d.Hands[i][k])
		}
	}
	boardOK := true
	for k, c := range board {
		boardOK = boardOK && c == deck.Name(d.Board[k])
	}
	rep.distinct("", deck, false, dealtOr(handsOK && boardOK, shown{one[:], func(_, i, k int) (string, string) {
		if i == len(hands) {
			return ptr("board", k), fmt.Sprintf("board card %d", k+1)
		}
		return ptr("hands", i, k), fmt.Sprintf("player %d, card %d", i+1, k+1)
	}}))
	rep.group("hands", "/hands", "SP-4", "every player's two cards, in deck order", handsOK, func() []comparison {
		var ls []comparison
		for i := range hands {
			ls = append(ls, list{ptr("hands", i), func(k int) string { return fmt.Sprintf("player %d, card %d", i+1, k+1) },
				deck.Names(d.Hands[i][:]), hands[i][:]})
		}
		return ls
	})
	rep.group("board", "/board", "SP-4", strconv.Itoa(len(board))+" board cards, after the hands, no burns", boardOK, func() []comparison {
		return []comparison{list{"/board", func(k int) string { return fmt.Sprintf("board card %d", k+1) }, deck.Names(d.Board[:len(board)]), board}}
	})
	if sp.Dealing == "" {
		return rep.done(selfpokerNote, selfpokerPairsNote), nil
	}
	return rep.done(selfpokerNote, readingsNote(textReading("dealing", sp.Dealing, string(reading.Pairs)))), nil
}

// selfpokerPairsNote is readingsNote for the common record that declares no
// dealing, built once: audits read millions of them.
var selfpokerPairsNote = readingsNote(textReading("dealing", "", string(reading.Pairs)))

const selfpokerNote = "The commitment proves the deck was fixed before the first card and not changed during the hand. It does not prove the seed was drawn at random: no player contributes to it (spec section 14)."
