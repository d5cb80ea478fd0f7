package audit

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
	"github.com/pfkit/pfkit/v2/go/internal/midstate"
	"github.com/pfkit/pfkit/v2/go/internal/sidebyside"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

func benchArchive(b *testing.B, kind string, n int) []Item {
	var buf bytes.Buffer
	if err := archive.Generate(&buf, kind, n, 0); err != nil {
		b.Fatal(err)
	}
	var items []Item
	for i, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		items = append(items, Item{Seq: i, Data: []byte(l)})
	}
	return items
}

// benchBridge is a sample of the archive make bench audits for bridge (every
// third record of pfkit archive generate --kind bridge --count 300000, one
// deal each), in its proportions: records 0, 1002, ..., 299598 (multiples of
// three, which hold one deal), so that a
// thirtieth have match ids of at most four digits, three tenths five digits
// (a 60-byte message prefix, three compressions a word) and two thirds six
// (a 65-byte prefix, two compressions a word).
func benchBridge(b *testing.B) []Item {
	items := make([]Item, benchSample)
	for j := range items {
		var buf bytes.Buffer
		if err := archive.GenerateWith(&buf, "bridge", 1, 0, archive.Grinding{K: 1, First: 1002 * j}); err != nil {
			b.Fatal(err)
		}
		if bytes.Contains(buf.Bytes(), []byte("]],[[")) {
			b.Fatalf("record %d: expected one deal", 1002*j)
		}
		items[j] = Item{Seq: j, Data: bytes.TrimSpace(buf.Bytes())}
	}
	return items
}

const benchSample = 300

func benchJudge(b *testing.B, items []Item) {
	b.ResetTimer()
	i := 0
	for b.Loop() {
		if o := Judge(items[i%len(items)]); o.Status != Verified {
			b.Fatalf("%s: %s", o.Status, o.Reason)
		}
		i++
	}
}

// Per-record cost on one core; pfkit audit runs one such loop per core.
func BenchmarkJudgeSelfpoker(b *testing.B) { benchJudge(b, benchArchive(b, "selfpoker", 1000)) }
func BenchmarkJudgeBridge(b *testing.B)    { benchJudge(b, benchBridge(b)) }

// The stream package's shuffle benchmark: a 52-card match_seed_v2 shuffle
// on a fresh stream, four 64-character client seeds and a 64-character
// match id (a 326-byte prefix).
var (
	shuffleKey    = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
	shufflePrefix = stream.MatchPrefix("bridge", strings.Repeat("m", 64), []string{
		strings.Repeat("a", 64), strings.Repeat("b", 64), strings.Repeat("c", 64), strings.Repeat("d", 64),
	})
	benchSink int
)

// BenchmarkJudgeBridgeVsShuffle is what the audit's judge costs per match of
// make bench's bridge archive (benchBridge), side by side with the shuffle
// benchmark's 52-card shuffle and the two-lane interleaved floor of 102
// compressions (the shuffle's): the judge reads the record, checks its
// commitment, draws its seat order and its deal (54 words), and compares
// them with the record's. make bench's goal of 150,000 matches per
// CPU-second is a judge of at most 6,667 ns, reading the archive included.
// Each timed run of the judge is one of ten parts of the sample, each part
// in the sample's proportions (records j, j+10, j+20, ...), so that the
// fastest run is not that of the cheapest records.
func BenchmarkJudgeBridgeVsShuffle(b *testing.B) {
	items := benchBridge(b)
	const parts = 10
	per := len(items) / parts
	part := 0
	sidebyside.Run(b,
		sidebyside.Op{Name: "judge", Per: per, Do: func() {
			for i := part; i < len(items); i += parts {
				if o := Judge(items[i]); o.Status != Verified {
					b.Fatalf("%s: %s", o.Status, o.Reason)
				}
			}
			part = (part + 1) % parts
		}},
		sidebyside.Op{Name: "shuffle52", Per: per, Do: func() {
			for range per {
				d, _ := stream.Sampler{Src: stream.New(shuffleKey, shufflePrefix)}.Permutation(52)
				benchSink += d[0]
			}
		}},
		sidebyside.Op{Name: "interleaved", Per: per, Do: func() {
			for range per {
				for i := 0; i < 102; i += 2 {
					x, y := midstate.IV, midstate.IV
					midstate.Block2(&x, &y, &floorBlock, &floorBlock)
					benchSink += int(x[0] ^ y[0])
				}
			}
		}},
	)
}

// floorBlock is the block of the two-lane floor: what 102 compressions two at
// a time cost, which none of the judge's code changes.
var floorBlock [64]byte

// benchAudit is a whole audit pipeline (reader, workers, ordered summary) over
// an in-memory archive, on every core: ns/op is per record.
func benchAudit(b *testing.B, kind string) {
	items := benchArchive(b, kind, 4096)
	b.ResetTimer()
	ch := make(chan Item, 256)
	go func() {
		for i := range b.N {
			it := items[i%len(items)]
			it.Seq = i
			ch <- it
		}
		close(ch)
	}()
	s := Stream(ch, Options{})
	if s.ByStatus[Verified] != b.N {
		b.Fatalf("verified %d of %d", s.ByStatus[Verified], b.N)
	}
}

func BenchmarkAuditSelfpoker(b *testing.B) { benchAudit(b, "selfpoker") }
func BenchmarkAuditBridge(b *testing.B)    { benchAudit(b, "bridge") }
