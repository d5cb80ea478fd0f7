package archivestats

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/stats"
)

// Rate is the false-alarm rate a report states by default: the probability
// that an honest archive, of any size, has a test flagged (STAT-3).
const Rate = 1e-6

// Regulars is how many records a client seed must be seen in, by default,
// before its dealt strength is tested on its own (STAT-2).
const Regulars = 100

// The fewest observations each kind of test needs before it runs (STAT-4):
// five expected in every cell of a chi-square test, a hundred hands or
// turns behind a normal approximation, twenty trials behind an exact
// binomial test (below that none can reach the rate).
const (
	minCell     = 5
	minNormal   = 100
	minBinomial = 20
)

// The methods a test names.
const (
	MethodPermutation = "chi-square, positions of a uniform permutation: Pearson's statistic times (n-1)/n, (n-1)^2 degrees of freedom (asymptotic)"
	MethodChiSquare   = "chi-square goodness of fit, Pearson (asymptotic)"
	MethodNormal      = "normal approximation to the sum, with the exact mean and variance (asymptotic)"
	MethodBinomial    = "exact binomial, two-sided, p = 1/2"
)

// Test is one test of a report: what it tests, how, on how much, and what it
// found. Observed and Expected are the counts (or, for a sum, the total and
// its expectation) the statistic was computed from; Low and High the band
// each observed value stays in with the probability the rate allows for it.
type Test struct {
	ID        string    `json:"id"`
	Game      string    `json:"game"`
	What      string    `json:"what"`
	Method    string    `json:"method"`
	N         int64     `json:"n"`
	Statistic float64   `json:"statistic"`
	DF        int       `json:"df"`
	P         float64   `json:"p"`
	Adjusted  float64   `json:"adjusted"`
	Flagged   bool      `json:"flagged"`
	Observed  []float64 `json:"observed"`
	Expected  []float64 `json:"expected"`
	Low       []float64 `json:"low"`
	High      []float64 `json:"high"`
	// Values names the cells of Observed, or is empty when they are the
	// values 0, 1, ... of the metric.
	Values []string  `json:"values,omitempty"`
	sd     []float64 // the standard deviation of each cell, when not binomial
	z      float64   // the band's half-width in standard deviations
}

// Skip is a test that did not run, and why.
type Skip struct {
	ID  string `json:"id"`
	Why string `json:"why"`
}

// Report is the statistics of a tally: every test, Holm's adjusted p-value
// for each, and how many the stated rate flags.
type Report struct {
	Rate     float64 `json:"rate"`
	Regulars int     `json:"regulars"`
	*Tally
	Tests   []Test `json:"tests"`
	Skipped []Skip `json:"skipped"`
	Flagged int    `json:"flagged"`
}

// Analyse runs every test the tally has data for, at the false-alarm rate
// rate over all of them (Holm's step-down correction), testing the client
// seeds seen in at least regulars records.
func Analyse(t *Tally, rate float64, regulars int) *Report {
	r := &Report{Rate: rate, Regulars: regulars, Tally: t, Tests: []Test{}, Skipped: []Skip{}}
	names := make([]string, 0, len(t.Games))
	for name := range t.Games {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		r.game(name, t.Games[name])
	}
	for _, name := range names {
		r.regulars(name, t.Seeds[name])
	}
	r.holm()
	return r
}

func (r *Report) skip(id, why string) { r.Skipped = append(r.Skipped, Skip{id, why}) }

func (r *Report) game(name string, g *Game) {
	if len(g.SeatOrders) > 0 {
		r.seatOrders(name, g.SeatOrders)
	}
	if g.Positions != nil {
		r.positions(name, g)
	}
	if m, ok := metrics[name]; ok {
		unit := map[string]string{"backgammon": "seat %d's turns", "selfpoker": "position %d's hole cards", "mahjong": "seat %d's deals"}[name]
		if unit == "" {
			unit = "seat %d's hands"
		}
		for s, h := range g.Strength {
			r.strength(name+"/strength/"+strconv.Itoa(s), name, fmt.Sprintf(unit, s), m, h)
		}
	}
	if g.Faces != nil {
		r.chiSquare(name+"/faces", name, "dice faces, every die thrown", g.Faces, uniform(6), []string{"1", "2", "3", "4", "5", "6"})
	}
	if g.First != nil {
		r.binomial(name+"/first", name, "seat 0 opens the game (one die each)", g.First[0], g.First[0]+g.First[1])
	}
	if g.White != nil {
		r.binomial(name+"/white", name, "side A plays White", g.White[0], g.White[0]+g.White[1])
	}
}

func uniform(k int) []float64 {
	p := make([]float64, k)
	for i := range p {
		p[i] = 1 / float64(k)
	}
	return p
}

