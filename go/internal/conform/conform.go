package conform

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// NotImplemented is the code a partial port answers for an op it does not
// implement yet (spec 10.2). Such cases are counted and listed apart from
// failures.
const NotImplemented = string(errcode.NotImplemented)

// Result is the verdict on one case.
type Result struct {
	Name     string
	Scheme   string
	Op       string
	Comment  string   // why the case exists
	Flags    []string // what kind of bug it catches
	Pass     bool
	NotImpl  bool   // the implementation answered not_implemented, or the case was not sent
	Reason   string // why a case was not sent (NotListed, NoExchange); "" when it was answered not_implemented
	Detail   string // what was expected and what was found, for a failure
	Request  string // accumulated cases: the first request that went wrong, a line for pfkit eval
	Expected string // and the reference's output for it
	Trace    string // a trace request that shows the same input step by step
	Where    string // what locates the first difference (locate)
}

// responseLimits bound what an implementation may answer with.
var responseLimits = strictjson.Limits{MaxBytes: maxResponse, MaxDepth: 64}

// accState follows one accumulated case while its answers arrive.
type accState struct {
	hasher  *vectors.Hasher
	outputs [][]byte // each output in canonical form, to find the first that differs
	bad     int      // the first request with a problem, -1 while none
	detail  string
}

// NotListed is the reason given for the cases of an op the implementation
// does not list in its answer to Hello (IMPL-2).
const NotListed = "not listed by the implementation"

// NoExchange is the reason given for the cases of protocol/implementation
// when the implementation does not answer Hello (IMPL-3).
const NoExchange = "the implementation does not answer the implementation request"

// Judged is one implementation's run: what it said of itself and the verdict
// on every case.
type Judged struct {
	Label    string
	Identity Identity
	Results  []Result
	Err      error // the run stopped early, or the answer to Hello was unusable
	// Whole is set when the run failed as a whole: no valid answer to the
	// implementation request, so no case was sent (IMPL-3).
	Whole bool
	// Missing lists the ops --require names that the implementation does
	// not list (CONF-4).
	Missing []string
}

// Failed counts the cases that fail the run: failures and cases not
// implemented, except those of an op the implementation does not list,
// which a partial port leaves out by right (CONF-4).
func (j Judged) Failed() int {
	n := 0
	for _, r := range j.Results {
		if !r.Pass && r.Reason != NotListed {
			n++
		}
	}
	return n
}

// Partial is how many of this kit's ops the implementation lists, and of
// how many, when it lists fewer than all (CONF-4); nil otherwise.
func (j Judged) Partial() *Partial {
	if j.Identity.Says == nil {
		return nil
	}
	all := kitOps()
	listed := 0
	var left []string
	for _, k := range all {
		s, op, _ := strings.Cut(k, "/")
		if j.Identity.Lists(s, op) {
			listed++
		} else {
			left = append(left, k)
		}
	}
	if listed == len(all) {
		return nil
	}
	return &Partial{Listed: listed, Of: len(all), NotListed: left}
}

// Partial is a port that lists only some ops (CONF-4).
type Partial struct {
	Listed    int      `json:"listed"`
	Of        int      `json:"of"`
	NotListed []string `json:"notListed"`
}

// Run sends every case to impl and judges the answers (RunNamed without the
// identity).
func Run(ctx context.Context, impl Impl, cases []vectors.Runnable) ([]Result, error) {
	j := RunNamed(ctx, impl, cases)
	return j.Results, j.Err
}

// RunNamed sends Hello first, then the cases of the ops the implementation
// implements, and judges the answers (IMPL-2, IMPL-3).
func RunNamed(ctx context.Context, impl Impl, cases []vectors.Runnable) Judged {
	return RunRequiring(ctx, impl, cases, nil)
}

