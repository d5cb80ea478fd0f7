package record

import (
	"fmt"
	"slices"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/recordschema"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// matchRecord is the typed form of a match_seed_v2 match record.
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
		// The schema has checked the count and every name, so a piece is
		// held too often or too seldom (REF-4).
		bad := recordschema.Refusal(matchSchema, "cli.refusal.order."+field, "why", match.OrderWhy(err)).Within(field)
		return nil, &Unreadable{Code: errcode.InvalidRecord, Message: bad.Error()}
	}
	return d, nil
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
	g, _ := match.Lookup(m.Game) // the schema admits registered games only
	deck := match.DeckOf(g)
	switch g.Kind {
	case match.Baloot:
		deck, err = declaredOrder(deck, "balootDeck", m.BalootDeck)
	case match.Mahjong:
		deck, err = declaredOrder(deck, "mahjongWall", m.MahjongWall)
	}
	if err != nil {
		return nil, err
	}
	rep := newReport(r, words.Text("cli.title.match", "game", m.Game, "matchId", m.MatchID))
	rep.Checks = make([]Check, 0, 3+len(m.Deals)+2*len(m.Games)+1) // the common records' checks, one allocation
	rep.equal(checkName("commitment"), "/commitment", "MS2-1", stream.Commit(m.ServerSeed), m.Commitment,
		words.Text("cli.summary.commitment_matches"), words.Text("cli.summary.commitment_differs"))
	// The schema admits registered games with their number of players only.
	ms, err := match.NewMatch(m.ServerSeed, m.Game, m.MatchID, m.ClientSeeds)
	if err != nil {
		return nil, err
	}
	seats := ms.Seats()
	rep.group(checkName("seat_order"), "/seats", "MS2-4", words.Text("cli.summary.seats_drawn", "seeds", clientSeeds(seats, m.ClientSeeds)), slices.Equal(seats, m.Seats), func() []comparison {
		return []comparison{list{"/seats", func(i int) string { return atSeat(i) }, seedValues(seats, m.ClientSeeds), seedValues(m.Seats, m.ClientSeeds)}}
	})
	var readings string // the readings note of a game that has readings
	switch g.Kind {
	case match.Backgammon:
		readings, err = checkBackgammon(rep, ms, &m)
	case match.Deals52:
		err = checkDeals(rep, ms, &m, deck)
	case match.Baloot:
		readings, err = checkBaloot(rep, ms, &m, deck)
	case match.Mahjong:
		readings, err = checkMahjong(rep, ms, &m, deck)
	}
	if err != nil {
		return nil, err
	}
	otherSeed(rep)
	notes := []string{matchNote}
	if readings != "" {
		notes = append(notes, readings)
	}
	return rep.done(notes...), nil
}

// Each check function draws a match's games, deals or hands from ms after
// its seat order and compares them with the record, check by check; those of
// games with readings give the note naming the readings they followed.

// checkBackgammon: each game's opening throws and first mover (BG-1), then its
// rolls (BG-2), with the declared opening (READ-6).
func checkBackgammon(rep *report, ms *match.Match, m *matchRecord) (string, error) {
	opening := declared(m.BackgammonOpening, reading.OneDieEach)
	note := readingsNote(textReading("backgammonOpening", m.BackgammonOpening, string(reading.OneDieEach)))
	for gi, rg := range m.Games {
		want, err := ms.Backgammon(len(rg.Rolls), opening)
		if err != nil {
			return "", err
		}
		game := gi + 1
		p := ptr("games", gi)
		rep.lists(checkName("game_opening", "game", game), p+"/opening", "BG-1", words.Text(openingCode(len(want.Opening)), "throws", join(throwNames(want.Opening))),
			list{p + "/opening", func(i int) string { return place(at("game", game), at("opening", i+1)) }, throwNames(want.Opening), throwNames(rg.Opening)},
			single(p+"/first", place(at("game", game), atWord("first")), words.Text("cli.value.seat", "seat", seatWords(want.First)), words.Text("cli.value.seat", "seat", seatWords(rg.First))))
		rep.lists(checkName("game_rolls", "game", game), p+"/rolls", "BG-2", words.Text("cli.summary.turns_of_dice", "count", len(want.Rolls)),
			list{p + "/rolls", func(i int) string { return place(at("game", game), at("turn", i+1)) }, throwNames(want.Rolls), throwNames(rg.Rolls)})
	}
	return note, nil
}

