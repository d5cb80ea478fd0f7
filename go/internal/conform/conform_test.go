package conform

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/numpyrng"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

const vectorDir = "../../../vectors"

// fakePort answers like the reference except where answer says otherwise
// (answer returns nil to defer to the reference).
type fakePort struct {
	answer func(id, scheme, op string, in strictjson.Object) any
	// validOnly: the port refuses bad input as the reference does, and has its
	// bug only where the reference answers with an output.
	validOnly bool
}

func (fakePort) Name() string { return "fake" }

func (p fakePort) Run(_ context.Context, lines [][]byte, got func(int, []byte)) error {
	for i, l := range lines {
		v, _ := strictjson.Parse(l, strictjson.Default)
		req, _ := v.(strictjson.Object)
		id, _ := req["id"].(string)
		scheme, _ := req["scheme"].(string)
		op, _ := req["op"].(string)
		in, _ := req["input"].(strictjson.Object)
		ref := ops.Eval(l)
		resp, _ := ref.MarshalJSON()
		if in != nil && (!p.validOnly || ref.Error == nil) {
			if a := p.answer(id, scheme, op, in); a != nil {
				resp, _ = json.Marshal(a)
			}
		}
		got(i, resp)
	}
	return nil
}

func num(v any) uint64 {
	n, _ := strconv.ParseUint(string(v.(json.Number)), 10, 64)
	return n
}

// moduloPort's only bug: it takes word % n instead of discarding words at or
// above the limit, in match_seed_v2 draws and in selfpoker's bounded draws.
func moduloPort() fakePort {
	return fakePort{func(id, scheme, op string, in strictjson.Object) any {
		switch {
		case scheme == "match_seed_v2" && op == "draws":
			var seeds []string
			for _, s := range in["clientSeeds"].([]any) {
				seeds = append(seeds, s.(string))
			}
			st := stream.New(in["serverSeed"].(string), stream.MatchPrefix(in["game"].(string), in["matchId"].(string), seeds))
			next := func() uint64 { w, _ := st.Next(); return w }
			var results []any
			for _, s := range in["program"].([]any) {
				o := s.(strictjson.Object)
				switch o["op"] {
				case "word":
					results = append(results, next())
				case "int":
					results = append(results, next()%num(o["n"]))
				case "shuffle":
					n := int(num(o["n"]))
					a := make([]int, n)
					for i := range a {
						a[i] = i
					}
					for i := n - 1; i > 0; i-- {
						j := next() % uint64(i+1)
						a[i], a[j] = a[j], a[i]
					}
					results = append(results, a)
				}
			}
			return map[string]any{"id": id, "output": map[string]any{"results": results, "counter": st.Counter()}}
		case scheme == "selfpoker_v1" && op == "deal":
			seed, _ := strconv.ParseUint(in["seed"].(string), 10, 64)
			p := numpyrng.NewPCG64(seed)
			deck := make([]int, 52)
			for i := range deck {
				deck[i] = i
			}
			for i := 51; i > 0; i-- {
				j := p.Next32() % uint32(i+1)
				deck[i], deck[j] = deck[j], deck[i]
			}
			players := int(num(in["players"]))
			// The rest as the reference lays it out, from the wrong deck.
			ref := ops.Eval([]byte(`{"id":"x","scheme":"selfpoker_v1","op":"deal","input":{"seed":"` + in["seed"].(string) + `","players":` + strconv.Itoa(players) + `}}`))
			b, _ := json.Marshal(ref.Output)
			var out map[string]any
			json.Unmarshal(b, &out)
			out["deck"] = deck
			names := "23456789TJQKA"
			name := func(c int) string { return string(names[c/4]) + string("cdhs"[c%4]) }
			var hands [][]string
			for i := range players {
				hands = append(hands, []string{name(deck[2*i]), name(deck[2*i+1])})
			}
			out["hands"] = hands
			var board []string
			for _, c := range deck[2*players : 2*players+5] {
				board = append(board, name(c))
			}
			out["board"] = board
			return map[string]any{"id": id, "output": out}
		}
		return nil
	}, true}
}

