package archive

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// lines splits an archive into its records, failing on a last line without
// its newline.
func lines(t *testing.T, b []byte) [][]byte {
	t.Helper()
	if len(b) == 0 {
		return nil
	}
	if b[len(b)-1] != '\n' {
		t.Fatalf("the archive does not end with a newline: %q", b[max(0, len(b)-40):])
	}
	return bytes.Split(b[:len(b)-1], []byte("\n"))
}

func generate(t *testing.T, kind string, count, tamperEvery int, g Grinding) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := GenerateWith(&buf, kind, count, tamperEvery, g); err != nil {
		t.Fatalf("GenerateWith(%s, %d, %d, %+v): %v", kind, count, tamperEvery, g, err)
	}
	return buf.Bytes()
}

// TestRecordsVerifyAndTamperedOnesFail: every record the verifier of package
// record checks, and exactly every tamperEvery-th fails.
func TestRecordsVerifyAndTamperedOnesFail(t *testing.T) {
	cases := []struct {
		kind               string
		count, tamperEvery int
		schemes            []string // the scheme of record i is schemes[i % len]
	}{
		{"selfpoker", 24, 4, []string{"selfpoker_v1"}},
		{"bridge", 12, 3, []string{"match_seed_v2"}},
		{"backgammon", 12, 5, []string{"match_seed_v2"}},
		{"chess", 16, 2, []string{"chess_colour_v1"}},
		{"mixed", 16, 3, []string{"selfpoker_v1", "match_seed_v2", "match_seed_v2", "chess_colour_v1"}},
		{"mixed", 8, 0, []string{"selfpoker_v1", "match_seed_v2", "match_seed_v2", "chess_colour_v1"}},
		{"bridge", 5, 1, []string{"match_seed_v2"}},
	}
	for _, c := range cases {
		recs := lines(t, generate(t, c.kind, c.count, c.tamperEvery, Grinding{K: 1}))
		if len(recs) != c.count {
			t.Fatalf("%s: %d records, want %d", c.kind, len(recs), c.count)
		}
		for n, rec := range recs {
			tampered := c.tamperEvery > 0 && (n+1)%c.tamperEvery == 0
			want := record.Verified
			if tampered {
				want = record.Failed
			}
			v := record.Judge(rec)
			if v.Status != want {
				t.Errorf("%s record %d (tampered %v): %s %s, want %s", c.kind, n, tampered, v.Status, v.Reason(), want)
			}
			var head struct{ Scheme string }
			if err := json.Unmarshal(rec, &head); err != nil || head.Scheme != c.schemes[n%len(c.schemes)] {
				t.Errorf("%s record %d: scheme %q (%v), want %s", c.kind, n, head.Scheme, err, c.schemes[n%len(c.schemes)])
			}
		}
	}
}

// TestSameArgumentsSameBytes: an archive is a function of its arguments, and
// its seeds are SHA-256 of labels anyone can recompute.
func TestSameArgumentsSameBytes(t *testing.T) {
	for _, kind := range Kinds {
		a := generate(t, kind, 10, 3, Grinding{K: 1})
		b := generate(t, kind, 10, 3, Grinding{K: 1})
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two runs differ", kind)
		}
		if c := generate(t, kind, 10, 3, Grinding{K: 1, First: 10}); bytes.Equal(a, c) {
			t.Errorf("%s: records 10-19 are the same bytes as records 0-9", kind)
		}
		// A longer archive begins with the shorter one: record i depends on i only.
		if long := generate(t, kind, 20, 3, Grinding{K: 1}); !bytes.HasPrefix(long, a) {
			t.Errorf("%s: the first 10 of 20 records differ from an archive of 10", kind)
		}
	}
	var bridge struct {
		ServerSeed, Commitment string
	}
	first := lines(t, generate(t, "bridge", 1, 0, Grinding{K: 1}))[0]
	if err := json.Unmarshal(first, &bridge); err != nil {
		t.Fatal(err)
	}
	seed := sha256.Sum256([]byte("pfkit:archive:bridge:0"))
	commit := sha256.Sum256([]byte(hex.EncodeToString(seed[:])))
	if bridge.ServerSeed != hex.EncodeToString(seed[:]) || bridge.Commitment != hex.EncodeToString(commit[:]) {
		t.Errorf("bridge record 0: seed %s, commitment %s; want SHA-256 of its label %x and SHA-256 of that seed's hex %x",
			bridge.ServerSeed, bridge.Commitment, seed, commit)
	}
}

func TestNoRecordsIsAnEmptyArchive(t *testing.T) {
	for _, kind := range Kinds {
		if b := generate(t, kind, 0, 1, Grinding{K: 1}); len(b) != 0 {
			t.Errorf("%s: %d bytes for no record", kind, len(b))
		}
	}
}

func TestRefusals(t *testing.T) {
	cases := []struct {
		name, kind string
		g          Grinding
		want       string
	}{
		{"unknown kind", "poker", Grinding{K: 1}, "archive kind: expected one of selfpoker, bridge, backgammon, chess, mixed; found"},
		{"no server seed", "bridge", Grinding{K: 0}, "grinding: expected 1 to 65536 server seeds a record, found 0"},
		{"too many server seeds", "bridge", Grinding{K: MaxGrind + 1}, "found 65537"},
		{"negative first record", "chess", Grinding{K: 1, First: -1}, "expected a first record number of 0 or more, found -1"},
		{"a client seed in chess", "chess", Grinding{K: 2, Client: "reg"}, "expected --kind bridge or backgammon"},
		{"seat 4 at bridge", "bridge", Grinding{K: 2, Seat: 4}, "grinding for seat 4: expected a seat from 0 to 3"},
		{"seat 2 at backgammon", "backgammon", Grinding{K: 2, Seat: 2}, "expected a seat from 0 to 1"},
	}
	for _, c := range cases {
		var buf bytes.Buffer
		err := GenerateWith(&buf, c.kind, 3, 0, c.g)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: %d bytes written before the refusal", c.name, buf.Len())
		}
	}
}

// TestGrindingShiftsTheOutcome: a server choosing the best of 8 seeds for
// side A gives A White in a record unless all 8 candidates give B White
// (chance 1/256 each), while every record still verifies: grinding is found
// by statistics, never by a record's checks.
func TestGrindingShiftsTheOutcome(t *testing.T) {
	const n = 64
	count := func(g Grinding) int {
		white := 0
		for i, rec := range lines(t, generate(t, "chess", n, 0, g)) {
			if v := record.Judge(rec); v.Status != record.Verified {
				t.Fatalf("record %d of %+v: %s %s", i, g, v.Status, v.Reason())
			}
			var r struct{ White string }
			if err := json.Unmarshal(rec, &r); err != nil {
				t.Fatal(err)
			}
			if r.White == "A" {
				white++
			}
		}
		return white
	}
	honest, ground := count(Grinding{K: 1}), count(Grinding{K: 8, Seat: 0})
	if honest < 16 || honest > 48 {
		t.Errorf("honest archive: A plays White in %d of %d games, far from half", honest, n)
	}
	if ground < n-2 {
		t.Errorf("best of 8 for A: A plays White in %d of %d games, want at least %d", ground, n, n-2)
	}
}
