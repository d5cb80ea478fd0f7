package archivestats

import (
	"fmt"
	"math"
	"strconv"
)

// Check holds statistics read back from a summary to what a run writes:
// a rate strictly between 0 and 1, at least one record for a regular, only
// the games the tally knows, each in newGame's shape with no count below 0,
// and at most verified records counted (STAT-5).
func (r *Report) Check(verified int) error {
	switch {
	case !(r.Rate > 0 && r.Rate < 1) || math.IsNaN(r.Rate):
		return fmt.Errorf("statistics at rate %g; expected a rate above 0 and below 1", r.Rate)
	case r.Regulars < 1:
		return fmt.Errorf("statistics with regulars from %d records; expected 1 or more", r.Regulars)
	case r.Tally == nil || r.Games == nil:
		return fmt.Errorf("statistics without counts; expected \"games\" and \"clientSeeds\"")
	}
	records := 0
	for name, g := range r.Games {
		want, known := newGame(name), players[name] > 0 || metrics[name].Dist != nil || name == "chess"
		if !known || g == nil {
			return fmt.Errorf("statistics of game %s; expected a game the statistics count", strconv.Quote(name))
		}
		if err := sameShape(name, want, g); err != nil {
			return err
		}
		if g.Records < 0 || g.Deals < 0 || records > verified-g.Records {
			return fmt.Errorf("statistics counting %d records of %s; expected at most the %d verified records in all", g.Records, name, verified)
		}
		records += g.Records
	}
	for game, seeds := range r.Seeds {
		if _, ok := metrics[game]; !ok {
			return fmt.Errorf("client seeds of %s; expected those of a game with a metric", strconv.Quote(game))
		}
		for s, c := range seeds {
			if c == nil || c[0] < 1 || c[1] < 0 || c[2] < 0 {
				return fmt.Errorf("client seed %s of %s counted %v; expected [records >= 1, hands >= 0, strength >= 0]", strconv.Quote(s), game, c)
			}
		}
	}
	return nil
}

// sameShape checks that g has exactly the members of want, each as long,
// and no count below 0.
func sameShape(name string, want, g *Game) error {
	rows := [][2][]int{{want.SeatOrders, g.SeatOrders}, {want.Faces, g.Faces}, {want.First, g.First}, {want.White, g.White}}
	tables := [][2][][]int{{want.Positions, g.Positions}, {want.Strength, g.Strength}}
	for _, t := range tables {
		if len(t[0]) != len(t[1]) {
			return shapeError(name)
		}
		for i := range t[0] {
			rows = append(rows, [2][]int{t[0][i], t[1][i]})
		}
	}
	for _, r := range rows {
		if len(r[0]) != len(r[1]) {
			return shapeError(name)
		}
		for _, v := range r[1] {
			if v < 0 {
				return fmt.Errorf("statistics of %s with a count of %d; expected 0 or more", name, v)
			}
		}
	}
	return nil
}

func shapeError(name string) error {
	return fmt.Errorf("statistics of %s whose counts are not in the shape a run writes", strconv.Quote(name))
}