func load(t *testing.T, files ...string) []vectors.Runnable {
	t.Helper()
	var paths []string
	for _, f := range files {
		paths = append(paths, filepath.Join(vectorDir, f))
	}
	loaded, err := vectors.Load(paths...)
	require.NoError(t, err)
	var cases []vectors.Runnable
	for _, l := range loaded {
		cases = append(cases, l.Cases...)
	}
	return cases
}

func byComment(t *testing.T, results []Result, prefix string) Result {
	t.Helper()
	for _, r := range results {
		if strings.HasPrefix(r.Comment, prefix) {
			return r
		}
	}
	t.Fatalf("no case %q", prefix)
	return Result{}
}

// The first difference is reported in the spec's order of the output: a draw
// that should have been discarded shows at results[0], not at counter (first in
// sorted order), and a wrong deck at deck, not at board.
// moduloRun is moduloPort run over the draws and the deal vectors, which
// several tests read: a run locates every failure, about a second each time.
var moduloRun = sync.OnceValues(func() ([]Result, error) {
	loaded, err := vectors.Load(filepath.Join(vectorDir, "match_seed_v2/draws.json"), filepath.Join(vectorDir, "selfpoker_v1/deal.json"))
	if err != nil {
		return nil, err
	}
	var cases []vectors.Runnable
	for _, l := range loaded {
		cases = append(cases, l.Cases...)
	}
	return Run(context.Background(), moduloPort(), cases)
})

func TestRootCauseFirst(t *testing.T) {
	results, err := moduloRun()
	require.NoError(t, err)
	r := byComment(t, results, "int(2^51 + 1) discards almost half the words")
	require.False(t, r.Pass)
	assert.True(t, strings.HasPrefix(r.Detail, "output.results[0]: "), r.Detail)
	// Sorted order would have named counter, which differs too.
	assert.Contains(t, Diff(parseJSON(t, `{"results":[1],"counter":2}`), parseJSON(t, `{"results":[0],"counter":1}`)), "output.counter")
	failedDeals := 0
	for _, r := range results {
		if r.Scheme == "selfpoker_v1" && !r.Pass {
			failedDeals++
			if r.Request == "" {
				assert.True(t, strings.HasPrefix(r.Detail, "output.deck["), "%s: %s", r.Name, r.Detail)
			} else {
				assert.Contains(t, r.Detail, ": output.deck[", r.Name)
			}
		}
	}
	assert.Positive(t, failedDeals)
}

func parseJSON(t *testing.T, s string) any {
	v, err := strictjson.Parse([]byte(s), strictjson.Default)
	require.NoError(t, err)
	return v
}

func TestDiffOrdered(t *testing.T) {
	for _, c := range []struct{ scheme, op, want, got, first string }{
		{"match_seed_v2", "draws", `{"results":[[1,0]],"counter":3}`, `{"results":[[0,1]],"counter":2}`, "output.results[0][0]: expected 1, found 0"},
		{"selfpoker_v1", "deal", `{"commit":"a","deck":[1,2],"hands":[["2c","2d"]],"board":["3c"]}`, `{"commit":"a","deck":[2,1],"hands":[["2d","2c"]],"board":["3d"]}`, "output.deck[0]"},
		{"poker_hmac_v1", "hand", `{"handValue":"a","deck":[1],"salts":["s"],"root":"r","counter":51}`, `{"handValue":"a","deck":[2],"salts":["t"],"root":"q","counter":52}`, "output.deck[0]"},
		{"match_seed_v2", "trace", `{"results":[1],"counter":1,"draws":[{"k":0,"word":5,"accepted":true}]}`, `{"results":[1],"counter":1,"draws":[{"k":0,"word":6,"accepted":false}]}`, "output.draws[0].word"},
		{"selfpoker_v1", "trace", `{"seedWords":[1],"pool":[1],"stateWords":["a"],"pcg64":{"state":"s","inc":"i"},"draws":[],"permutation":[0]}`, `{"seedWords":[1],"pool":[2],"stateWords":["b"],"pcg64":{"state":"t","inc":"j"},"draws":[],"permutation":[1]}`, "output.pool[0]"},
		{"match_seed_v2", "draws", `{"results":[1],"counter":1}`, `{"results":[1],"counter":1,"extra":0}`, "output.extra: unexpected member"},
		{"match_seed_v2", "draws", `{"results":[1],"counter":1}`, `{"counter":1}`, "output.results: missing"},
		{"someone_v9", "op", `{"b":1,"a":1}`, `{"b":2,"a":2}`, "output.a"},
	} {
		d := DiffOrdered(c.scheme, c.op, parseJSON(t, c.want), parseJSON(t, c.got))
		assert.True(t, strings.HasPrefix(d, c.first), "%s/%s: %s", c.scheme, c.op, d)
	}
}

