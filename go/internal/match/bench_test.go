package match

import (
	"strconv"
	"strings"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/midstate"
	"github.com/pfkit/pfkit/v2/go/internal/sidebyside"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// auditMatch is a bridge match of one deal as pfkit archive generate writes
// them: match id "bridge-N", client seeds "nN", "eN", "sN", "wN". With N of
// five digits the message prefix is 60 bytes, so every word's message ends
// in two blocks (three compressions a word); with six digits it is 65 bytes,
// one block saved once per match and one block a word.
type auditMatch struct {
	seed, id string
	clients  []string
}

func newAuditMatch(n int) auditMatch {
	d := strconv.Itoa(n)
	return auditMatch{
		seed:    "c06e251f5b13ba98987c758b61900599f810613b1f5d7f0e095814d6b28e70a9",
		id:      "bridge-" + d,
		clients: []string{"n" + d, "e" + d, "s" + d, "w" + d},
	}
}

// deal is what the audit does with a one-deal bridge match: open it on the
// Dealer it keeps from record to record (the seat order is its first draws)
// and deal once.
func (a auditMatch) deal() int {
	d := &benchDealer
	_ = d.Open(a.seed, "bridge", a.id, a.clients)
	d.Deal()
	return d.Deck[0] + d.Seats[0]
}

var benchDealer Dealer

var benchSink int

// The stream package's shuffle benchmark (BenchmarkShuffleFloors'
// shuffle52): four 64-character client seeds and a 64-character match id, a
// 326-byte prefix, one 52-card shuffle on a fresh stream.
var (
	shuffleKey    = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
	shufflePrefix = stream.MatchPrefix("bridge", strings.Repeat("m", 64), []string{
		strings.Repeat("a", 64), strings.Repeat("b", 64), strings.Repeat("c", 64), strings.Repeat("d", 64),
	})
)

// BenchmarkAuditDeal measures the audit's draws of a one-deal bridge match
// (the seat order and the deal, from opening the match) for the archive's two
// prefix lengths, side by side with the shuffle benchmark's 52-card shuffle
// and the two-lane interleaved floor of 102 compressions: the issue asks that
// the deal in the audit cost what the benchmark's shuffle costs. make bench
// reports prefix60 and prefix65 over shuffle52.
func BenchmarkAuditDeal(b *testing.B) {
	short, long := newAuditMatch(12345), newAuditMatch(123456)
	var p [64]byte
	sidebyside.Run(b,
		sidebyside.Op{Name: "shuffle52", Do: func() {
			d, _ := stream.Sampler{Src: stream.New(shuffleKey, shufflePrefix)}.Permutation(52)
			benchSink += d[0]
		}},
		sidebyside.Op{Name: "prefix60", Do: func() { benchSink += short.deal() }},
		sidebyside.Op{Name: "prefix65", Do: func() { benchSink += long.deal() }},
		sidebyside.Op{Name: "interleaved", Do: func() {
			for i := 0; i < 102; i += 2 {
				x, y := midstate.IV, midstate.IV
				midstate.Block2(&x, &y, &p, &p)
				benchSink += int(x[0] ^ y[0])
			}
		}},
	)
}
