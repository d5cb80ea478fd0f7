package record

import (
	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// shown is what a record shows from its decks, for the DIST-1 check: decks[d]
// is what it shows from deck d as runs of names, in DIST-1's order, and
// at(d, r, i) locates name i of run r of deck d, as an RFC 6901 pointer and in
// words. at is called only to report a name shown too often, so the common
// record, which shows none, builds no pointers.
type shown struct {
	decks [][][]string
	at    func(d, r, i int) (pointer, where string)
}

// dealtOr is what distinct counts: nothing when every card shown is the one
// the reference dealt in its place (dealt), because the reference deals
// distinct cards from a shuffled deck, so the check passes without looking
// up each card again; otherwise s. Audits verify millions of such records.
func dealtOr(dealt bool, s shown) shown {
	if dealt {
		return shown{}
	}
	return s
}

// distinct adds the DIST-1 check: no card is shown more often than its deck
// holds it (once; a mahjong tile kind four times) within one deck. Every
// showing beyond that is a mismatch at its own pointer. tiles says the deck is
// a mahjong wall, whose names are kinds; deck may be one a record declares
// (READ-10, READ-11), which holds the same names as many times.
func (r *report) distinct(pointer string, deck *cards.Deck, tiles bool, s shown) {
	var ms mismatches
	var count [136]uint8 // by the first id of a name; 136 is the largest deck
	for d, runs := range s.decks {
		clear(count[:])
		for ri, names := range runs {
			for i, n := range names {
				ids, ok := deck.Lookup(n)
				if !ok { // the schema admits the deck's names only
					continue
				}
				count[ids[0]]++
				if int(count[ids[0]]) <= len(ids) {
					continue
				}
				if ms.full() { // counted only (REC-10): firstShown looks back over the deck
					ms.more++
					continue
				}
				p, where := s.at(d, ri, i)
				m := Mismatch{Pointer: p, Where: where, Expected: words.Text("cli.value.unshown_card"), Found: words.Text("cli.value.shown_again", "card", n, "at", s.firstShown(d, ri, i, n))}
				if tiles {
					m.Expected, m.Found = words.Text("cli.value.four_of_a_kind"), words.Text("cli.value.tile_of_kind", "tile", n, "n", int(count[ids[0]]))
				}
				ms.add(m)
			}
		}
	}
	name, summary := checkName("distinct_cards"), words.Text("cli.summary.no_card_twice")
	if tiles {
		name, summary = checkName("distinct_tiles"), words.Text("cli.summary.four_tiles_at_most")
	}
	n := ms.count()
	if n == 0 {
		r.pass(name, pointer, "DIST-1", summary)
		return
	}
	fail := "cli.summary.cards_shown_again"
	if tiles {
		fail = "cli.summary.tiles_beyond_four"
	}
	r.failMany(name, pointer, "DIST-1", words.Text(fail, "n", n), &ms)
}

// firstShown names, in words, where card n was first shown in deck d before
// the showing at run ri, index i.
func (s shown) firstShown(d, ri, i int, n string) string {
	for rj, names := range s.decks[d][:ri+1] {
		for j, m := range names {
			if rj == ri && j == i {
				break
			}
			if m == n {
				_, where := s.at(d, rj, j)
				return where
			}
		}
	}
	return words.Text("cli.value.nothing")
}
