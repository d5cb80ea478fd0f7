// Package archivestats holds the statistics across an archive (spec section
// 15.5, STAT-1 to STAT-5): counts of what verified records dealt, which add
// across shards, and tests whose distribution under honest dealing is known,
// with one false-alarm rate for the whole report (Holm's correction).
package archivestats

// Tally is what the verified records of an archive dealt, as counts: two
// tallies of two parts of an archive add up to the tally of the whole
// (Add), so shards count on their own and a merge adds.
type Tally struct {
	Games map[string]*Game `json:"games"`
	// Seeds counts, per game with a metric, each client seed's records, the
	// hands (deals, turns) it was dealt in them and the strength they held
	// together ([records, hands, strength]); a report tests those seen in
	// at least its stated number of records (the regulars).
	Seeds map[string]map[string]*Seed `json:"clientSeeds"`
	// live counts the client seeds while an audit runs (Client), until
	// Merge folds them into Seeds.
	live map[string]*seedLog
}

// Seed is one client seed's counts: records, hands, strength summed.
type Seed [3]int64

// Game is one game's counts. Which members a game has is fixed by the game
// (newGame); the others are left out.
type Game struct {
	Records int `json:"records"` // verified records of the game counted
	Deals   int `json:"deals,omitempty"`
	// Positions counts card c (Table52 id) at position p of a 52-card deal
	// (seat p/13, card p%13, as DEAL-1 deals them).
	Positions [][]int `json:"positions,omitempty"`
	// Strength counts, per seat position, the metric's values it was dealt.
	Strength [][]int `json:"strength,omitempty"`
	// SeatOrders counts seat orders by their rank among the permutations
	// in lexicographic order (MS2-4).
	SeatOrders []int `json:"seatOrders,omitempty"`
	Faces      []int `json:"faces,omitempty"` // backgammon: every die thrown, 1 to 6
	First      []int `json:"first,omitempty"` // backgammon: games opened by seat 0 or 1 (one_die_each)
	White      []int `json:"white,omitempty"` // chess: games A or B played White
}

// players, and the metric of a seat, of each game the tally knows.
var (
	players = map[string]int{"backgammon": 2, "checkers": 2, "xiangqi": 2, "tarneeb": 4, "trix": 4, "bridge": 4, "baloot": 4, "mahjong": 4}
	metrics = map[string]metric{"backgammon": Pips, "tarneeb": HCP, "trix": HCP, "bridge": HCP, "selfpoker": Hole, "mahjong": Honours, "baloot": BalootHCP}
)

// maxPositions is the most players a selfpoker_v1 hand has (SP-4).
const maxPositions = 23

func counts(n int) []int { return make([]int, n) }

// table is rows of cols counts, in one block of memory: a deal counts 52
// cards across all 52 rows of positions, between records that fill the
// cache with other work.
func table(rows, cols int) [][]int {
	t, all := make([][]int, rows), counts(rows*cols)
	for i := range t {
		t[i] = all[i*cols : (i+1)*cols : (i+1)*cols]
	}
	return t
}

func factorial(n int) int {
	f := 1
	for i := 2; i <= n; i++ {
		f *= i
	}
	return f
}

// newGame is the empty counts of a game.
func newGame(name string) *Game {
	g := &Game{}
	if p := players[name]; p > 0 {
		g.SeatOrders = counts(factorial(p))
	}
	switch name {
	case "tarneeb", "trix", "bridge":
		g.Positions, g.Strength = table(52, 52), table(4, len(HCP.Dist))
	case "backgammon":
		g.Faces, g.First, g.Strength = counts(6), counts(2), table(2, len(Pips.Dist))
	case "selfpoker":
		g.Strength = table(maxPositions, len(Hole.Dist))
	case "mahjong":
		g.Strength = table(4, len(Honours.Dist))
	case "baloot":
		g.Strength = table(4, len(BalootHCP.Dist))
	case "chess":
		g.White = counts(2)
	}
	return g
}

// New is an empty tally.
func New() *Tally {
	return &Tally{Games: map[string]*Game{}, Seeds: map[string]map[string]*Seed{}}
}

func (t *Tally) game(name string) *Game {
	g := t.Games[name]
	if g == nil {
		g = newGame(name)
		t.Games[name] = g
	}
	return g
}

// permRank is the rank of a permutation of 0..n-1 among all of them in
// lexicographic order (its Lehmer code), or -1 for anything else.
func permRank(p []int) int {
	rank, seen := 0, 0
	for i, v := range p {
		if v < 0 || v >= len(p) || seen&(1<<v) != 0 {
			return -1
		}
		smaller := 0
		for _, w := range p[i+1:] {
			if w < v {
				smaller++
			}
		}
		seen |= 1 << v
		rank = rank*(len(p)-i) + smaller
	}
	return rank
}

// Match counts a verified match_seed_v2 record's seat order (MS2-4) and
// returns its game's counts.
func (t *Tally) Match(game string, seats []int) *Game {
	g := t.game(game)
	g.Records++
	if r := permRank(seats); r >= 0 && r < len(g.SeatOrders) {
		g.SeatOrders[r]++
	}
	return g
}

// HasMetric reports whether a game's seats are dealt a strength the tally
// measures (and so whether its client seeds are counted).
func HasMetric(game string) bool { _, ok := metrics[game]; return ok }

