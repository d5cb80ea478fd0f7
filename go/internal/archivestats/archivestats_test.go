package archivestats

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The exact distributions against values worked out by hand or known from
// the literature on bridge hands (the mean HCP is 10, the variance 17.06).
func TestMetricsAgainstWorkedValues(t *testing.T) {
	all := 635013559600.0 // C(52, 13)
	for _, tc := range []struct {
		name string
		got  float64
		want float64
	}{
		{"P(HCP = 0) = C(36,13)/C(52,13)", HCP.Dist[0], 2310789600 / all},
		{"P(HCP = 37): four aces, kings, queens and one jack", HCP.Dist[37], 4 / all},
		{"P(pair, not aces) = 72/1326", Hole.Dist[2], 72.0 / 1326},
		{"P(aces) = 6/1326", Hole.Dist[4], 6.0 / 1326},
		{"P(one ace) = 4 x 48/1326", Hole.Dist[1], 192.0 / 1326},
		{"P(double sixes) = 1/36", Pips.Dist[24], 1.0 / 36},
		{"P(7 pips) = 6/36: no double sums to 7", Pips.Dist[7], 6.0 / 36},
		{"P(8 pips) = 5/36: 2-6, 3-5, 6-2, 5-3 and 2-2", Pips.Dist[8], 5.0 / 36},
		// Baloot's first five of 32 cards, C(32, 5) = 201376 hands, 16 of
		// them honours and 16 spot cards (7, 8, 9, ten).
		{"P(baloot HCP = 0) = C(16,5)/C(32,5)", BalootHCP.Dist[0], 4368.0 / 201376},
		{"P(baloot HCP = 1): one jack, four spot cards: 4 x C(16,4)", BalootHCP.Dist[1], 4 * 1820.0 / 201376},
		{"P(baloot HCP = 18): four aces and a queen, or three aces and two kings", BalootHCP.Dist[18], (4 + 4*6.0) / 201376},
		{"P(baloot HCP = 19): four aces and a king", BalootHCP.Dist[19], 4.0 / 201376},
	} {
		assert.InDelta(t, tc.want, tc.got, 1e-15, tc.name)
	}
	// Moments worked another way. HCP: 13 cards drawn without replacement
	// from 52 whose points have mean 10/13 and variance 290/169, so
	// 13 x 290/169 x (52-13)/(52-1) = 870/51. Pips: E[X] = (252 - 42 + 84)/36
	// and E[X^2] = (1974 - 364 + 1456)/36 over the 36 throws (a non-double's
	// sum, a double's four dice), so the variance is (3066 - 2401)/36.
	// Hole: 192 hands with one ace, 72 other pairs, 6 pairs of aces.
	for _, tc := range []struct {
		m              metric
		mean, variance float64
	}{
		{HCP, 10, 870.0 / 51},
		// BalootHCP: a card's points have mean 40/32 = 5/4 and variance
		// 120/32 - 25/16 = 35/16, so five without replacement from 32:
		// mean 25/4, variance 5 x 35/16 x (32-5)/(32-1) = 4725/496.
		{BalootHCP, 25.0 / 4, 4725.0 / 496},
		{Pips, 49.0 / 6, 665.0 / 36},
		{Hole, (192 + 2*72 + 4*6) / 1326.0, (192+4*72+16*6)/1326.0 - math.Pow((192+2*72+4*6)/1326.0, 2)},
		// Honours: hypergeometric, 13 of 136 with 28 honours: mean 13 x
		// 28/136, variance 13 x 28/136 x 108/136 x 123/135.
		{Honours, 13 * 28.0 / 136, 13 * 28.0 / 136 * 108 / 136 * 123 / 135},
	} {
		mean, variance := tc.m.moments()
		assert.InDelta(t, tc.mean, mean, 1e-12, tc.m.Name)
		assert.InDelta(t, tc.variance, variance, 1e-10, tc.m.Name)
	}
	// No honour among 13 tiles: each tile in turn is one of the 108 others.
	none := 1.0
	for i := range 13 {
		none *= float64(108-i) / float64(136-i)
	}
	assert.InDelta(t, none, Honours.Dist[0], 1e-15, "P(no honour)")
	assert.Len(t, BalootHCP.Dist, 20, "19 points is the most five cards hold")
	assert.Len(t, HCP.Dist, 38, "37 points is the most 13 cards hold")
	for _, m := range []metric{HCP, BalootHCP, Hole, Pips, Honours} {
		s := 0.0
		for _, p := range m.Dist {
			s += p
		}
		assert.InDelta(t, 1, s, 1e-12, m.Name)
	}
}