// The order table follows the reference's own output, member by member: every
// valid vector's output, as the reference writes it (struct order), lists its
// members in the table's order.
func TestOutputOrderFollowsTheReference(t *testing.T) {
	loaded, err := vectors.Load(vectorDir)
	require.NoError(t, err)
	checked := map[string]bool{}
	for _, l := range loaded {
		for _, c := range l.Cases {
			if c.Line == nil || c.Protocol || c.Error != "" {
				continue
			}
			resp := ops.Eval(c.Line)
			require.Nil(t, resp.Error, c.Name)
			b, err := json.Marshal(resp.Output)
			require.NoError(t, err)
			walkOrder(t, c.Scheme+"/"+c.Op, "", json.NewDecoder(bytes.NewReader(b)), checked)
		}
	}
	for _, k := range scheme.OutputOrders() {
		assert.True(t, checked[k], "%s: no vector output has it", k)
	}
}

// walkOrder reads one JSON value from dec and checks each object's member order
// against scheme.OutputOrder.
func walkOrder(t *testing.T, op, at string, dec *json.Decoder, checked map[string]bool) {
	tok, err := dec.Token()
	require.NoError(t, err)
	switch tok {
	case json.Delim('{'):
		var keys []string
		for dec.More() {
			k, err := dec.Token()
			require.NoError(t, err)
			keys = append(keys, k.(string))
			walkOrder(t, op, at+"."+k.(string), dec, checked)
		}
		dec.Token()
		order := scheme.OutputOrder(op + at)
		require.NotNil(t, order, "%s%s: no order for this object", op, at)
		checked[op+at] = true
		pos := map[string]int{}
		for i, k := range order {
			pos[k] = i
		}
		for i, k := range keys {
			_, known := pos[k]
			require.True(t, known, "%s%s: member %s is not in the order", op, at, k)
			if i > 0 {
				require.Less(t, pos[keys[i-1]], pos[k], "%s%s: %s comes before %s", op, at, keys[i-1], k)
			}
		}
	case json.Delim('['):
		for dec.More() {
			walkOrder(t, op, at, dec, checked)
		}
		dec.Token()
	}
}

// A failure shows the case's comment and flags: why it exists.
func TestFailureShowsCommentAndFlags(t *testing.T) {
	results, err := Run(context.Background(), moduloPort(), load(t, "match_seed_v2/draws.json"))
	require.NoError(t, err)
	var out strings.Builder
	Matrix(&out, "fake", results, -1)
	assert.Contains(t, out.String(), "FAIL ../../../vectors/match_seed_v2/draws.json#6: int(2^51 + 1) discards almost half the words [Rejection, EdgeCase]\n     output.results[0]: expected ")
}