// checkDeals: no card shown twice (DIST-1), then each 52-card deal seat by
// seat (DEAL-1).
func checkDeals(rep *report, ms *match.Match, m *matchRecord, deck *cards.Deck) error {
	wants := make([][4][]int, len(m.Deals))
	same := make([]bool, len(m.Deals))
	all := true
	for di, rd := range m.Deals {
		var err error
		if wants[di], err = ms.Deal(); err != nil {
			return err
		}
		same[di] = sameCards(deck, wants[di], rd)
		all = all && same[di]
	}
	decks := make([][][]string, len(m.Deals))
	for di := range m.Deals {
		decks[di] = m.Deals[di][:]
	}
	rep.distinct("/deals", deck, false, dealtOr(all, shown{decks, func(di, s, i int) (string, string) {
		return ptr("deals", di, s, i), place(at("deal", di+1), atSeat(s), at("card", i+1))
	}}))
	for di, rd := range m.Deals {
		want := wants[di]
		// Compared first, and the lists of names built only for a report
		// of what differs.
		rep.group(checkName("deal", "deal", di+1), ptr("deals", di), "DEAL-1", words.Text("cli.summary.cards_in_place", "count", 52), same[di], func() []comparison {
			return perSeat(deck, want, rd, func(s int) string { return ptr("deals", di, s) },
				func(s, i int) string { return place(at("deal", di+1), atSeat(s), at("card", i+1)) })
		})
	}
	return nil
}

// balootHandRecord is one hand of a Baloot match record.
type balootHandRecord struct {
	First  [4][]string  `json:"first"`
	Upcard string       `json:"upcard"`
	Buyer  *int         `json:"buyer"`
	Final  *[4][]string `json:"final"`
}

// checkBaloot: no card shown twice in a distribution (DIST-1), then each
// hand's two distributions (BAL-1), with the declared first distribution
// (READ-7) and card order (READ-11).
func checkBaloot(rep *report, ms *match.Match, m *matchRecord, deck *cards.Deck) (string, error) {
	var hands []balootHandRecord
	if err := fromTree(m.Hands, &hands); err != nil {
		return "", err
	}
	rep.distinct("/hands", deck, false, balootShown(hands))
	deal := declared(m.BalootDeal, reading.BalootBlocks)
	note := readingsNote(textReading("balootDeal", m.BalootDeal, string(reading.BalootBlocks)),
		orderReading("balootDeck", m.BalootDeck))
	for hi, rh := range hands {
		buyer := -1
		if rh.Buyer != nil {
			buyer = *rh.Buyer
		}
		want, err := ms.Baloot(buyer, deal)
		if err != nil {
			return "", err
		}
		hand := at("hand", hi+1)
		ls := perSeat(deck, want.First, rh.First, func(s int) string { return ptr("hands", hi, "first", s) },
			func(s, i int) string { return place(hand, atSeat(s), at("firstCard", i+1)) })
		ls = append(ls, single(ptr("hands", hi, "upcard"), place(hand, atWord("upcard")), deck.Name(want.Upcard), rh.Upcard))
		if buyer >= 0 && rh.Final != nil {
			ls = append(ls, perSeat(deck, want.Final, *rh.Final, func(s int) string { return ptr("hands", hi, "final", s) },
				func(s, i int) string { return place(hand, atSeat(s), at("finalCard", i+1)) })...)
		}
		rep.lists(checkName("hand", "hand", hi+1), ptr("hands", hi), "BAL-1", words.Text("cli.summary.both_distributions"), ls...)
	}
	return note, nil
}

// balootShown lays a Baloot record's cards out for DIST-1. Runs 0 to 3 of a
// first deck are the seats' first distribution and run 4 the turned-up card;
// the final hands repeat the first five cards, so they are a deck of their
// own.
func balootShown(hands []balootHandRecord) shown {
	var decks [][][]string
	var handOf []int // deck -> hand
	var final []bool // deck -> the final hands
	for hi, rh := range hands {
		decks, handOf, final = append(decks, append(rh.First[:], []string{rh.Upcard})), append(handOf, hi), append(final, false)
		if rh.Final != nil {
			decks, handOf, final = append(decks, rh.Final[:]), append(handOf, hi), append(final, true)
		}
	}
	return shown{decks, func(d, s, i int) (string, string) {
		hi := handOf[d]
		hand := at("hand", hi+1)
		switch {
		case final[d]:
			return ptr("hands", hi, "final", s, i), place(hand, atSeat(s), at("finalCard", i+1))
		case s == 4:
			return ptr("hands", hi, "upcard"), place(hand, atWord("upcard"))
		}
		return ptr("hands", hi, "first", s, i), place(hand, atSeat(s), at("firstCard", i+1))
	}}
}

