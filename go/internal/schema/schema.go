// Package schema validates JSON documents against the spec's JSON Schemas
// (spec/schemas, draft 2020-12), compiled once from the copies embedded in the
// binary.
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

	"github.com/pfkit/pfkit"
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
		return fmt.Errorf("no schema named %q in spec/schemas", name)
	}
	long := map[string]replaced{}
	// The string stand-ins are sound for the record schemas only (the
	// vector and protocol schemas have other unbounded patterns), and only
	// records can be that long.
	doc, err := set.bounded(doc, nil, long, strings.HasPrefix(name, "record_"))
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

// MaxString is the longest string the library is given as written. Its
// regular expressions take time in proportion to a string's length, but at
// tens of nanoseconds a character: a sixteen-million-digit seed would take
// most of a second.
const MaxString = 100

// bounded returns doc with every long value replaced by a short stand-in that
// gets the same verdict from every schema in spec/schemas, and records the
// original under the library's location of the value:
//
//   - an integer written in more than MaxDigits characters becomes
//     ±10^MaxDigits, with its sign. No schema bounds a number or names one
//     as large as 10^(MaxDigits-1), and none asks for uniqueItems or
//     multipleOf, so every keyword compares the stand-in with a schema's
//     literal exactly as it compares the number.
//   - in a record, a string of more than MaxString bytes that is not a
//     date-time becomes MaxString+1 characters: "1" and zeros when it is a
//     decimal number with no leading zero, else "x"s. Every pattern in the
//     record schemas either allows at most 64 characters or asks for exactly
//     that form of decimal number, every literal is shorter, and the only
//     format is date-time, so no keyword tells the string from its stand-in.
//     Date-times are checked by the set's date-time checker, which is linear
//     and fast.
//
// A test checks these properties of every schema. Objects and arrays are
// copied only on the way to a replaced value; a document without one comes
// back as it is.
func (set *Set) bounded(v any, path []string, long map[string]replaced, strs bool) (any, error) {
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
	case string:
		if !strs || len(x) <= MaxString || set.dateTime(x) {
			return v, nil
		}
		r := replaced{orig: x, stand: stringStandIn(x), quoted: true}
		long[strings.Join(path, "")] = r
		return r.stand, nil
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			if !mayChange(e) {
				continue
			}
			b, err := set.bounded(e, append(path, "/"+escape(k)), long, strs)
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
			b, err := set.bounded(e, append(path, "/"+strconv.Itoa(i)), long, strs)
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
	case string:
		return len(x) > MaxString
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
	case string:
		y, ok := b.(string)
		return ok && x == y
	}
	return true
}

// replaced is a value given to the library as a stand-in.
type replaced struct {
	orig, stand string
	quoted      bool // a string, which the library's messages quote
}

// restore writes the original value where a message names the stand-in.
func (r replaced) restore(msg string) string {
	if r.quoted {
		if q := libQuote(r.stand); strings.Contains(msg, q) {
			return strings.ReplaceAll(msg, q, libQuote(r.orig))
		}
		return msg
	}
	return strings.ReplaceAll(msg, r.stand, r.orig)
}

// stringStandIn is MaxString+1 characters: "1" and zeros for a decimal number
// with no leading zero, else "x"s.
func stringStandIn(s string) string {
	if s[0] >= '1' && s[0] <= '9' && strings.Trim(s, "0123456789") == "" {
		return "1" + strings.Repeat("0", MaxString)
	}
	return strings.Repeat("x", MaxString+1)
}

// libQuote quotes a string as the library does in its messages.
func libQuote(s string) string {
	s = fmt.Sprintf("%q", s)
	s = strings.ReplaceAll(s, `\"`, `"`)
	s = strings.ReplaceAll(s, `'`, `\'`)
	return "'" + s[1:len(s)-1] + "'"
}

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
