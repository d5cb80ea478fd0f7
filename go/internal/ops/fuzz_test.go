package ops

import (
	"encoding/json"
	"testing"

	"github.com/pfkit/pfkit/go/internal/errcode"
)

// FuzzEval: whatever the line, Eval answers exactly one of an output and an
// error with a code from the spec, never panics, and answers the same line the
// same way twice.
func FuzzEval(f *testing.F) {
	seed := `"serverSeed":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"`
	for _, s := range []string{
		`{"id":"1","scheme":"match_seed_v2","op":"commit","input":{` + seed + `}}`,
		`{"id":"1","scheme":"match_seed_v2","op":"draws","input":{` + seed + `,"game":"g","matchId":"m","clientSeeds":["a","b"],"program":[{"op":"shuffle","n":5},{"op":"int","n":7},{"op":"word"}]}}`,
		`{"id":"1","scheme":"match_seed_v2","op":"inject","input":{"words":[1,2,3],"program":[{"op":"shuffle","n":3}]}}`,
		`{"id":"1","scheme":"match_seed_v2","op":"match","input":{` + seed + `,"game":"baloot","matchId":"m","clientSeeds":["a","b","c","d"],"play":{"hands":[{"buyer":1}]}}}`,
		`{"id":"1","scheme":"poker_hmac_v1","op":"proof","input":{` + seed + `,"table":"t","session":"s","hand":1,"seats":[{"seat":0,"clientSeed":"a"},{"seat":3,"clientSeed":"b"}],"position":7}}`,
		`{"id":"1","scheme":"chess_colour_v1","op":"colour","input":{"seedA":"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08","clientA":"a","seedB":null,"clientB":null}}`,
		`{"id":"1","scheme":"selfpoker_v1","op":"deal","input":{"seed":"42","players":3}}`,
		`{"id":"1","scheme":"match_seed_v1","op":"x","input":{}}`,
		`[1,2`, `{"id":7}`,
	} {
		f.Add([]byte(s))
	}
	known := map[errcode.Code]bool{}
	for _, c := range errcode.All {
		known[c] = true
	}
	delete(known, errcode.NotImplemented) // for ports under construction, never the reference
	f.Fuzz(func(t *testing.T, line []byte) {
		r := Eval(line)
		if (r.Error == nil) == (r.Output == nil) {
			t.Fatalf("a response carries exactly one of output and error: %+v", r)
		}
		if r.Error != nil && (!known[r.Error.Code] || r.Error.Message == "") {
			t.Fatalf("error %q %q is not a spec code with a message", r.Error.Code, r.Error.Message)
		}
		a, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(Eval(line))
		if string(a) != string(b) {
			t.Fatalf("two answers to one line:\n%s\n%s", a, b)
		}
	})
}
