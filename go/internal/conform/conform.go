package conform

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/pfkit/pfkit/go/internal/canon"
	"github.com/pfkit/pfkit/go/internal/strictjson"
	"github.com/pfkit/pfkit/go/internal/vectors"
)

// Result is the verdict on one case.
type Result struct {
	Name   string
	Scheme string
	Op     string
	Pass   bool
	Detail string // what was expected and what was found, for a failure
}

// responseLimits bound what an implementation may answer with.
var responseLimits = strictjson.Limits{MaxBytes: maxResponse, MaxDepth: 64}

// Run sends every case to impl and judges the answers.
func Run(ctx context.Context, impl Impl, cases []vectors.Runnable) ([]Result, error) {
	type slot struct {
		caseIdx int
		reqID   string
	}
	var lines [][]byte
	var slots []slot
	for ci, c := range cases {
		if c.Accumulate == nil {
			lines = append(lines, c.Line)
			slots = append(slots, slot{ci, c.Name})
			continue
		}
		for i := range c.Accumulate.Count {
			scheme, op, input, err := vectors.Expand(c.Accumulate.Recipe, i)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", c.Name, err)
			}
			id := c.Name + "~" + strconv.Itoa(i)
			line, err := canon.Compact(map[string]any{"id": id, "scheme": scheme, "op": op, "input": input})
			if err != nil {
				return nil, err
			}
			lines = append(lines, line)
			slots = append(slots, slot{ci, id})
		}
	}
	results := make([]Result, len(cases))
	hashers := map[int]*vectors.Hasher{}
	answered := make([]int, len(cases))
	for i, c := range cases {
		results[i] = Result{Name: c.Name, Scheme: c.Scheme, Op: c.Op, Pass: true}
		if c.Accumulate != nil {
			hashers[i] = vectors.NewHasher()
		}
	}
	fail := func(ci int, format string, args ...any) {
		if results[ci].Pass {
			results[ci].Pass = false
			results[ci].Detail = fmt.Sprintf(format, args...)
		}
	}
	runErr := impl.Run(ctx, lines, func(i int, resp []byte) {
		s := slots[i]
		c := cases[s.caseIdx]
		answered[s.caseIdx]++
		if c.Accumulate != nil {
			out, err := outputOf(resp, s.reqID)
			if err != nil {
				fail(s.caseIdx, "request %s: %v", s.reqID, err)
				return
			}
			if err := hashers[s.caseIdx].Add(out); err != nil {
				fail(s.caseIdx, "request %s: %v", s.reqID, err)
			}
			return
		}
		if d := judge(c, resp); d != "" {
			fail(s.caseIdx, "%s", d)
		}
	})
	for i, c := range cases {
		want := 1
		if c.Accumulate != nil {
			want = c.Accumulate.Count
		}
		if answered[i] < want {
			fail(i, "no response (%d of %d answered)", answered[i], want)
			continue
		}
		if c.Accumulate != nil && results[i].Pass {
			exp, _ := c.Expect.(strictjson.Object)
			if got := hashers[i].Sum(); exp["digest"] != got {
				fail(i, "digest of %d outputs: expected %v, found %s", want, exp["digest"], got)
			}
		}
	}
	return results, runErr
}

// outputOf checks a response's id and returns its output.
func outputOf(resp []byte, id string) (any, error) {
	v, err := strictjson.Parse(resp, responseLimits)
	if err != nil {
		return nil, fmt.Errorf("response is not one JSON object: %v", err)
	}
	o, ok := v.(strictjson.Object)
	if !ok {
		return nil, fmt.Errorf("response is %s, not an object", strictjson.TypeName(v))
	}
	if o["id"] != id {
		return nil, fmt.Errorf("response id %v, expected %q (responses must come in request order)", o["id"], id)
	}
	if e, bad := o["error"]; bad {
		return nil, fmt.Errorf("expected an output, found error %v", compactString(e))
	}
	out, ok := o["output"]
	if !ok {
		return nil, fmt.Errorf("response has neither output nor error")
	}
	return out, nil
}