// mahjongHandRecord is one hand of a mahjong match record.
type mahjongHandRecord struct {
	Deal  [4][]string `json:"deal"`
	Draws []string    `json:"draws"`
}

// checkMahjong: no tile shown more often than the wall holds it (DIST-1),
// then each hand's deal and draws (MJ-2), with the declared draw model
// (READ-5), deal layout (READ-8) and wall (READ-10).
func checkMahjong(rep *report, ms *match.Match, m *matchRecord, deck *cards.Deck) (string, error) {
	var hands []mahjongHandRecord
	if err := fromTree(m.Hands, &hands); err != nil {
		return "", err
	}
	// Runs 0 to 3 are the seats' tiles of the deal, run 4 the draws.
	decks := make([][][]string, len(hands))
	for hi, rh := range hands {
		decks[hi] = append(rh.Deal[:], rh.Draws)
	}
	rep.distinct("/hands", deck, true, shown{decks, func(hi, s, i int) (string, string) {
		if s == 4 {
			return ptr("hands", hi, "draws", i), place(at("hand", hi+1), at("draw", i+1))
		}
		return ptr("hands", hi, "deal", s, i), place(at("hand", hi+1), atSeat(s), at("tile", i+1))
	}})
	model := declared(m.MahjongDraw, reading.SwapLast)
	layout := declared(m.MahjongDeal, reading.MahjongBlocks)
	note := readingsNote(textReading("mahjongDraw", m.MahjongDraw, string(reading.SwapLast)),
		textReading("mahjongDeal", m.MahjongDeal, string(reading.MahjongBlocks)), orderReading("mahjongWall", m.MahjongWall))
	for hi, rh := range hands {
		want, err := ms.Mahjong(match.MahjongDeal+len(rh.Draws), model, layout)
		if err != nil {
			return "", err
		}
		hand := at("hand", hi+1)
		ls := perSeat(deck, want.Deal, rh.Deal, func(s int) string { return ptr("hands", hi, "deal", s) },
			func(s, i int) string { return place(hand, atSeat(s), at("tile", i+1)) })
		ls = append(ls, list{ptr("hands", hi, "draws"), func(i int) string { return place(hand, at("draw", i+1)) }, deck.Names(want.Draws), rh.Draws})
		rep.lists(checkName("hand", "hand", hi+1), ptr("hands", hi), "MJ-2", words.Text("cli.summary.tiles_in_place", "count", match.MahjongDeal+len(rh.Draws)), ls...)
	}
	return note, nil
}

var matchNote = words.Text("cli.note.match")

// dealt are the requirements of the checks that compare what a match drew
// after its seat order: deals, hands, throws and rolls.
var dealt = map[string]bool{"DEAL-1": true, "BAL-1": true, "MJ-2": true, "BG-1": true, "BG-2": true}

// otherSeed applies REC-11: when the commitment fails and every dealt check
// fails too, the record was drawn from a server seed other than the committed
// one, and each dealt check says so in its summary instead of listing values
// that all follow from that seed. The checks still fail.
func otherSeed(rep *report) {
	if len(rep.Checks) == 0 || rep.Checks[0].OK {
		return
	}
	n := 0
	for _, c := range rep.Checks {
		if dealt[c.Requirement] {
			if c.OK {
				return
			}
			n++
		}
	}
	if n == 0 {
		return
	}
	for i := range rep.Checks {
		if c := &rep.Checks[i]; dealt[c.Requirement] {
			c.Summary = words.Text("cli.summary.other_seed", "n", c.More+len(c.Mismatches))
			c.Mismatches, c.More = nil, 0
		}
	}
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

// openingCode is the code of a game's opening in words: one throw when the
// first was not a tie, throws when ties were thrown again (BG-1).
func openingCode(throws int) string {
	if throws == 1 {
		return "cli.summary.opening_throw"
	}
	return "cli.summary.opening_throws"
}
