// Package sidebyside measures operations against each other in one
// benchmark: short runs of each, in turn, again and again, keeping each one's
// fastest run. On a machine shared with other work, load that comes and goes
// then slows every side alike instead of whichever happened to run during it,
// and the ratios of the minima are steady where separate benchmarks are not.
package sidebyside

import (
	"testing"
	"time"
)

// Op is one side: its name (a metric unit, so no spaces) and one operation.
// Per, when above 1, is how many items one Do handles (a pass over a sample
// of records whose costs differ): times are then reported per item, and the
// fastest run is of the whole sample, not of its cheapest part.
type Op struct {
	Name string
	Do   func()
	Per  int
}

// chunk is how many operations one timed run holds: enough to dwarf the cost
// of reading the clock, few enough that a burst of load spoils few runs.
const chunk = 16

// Run measures the ops in turn, one timed run of each per iteration of b, and
// reports for each op its fastest time per operation, or per item (metric "<name>-ns/op")
// and, for every op after the first, the first op's time over its own
// (metric "<first>/<name>").
func Run(b *testing.B, ops ...Op) {
	best := make([]time.Duration, len(ops))
	for i := range best {
		best[i] = 1 << 62
	}
	for b.Loop() {
		for i, op := range ops {
			t := time.Now()
			for range chunk {
				op.Do()
			}
			best[i] = min(best[i], time.Since(t))
		}
	}
	per := func(i int) float64 { return float64(best[i]) / chunk / float64(max(1, ops[i].Per)) }
	for i, op := range ops {
		b.ReportMetric(per(i), op.Name+"-ns/op")
		if i > 0 {
			b.ReportMetric(per(0)/per(i), ops[0].Name+"/"+op.Name)
		}
	}
}