func sum(c []int) int64 {
	var n int64
	for _, v := range c {
		n += int64(v)
	}
	return n
}

// seatOrders tests the seat orders for uniformity: all P! orders when each
// expects five, else who sits in seat 0 (the orders pooled by their first
// seat), else nothing; with two players, an exact binomial test.
func (r *Report) seatOrders(game string, c []int) {
	id, n := game+"/seats", sum(c)
	if len(c) == 2 {
		r.binomial(id, game, "client seed 0 sits in seat 0", c[0], int(n))
		return
	}
	if n >= int64(minCell*len(c)) {
		names := make([]string, len(c))
		for i := range names {
			names[i] = strconv.Itoa(i)
		}
		r.chiSquare(id, game, "seat orders, all "+strconv.Itoa(len(c))+" equally likely", c, uniform(len(c)), names)
		return
	}
	players := 1
	for factorial(players) < len(c) {
		players++
	}
	first := make([]int, players)
	for i, v := range c {
		first[i/factorial(players-1)] += v
	}
	if n >= int64(minCell*players) {
		names := make([]string, players)
		for i := range names {
			names[i] = "seed " + strconv.Itoa(i)
		}
		r.chiSquare(id, game, "who sits in seat 0 (seat orders pooled by their first seat)", first, uniform(players), names)
		return
	}
	r.skip(id, fmt.Sprintf("%d matches; the seat-0 test needs %d", n, minCell*players))
}

// chiSquare is Pearson's goodness-of-fit test of counts c against the
// probabilities p, every cell expecting at least minCell.
func (r *Report) chiSquare(id, game, what string, c []int, p []float64, names []string) {
	n := sum(c)
	if float64(n)*minP(p) < minCell {
		r.skip(id, fmt.Sprintf("%d observations; every cell must expect %d", n, minCell))
		return
	}
	t := Test{ID: id, Game: game, What: what, Method: MethodChiSquare, N: n, DF: len(c) - 1, Values: names}
	for i, v := range c {
		e := float64(n) * p[i]
		d := float64(v) - e
		t.Statistic += d * d / e
		t.Observed, t.Expected = append(t.Observed, float64(v)), append(t.Expected, e)
	}
	t.P = stats.GammaQ(float64(t.DF)/2, t.Statistic/2)
	r.Tests = append(r.Tests, t)
}

func minP(p []float64) float64 {
	m := 1.0
	for _, v := range p {
		m = min(m, v)
	}
	return m
}

// positions tests where each card lies in 52-card deals: under honest
// dealing every deal is a uniform permutation, each card at each position
// with probability 1/52. The 52 x 52 counts have fixed row and column sums,
// so Pearson's statistic X over them is (n/(n-1)) times a chi-square with
// (n-1)^2 degrees of freedom for large archives (n = 52): the test uses
// X (n-1)/n.
func (r *Report) positions(game string, g *Game) {
	id := game + "/positions"
	if g.Deals < minCell*52 {
		r.skip(id, fmt.Sprintf("%d deals; each card at each position must expect %d, %d deals", g.Deals, minCell, minCell*52))
		return
	}
	e := float64(g.Deals) / 52
	t := Test{ID: id, Game: game, What: "each card's position in the deal, 52 x 52", Method: MethodPermutation, N: int64(g.Deals), DF: 51 * 51}
	for _, row := range g.Positions {
		for _, v := range row {
			d := float64(v) - e
			t.Statistic += d * d / e
			t.Observed, t.Expected = append(t.Observed, float64(v)), append(t.Expected, e)
		}
	}
	t.Statistic *= 51.0 / 52
	t.P = stats.GammaQ(float64(t.DF)/2, t.Statistic/2)
	r.Tests = append(r.Tests, t)
}

// strength tests the mean of a seat's dealt strength against the metric's
// exact mean: z = (sum - n mean) / sqrt(n variance), two-sided.
func (r *Report) strength(id, game, what string, m metric, h []int) {
	n := sum(h)
	if n < minNormal {
		if n > 0 {
			r.skip(id, fmt.Sprintf("%d observations; the normal approximation needs %d", n, minNormal))
		}
		return
	}
	var total int64
	for v, c := range h {
		total += int64(v) * int64(c)
	}
	t := r.normal(id, game, what+": "+m.Name, m, n, total)
	t.Observed, t.Expected, t.sd = nil, nil, nil
	for v, c := range h {
		t.Observed, t.Expected = append(t.Observed, float64(c)), append(t.Expected, float64(n)*m.Dist[v])
	}
	r.Tests = append(r.Tests, t)
}