// RunRequiring is RunNamed for a run that demands the ops require names (a
// scheme or scheme/op each): one the implementation does not list fails
// the run (CONF-4).
func RunRequiring(ctx context.Context, impl Impl, cases []vectors.Runnable, require []string) Judged {
	r := newRunState(cases)
	j := Judged{Label: impl.Name()}
	var planErr error
	answered := false
	plan := func(resp []byte) [][]byte {
		answered = true
		j.Identity = identify(resp)
		if j.Identity.Problem != "" {
			return nil // the run fails as a whole: no case is sent
		}
		var lines [][]byte
		lines, planErr = r.plan(j.Identity)
		return lines
	}
	runErr := converse(ctx, impl, Hello, plan, r.answer)
	st := (*Stopped)(nil)
	stopped := errors.As(runErr, &st)
	if stopped {
		runErr = fmt.Errorf("%s: %v while waiting for the answer to %s (%d of %d requests answered); its process group was ended",
			st.Label, st.Cause, r.waitingFor(st.Answered), st.Answered, st.Sent)
	}
	if planErr != nil {
		return Judged{Label: j.Label, Err: planErr}
	}
	switch {
	case !answered:
		if !stopped {
			runErr = fmt.Errorf("the run fails as a whole, as the implementation request got no answer: %v", runErr)
		}
		return Judged{Label: j.Label, Identity: Identity{Problem: noAnswer}, Whole: true, Err: runErr}
	case j.Identity.Problem != "":
		return Judged{Label: j.Label, Identity: j.Identity, Whole: true,
			Err: fmt.Errorf("%s: the run fails as a whole: its answer to the implementation request is not valid: %s", j.Label, j.Identity.Problem)}
	}
	r.finish()
	j.Results = r.results
	j.Err = runErr
	j.Missing = missing(j.Identity, require)
	if j.Err == nil && len(j.Missing) > 0 {
		j.Err = fmt.Errorf("%s: %s", j.Label, requiredWords(j.Missing))
	}
	return j
}

// noAnswer is the problem of an implementation that ended, or was ended,
// without answering the implementation request.
const noAnswer = "none came"

