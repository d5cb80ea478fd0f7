package audit

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
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

func benchJudge(b *testing.B, kind string) {
	items := benchArchive(b, kind, 1000)
	if kind == "bridge" {
		// One deal a match (a third of the archive's), as make bench
		// measures: the shuffle benchmark's one deal, plus the record.
		var one []Item
		for _, it := range items {
			if bytes.Count(it.Data, []byte("]],[[")) == 0 {
				one = append(one, it)
			}
		}
		items = one
	}
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
func BenchmarkJudgeSelfpoker(b *testing.B) { benchJudge(b, "selfpoker") }
func BenchmarkJudgeBridge(b *testing.B)    { benchJudge(b, "bridge") }

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