func TestPermRank(t *testing.T) {
	for _, tc := range []struct {
		p    []int
		want int
	}{
		{[]int{0, 1, 2}, 0}, {[]int{0, 2, 1}, 1}, {[]int{1, 0, 2}, 2}, {[]int{2, 1, 0}, 5},
		{[]int{3, 2, 1, 0}, 23}, {[]int{1, 0}, 1}, {[]int{0, 0, 1}, -1}, {[]int{0, 3, 1}, -1},
	} {
		assert.Equal(t, tc.want, permRank(tc.p), "%v", tc.p)
	}
}

// BinomialHalf against sums worked by hand: P(X <= 5) for 20 fair trials is
// (1 + 20 + 190 + 1140 + 4845 + 15504) / 2^20.
func TestBinomialHalf(t *testing.T) {
	for _, tc := range []struct {
		k, n int
		want float64
	}{
		{5, 20, 2 * 21700.0 / (1 << 20)},
		{15, 20, 2 * 21700.0 / (1 << 20)},
		{10, 20, 1},
		{0, 30, 2 / math.Pow(2, 30)},
		{9, 20, 2 * 431910.0 / (1 << 20)}, // C(20, 0) + ... + C(20, 9)
	} {
		assert.InDelta(t, tc.want, BinomialHalf(tc.k, tc.n), tc.want*1e-12, "%d of %d", tc.k, tc.n)
	}
}

// Holm's step-down adjustment, worked by hand for p = 0.01, 0.04, 0.03,
// 0.005 at rate 0.05: sorted, 4 x 0.005 = 0.02, 3 x 0.01 = 0.03,
// 2 x 0.03 = 0.06, then max(0.06, 1 x 0.04) = 0.06; two tests flagged.
func TestHolm(t *testing.T) {
	r := &Report{Rate: 0.05}
	for _, p := range []float64{0.01, 0.04, 0.03, 0.005} {
		r.Tests = append(r.Tests, Test{P: p, N: 10, Observed: []float64{1}, Expected: []float64{1}})
	}
	r.holm()
	var adjusted []float64
	var flagged []bool
	for _, t := range r.Tests {
		adjusted, flagged = append(adjusted, t.Adjusted), append(flagged, t.Flagged)
	}
	assert.InDeltaSlice(t, []float64{0.03, 0.06, 0.06, 0.02}, adjusted, 1e-15)
	assert.Equal(t, []bool{true, false, false, true}, flagged)
	assert.Equal(t, 2, r.Flagged)
}

// zFor inverts the two-sided normal tail: 1.959964 for 0.05, 5.326724 for
// 1e-7 (tables of the normal distribution).
func TestZFor(t *testing.T) {
	assert.InDelta(t, 1.959964, zFor(0.05), 1e-6)
	assert.InDelta(t, 5.326724, zFor(1e-7), 1e-6)
}

// dealOf lays the cards 0..51 of Table52, in the order ids gives, out as
// four seats of 13.
func dealOf(ids []int) *[4][]string {
	var d [4][]string
	names := "23456789TJQKA"
	for p, id := range ids {
		d[p/13] = append(d[p/13], string([]byte{names[id%13], "cdhs"[id/13]}))
	}
	return &d
}

// Tallies add: counting records in two tallies and adding them gives the
// counts of one tally that saw them all, client seeds included.
func TestTalliesAdd(t *testing.T) {
	whole, a, b := New(), New(), New()
	ids := make([]int, 52)
	for i := range ids {
		ids[i] = (i * 7) % 52
	}
	for i := range 6 {
		part := a
		if i%2 == 1 {
			part = b
		}
		for _, tl := range []*Tally{whole, part} {
			g := tl.Match("bridge", []int{i % 4, (i + 1) % 4, (i + 2) % 4, (i + 3) % 4})
			var hcp [4]int
			g.Deal52(dealOf(ids), &hcp)
			tl.Client("bridge", "regular", 1, hcp[0])
			tl.Hand([][2]string{{"As", "Ah"}, {"2c", "7d"}})
			tl.Chess(i%3 == 0)
		}
	}
	a.Add(b)
	a.KeepRegulars(2)
	whole.KeepRegulars(2)
	ja, _ := json.Marshal(a)
	jw, _ := json.Marshal(whole)
	assert.JSONEq(t, string(jw), string(ja))
	assert.Equal(t, Seed{6, 6, 6 * 10}, *whole.Seeds["bridge"]["regular"], "ids 0, 7, 14, ... give seat 0 ten points")
	assert.Equal(t, []int{0, 0, 0, 0, 6}, whole.Games["selfpoker"].Strength[0])
}