// A bulk case names the first request whose output differs, as a line pfkit
// eval answers, with the reference's output for it.
func TestBulkCaseNamesTheRequest(t *testing.T) {
	cases := load(t, "match_seed_v2/draws.json")
	var bulk []vectors.Runnable
	for _, c := range cases {
		if c.Accumulate != nil {
			bulk = append(bulk, c)
		}
	}
	require.Len(t, bulk, 1)
	offByOne := fakePort{func(id, scheme, op string, in strictjson.Object) any {
		if !strings.HasSuffix(id, "~17") && !strings.HasSuffix(id, "~40") {
			return nil
		}
		line, _ := json.Marshal(map[string]any{"id": id, "scheme": scheme, "op": op, "input": in})
		b, _ := ops.Eval(line).MarshalJSON()
		var resp map[string]any
		json.Unmarshal(b, &resp)
		resp["output"].(map[string]any)["counter"] = resp["output"].(map[string]any)["counter"].(float64) + 1
		return resp
	}, true}
	results, err := Run(context.Background(), offByOne, bulk)
	require.NoError(t, err)
	r := results[0]
	require.False(t, r.Pass)
	var want, found int
	_, err = fmt.Sscanf(r.Detail, "request 17 of 2000 is the first to go wrong: output.counter: expected %d, found %d", &want, &found)
	require.NoError(t, err, r.Detail)
	assert.Equal(t, want+1, found)
	assert.Contains(t, r.Request, `"id":"../../../vectors/match_seed_v2/draws.json#`+strings.TrimPrefix(bulk[0].Name, "../../../vectors/match_seed_v2/draws.json#")+`~17"`)
	// The request line is what pfkit eval reads, and its answer is the expected output.
	resp := ops.Eval([]byte(r.Request))
	require.Nil(t, resp.Error)
	b, _ := json.Marshal(resp.Output)
	assert.JSONEq(t, string(b), r.Expected)
	var out strings.Builder
	Matrix(&out, "fake", results, -1)
	assert.Contains(t, out.String(), "     request:  "+r.Request+"\n     expected: "+r.Expected+"\n")

	// An error answer in a bulk case is named the same way.
	failing := fakePort{func(id, scheme, op string, in strictjson.Object) any {
		if strings.HasSuffix(id, "~3") {
			return map[string]any{"id": id, "error": map[string]any{"code": "internal_error", "message": "boom"}}
		}
		return nil
	}, true}
	results, err = Run(context.Background(), failing, bulk)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(results[0].Detail, "request 3 of 2000 is the first to go wrong: expected an output, found error"), results[0].Detail)
	assert.Contains(t, results[0].Request, `~3"`)
}

// A failing selfpoker case points to the selfpoker trace, and a failing draws
// case to match_seed_v2's: lines pfkit eval answers, over the same input.
func TestFailuresPointToTrace(t *testing.T) {
	results, err := moduloRun()
	require.NoError(t, err)
	r := byComment(t, results, "seed 42: NumPy's deck starts")
	require.False(t, r.Pass)
	require.NotEmpty(t, r.Trace)
	resp := ops.Eval([]byte(r.Trace))
	require.Nil(t, resp.Error, r.Trace)
	b, _ := json.Marshal(resp.Output)
	var tr struct{ Permutation []int }
	require.NoError(t, json.Unmarshal(b, &tr))
	deal := ops.Eval([]byte(`{"id":"d","scheme":"selfpoker_v1","op":"deal","input":{"seed":"42","players":4}}`))
	b, _ = json.Marshal(deal.Output)
	var d struct{ Deck []int }
	require.NoError(t, json.Unmarshal(b, &d))
	assert.Equal(t, d.Deck, tr.Permutation, "the trace is of the deal's deck")

	r = byComment(t, results, "int(2^51 + 1) discards almost half the words")
	require.NotEmpty(t, r.Trace)
	resp = ops.Eval([]byte(r.Trace))
	require.Nil(t, resp.Error, r.Trace)
	assert.Contains(t, r.Trace, `"op":"trace"`)

	var out strings.Builder
	Matrix(&out, "fake", results, -1)
	assert.Contains(t, out.String(), "     trace:    "+r.Trace+"\n")
	// The bulk deal case points to the trace of its first failing request.
	for _, r := range results {
		if r.Scheme == "selfpoker_v1" && r.Request != "" {
			assert.Contains(t, r.Trace, `"op":"trace"`)
		}
	}
}

