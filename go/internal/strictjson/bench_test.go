package strictjson_test

import (
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"os"
	"path/filepath"
	"testing"
)

// The example records of every kind, read as a record is: audits read those
// the plain reader does not take (sessions, leave bundles, chess games,
// records that declare a reading) this way, by the million.
func BenchmarkParseRecords(b *testing.B) {
	var docs [][]byte
	size := 0
	for _, name := range []string{"poker-session.json", "poker-leave.json", "chess-players.json", "mahjong.json", "baloot.json", "selfpoker.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "vectors", "records", name))
		if err != nil {
			b.Fatal(err)
		}
		docs = append(docs, data)
		size += len(data)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, d := range docs {
			if _, err := strictjson.Parse(d, recordLimits); err != nil {
				b.Fatal(err)
			}
		}
	}
}