// An honest-looking tally passes and a lopsided one is flagged; a test
// without enough observations is listed as not run.
func TestAnalyseFlagsLopsidedCounts(t *testing.T) {
	tl := New()
	g := tl.game("chess")
	g.Records, g.White = 1000, []int{500, 500}
	r := Analyse(tl, Rate, Regulars)
	require.Len(t, r.Tests, 1)
	assert.False(t, r.Tests[0].Flagged)
	g.White = []int{700, 300}
	r = Analyse(tl, Rate, Regulars)
	assert.True(t, r.Tests[0].Flagged)
	assert.Equal(t, 1, r.Flagged)
	g.White = []int{10, 5}
	r = Analyse(tl, Rate, Regulars)
	assert.Empty(t, r.Tests)
	assert.Equal(t, []Skip{{"chess/white", "15 trials; an exact test needs 20 to reach the rate"}}, r.Skipped)
}

// Check refuses statistics no run writes.
func TestCheckRefusesWhatNoRunWrites(t *testing.T) {
	good := func() *Report { tl := New(); tl.Chess(true); return Analyse(tl, Rate, Regulars) }
	for _, tc := range []struct {
		name  string
		edit  func(r *Report)
		wants string
	}{
		{"rate 0", func(r *Report) { r.Rate = 0 }, "rate above 0"},
		{"regulars 0", func(r *Report) { r.Regulars = 0 }, "1 or more"},
		{"unknown game", func(r *Report) { r.Games["go"] = &Game{} }, "game \"go\""},
		{"short row", func(r *Report) { r.Games["chess"].White = []int{1} }, "shape"},
		{"negative count", func(r *Report) { r.Games["chess"].White = []int{-1, 2} }, "0 or more"},
		{"more records than verified", func(r *Report) { r.Games["chess"].Records = 5 }, "at most the 1 verified"},
		{"seeds of a game without metric", func(r *Report) { r.Seeds["chess"] = map[string]*Seed{"a": {1, 0, 0}} }, "game with a metric"},
	} {
		r := good()
		require.NoError(t, r.Check(1))
		tc.edit(r)
		err := r.Check(1)
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.wants, tc.name)
	}
}

// A Baloot hand's first five cards per seat, their points added by hand:
// seat 0 two kings (6), seat 1 none, seat 2 queen and two jacks (4),
// seat 3 four aces and a king (19, the most).
func TestBalootCountsFirstFive(t *testing.T) {
	g := newGame("baloot")
	first := [4][]string{
		{"Kc", "Kd", "7s", "8h", "9c"},
		{"7c", "8c", "9d", "Th", "Ts"},
		{"Qh", "Jd", "Js", "7d", "8d"},
		{"Ac", "Ad", "Ah", "As", "Ks"},
	}
	var hcp [4]int
	g.Baloot(&first, &hcp)
	assert.Equal(t, [4]int{6, 0, 4, 19}, hcp)
	for s, want := range []int{6, 0, 4, 19} {
		assert.Equal(t, 1, g.Strength[s][want], "seat %d", s)
	}
	short := [4][]string{{"Ac"}, {}, {}, {}}
	g.Baloot(&short, &hcp)
	assert.Equal(t, [4]int{6, 0, 4, 19}, hcp, "a seat not dealt five counts nothing")
}

// The regulars kept are those a plain count finds, whatever their buckets
// hold: seeds seen once (thousands, so that buckets are shared), just below,
// at and above the bound, and seeds seen more often than a bucket counts.
func TestKeepRegularsAgainstPlainCounts(t *testing.T) {
	for _, c := range []struct {
		least int
		times map[string]int // seed: records, besides the one-off seeds
	}{
		{2, map[string]int{"twice": 2}},
		{3, map[string]int{"a": 2, "b": 3, "c": 4, "d": 100}},
		{100, map[string]int{"almost": 99, "regular": 100, "often": 250}},
		{70000, map[string]int{"under": 69999, "at": 70000}},
	} {
		tl := New()
		want := map[string]Seed{}
		for i := range 5000 {
			tl.Client("bridge", fmt.Sprintf("once-%d", i), 1, 7)
		}
		for seed, n := range c.times {
			for range n {
				tl.Client("bridge", seed, 2, 3)
			}
			if n >= c.least {
				want[seed] = Seed{int64(n), int64(2 * n), int64(3 * n)}
			}
		}
		tl.KeepRegulars(c.least)
		got := map[string]Seed{}
		for seed, s := range tl.Seeds["bridge"] {
			got[seed] = *s
		}
		assert.Equal(t, want, got, "regulars of %d records", c.least)
	}
}