// A partial port: not_implemented answers have their own column and list, and
// the one real failure is listed even when only one failure is shown.
func TestNotImplementedApart(t *testing.T) {
	port := fakePort{func(id, scheme, op string, in strictjson.Object) any {
		switch {
		case scheme == "selfpoker_v1" || (scheme == "poker_hmac_v1" && op == "proof"):
			return map[string]any{"id": id, "error": map[string]any{"code": NotImplemented, "message": "not yet"}}
		case scheme == "chess_colour_v1" && in["seedB"] == nil && in["seedA"] != nil:
			return map[string]any{"id": id, "output": map[string]any{"commitA": "x", "commitB": "-", "white": "A"}}
		}
		return nil
	}, false}
	cases := load(t, "selfpoker_v1", "poker_hmac_v1/proof.json", "chess_colour_v1/colour.json")
	per := map[string]int{}
	for _, c := range cases {
		per[c.Scheme+"/"+c.Op]++
	}
	// The ops the port lacks, from the registry: every op of selfpoker_v1 and
	// proof, in the matrix's order (sorted).
	lackingOps := []string{"poker_hmac_v1/proof"}
	for _, op := range ops.OpNames("selfpoker_v1") {
		lackingOps = append(lackingOps, "selfpoker_v1/"+op)
	}
	sort.Strings(lackingOps)
	lacking := 0
	for _, k := range lackingOps {
		require.Positive(t, per[k], "%s has cases", k)
		lacking += per[k]
	}
	results, err := Run(context.Background(), port, cases)
	require.NoError(t, err)
	notImpl, failed := 0, 0
	for _, r := range results {
		if r.NotImpl {
			notImpl++
			assert.False(t, r.Pass)
			assert.Empty(t, r.Detail)
		} else if !r.Pass {
			failed++
			assert.Equal(t, "chess_colour_v1", r.Scheme)
		}
	}
	assert.Equal(t, lacking, notImpl, "every selfpoker and proof case")
	require.Positive(t, failed)
	var out strings.Builder
	n := Matrix(&out, "partial", results, 1)
	assert.Equal(t, notImpl+failed, n)
	text := out.String()
	assert.Contains(t, text, "scheme/op                             passed  failed  not implemented\n")
	apart := "not implemented (answered not_implemented):\n"
	for _, k := range lackingOps {
		assert.Regexp(t, regexp.QuoteMeta(k)+`\s+0\s+0\s+`+strconv.Itoa(per[k])+`\n`, text)
		apart += fmt.Sprintf("  %s: %d of %[2]d cases\n", k, per[k])
	}
	assert.Contains(t, text, "FAIL ../../../vectors/chess_colour_v1/colour.json#")
	assert.Contains(t, text, apart)
	assert.NotContains(t, text, "FAIL ../../../vectors/selfpoker_v1")
	assert.Contains(t, text, fmt.Sprintf(" passed, %d failed, %d not implemented\n", failed, lacking))
}

