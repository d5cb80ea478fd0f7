// Package schema validates JSON documents against the spec's JSON Schemas
// (spec/schemas, draft 2020-12) with a JSON Schema library, compiled once from
// the copies embedded in the binary: what checks vector files (VEC-1). Records
// are checked by the kit's own check of their schemas (package recordschema,
// SCH-1), which the library judges in that package's tests (SCH-3).
package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/pfkit/pfkit/v2"
)

const base = "https://pfkit.invalid/schemas/"

// Set is every schema of spec/schemas, compiled.
type Set struct {
	compiled map[string]*jsonschema.Schema
	dateTime func(string) bool
}

// Load compiles every schema. dateTime decides the "date-time" format, so that
// the schemas and the code that reads the times agree on what RFC 3339 allows
// (decision D-23); the library's own, looser check is never used.
func Load(dateTime func(string) bool) (*Set, error) {
	if dateTime == nil {
		return nil, fmt.Errorf("schema.Load: a date-time checker is required")
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	c.Formats["date-time"] = func(v any) bool {
		s, ok := v.(string)
		return !ok || dateTime(s)
	}
	entries, err := fs.ReadDir(pfkit.Schemas, "spec/schemas")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		data, err := fs.ReadFile(pfkit.Schemas, path.Join("spec/schemas", e.Name()))
		if err != nil {
			return nil, err
		}
		if err := c.AddResource(base+e.Name(), bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("%s: %v", e.Name(), err)
		}
		names = append(names, e.Name())
	}
	set := &Set{compiled: map[string]*jsonschema.Schema{}, dateTime: dateTime}
	for _, n := range names {
		s, err := c.Compile(base + n)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", n, err)
		}
		set.compiled[n] = s
	}
	return set, nil
}

// Names lists the schemas, such as "vectors_v1.json", sorted.
func (set *Set) Names() []string {
	var out []string
	for n := range set.compiled {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Validate checks a parsed document (maps, slices, json.Number, strings, bools,
// nil) against the named schema. The error lists every violation with its place.
func (set *Set) Validate(name string, doc any) error {
	s, ok := set.compiled[name]
	if !ok {
		return fmt.Errorf("no schema named %s in spec/schemas", name)
	}
	long := map[string]replaced{}
	doc, err := set.bounded(doc, nil, long)
	if err != nil {
		return err
	}
	if err := s.Validate(doc); err != nil {
		if ve, ok := err.(*jsonschema.ValidationError); ok {
			// The library visits properties in map order; sorting the
			// complaints gives the same message every time.
			all := leaves(ve, long, nil)
			sort.Strings(all)
			if len(all) > maxComplaints {
				all = all[:maxComplaints]
			}
			return fmt.Errorf("not valid against %s: %s", name, strings.Join(all, "; "))
		}
		return err
	}
	return nil
}

// maxComplaints bounds how many complaints a message lists.
const maxComplaints = 5

// leaves lists the innermost causes, the ones that name the offending value,
// as "at /cases/3/input/seed: does not match pattern …". A complaint about a
// number given to the library as a stand-in names the number as written.
func leaves(ve *jsonschema.ValidationError, long map[string]replaced, out []string) []string {
	if len(ve.Causes) == 0 {
		loc, msg := ve.InstanceLocation, ve.Message
		if r, ok := long[loc]; ok {
			msg = r.restore(msg)
		}
		if loc == "" {
			loc = "/"
		}
		return append(out, "at "+loc+": "+msg)
	}
	for _, c := range ve.Causes {
		out = leaves(c, long, out)
	}
	return out
}

// MaxDigits is the longest integer, in characters, that the library is given
// as written. The library reads every number it checks into a big.Rat, which
// takes time growing with the square of its length; a record under the 16 MiB
// limit could hold a number of sixteen million digits (LIM-1).
const MaxDigits = 40

// bounded returns doc with every long value replaced by a short stand-in that
// gets the same verdict from every schema in spec/schemas, and records the
// original under the library's location of the value:
//
//   - an integer written in more than MaxDigits characters becomes
//     ±10^MaxDigits, with its sign. No schema bounds a number or names one
//     as large as 10^(MaxDigits-1), and none asks for uniqueItems or
//     multipleOf, so every keyword compares the stand-in with a schema's
//     literal exactly as it compares the number.
//
// A test checks these properties of every schema. Objects and arrays are
// copied only on the way to a replaced value; a document without one comes
// back as it is.
func (set *Set) bounded(v any, path []string, long map[string]replaced) (any, error) {
	switch x := v.(type) {
	case json.Number:
		if len(x) <= MaxDigits {
			return v, nil
		}
		loc := strings.Join(path, "")
		digits := strings.TrimPrefix(string(x), "-")
		if strings.Trim(digits, "0123456789") != "" {
			return nil, fmt.Errorf("at %s: a number of %d characters with a fraction or an exponent; the validator reads such numbers only up to %d characters", orRoot(loc), len(x), MaxDigits)
		}
		r := replaced{orig: string(x), stand: standIn(string(x))}
		long[loc] = r
		return json.Number(r.stand), nil
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			if !mayChange(e) {
				continue
			}
			b, err := set.bounded(e, append(path, "/"+escape(k)), long)
			if err != nil {
				return nil, err
			}
			if out == nil && !same(b, e) {
				out = make(map[string]any, len(x))
				for k2, e2 := range x {
					out[k2] = e2
				}
			}
			if out != nil {
				out[k] = b
			}
		}
		if out != nil {
			return out, nil
		}
	case []any:
		var out []any
		for i, e := range x {
			if !mayChange(e) {
				continue
			}
			b, err := set.bounded(e, append(path, "/"+strconv.Itoa(i)), long)
			if err != nil {
				return nil, err
			}
			if out == nil && !same(b, e) {
				out = append([]any(nil), x...)
			}
			if out != nil {
				out[i] = b
			}
		}
		if out != nil {
			return out, nil
		}
	}
	return v, nil
}

// mayChange skips, without building its location, a value bounded keeps.
func mayChange(v any) bool {
	switch x := v.(type) {
	case json.Number:
		return len(x) > MaxDigits
	case map[string]any, []any:
		return true
	}
	return false
}

// same reports whether bounded returned e itself: objects and arrays by
// identity, numbers by their text.
func same(b, e any) bool {
	switch x := e.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		return ok && reflect.ValueOf(x).UnsafePointer() == reflect.ValueOf(y).UnsafePointer()
	case []any:
		y, ok := b.([]any)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	case json.Number:
		y, ok := b.(json.Number)
		return ok && x == y
	}
	return true
}

// replaced is a number given to the library as a stand-in.
type replaced struct{ orig, stand string }

// restore writes the original value where a message names the stand-in.
func (r replaced) restore(msg string) string { return strings.ReplaceAll(msg, r.stand, r.orig) }

// standIn is ±10^MaxDigits, with the sign of n.
func standIn(n string) string {
	s := "1" + strings.Repeat("0", MaxDigits)
	if strings.HasPrefix(n, "-") {
		return "-" + s
	}
	return s
}

// escape writes an object key as the library does in an instance location.
func escape(token string) string {
	token = strings.ReplaceAll(token, "~", "~0")
	token = strings.ReplaceAll(token, "/", "~1")
	return url.PathEscape(token)
}

func orRoot(loc string) string {
	if loc == "" {
		return "/"
	}
	return loc
}
