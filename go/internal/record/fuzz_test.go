package record

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzVerify: any bytes give a report, an Unreadable or an Unspecified, never a
// panic, and a report is verified only when every check held.
func FuzzVerify(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil && len(data) < 4096 {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"scheme":"selfpoker_v1","kind":"hand_end","commit":"","fairplay":{"seed":1e400}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rep, err := VerifyBytes(data)
		var un *Unreadable
		var us *Unspecified
		switch {
		case errors.As(err, &un), errors.As(err, &us):
			return
		case err != nil:
			t.Fatalf("an error that is neither unreadable nor unspecified: %v", err)
		}
		failed := false
		for _, c := range rep.Checks {
			failed = failed || !c.OK
		}
		if (rep.Status == Verified) == failed || len(rep.Checks) == 0 {
			t.Fatalf("status %s with %d checks, failed=%v", rep.Status, len(rep.Checks), failed)
		}
	})
}

// FuzzPlainReader: whatever bytes the plain reader reads, the general path
// reads the same typed record from, and both verify to the same report.
func FuzzPlainReader(f *testing.F) {
	for _, name := range []string{"selfpoker.json", "selfpoker-number-seed.json", "bridge.json", "trix.json", "backgammon.json", "checkers.json", "xiangqi.json"} {
		if data, err := os.ReadFile(filepath.Join(dir, name)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) { agreePlain(t, data) })
}