func TestSelect(t *testing.T) {
	cases := load(t, ".")
	count := func(cs []vectors.Runnable) map[string]int {
		m := map[string]int{}
		for _, c := range cs {
			m[c.Scheme+"/"+c.Op]++
		}
		return m
	}
	all := count(cases)
	for _, c := range []struct {
		only, skip []string
		want       func(k string) bool
	}{
		{[]string{"match_seed_v2/draws"}, nil, func(k string) bool { return k == "match_seed_v2/draws" }},
		{[]string{"selfpoker_v1"}, nil, func(k string) bool { return strings.HasPrefix(k, "selfpoker_v1/") }},
		{nil, []string{"selfpoker_v1"}, func(k string) bool { return !strings.HasPrefix(k, "selfpoker_v1/") }},
		{[]string{"match_seed_v2", "poker_hmac_v1/hand"}, []string{"match_seed_v2/match"}, func(k string) bool {
			return k == "poker_hmac_v1/hand" || (strings.HasPrefix(k, "match_seed_v2/") && k != "match_seed_v2/match")
		}},
		{nil, []string{"protocol"}, func(k string) bool { return !strings.HasPrefix(k, "protocol/") }},
		{nil, []string{"protocol/implementation"}, func(k string) bool { return k != "protocol/implementation" }},
	} {
		got, err := Select(cases, c.only, c.skip)
		require.NoError(t, err)
		want := map[string]int{}
		for k, n := range all {
			if c.want(k) {
				want[k] = n
			}
		}
		assert.Equal(t, want, count(got), "only %v skip %v", c.only, c.skip)
	}
	for _, bad := range [][]string{{"selfpoker"}, {"match_seed_v2/deal"}, {"Selfpoker_v1"}, {""}} {
		_, err := Select(cases, bad, nil)
		assert.ErrorContains(t, err, "names no scheme or op", bad)
		_, err = Select(cases, nil, bad)
		assert.Error(t, err, bad)
	}
	// A name the kit knows but the chosen files lack is fine: a fixed --skip
	// in CI works on any subset of the paths (issue 23).
	commits := load(t, "match_seed_v2/commit.json")
	got, err := Select(commits, nil, []string{"selfpoker_v1", "match_seed_v2/match", "protocol"})
	require.NoError(t, err)
	assert.Len(t, got, len(commits))
	got, err = Select(commits, []string{"match_seed_v2/commit", "selfpoker_v1/deal"}, nil)
	require.NoError(t, err)
	assert.Len(t, got, len(commits))
	got, err = Select(commits, []string{"chess_colour_v1"}, nil)
	require.NoError(t, err)
	assert.Empty(t, got)
}

// The JSON report of a run with a failure, a not_implemented answer and an
// op not listed is what conform_report_v1.json describes (CONF-2).
func TestReportJSONSchema(t *testing.T) {
	port := fakePort{func(id, scheme, op string, in strictjson.Object) any {
		switch {
		case scheme == "pfkit":
			self := ops.Self()
			self.Ops = self.Ops[1:] // chess_colour_v1/colour, the first, is left out
			return map[string]any{"id": id, "output": self}
		case scheme == "poker_hmac_v1" && op == "proof":
			return map[string]any{"id": id, "error": map[string]any{"code": NotImplemented, "message": "not yet"}}
		case op == "commit":
			return map[string]any{"id": id, "output": map[string]any{"commitment": "00"}}
		}
		return nil
	}, true}
	cases := load(t, "chess_colour_v1/colour.json", "poker_hmac_v1/proof.json", "match_seed_v2/commit.json")
	j := RunNamed(context.Background(), port, cases)
	require.NoError(t, j.Err)
	require.NotNil(t, j.Identity.Says)
	var b bytes.Buffer
	require.NoError(t, NewReport(3, len(cases), []Judged{j, RunNamed(context.Background(), Go{}, cases)}).WriteJSON(&b))
	doc, err := strictjson.Parse(b.Bytes(), strictjson.Limits{MaxBytes: 64 << 20, MaxDepth: 64})
	require.NoError(t, err)
	set, err := record.Schemas()
	require.NoError(t, err)
	require.NoError(t, set.Validate("conform_report_v1.json", doc))
	var rep Report
	require.NoError(t, json.Unmarshal(b.Bytes(), &rep))
	assert.Equal(t, 1, rep.Exit)
	colour := rep.Implementations[0].Ops["chess_colour_v1/colour"]
	assert.Equal(t, NotListed, colour.Reason)
	assert.Equal(t, colour.NotImplemented, colour.NotSent)
	assert.Positive(t, rep.Implementations[0].Ops["poker_hmac_v1/proof"].NotImplemented)
	assert.Zero(t, rep.Implementations[0].Ops["poker_hmac_v1/proof"].NotSent)
	assert.Positive(t, rep.Implementations[0].Ops["match_seed_v2/commit"].Failed)
	assert.Zero(t, rep.Implementations[1].Totals.Failed+rep.Implementations[1].Totals.NotImplemented)
}