// missing lists the ops of this kit that the patterns of require name and
// the implementation does not list. An implementation that names nothing is
// sent every case (IMPL-3), so it lacks none.
func missing(id Identity, require []string) []string {
	if id.Says == nil {
		return nil
	}
	var out []string
	for _, k := range kitOps() {
		s, op, _ := strings.Cut(k, "/")
		for _, p := range require {
			if (p == s || p == k) && !id.Lists(s, op) {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// runState follows the cases of one run while their answers arrive.
type runState struct {
	cases    []vectors.Runnable
	results  []Result
	acc      map[int]*accState
	answered []int
	sent     []bool
	slots    []slot // the case and request number of each line sent
}

type slot struct {
	caseIdx, req int
}

func newRunState(cases []vectors.Runnable) *runState {
	r := &runState{cases: cases, results: make([]Result, len(cases)), acc: map[int]*accState{},
		answered: make([]int, len(cases)), sent: make([]bool, len(cases))}
	for i, c := range cases {
		r.results[i] = Result{Name: c.Name, Scheme: c.Scheme, Op: c.Op, Comment: c.Comment, Flags: c.Flags, Pass: true}
		if c.Accumulate != nil {
			r.acc[i] = &accState{hasher: vectors.NewHasher(), bad: -1}
		}
	}
	return r
}

// waitingFor names the request a run that stopped after answered responses
// was waiting for: the implementation request, then the cases in the order
// sent.
func (r *runState) waitingFor(answered int) string {
	if answered == 0 || answered > len(r.slots) {
		return "the implementation request"
	}
	s := r.slots[answered-1]
	c := r.cases[s.caseIdx]
	if c.Accumulate != nil {
		return fmt.Sprintf("case %s (request %d of %d)", escape.Quoted(c.Name), s.req, c.Accumulate.Count)
	}
	return "case " + escape.Quoted(c.Name)
}

// plan marks the cases not to send and returns the lines of the others.
func (r *runState) plan(id Identity) ([][]byte, error) {
	var lines [][]byte
	for ci, c := range r.cases {
		if reason := skipped(id, c); reason != "" {
			r.results[ci].Pass, r.results[ci].NotImpl, r.results[ci].Reason = false, true, reason
			continue
		}
		r.sent[ci] = true
		if c.Accumulate == nil {
			lines = append(lines, c.Line)
			r.slots = append(r.slots, slot{ci, 0})
			continue
		}
		for i := range c.Accumulate.Count {
			line, err := accLine(c, i)
			if err != nil {
				return nil, err
			}
			lines = append(lines, line)
			r.slots = append(r.slots, slot{ci, i})
		}
	}
	return lines, nil
}

func (r *runState) fail(ci int, format string, args ...any) {
	if r.results[ci].Pass && !r.results[ci].NotImpl {
		r.results[ci].Pass = false
		r.results[ci].Detail = fmt.Sprintf(format, args...)
	}
}

// answer takes the response to line i.
func (r *runState) answer(i int, resp []byte) {
	s := r.slots[i]
	c := r.cases[s.caseIdx]
	res := &r.results[s.caseIdx]
	r.answered[s.caseIdx]++
	if c.Accumulate == nil {
		if d, notImpl := judge(c, resp); notImpl {
			res.NotImpl, res.Pass = true, false
		} else if d != "" {
			r.fail(s.caseIdx, "%s", d)
			if c.Error == "" && !c.Protocol {
				got := outputIn(resp)
				res.Where = locate(c, got)
				if c.Scheme == scheme.PokerHMACV1 && c.Op == "hand" {
					res.Trace = cardTrace(c, got)
				}
			}
		}
		return
	}
	a := r.acc[s.caseIdx]
	if a.bad >= 0 {
		return // the case has failed at its first bad request: the rest is only counted
	}
	out, notImpl, err := outputOf(resp, accID(c, s.req))
	switch {
	case notImpl:
		res.NotImpl, res.Pass = true, false
	case err != nil:
		if a.bad < 0 {
			a.bad, a.detail = s.req, err.Error()
		}
	default:
		b, err := canon.Compact(out)
		if err == nil {
			err = a.hasher.Add(out)
		}
		if err != nil && a.bad < 0 {
			a.bad, a.detail = s.req, err.Error()
		}
		a.outputs = append(a.outputs, b)
	}
}

// finish judges what only the whole run shows: cases not answered, bulk
// cases, and the trace of a failure.
func (r *runState) finish() {
	for i, c := range r.cases {
		want := 1
		if c.Accumulate != nil {
			want = c.Accumulate.Count
		}
		if r.results[i].NotImpl {
			continue
		}
		if !r.sent[i] || r.answered[i] < want {
			r.fail(i, "no response (%d of %d answered)", r.answered[i], want)
			continue
		}
		if c.Accumulate != nil {
			judgeAccumulated(c, r.acc[i], &r.results[i])
		} else if !r.results[i].Pass && c.Error == "" && !c.Protocol {
			if c.Op == "match" && r.results[i].Where != "" {
				continue // the where line shows the draw itself, past the seat order a trace can reach
			}
			if t := traceFor(c.Scheme, c.Op, requestInput(c.Line)); t != "" {
				r.results[i].Trace = t
			}
		}
	}
}

// skipped is why a case is not sent: its op is not one the implementation
// lists, or it tests an exchange the implementation does not answer; "" when
// it is sent.
func skipped(id Identity, c vectors.Runnable) string {
	switch {
	case c.Protocol && c.Op == "implementation" && id.Says == nil:
		return NoExchange
	case c.Protocol:
		return ""
	case !id.Lists(c.Scheme, c.Op):
		return NotListed
	}
	return ""
}

func accID(c vectors.Runnable, i int) string { return c.Name + "~" + strconv.Itoa(i) }

// accLine is request i of an accumulated case, as sent.
func accLine(c vectors.Runnable, i int) ([]byte, error) {
	scheme, op, input, err := vectors.Expand(c.Accumulate.Recipe, i)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", c.Name, err)
	}
	return requestLine(accID(c, i), scheme, op, input)
}

// requestLine writes a request with its envelope in the spec's order, id,
// scheme, op, input, so that it reads well and pastes into pfkit eval.
func requestLine(id, scheme, op string, input any) ([]byte, error) {
	in, err := canon.Compact(input)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for i, s := range []string{id, scheme, op} {
		q, _ := json.Marshal(s)
		b.WriteString([]string{`{"id":`, `,"scheme":`, `,"op":`}[i])
		b.Write(q)
	}
	b.WriteString(`,"input":`)
	b.Write(in)
	b.WriteString("}")
	return []byte(b.String()), nil
}

// judgeAccumulated decides an accumulated case once every answer is in. On a
// failure it names the first request that went wrong, as a line pfkit eval
// answers, with the reference's output for it.
func judgeAccumulated(c vectors.Runnable, a *accState, r *Result) {
	n := c.Accumulate.Count
	bad, detail := a.bad, a.detail
	if bad < 0 {
		exp, _ := c.Expect.(strictjson.Object)
		if got := a.hasher.Sum(); exp["digest"] == got {
			return
		}
		// The digest differs: compare output by output with the reference.
		for i, b := range a.outputs {
			line, _ := accLine(c, i)
			want := referenceOutput(line)
			got, err := strictjson.Parse(b, responseLimits)
			if err != nil {
				continue
			}
			if d := DiffOrdered(c.Scheme, c.Op, want, got); d != "" {
				bad, detail = i, d
				r.Where = locate(vectors.Runnable{Scheme: c.Scheme, Op: c.Op, Line: line, Expect: want}, got)
				break
			}
		}
		if bad < 0 {
			exp, _ := c.Expect.(strictjson.Object)
			r.Pass = false
			r.Detail = fmt.Sprintf("digest of %d outputs: expected %v, found %s; yet every output equals this pfkit's own answer, so the vector file and this pfkit disagree (regenerate the vectors or update pfkit)", n, exp["digest"], a.hasher.Sum())
			return
		}
	}
	line, _ := accLine(c, bad)
	r.Pass = false
	r.Detail = fmt.Sprintf("request %d of %d is the first to go wrong: %s", bad, n, detail)
	r.Request = string(line)
	r.Expected = string(referenceJSON(line))
	if c.Op != "match" || r.Where == "" {
		r.Trace = traceFor(c.Scheme, c.Op, requestInput(line))
	}
}

// referenceJSON is the reference's output for a request line, its members in
// the spec's order (or its error).
func referenceJSON(line []byte) []byte {
	resp := ops.Eval(line)
	var b []byte
	if resp.Error != nil {
		b, _ = json.Marshal(map[string]any{"error": resp.Error})
	} else {
		b, _ = json.Marshal(resp.Output)
	}
	return b
}

// referenceOutput is referenceJSON parsed.
func referenceOutput(line []byte) any {
	v, _ := strictjson.Parse(referenceJSON(line), responseLimits)
	return v
}

func requestInput(line []byte) strictjson.Object {
	v, err := strictjson.Parse(line, strictjson.Default)
	if err != nil {
		return nil
	}
	o, _ := v.(strictjson.Object)
	in, _ := o["input"].(strictjson.Object)
	return in
}

// traceFor returns a trace request over the input of a failing case, which
// shows the computation stage by stage: for selfpoker_v1 the permutation behind
// the deal (TRACE-2), for match_seed_v2 the program draw by draw (TRACE-1), or
// for a match its first stage, the seat order. "" when the op has no trace or
// the input is beyond a trace's bounds.
func traceFor(schemeID, op string, in strictjson.Object) string {
	if in == nil {
		return ""
	}
	var input map[string]any
	switch {
	case schemeID == scheme.SelfPokerV1 && (op == "deal" || op == "permutation"):
		n := any(json.Number("52"))
		if op == "permutation" {
			n = in["n"]
		}
		input = map[string]any{"seed": in["seed"], "n": n}
	case schemeID == scheme.MatchSeedV2 && op == "draws":
		if !traceable(in["program"]) {
			return ""
		}
		input = map[string]any{}
		for k, v := range in {
			input[k] = v
		}
	case schemeID == scheme.MatchSeedV2 && op == "match":
		// The seat order is the match's first stage: shuffle(P) on its stream.
		seeds, _ := in["clientSeeds"].([]any)
		if len(seeds) == 0 || len(seeds) > ops.MaxTraceShuffle {
			return ""
		}
		input = map[string]any{"serverSeed": in["serverSeed"], "game": in["game"], "matchId": in["matchId"], "clientSeeds": seeds,
			"program": []any{map[string]any{"op": "shuffle", "n": len(seeds)}}}
	default:
		return ""
	}
	b, err := requestLine("trace", schemeID, "trace", input)
	if err != nil {
		return ""
	}
	return string(b)
}

// traceable reports whether a draws program fits the trace op's bounds.
func traceable(p any) bool {
	steps, _ := p.([]any)
	if len(steps) == 0 || len(steps) > ops.MaxTraceProgram {
		return false
	}
	for _, s := range steps {
		o, _ := s.(strictjson.Object)
		if o["op"] == "shuffle" {
			n, ok := o["n"].(json.Number)
			if v, err := n.Int64(); !ok || err != nil || v > ops.MaxTraceShuffle {
				return false
			}
		}
	}
	return true
}

// outputOf checks a response's id and returns its output; notImpl is set when
// the implementation answered not_implemented.
func outputOf(resp []byte, id string) (out any, notImpl bool, err error) {
	v, err := strictjson.Parse(resp, responseLimits)
	if err != nil {
		return nil, false, fmt.Errorf("response is not one JSON object: %v", err)
	}
	o, ok := v.(strictjson.Object)
	if !ok {
		return nil, false, fmt.Errorf("response is %s, not an object", strictjson.TypeName(v))
	}
	if o["id"] != id {
		return nil, false, fmt.Errorf("response id %s, expected %s (responses must come in request order)", theirs(o["id"]), escape.Quoted(id))
	}
	if e, bad := o["error"]; bad {
		if isNotImplemented(e) {
			return nil, true, nil
		}
		return nil, false, fmt.Errorf("expected an output, found error %v", theirs(e))
	}
	out, ok = o["output"]
	if !ok {
		return nil, false, fmt.Errorf("response has neither output nor error")
	}
	return out, false, nil
}

// outputIn is the output of a response, nil when it has none.
func outputIn(resp []byte) any {
	v, _ := strictjson.Parse(resp, responseLimits)
	o, _ := v.(strictjson.Object)
	return o["output"]
}

func isNotImplemented(e any) bool {
	eo, _ := e.(strictjson.Object)
	return eo["code"] == NotImplemented
}

func judge(c vectors.Runnable, resp []byte) (detail string, notImpl bool) {
	v, err := strictjson.Parse(resp, responseLimits)
	if err != nil {
		return fmt.Sprintf("response is not one JSON object: %v", err), false
	}
	o, ok := v.(strictjson.Object)
	if !ok {
		return fmt.Sprintf("response is %s, not an object", strictjson.TypeName(v)), false
	}
	if c.Protocol {
		if !idMatches(o["id"], c.ResponseID) {
			return fmt.Sprintf("response id: expected %s, found %s", showID(c.ResponseID), theirs(o["id"])), false
		}
	} else if o["id"] != c.Name {
		return fmt.Sprintf("response id: expected %s, found %s (responses must come in request order)", escape.Quoted(c.Name), theirs(o["id"])), false
	}
	_, hasOut := o["output"]
	e, hasErr := o["error"]
	if hasOut == hasErr {
		return "a response carries exactly one of output and error", false
	}
	if hasErr && isNotImplemented(e) {
		return "", true
	}
	if c.Error != "" {
		if !hasErr {
			return fmt.Sprintf("expected error %s, found output %s", c.Error, theirs(o["output"])), false
		}
		eo, _ := e.(strictjson.Object)
		if eo["code"] != c.Error {
			return fmt.Sprintf("expected error %s, found error %s (%s)", c.Error, theirs(eo["code"]), theirText(eo["message"])), false
		}
		return "", false
	}
	if hasErr {
		eo, _ := e.(strictjson.Object)
		return fmt.Sprintf("expected an output, found error %s: %s", theirText(eo["code"]), theirText(eo["message"])), false
	}
	if c.Protocol {
		return protocolOutput(c, o["output"]), false
	}
	return DiffOrdered(c.Scheme, c.Op, c.Expect, o["output"]), false
}

// protocolOutput judges the output of a protocol case answered with one:
// the vector's output, or for the implementation request, which each
// implementation answers with its own name, the schema of that answer
// (IMPL-1). "" when it holds.
func protocolOutput(c vectors.Runnable, out any) string {
	if c.Expect != nil {
		return Diff(c.Expect, out)
	}
	set, err := record.Schemas()
	if err != nil {
		return err.Error()
	}
	if err := set.Validate("implementation_response_v1.json", strictjson.Object{"id": helloID, "output": out}); err != nil {
		return "output: not an answer to the implementation request: " + err.Error()
	}
	return ""
}

func idMatches(got any, want *string) bool {
	if want == nil {
		return got == nil
	}
	return got == *want
}

func showID(s *string) string {
	if s == nil {
		return "null"
	}
	return escape.Quoted(*s)
}

func compactString(v any) string {
	b, err := canon.Compact(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// MaxShown is how many bytes of a value an implementation sent (an id, a
// code, a message, an output) a report shows, in text, JSON and HTML alike
// (CONF-2): the rest is cut, and its size given, so that no answer can
// blow a report up, and a run holds no more than this of each.
const MaxShown = 256

// theirs is a value an implementation sent, as compact JSON, cut to
// MaxShown bytes.
func theirs(v any) string { return cutTheirs(compactString(v)) }

// theirText is theirs for a value expected to be text: a string is shown as
// it is, without quotes.
func theirText(v any) string {
	if s, ok := v.(string); ok {
		return cutTheirs(s)
	}
	return theirs(v)
}

// cutTheirs cuts s after MaxShown bytes, at the start of a character, and
// says how long it was: "…… (4194304 bytes in all)".
func cutTheirs(s string) string {
	if len(s) <= MaxShown {
		return s
	}
	cut := MaxShown
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d bytes in all)", s[:cut], len(s))
}

// Diff compares two parsed JSON values exactly and describes the first
// difference by its path; "" when equal. Members of objects are visited in
// sorted order; DiffOrdered follows an op's own order.
func Diff(want, got any) string { return diff("output", "", nil, want, got) }

// DiffOrdered is Diff visiting the members of an op's output in the order the
// spec's op table lists them (section 10.1, scheme.OutputOrder), which is the
// order they are computed in, so that the first difference found is the root
// cause: a wrong draw shows at results[0] before counter, a wrong deck at
// deck[0] before board. Members it does not list come after, sorted. Numbers
// compare by their written form.
func DiffOrdered(id, op string, want, got any) string {
	return diff("output", "", func(at string) []string { return scheme.OutputOrder(id + "/" + op + at) }, want, got)
}

// diff walks want; at is the chain of member names that led here, without
// array indexes, which names the object for order.
func diff(path, at string, order func(string) []string, want, got any) string {
	switch w := want.(type) {
	case strictjson.Object:
		g, ok := got.(strictjson.Object)
		if !ok {
			return fmt.Sprintf("%s: expected an object, found %s", path, theirs(got))
		}
		for _, k := range memberOrder(w, order, at) {
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%s.%s: missing", path, k)
			}
			if d := diff(path+"."+k, at+"."+k, order, w[k], gv); d != "" {
				return d
			}
		}
		var extra []string
		for k := range g {
			if _, ok := w[k]; !ok {
				extra = append(extra, k)
			}
		}
		if len(extra) > 0 {
			sort.Strings(extra)
			return fmt.Sprintf("%s.%s: unexpected member", path, cutTheirs(extra[0]))
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Sprintf("%s: expected an array, found %s", path, theirs(got))
		}
		for i := 0; i < len(w) && i < len(g); i++ {
			if d := diff(path+"["+strconv.Itoa(i)+"]", at, order, w[i], g[i]); d != "" {
				return d
			}
		}
		if len(w) != len(g) {
			return fmt.Sprintf("%s: expected %d elements, found %d", path, len(w), len(g))
		}
		return ""
	case json.Number:
		if g, ok := got.(json.Number); !ok || g != w {
			return fmt.Sprintf("%s: expected %s, found %s", path, w, theirs(got))
		}
		return ""
	}
	if want != got {
		return fmt.Sprintf("%s: expected %s, found %s", path, compactString(want), theirs(got))
	}
	return ""
}

// memberOrder lists an object's members: those the order names first, in that
// order, then the rest sorted.
func memberOrder(w strictjson.Object, order func(string) []string, at string) []string {
	var first []string
	if order != nil {
		first = order(at)
	}
	seen := map[string]bool{}
	keys := make([]string, 0, len(w))
	for _, k := range first {
		if _, ok := w[k]; ok && !seen[k] {
			keys = append(keys, k)
			seen[k] = true
		}
	}
	var rest []string
	for k := range w {
		if !seen[k] {
			rest = append(rest, k)
		}
	}
	sort.Strings(rest)
	return append(keys, rest...)
}

// Matrix prints one row per scheme and op, with the cases passed, failed and not
// implemented, then the failures (at most maxFailures of them, all when
// negative) and the ops not implemented. It returns the number of cases that
// did not pass: failures and cases not implemented.
func Matrix(w io.Writer, impl string, results []Result, maxFailures int) int {
	fmt.Fprintln(w, words.Text("cli.conform.implementation", "label", safe(impl)))
	matrix(w, results, maxFailures)
	return Judged{Results: results}.Failed()
}

// MatrixOf is Matrix for a run that began with Hello: the header also says
// what the implementation said of itself (IMPL-2) and whether it is partial
// (CONF-4). It returns the number of cases that fail the run (Failed), or 1
// when the run failed as a whole.
func MatrixOf(w io.Writer, j Judged, maxFailures int) int {
	fmt.Fprintln(w, words.Text("cli.conform.implementation", "label", safe(j.Label)))
	fmt.Fprintln(w, words.Text("cli.conform.says", "identity", safe(j.Identity.String())))
	if j.Whole {
		fmt.Fprintln(w, wholeFailure)
		return 1
	}
	if p := j.Partial(); p != nil {
		fmt.Fprintln(w, safe(p.String()))
	}
	if len(j.Missing) > 0 {
		fmt.Fprintln(w, safe(requiredWords(j.Missing)))
	}
	matrix(w, j.Results, maxFailures)
	return j.Failed()
}

// requiredWords is the line of ops --require names and the implementation
// does not list.
func requiredWords(missing []string) string {
	return words.Text("cli.conform.required", "ops", strings.Join(missing, ", "))
}

// wholeFailure is the line of a run that failed as a whole (IMPL-3).
var wholeFailure = words.Text("cli.conform.whole")

// String is the line that says a port is partial.
func (p *Partial) String() string {
	return words.Text("cli.conform.partial", "listed", p.Listed, "of", p.Of, "ops", strings.Join(p.NotListed, ", "))
}

// Row is one scheme/op of a matrix.
type Row struct {
	Key                 string // scheme/op
	Pass, Fail, NotImpl int
	Failures            []Result
	Answered, NotSent   int    // of NotImpl: answered not_implemented, and not sent
	Reason              string // why the cases not sent were not sent
}

// Rows counts results by scheme and op, sorted.
func Rows(results []Result) []*Row {
	rows := map[string]*Row{}
	var keys []string
	for _, r := range results {
		k := r.Scheme + "/" + r.Op
		if rows[k] == nil {
			rows[k] = &Row{Key: k}
			keys = append(keys, k)
		}
		row := rows[k]
		switch {
		case r.Pass:
			row.Pass++
		case r.NotImpl && r.Reason != "":
			row.NotImpl++
			row.NotSent++
			row.Reason = r.Reason
		case r.NotImpl:
			row.NotImpl++
			row.Answered++
		default:
			row.Fail++
			row.Failures = append(row.Failures, r)
		}
	}
	sort.Strings(keys)
	out := make([]*Row, len(keys))
	for i, k := range keys {
		out[i] = rows[k]
	}
	return out
}

func matrix(w io.Writer, results []Result, maxFailures int) {
	rows := Rows(results)
	fmt.Fprintf(w, "%-36s %7s %7s %16s\n", words.Text("cli.conform.column.op"), words.Text("cli.conform.column.passed"),
		words.Text("cli.conform.column.failed"), words.Text("cli.conform.column.not_implemented"))
	var tp, tf, tn int
	var failures []Result
	for _, r := range rows {
		mark := ""
		if r.Fail > 0 {
			mark = "  <-"
		}
		fmt.Fprintf(w, "%-36s %7d %7d %16d%s\n", safe(r.Key), r.Pass, r.Fail, r.NotImpl, mark)
		tp += r.Pass
		tf += r.Fail
		tn += r.NotImpl
		failures = append(failures, r.Failures...)
	}
	fmt.Fprintf(w, "%-36s %7d %7d %16d\n", words.Text("cli.conform.total"), tp, tf, tn)
	for i, f := range failures {
		if maxFailures >= 0 && i >= maxFailures {
			fmt.Fprintln(w, words.Text("cli.conform.more_failures", "n", len(failures)-i))
			break
		}
		writeFailure(w, f)
	}
	notImplemented(w, rows)
	fmt.Fprintln(w, words.Text("cli.conform.totals", "passed", tp, "failed", tf, "not_implemented", tn))
}

// notImplemented lists the ops not implemented apart from the failures: those
// answered not_implemented, then those not sent and why (IMPL-2, IMPL-3).
func notImplemented(w io.Writer, rows []*Row) {
	answered := false
	for _, r := range rows {
		if r.Answered > 0 {
			if !answered {
				fmt.Fprintln(w, words.Text("cli.conform.answered", "code", NotImplemented))
				answered = true
			}
			fmt.Fprintln(w, words.Text("cli.conform.answered_op", "op", safe(r.Key), "n", r.Answered, "of", r.Pass+r.Fail+r.NotImpl))
		}
	}
	notSent := false
	for _, r := range rows {
		if r.NotSent > 0 {
			if !notSent {
				fmt.Fprintln(w, words.Text("cli.conform.not_sent"))
				notSent = true
			}
			fmt.Fprintln(w, words.Text("cli.conform.not_sent_op", "op", safe(r.Key), "n", r.NotSent, "of", r.Pass+r.Fail+r.NotImpl, "reason", r.Reason))
		}
	}
}

// writeFailure prints one failure: the case, why it exists, what differs, and
// lines to paste into pfkit eval to look closer.
func writeFailure(w io.Writer, f Result) {
	head := "FAIL " + safe(f.Name)
	if f.Comment != "" {
		head += ": " + safe(f.Comment)
	}
	if len(f.Flags) > 0 {
		head += " [" + safe(strings.Join(f.Flags, ", ")) + "]"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintf(w, "     %s\n", safe(f.Detail))
	if f.Request != "" {
		fmt.Fprintln(w, words.Text("cli.conform.failure.request", "request", safe(f.Request)))
		if f.Expected != "" {
			fmt.Fprintln(w, words.Text("cli.conform.failure.expected", "expected", safe(clipLong(f.Expected))))
		}
	}
	if f.Where != "" {
		fmt.Fprintln(w, words.Text("cli.conform.failure.where", "where", safe(f.Where)))
	}
	if f.Trace != "" {
		fmt.Fprintln(w, words.Text("cli.conform.failure.trace", "trace", safe(f.Trace)))
		fmt.Fprintln(w, words.Text("cli.conform.failure.trace_note"))
	}
}

// clipLong shortens a long expected output: pfkit eval prints it whole.
func clipLong(s string) string {
	if len(s) > 2000 {
		return words.Text("cli.conform.clipped", "text", s[:2000])
	}
	return s
}

// safe escapes what a terminal would interpret: control characters and other
// non-graphic runes in names and comments that come from vector files.
func safe(s string) string { return escape.Line(s) }