func judge(c vectors.Runnable, resp []byte) string {
	v, err := strictjson.Parse(resp, responseLimits)
	if err != nil {
		return fmt.Sprintf("response is not one JSON object: %v", err)
	}
	o, ok := v.(strictjson.Object)
	if !ok {
		return fmt.Sprintf("response is %s, not an object", strictjson.TypeName(v))
	}
	if c.Protocol {
		if !idMatches(o["id"], c.ResponseID) {
			return fmt.Sprintf("response id: expected %s, found %s", showID(c.ResponseID), compactString(o["id"]))
		}
	} else if o["id"] != c.Name {
		return fmt.Sprintf("response id: expected %q, found %s (responses must come in request order)", c.Name, compactString(o["id"]))
	}
	_, hasOut := o["output"]
	e, hasErr := o["error"]
	if hasOut == hasErr {
		return "a response carries exactly one of output and error"
	}
	if c.Error != "" {
		if !hasErr {
			return fmt.Sprintf("expected error %s, found output %s", c.Error, clip(compactString(o["output"])))
		}
		eo, _ := e.(strictjson.Object)
		if eo["code"] != c.Error {
			return fmt.Sprintf("expected error %s, found error %s (%v)", c.Error, compactString(eo["code"]), eo["message"])
		}
		return ""
	}
	if hasErr {
		eo, _ := e.(strictjson.Object)
		return fmt.Sprintf("expected an output, found error %v: %v", eo["code"], eo["message"])
	}
	if c.Protocol {
		return ""
	}
	return Diff(c.Expect, o["output"])
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
	return strconv.Quote(*s)
}

func compactString(v any) string {
	b, err := canon.Compact(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// Diff compares two parsed JSON values exactly and describes the first
// difference by its path; "" when equal. Numbers compare by their written form.
func Diff(want, got any) string { return diff("output", want, got) }

func diff(path string, want, got any) string {
	switch w := want.(type) {
	case strictjson.Object:
		g, ok := got.(strictjson.Object)
		if !ok {
			return fmt.Sprintf("%s: expected an object, found %s", path, clip(compactString(got)))
		}
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			gv, ok := g[k]
			if !ok {
				return fmt.Sprintf("%s.%s: missing", path, k)
			}
			if d := diff(path+"."+k, w[k], gv); d != "" {
				return d
			}
		}
		for k := range g {
			if _, ok := w[k]; !ok {
				return fmt.Sprintf("%s.%s: unexpected member", path, k)
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Sprintf("%s: expected an array, found %s", path, clip(compactString(got)))
		}
		for i := 0; i < len(w) && i < len(g); i++ {
			if d := diff(path+"["+strconv.Itoa(i)+"]", w[i], g[i]); d != "" {
				return d
			}
		}
		if len(w) != len(g) {
			return fmt.Sprintf("%s: expected %d elements, found %d", path, len(w), len(g))
		}
		return ""
	case json.Number:
		if g, ok := got.(json.Number); !ok || g != w {
			return fmt.Sprintf("%s: expected %s, found %s", path, w, clip(compactString(got)))
		}
		return ""
	}
	if want != got {
		return fmt.Sprintf("%s: expected %s, found %s", path, compactString(want), clip(compactString(got)))
	}
	return ""
}

// Matrix prints one row per scheme (and op), with passed and failed counts, and
// the failures under it. It returns the number of failures.
func Matrix(w io.Writer, impl string, results []Result, maxFailures int) int {
	type row struct{ pass, fail int }
	rows := map[string]*row{}
	var keys []string
	var failures []Result
	for _, r := range results {
		k := r.Scheme + "/" + r.Op
		if rows[k] == nil {
			rows[k] = &row{}
			keys = append(keys, k)
		}
		if r.Pass {
			rows[k].pass++
		} else {
			rows[k].fail++
			failures = append(failures, r)
		}
	}
	sort.Strings(keys)
	fmt.Fprintf(w, "implementation: %s\n", impl)
	fmt.Fprintf(w, "%-36s %7s %7s\n", "scheme/op", "passed", "failed")
	var tp, tf int
	for _, k := range keys {
		r := rows[k]
		mark := ""
		if r.fail > 0 {
			mark = "  <-"
		}
		fmt.Fprintf(w, "%-36s %7d %7d%s\n", k, r.pass, r.fail, mark)
		tp += r.pass
		tf += r.fail
	}
	fmt.Fprintf(w, "%-36s %7d %7d\n", "total", tp, tf)
	for i, f := range failures {
		if maxFailures >= 0 && i >= maxFailures {
			fmt.Fprintf(w, "... and %d more failures (use --all)\n", len(failures)-i)
			break
		}
		fmt.Fprintf(w, "FAIL %s: %s\n", f.Name, f.Detail)
	}
	if tf == 0 {
		fmt.Fprintf(w, "%d passed, 0 failed\n", tp)
	} else {
		fmt.Fprintf(w, "%d passed, %d failed\n", tp, tf)
	}
	return tf
}