// Deal52 counts one 52-card deal of a match (DEAL-1), given by its cards'
// names, as Deal52IDs does; a deal that is not 52 names of the deck, 13 a
// seat (which a verified record never has), counts as a deal only.
func (g *Game) Deal52(deal *[4][]string, hcp *[4]int) {
	var ids [52]uint8
	for s := range 4 {
		if len(deal[s]) != 13 {
			g.Deals++
			return
		}
		for i, name := range deal[s] {
			id := table52ID(name)
			if id < 0 {
				g.Deals++
				return
			}
			ids[13*s+i] = uint8(id)
		}
	}
	g.Deal52IDs(&ids, hcp)
}

// Deal52IDs counts one 52-card deal of a match (DEAL-1), its cards' Table52
// ids seat by seat: each card's position and each seat's high-card points,
// which it adds to hcp. An id past the deck ends the count.
func (g *Game) Deal52IDs(ids *[52]uint8, hcp *[4]int) {
	g.Deals++
	for s := range 4 {
		points := 0
		for i, id := range ids[13*s : 13*s+13] {
			if id >= 52 {
				return
			}
			g.Positions[id][13*s+i]++
			points += hcpOf(int(id % 13))
		}
		g.Strength[s][points]++
		hcp[s] += points
	}
}

// Mahjong counts one mahjong hand's deal (MJ-2): the honour tiles among
// each seat's first 13 tiles, which it adds to honours.
func (g *Game) Mahjong(deal *[4][]string, honours *[4]int) {
	g.Deals++
	for s := range 4 {
		if len(deal[s]) < 13 {
			return // a verified record deals every seat 13 or 14
		}
		n := 0
		for _, t := range deal[s][:13] {
			if honour(t) {
				n++
			}
		}
		g.Strength[s][n]++
		honours[s] += n
	}
}

// Baloot counts one Baloot hand's first distribution (BAL-1): the
// high-card points of each seat's five cards, which it adds to hcp.
func (g *Game) Baloot(first *[4][]string, hcp *[4]int) {
	g.Deals++
	for s := range 4 {
		if len(first[s]) != 5 {
			return // a verified record deals every seat five
		}
		points := HCPOf(first[s])
		g.Strength[s][points]++
		hcp[s] += points
	}
}

// Backgammon counts one backgammon game (BG-1, BG-2): every die, who opened
// when each side threw one die (fairOpening), and the pips of each later
// turn for the seat that threw them (after the opening the other seat
// throws, then they alternate), which it adds to turns and pips.
func (g *Game) Backgammon(opening [][2]int, first int, rolls [][2]int, fairOpening bool, turns, pips *[4]int) {
	face := func(d int) {
		if d >= 1 && d <= 6 {
			g.Faces[d-1]++
		}
	}
	for _, o := range opening {
		face(o[0])
		face(o[1])
	}
	if fairOpening && (first == 0 || first == 1) {
		g.First[first]++
	}
	for i, r := range rolls {
		face(r[0])
		face(r[1])
		s := (first + 1 + i) % 2
		if r[0] < 1 || r[0] > 6 || r[1] < 1 || r[1] > 6 || s < 0 {
			continue
		}
		p := pipsOf(r[0], r[1])
		g.Strength[s][p]++
		turns[s]++
		pips[s] += p
	}
}

// Hand counts a verified selfpoker_v1 hand: each position's hole cards.
func (t *Tally) Hand(hands [][2]string) {
	g := t.game("selfpoker")
	g.Records++
	for i, h := range hands {
		r1, r2 := rankOf(h[0]), rankOf(h[1])
		if i >= maxPositions || r1 < 0 || r2 < 0 {
			return
		}
		g.Strength[i][holeValue(r1, r2)]++
	}
}

// Chess counts a verified chess_colour_v1 game: whether A played White.
func (t *Tally) Chess(aWhite bool) {
	g := t.game("chess")
	g.Records++
	if aWhite {
		g.White[0]++
	} else {
		g.White[1]++
	}
}

// Add adds o's counts to t. Both come from this package (or from summaries
// whose shapes Check has held to newGame's), so the shapes agree. The client
// seeds o noted while an audit ran are joined to t's, not copied: o is not
// counted into afterwards.
func (t *Tally) Add(o *Tally) {
	for game, x := range o.live {
		if t.live == nil {
			t.live = map[string]*seedLog{}
		}
		if t.live[game] == nil {
			t.live[game] = &seedLog{}
		}
		x.addTo(t.live[game])
	}
	for name, og := range o.Games {
		g := t.game(name)
		g.Records += og.Records
		g.Deals += og.Deals
		addTable(g.Positions, og.Positions)
		addTable(g.Strength, og.Strength)
		addCounts(g.SeatOrders, og.SeatOrders)
		addCounts(g.Faces, og.Faces)
		addCounts(g.First, og.First)
		addCounts(g.White, og.White)
	}
	for game, seeds := range o.Seeds {
		m := t.seedsOf(game)
		for s, c := range seeds {
			m.add(s, *c)
		}
	}
}

func addCounts(a, b []int) {
	for i := range min(len(a), len(b)) {
		a[i] += b[i]
	}
}

func addTable(a, b [][]int) {
	for i := range min(len(a), len(b)) {
		addCounts(a[i], b[i])
	}
}

// KeepRegulars drops the client seeds seen in fewer than min records: a whole
// archive's report names its regulars only, while a shard keeps every seed
// (KeepRegulars(0)), since a seed may be a regular only across shards.
func (t *Tally) KeepRegulars(min int) {
	t.fold(min)
	for game, seeds := range t.Seeds {
		for s, c := range seeds {
			if c[0] < int64(min) {
				delete(seeds, s)
			}
		}
		if len(seeds) == 0 {
			delete(t.Seeds, game)
		}
	}
}