// A port that answers every request with an empty output is credited with
// no protocol case that expects one: the commit output is compared, and the
// implementation request's answer is held to its schema.
func TestProtocolOutputsAreCompared(t *testing.T) {
	loaded, err := vectors.Load(filepath.Join(vectorDir, "protocol.json"))
	require.NoError(t, err)
	var outputs []vectors.Runnable
	for _, c := range loaded[0].Cases {
		if c.Error == "" {
			outputs = append(outputs, c)
		}
	}
	require.Len(t, outputs, 4, "#14, #55, #56 and the implementation request #70")
	empty := fakePort{answer: func(id, _, _ string, _ strictjson.Object) any {
		if id == helloID {
			return nil // it names itself as the reference does
		}
		return map[string]any{"id": id, "output": map[string]any{}}
	}}
	results, err := Run(context.Background(), empty, outputs)
	require.NoError(t, err)
	for _, r := range results {
		assert.False(t, r.Pass, r.Name)
	}
	assert.Contains(t, results[0].Detail, "output.commitment: missing")
	assert.Contains(t, results[3].Detail, "output: not an answer to the implementation request: ")
	results, err = Run(context.Background(), Go{}, outputs)
	require.NoError(t, err)
	for _, r := range results {
		assert.True(t, r.Pass, r.Name+": "+r.Detail)
	}
}

// An implementation's messages, ids and outputs are cut to MaxShown bytes
// in every report form, with their size, so 4 MiB answers make a small
// report (CONF-2).
func TestAnswersAreCutInReports(t *testing.T) {
	loaded, err := vectors.Load(filepath.Join(vectorDir, "match_seed_v2", "commit.json"))
	require.NoError(t, err)
	cases := loaded[0].Cases
	huge := strings.Repeat("é", 2<<20) // 4 MiB of two-byte characters
	loud := fakePort{answer: func(id, _, _ string, _ strictjson.Object) any {
		if id == helloID {
			return nil
		}
		return map[string]any{"id": id, "error": map[string]any{"code": "internal_error", "message": huge}}
	}}
	j := RunNamed(context.Background(), loud, cases)
	require.NoError(t, j.Err)
	require.Equal(t, len(cases), j.Failed())
	for _, r := range j.Results {
		assert.Contains(t, r.Detail, "… (4194304 bytes in all)", r.Name)
		assert.Less(t, len(r.Detail), MaxShown+200, r.Name)
		assert.True(t, utf8.ValidString(r.Detail), "cut at the start of a character")
	}
	var js, page, text bytes.Buffer
	rep := NewReport(1, len(cases), []Judged{j})
	require.NoError(t, rep.WriteJSON(&js))
	require.NoError(t, rep.WriteHTML(&page))
	MatrixOf(&text, j, -1)
	for name, b := range map[string]*bytes.Buffer{"json": &js, "html": &page, "text": &text} {
		assert.Less(t, b.Len(), len(cases)*2000, name)
		assert.Contains(t, b.String(), "(4194304 bytes in all)", name)
	}
}

