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
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/pfkit/pfkit"
)

const base = "https://pfkit.invalid/schemas/"

var (
	once     sync.Once
	compiled map[string]*jsonschema.Schema
	loadErr  error
)

// DateTime, when set, decides the "date-time" format instead of the library's
// looser check, so that the schema and the code that reads the times agree on
// what RFC 3339 allows. Set it before the first validation.
var DateTime func(string) bool

func load() {
	if DateTime != nil {
		jsonschema.Formats["date-time"] = func(v any) bool {
			s, ok := v.(string)
			return !ok || DateTime(s)
		}
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.AssertFormat = true
	entries, err := fs.ReadDir(pfkit.Schemas, "spec/schemas")
	if err != nil {
		loadErr = err
		return
	}
	var names []string
	for _, e := range entries {
		data, err := fs.ReadFile(pfkit.Schemas, path.Join("spec/schemas", e.Name()))
		if err != nil {
			loadErr = err
			return
		}
		if err := c.AddResource(base+e.Name(), bytes.NewReader(data)); err != nil {
			loadErr = fmt.Errorf("%s: %v", e.Name(), err)
			return
		}
		names = append(names, e.Name())
	}
	compiled = map[string]*jsonschema.Schema{}
	for _, n := range names {
		s, err := c.Compile(base + n)
		if err != nil {
			loadErr = fmt.Errorf("%s: %v", n, err)
			return
		}
		compiled[n] = s
	}
}

// Names lists the schemas, such as "vectors_v1.json".
func Names() ([]string, error) {
	once.Do(load)
	var out []string
	for n := range compiled {
		out = append(out, n)
	}
	return out, loadErr
}

// Validate checks a parsed document (maps, slices, json.Number, strings, bools,
// nil) against the named schema. The error lists every violation with its place.
func Validate(name string, doc any) error {
	once.Do(load)
	if loadErr != nil {
		return loadErr
	}
	s, ok := compiled[name]
	if !ok {
		return fmt.Errorf("no schema named %q in spec/schemas", name)
	}
	long := map[string]string{}
	doc, err := bounded(doc, nil, long)
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
func leaves(ve *jsonschema.ValidationError, long map[string]string, out []string) []string {
	if len(ve.Causes) == 0 {
		loc, msg := ve.InstanceLocation, ve.Message
		if orig, ok := long[loc]; ok {
			msg = strings.ReplaceAll(msg, standIn(orig), orig)
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

// MaxDigits is the longest integer, in digits, that the library is given as
// written. The library reads every number it checks into a big.Rat, which
// takes time growing with the square of its length; a record under the 16 MiB
// limit could hold a number of sixteen million digits (LIM-1).
const MaxDigits = 40

// bounded returns doc with every integer of more than MaxDigits digits replaced
// by a stand-in of the same sign, ±10^MaxDigits, and records the original text
// under the library's location of the number. The stand-in gets the verdict
// the number would: no schema here bounds a number or names one as large as
// 10^MaxDigits, and none asks for uniqueItems or multipleOf (a test checks
// both), so every keyword compares the stand-in with a schema's literal
// exactly as it compares the number. Objects and arrays are copied only on the
// way to a replaced number; a document without one comes back as it is.
func bounded(v any, path []string, long map[string]string) (any, error) {
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
		long[loc] = string(x)
		return json.Number(standIn(string(x))), nil
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			if !mayChange(e) {
				continue
			}
			b, err := bounded(e, append(path, "/"+escape(k)), long)
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
			b, err := bounded(e, append(path, "/"+strconv.Itoa(i)), long)
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
