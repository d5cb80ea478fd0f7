package record

import "sync"

// Dealt is what a verified record dealt, for statistics across an archive
// (STAT-1): the record's own values, shared with the typed form the verifier
// read, so valid only during the call that receives it.
type Dealt struct {
	Scheme string // match_seed_v2, selfpoker_v1 or chess_colour_v1
	// match_seed_v2: the game, its client seeds and seat order (MS2-4),
	// the 52-card deals of tarneeb, trix and bridge (DEAL-1, Table52 names)
	// and the games of backgammon (BG-1, BG-2).
	Game              string
	ClientSeeds       []string
	Seats             []int
	Deals             [][4][]string
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

// seeDealt shows see what r dealt, if it is of a scheme the statistics count.
func seeDealt(r *Record, see func(*Dealt)) {
	d := dealts.Get().(*Dealt)
	*d = Dealt{Backgammon: d.Backgammon[:0]}
	if dealtOf(r, d) {
		see(d)
	}
	clear(d.Backgammon)
	*d = Dealt{Backgammon: d.Backgammon[:0]}
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
