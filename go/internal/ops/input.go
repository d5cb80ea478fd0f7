package ops

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/ident"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// MaxSafe is 2^53 - 1, the largest integer every JSON reader holds exactly. A
// larger integer must travel as a decimal string (NUM-1).
const MaxSafe = 1<<53 - 1

var maxSafeText = strconv.FormatInt(MaxSafe, 10)

// fields reads an op's input object. It keeps the first error and makes every
// later read a no-op, so an op reads its fields in the spec's order and reports
// the first problem in that order (RUN-6).
type fields struct {
	obj   strictjson.Object
	path  string
	known []string // the fields obj may hold, in the op table's order
	err   error
}

func newFields(obj strictjson.Object, path string, known ...string) *fields {
	f := &fields{obj: obj, path: path, known: known}
	allowed := map[string]bool{}
	for _, k := range known {
		allowed[k] = true
	}
	// Unknown fields are reported before anything else, in sorted order so the
	// message does not depend on map iteration.
	var unknown []string
	for k := range obj {
		if !allowed[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		f.err = errcode.New(errcode.UnknownField, "%s: unexpected field %s; expected only %s", f.where(""), escape.Clipped(unknown[0]), list(known))
	}
	return f
}

func list(names []string) string { return strings.Join(names, ", ") }

// found lists the fields obj holds, in code point order, or says there is none.
func (f *fields) found() string {
	if len(f.obj) == 0 {
		return "no fields"
	}
	names := make([]string, 0, len(f.obj))
	for k := range f.obj {
		names = append(names, k)
	}
	slices.Sort(names)
	return list(names)
}

func (f *fields) where(name string) string {
	switch {
	case f.path == "":
		return name
	case name == "":
		return f.path
	}
	return f.path + "." + name
}

func (f *fields) fail(code errcode.Code, format string, args ...any) {
	if f.err == nil {
		f.err = errcode.New(code, format, args...)
	}
}

// get returns the raw value; ok is false (and an error is kept) when it is absent.
func (f *fields) get(name string) (any, bool) {
	if f.err != nil {
		return nil, false
	}
	v, ok := f.obj[name]
	if !ok {
		f.fail(errcode.MissingField, "%s: required field is missing (expected %s; found %s)", f.where(name), list(f.known), f.found())
		return nil, false
	}
	return v, true
}

// null reports whether a required field is present and null.
func (f *fields) null(name string) bool {
	v, ok := f.get(name)
	return ok && v == nil
}

func (f *fields) str(name string) string {
	v, ok := f.get(name)
	if !ok {
		return ""
	}
	s, isStr := v.(string)
	if !isStr {
		f.fail(errcode.WrongType, "%s: expected a string, found %s", f.where(name), strictjson.TypeName(v))
	}
	return s
}

func (f *fields) seed(name string) string {
	s := f.str(name)
	if f.err == nil {
		f.err = ident.Seed(f.where(name), s)
	}
	return s
}

func (f *fields) hash(name string) string {
	s := f.str(name)
	if f.err == nil {
		f.err = ident.Hex(f.where(name), s, 64)
	}
	return s
}

func (f *fields) id(name string) string {
	s := f.str(name)
	if f.err == nil {
		f.err = ident.ID(f.where(name), s)
	}
	return s
}

// integer checks one JSON value as an integer in [min, max].
func integer(where string, v any, min, max int64) (int64, error) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, errcode.New(errcode.WrongType, "%s: expected an integer, found %s", where, strictjson.TypeName(v))
	}
	if !strictjson.IsInteger(n) {
		return 0, errcode.New(errcode.InvalidInteger, "%s: expected an integer with no fraction or exponent, found %s", where, escape.Cut(string(n)))
	}
	// Beyond 2^53-1 is decided by the count of digits and, at sixteen, by
	// comparing them as text, before any conversion: a number of a million
	// digits costs a million steps (LIM-1).
	digits := strings.TrimLeft(strings.TrimPrefix(string(n), "-"), "0")
	if len(digits) > len(maxSafeText) || len(digits) == len(maxSafeText) && digits > maxSafeText {
		return 0, errcode.New(errcode.InvalidInteger, "%s: %s is beyond 2^53-1, where JSON readers lose precision; send it as a decimal string", where, escape.Cut(string(n)))
	}
	x, _ := strconv.ParseInt(string(n), 10, 64)
	if x < min || x > max {
		return 0, errcode.New(errcode.OutOfRange, "%s: expected an integer from %d to %d, found %d", where, min, max, x)
	}
	return x, nil
}