// Each failure of commit, chess_colour_v1 and selfpoker_v1 comes with what
// locates it, for a bug planted in each: a commitment over the seed's bytes,
// the colours swapped, and a modulo draw in NumPy's shuffle (CONF-5).
func TestFailuresAreLocated(t *testing.T) {
	load := func(rel string) []vectors.Runnable {
		l, err := vectors.Load(filepath.Join(vectorDir, rel))
		require.NoError(t, err)
		return l[0].Cases
	}
	bytesCommit := fakePort{validOnly: true, answer: func(id, scheme, op string, in strictjson.Object) any {
		if op != "commit" {
			return nil
		}
		raw, _ := hex.DecodeString(in["serverSeed"].(string))
		sum := sha256.Sum256(raw)
		return map[string]any{"id": id, "output": map[string]any{"commitment": hex.EncodeToString(sum[:])}}
	}}
	swapped := fakePort{validOnly: true, answer: func(id, scheme, op string, in strictjson.Object) any {
		if op != "colour" {
			return nil
		}
		ref := ops.Eval([]byte(`{"id":"x","scheme":"chess_colour_v1","op":"colour","input":` + compactString(in) + `}`))
		b, _ := json.Marshal(ref.Output)
		var out map[string]any
		json.Unmarshal(b, &out)
		out["white"] = map[string]any{"A": "B", "B": "A"}[out["white"].(string)]
		return map[string]any{"id": id, "output": out}
	}}
	for _, tc := range []struct {
		port  fakePort
		file  string
		where *regexp.Regexp
	}{
		{bytesCommit, "match_seed_v2/commit.json", regexp.MustCompile(`^the commitment is SHA-256 of the seed's 64 hex characters as text \(D-1\), [0-9a-f]{64}; yours is SHA-256 of the 32 bytes they write$`)},
		{swapped, "chess_colour_v1/colour.json", regexp.MustCompile(`^white: side (A|B), from draw 0: message "cc1:[0-9a-f]{64}:(?:[0-9a-f]{64}|-):0=[^,]+,1=[^:]*:0", word\(seedA\) [0-9a-f]{16}( XOR word\(seedB\) [0-9a-f]{16} = [0-9a-f]{16}| alone \(a bot adds no word\)), int\(2\) = [01] \(0: A plays White; CC-3\); yours says "(A|B)"$`)},
		{moduloPort(), "selfpoker_v1/deal.json", regexp.MustCompile(`^the shuffle's first step to differ is random_interval\((\d+)\), which settles position (\d+) \(expected \d+, found \d+\): the trace's draws with max (\d+) show`)},
	} {
		results, err := Run(context.Background(), tc.port, load(tc.file))
		require.NoError(t, err)
		located := 0
		for _, r := range results {
			if r.Pass || r.Request != "" {
				continue
			}
			assert.Regexp(t, tc.where, r.Where, r.Name)
			if m := tc.where.FindStringSubmatch(r.Where); tc.file == "chess_colour_v1/colour.json" && m != nil {
				side := map[string]string{"0": "A", "1": "B"}[regexp.MustCompile(`int\(2\) = ([01])`).FindStringSubmatch(r.Where)[1]]
				assert.Equal(t, m[1], side, "the word's parity names the side")
				assert.NotEqual(t, m[1], m[3], "the port's side is the other")
			}
			located++
		}
		assert.Positive(t, located, tc.file)
	}
}

// A poker port that swaps two cards of the deck: the failure names the first
// position, and its trace, a proof request, answers with that card, its salt
// and Merkle path (CONF-5).
func TestPokerFailureNamesTheCard(t *testing.T) {
	l, err := vectors.Load(filepath.Join(vectorDir, "poker_hmac_v1", "hand.json"))
	require.NoError(t, err)
	swap := fakePort{validOnly: true, answer: func(id, scheme, op string, in strictjson.Object) any {
		if op != "hand" {
			return nil
		}
		ref := ops.Eval([]byte(`{"id":"x","scheme":"poker_hmac_v1","op":"hand","input":` + compactString(in) + `}`))
		b, _ := json.Marshal(ref.Output)
		var out map[string]any
		json.Unmarshal(b, &out)
		deck := out["deck"].([]any)
		deck[10], deck[11] = deck[11], deck[10]
		return map[string]any{"id": id, "output": out}
	}}
	results, err := Run(context.Background(), swap, l[0].Cases)
	require.NoError(t, err)
	seen := 0
	for _, r := range results {
		if r.Pass || r.Request != "" {
			continue
		}
		seen++
		assert.Contains(t, r.Where, "the first card to differ is at deck position 10 (expected card ", r.Name)
		resp := ops.Eval([]byte(r.Trace))
		require.Nil(t, resp.Error, r.Trace)
		b, _ := json.Marshal(resp.Output)
		var proof struct {
			Position, Card int
			Path           []string
		}
		require.NoError(t, json.Unmarshal(b, &proof))
		assert.Equal(t, 10, proof.Position)
		assert.Contains(t, r.Where, fmt.Sprintf("(expected card %d,", proof.Card))
		assert.NotEmpty(t, proof.Path)
	}
	assert.Positive(t, seen)
}