// normal is the z-test of a total of n draws of metric m.
func (r *Report) normal(id, game, what string, m metric, n, total int64) Test {
	mean, variance := m.moments()
	t := Test{ID: id, Game: game, What: what, Method: MethodNormal, N: n}
	t.Statistic = (float64(total) - float64(n)*mean) / math.Sqrt(float64(n)*variance)
	t.P = math.Erfc(math.Abs(t.Statistic) / math.Sqrt2)
	t.Observed, t.Expected = []float64{float64(total)}, []float64{float64(n) * mean}
	t.sd = []float64{math.Sqrt(float64(n) * variance)}
	return t
}

// regulars tests each regular's dealt strength: a client seed seen in at
// least r.Regulars records, whose hands' strength summed is held to the
// metric's exact mean.
func (r *Report) regulars(game string, seeds map[string]*Seed) {
	m, ok := metrics[game]
	if !ok {
		return
	}
	keys := make([]string, 0, len(seeds))
	for s, c := range seeds {
		if c[0] >= int64(r.Regulars) {
			keys = append(keys, s)
		}
	}
	sort.Strings(keys)
	for _, s := range keys {
		c := seeds[s]
		id := game + "/regular/" + strconv.Quote(s)
		if c[1] < minNormal {
			r.skip(id, fmt.Sprintf("%d hands; the normal approximation needs %d", c[1], minNormal))
			continue
		}
		what := fmt.Sprintf("client seed %s, %d records: %s", strconv.Quote(s), c[0], m.Name)
		r.Tests = append(r.Tests, r.normal(id, game, what, m, c[1], c[2]))
	}
}

// binomial is the exact two-sided test of k successes in n trials of
// probability 1/2: the probability of a count at least as far from n/2.
func (r *Report) binomial(id, game, what string, k, n int) {
	if n < minBinomial {
		if n > 0 {
			r.skip(id, fmt.Sprintf("%d trials; an exact test needs %d to reach the rate", n, minBinomial))
		}
		return
	}
	t := Test{ID: id, Game: game, What: what, Method: MethodBinomial, N: int64(n), Statistic: float64(k),
		Observed: []float64{float64(k), float64(n - k)}, Expected: []float64{float64(n) / 2, float64(n) / 2}, Values: []string{"yes", "no"}}
	t.P = BinomialHalf(k, n)
	r.Tests = append(r.Tests, t)
}

// BinomialHalf is the two-sided p-value of k successes in n fair trials:
// twice the smaller tail, at most 1 (SciPy's binomtest for p = 1/2).
func BinomialHalf(k, n int) float64 {
	lo := min(k, n-k)
	if 2*lo == n {
		return 1
	}
	// Sum the tail upwards from its far end, each term from the log of
	// its binomial coefficient.
	lgN, _ := math.Lgamma(float64(n) + 1)
	tail := 0.0
	for i := 0; i <= lo; i++ {
		a, _ := math.Lgamma(float64(i) + 1)
		b, _ := math.Lgamma(float64(n-i) + 1)
		tail += math.Exp(lgN - a - b - float64(n)*math.Ln2)
	}
	return min(1, 2*tail)
}

// holm adjusts every p-value by Holm's step-down procedure, flags those at
// or below the rate, and sets each test's band: the values each observed
// cell stays within with probability 1 - rate/m (Bonferroni over the m
// tests, two-sided), which a flagged test's cells often leave.
func (r *Report) holm() {
	m := len(r.Tests)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return r.Tests[order[a]].P < r.Tests[order[b]].P })
	running := 0.0
	for j, i := range order {
		running = max(running, min(1, float64(m-j)*r.Tests[i].P))
		r.Tests[i].Adjusted = running
		if running <= r.Rate {
			r.Tests[i].Flagged = true
			r.Flagged++
		}
	}
	z := zFor(r.Rate / float64(max(m, 1)))
	for i := range r.Tests {
		r.Tests[i].band(z)
	}
}

// band sets Low and High: z standard deviations around each expected count
// (a cell of n trials of probability E/n), or around the expected total of
// a sum.
func (t *Test) band(z float64) {
	t.z = z
	t.Low, t.High = make([]float64, len(t.Expected)), make([]float64, len(t.Expected))
	for i, e := range t.Expected {
		p := e / float64(t.N)
		sd := math.Sqrt(float64(t.N) * p * (1 - p))
		if t.sd != nil {
			sd = t.sd[i]
		}
		t.Low[i], t.High[i] = math.Max(0, e-z*sd), e+z*sd
	}
}

// zFor is the z with two-sided normal tail probability q: erfc(z/sqrt 2) = q.
func zFor(q float64) float64 {
	lo, hi := 0.0, 40.0
	for range 200 {
		mid := (lo + hi) / 2
		if math.Erfc(mid/math.Sqrt2) > q {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}