func (f *fields) int(name string, min, max int64) int64 {
	v, ok := f.get(name)
	if !ok {
		return 0
	}
	x, err := integer(f.where(name), v, min, max)
	if err != nil {
		f.fail(errcode.Of(err), "%s", err.(*errcode.Error).Message)
	}
	return x
}

func (f *fields) array(name string, min, max int) []any {
	v, ok := f.get(name)
	if !ok {
		return nil
	}
	a, isArr := v.([]any)
	if !isArr {
		f.fail(errcode.WrongType, "%s: expected an array, found %s", f.where(name), strictjson.TypeName(v))
		return nil
	}
	if len(a) < min || len(a) > max {
		f.fail(errcode.BadLength, "%s: expected %s, found %d", f.where(name), count(min, max), len(a))
		return nil
	}
	return a
}

func count(min, max int) string {
	if min == max {
		return strconv.Itoa(min) + " elements"
	}
	return "from " + strconv.Itoa(min) + " to " + strconv.Itoa(max) + " elements"
}

func (f *fields) object(where string, v any) strictjson.Object {
	if f.err != nil {
		return nil
	}
	o, ok := v.(strictjson.Object)
	if !ok {
		f.fail(errcode.WrongType, "%s: expected an object, found %s", where, strictjson.TypeName(v))
	}
	return o
}

// ids reads an array of identifiers.
func (f *fields) ids(name string, min, max int) []string {
	a := f.array(name, min, max)
	out := make([]string, len(a))
	for i, v := range a {
		where := f.where(name) + "[" + strconv.Itoa(i) + "]"
		s, ok := v.(string)
		if !ok {
			f.fail(errcode.WrongType, "%s: expected a string, found %s", where, strictjson.TypeName(v))
			return nil
		}
		if err := ident.ID(where, s); err != nil && f.err == nil {
			f.err = err
			return nil
		}
		out[i] = s
	}
	return out
}

// child reads a nested object with its own field list.
func (f *fields) child(where string, v any, known ...string) *fields {
	o := f.object(where, v)
	if f.err != nil {
		return &fields{err: f.err}
	}
	c := newFields(o, where, known...)
	return c
}

// absorb keeps a child's error as the parent's.
func (f *fields) absorb(c *fields) {
	if f.err == nil && c.err != nil {
		f.err = c.err
	}
}

// has reports whether an optional field is present (and no error is kept yet).
func (f *fields) has(name string) bool {
	if f.err != nil {
		return false
	}
	_, ok := f.obj[name]
	return ok
}

// reading reads an optional declared reading (READ-1): absent, it is def, the
// kit's reading; present, a string among allowed, else unknown_reading.
func (f *fields) reading(name, def string, allowed []string) string {
	if !f.has(name) {
		return def
	}
	s := f.str(name)
	if f.err == nil {
		f.err = reading.Check(f.where(name), s, allowed)
	}
	return s
}

// order reads an optional fixed order of a deck's pieces (READ-10, READ-11):
// absent, base, the kit's order; present, an array of exactly base.Size names
// holding each piece as often as base does, else unknown_reading.
func (f *fields) order(name string, base *cards.Deck) *cards.Deck {
	if !f.has(name) {
		return base
	}
	a := f.array(name, base.Size, base.Size)
	names := make([]string, len(a))
	for i, v := range a {
		s, ok := v.(string)
		if !ok {
			f.fail(errcode.WrongType, "%s[%d]: expected a name, found %s", f.where(name), i, strictjson.TypeName(v))
			return base
		}
		names[i] = s
	}
	if f.err != nil {
		return base
	}
	d, err := match.Ordered(f.where(name), base, names)
	if err != nil {
		f.err = err
		return base
	}
	return d
}

// inInput passes a domain call's answer on, its error placed under "input": the
// domain packages check every rule and name the fields as the op does.
func inInput[T any](out T, err error) (any, error) {
	if err != nil {
		return nil, errcode.Within("input", err)
	}
	return out, nil
}
