package record

import (
	"sync"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
)

// Dealt is what a verified record dealt, for statistics across an archive
// (STAT-1): the record's own values, shared with the typed form the verifier
// read, so valid only during the call that receives it.
type Dealt struct {
	Scheme string // match_seed_v2, selfpoker_v1 or chess_colour_v1
	// match_seed_v2: the game, its client seeds and seat order (MS2-4),
	// the 52-card deals of tarneeb, trix and bridge (DEAL-1, Table52 names)
	// and the games of backgammon (BG-1, BG-2).
	Game        string
	ClientSeeds []string
	Seats       []int
	Deals       [][4][]string
	// Deal52IDs is the same deals' cards as Table52 ids, 52 a deal in
	// DEAL-1's order (seat by seat), which the statistics count by.
	Deal52IDs         []uint8
	Backgammon        []BackgammonDealt
	BackgammonOpening string // the declared opening reading, "" for the kit's (one_die_each)
	// Mahjong is each hand's deal of a mahjong match, the seats' tiles by
	// name (MJ-2).
	Mahjong [][4][]string
	// Baloot is each hand's first distribution of a baloot match, the
	// seats' five cards by name (BAL-1).
	Baloot [][4][]string
	// selfpoker_v1: each position's two hole cards (SelfPoker52 names).
	Hands [][2]string
	// chess_colour_v1: whether side A played White.
	AWhite bool
}

// BackgammonDealt is one backgammon game: its opening throws, who moved
// first and the later turns' dice.
type BackgammonDealt struct {
	Opening [][2]int
	First   int
	Rolls   [][2]int
}

// dealts keeps the Dealt values a worker shows, so that showing one costs
// no allocation.
var dealts = sync.Pool{New: func() any { return new(Dealt) }}

// seeDealt shows see what r dealt, if it is of a scheme the statistics count;
// deal52IDs, when not nil, is its deals' cards as Table52 ids already (the
// plain reader's), which are otherwise looked up by name.
func seeDealt(r *Record, deal52IDs []uint8, see func(*Dealt)) {
	d := dealts.Get().(*Dealt)
	own := d.Deal52IDs[:0] // the pooled value's buffer, never the caller's
	*d = Dealt{Backgammon: d.Backgammon[:0]}
	if dealtOf(r, d) {
		if len(deal52IDs) > 0 {
			d.Deal52IDs = deal52IDs
		} else if own = appendTable52IDs(own, d.Deals); len(own) > 0 {
			d.Deal52IDs = own
		}
		see(d)
	}
	clear(d.Backgammon)
	*d = Dealt{Backgammon: d.Backgammon[:0], Deal52IDs: own[:0]}
	dealts.Put(d)
}

// dealtOf sets d to what r dealt, and is false for a scheme the statistics
// do not count (poker_hmac_v1).
func dealtOf(r *Record, d *Dealt) bool {
	d.Scheme = r.Kind.Scheme
	switch r.Kind.Kind {
	case "match":
		m, err := matchOf(r)
		if err != nil {
			return false
		}
		d.Game, d.ClientSeeds, d.Seats, d.Deals, d.BackgammonOpening = m.Game, m.ClientSeeds, m.Seats, m.Deals, m.BackgammonOpening
		for _, g := range m.Games {
			d.Backgammon = append(d.Backgammon, BackgammonDealt(g))
		}
		if m.Game == "mahjong" {
			var hands []mahjongHandRecord
			if fromTree(m.Hands, &hands) != nil {
				return false
			}
			for _, h := range hands {
				d.Mahjong = append(d.Mahjong, h.Deal)
			}
		}
		if m.Game == "baloot" {
			var hands []balootHandRecord
			if fromTree(m.Hands, &hands) != nil {
				return false
			}
			for _, h := range hands {
				d.Baloot = append(d.Baloot, h.First)
			}
		}
		return true
	case "hand_end":
		sp, err := selfpokerOf(r)
		if err != nil {
			return false
		}
		d.Hands = sp.Hands
		return true
	case "game":
		var c struct {
			White string `json:"white"`
		}
		if err := r.decode(&c); err != nil {
			return false
		}
		d.AWhite = c.White == "A"
		return true
	}
	return false
}

// appendTable52IDs appends the Table52 ids of the deals' cards to ids, 52 a
// deal, seat by seat, or returns ids as it was when a seat is not 13 of the
// deck's cards (which a verified record's always is): the statistics then
// count by name.
func appendTable52IDs(ids []uint8, deals [][4][]string) []uint8 {
	n := len(ids)
	for _, deal := range deals {
		for _, seat := range deal {
			if len(seat) != 13 {
				return ids[:n]
			}
			for _, name := range seat {
				id, ok := cards.Table52.Lookup(name)
				if !ok || len(id) != 1 {
					return ids[:n]
				}
				ids = append(ids, uint8(id[0]))
			}
		}
	}
	return ids
}
