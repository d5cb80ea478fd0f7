// Package recordschema is the kit's own check of a record against its schema
// (spec SCH-1 to SCH-3): the record schemas of spec/schemas, compiled once
// into the keywords SCH-1 allows, checked in SCH-1's order, stopping at the
// first violation, which is worded as SCH-2 says. A record whose every element
// fails costs nothing for the complaints it does not keep, and no JSON Schema
// library's wording or Unicode tables reach a report.
//
// The library stays the judge of the schemas' meaning: the package's tests
// compare its verdict with a JSON Schema 2020-12 validator's on every example
// record and on thousands of mutated ones (SCH-3).
package recordschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/pfkit/pfkit/v2"
)

// Keywords are the keywords SCH-1 allows a record schema: every other is
// refused when the schema is compiled.
var Keywords = []string{"type", "const", "enum", "pattern", "format", "minimum", "maximum", "minItems", "maxItems",
	"prefixItems", "items", "required", "properties", "additionalProperties", "$ref", "allOf", "if", "then", "else",
	"$schema", "$id", "$defs", "title", "description"}

// Schema is one record schema, compiled.
type Schema struct {
	Name     string // its file name, "record_match_v1.json"
	root     *node
	dateTime func(string) bool
}

// node is one schema, its keywords compiled. The zero node accepts anything.
type node struct {
	never bool  // the schema false: only under properties (SCH-2)
	ref   *node // $ref: the schema it names, which replaces this one

	types    []jsonType // nil: any type
	typeText string     // "null or an integer"

	hasConst bool
	constant any
	enum     []any

	pattern     *regexp.Regexp
	patternText string
	dateTime    bool

	minimum, maximum string // integers as written; "" for none

	minItems, maxItems int // -1 for none
	prefixItems        []*node
	items              *node

	required []string
	closed   bool     // additionalProperties false
	props    []member // sorted by their keys' UTF-8 bytes

	allOf             []*node
	ifS, thenS, elseS *node
}

// member is a name under properties and its schema.
type member struct {
	name   string
	schema *node
}

// jsonType is one name of the type keyword.
type jsonType uint8

const (
	tNull jsonType = iota
	tBoolean
	tInteger
	tNumber
	tString
	tArray
	tObject
)

var typeNames = map[string]jsonType{"null": tNull, "boolean": tBoolean, "integer": tInteger, "number": tNumber,
	"string": tString, "array": tArray, "object": tObject}

// typeWords are the names REF-1 gives the types in a complaint.
var typeWords = [...]string{tNull: "null", tBoolean: "a boolean", tInteger: "an integer", tNumber: "a number",
	tString: "a string", tArray: "an array", tObject: "an object"}

// Load compiles every record schema of spec/schemas (record_*.json), with
// dateTime deciding the date-time format (D-23), by file name.
func Load(dateTime func(string) bool) (map[string]*Schema, error) {
	if dateTime == nil {
		return nil, fmt.Errorf("recordschema.Load: a date-time checker is required")
	}
	names, err := fs.Glob(pfkit.Schemas, "spec/schemas/record_*.json")
	if err != nil {
		return nil, err
	}
	out := map[string]*Schema{}
	for _, n := range names {
		data, err := fs.ReadFile(pfkit.Schemas, n)
		if err != nil {
			return nil, err
		}
		s, err := Compile(path.Base(n), data, dateTime)
		if err != nil {
			return nil, err
		}
		out[s.Name] = s
	}
	return out, nil
}

// Compile reads one record schema. It refuses a schema that uses a keyword
// outside SCH-1's list, a format other than date-time, additionalProperties
// other than false, a $ref outside #/$defs/, or the schema false anywhere but
// under properties.
func Compile(name string, data []byte, dateTime func(string) bool) (*Schema, error) {
	if dateTime == nil {
		return nil, fmt.Errorf("recordschema.Compile: a date-time checker is required")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	c := &compiler{name: name, defs: map[string]*node{}}
	root, ok := doc.(object)
	if !ok {
		return nil, fmt.Errorf("%s: a schema is an object", name)
	}
	if defs, ok := root["$defs"].(object); ok {
		for k := range defs {
			c.defs[k] = &node{} // filled below, so that a $ref may come first
		}
		for k, d := range defs {
			if err := c.fill(c.defs[k], d, "/$defs/"+k); err != nil {
				return nil, err
			}
		}
	}
	s := &Schema{Name: name, root: &node{}, dateTime: dateTime}
	if err := c.fill(s.root, root, ""); err != nil {
		return nil, err
	}
	return s, nil
}

type compiler struct {
	name string
	defs map[string]*node
}

func (c *compiler) errorf(where, format string, args ...any) error {
	return fmt.Errorf("%s at %s: %s", c.name, orRoot(where), fmt.Sprintf(format, args...))
}

func orRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// sub compiles a subschema that must be an object (not false).
func (c *compiler) sub(v any, where string) (*node, error) {
	n := &node{}
	return n, c.fill(n, v, where)
}

// fill compiles the schema v into n.
func (c *compiler) fill(n *node, v any, where string) error {
	obj, ok := v.(object)
	if !ok {
		return c.errorf(where, "expected a schema object, found %s", typeOf(v))
	}
	n.minItems, n.maxItems = -1, -1
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(Keywords, k) {
			return c.errorf(where, "the keyword %s is not one SCH-1 allows", k)
		}
		if err := c.keyword(n, k, obj[k], where+"/"+k); err != nil {
			return err
		}
	}
	if n.ref != nil {
		for _, k := range keys {
			switch k {
			case "$ref", "title", "description":
			default:
				return c.errorf(where, "$ref beside %s: SCH-1 checks the schema $ref names instead", k)
			}
		}
	}
	return nil
}

// keyword compiles one keyword of n.
func (c *compiler) keyword(n *node, k string, v any, where string) error {
	var err error
	switch k {
	case "$schema", "$id", "$defs", "title", "description":
	case "type":
		err = c.types(n, v, where)
	case "const":
		n.hasConst, n.constant = true, v
	case "enum":
		list, ok := v.([]any)
		if !ok || len(list) == 0 {
			return c.errorf(where, "expected a list of values")
		}
		n.enum = list
	case "pattern":
		s, _ := v.(string)
		n.patternText = s
		n.pattern, err = regexp.Compile(s)
	case "format":
		if v != "date-time" {
			return c.errorf(where, "only the date-time format is allowed, found %v", v)
		}
		n.dateTime = true
	case "minimum", "maximum":
		num, ok := v.(json.Number)
		if !ok || !isInteger(num) {
			return c.errorf(where, "expected an integer")
		}
		if k == "minimum" {
			n.minimum = canonical(string(num))
		} else {
			n.maximum = canonical(string(num))
		}
	case "minItems", "maxItems":
		num, ok := v.(json.Number)
		m, e := num.Int64()
		if !ok || e != nil || m < 0 {
			return c.errorf(where, "expected a count")
		}
		if k == "minItems" {
			n.minItems = int(m)
		} else {
			n.maxItems = int(m)
		}
	default:
		return c.structural(n, k, v, where)
	}
	if err != nil {
		return c.errorf(where, "%v", err)
	}
	return nil
}

// structural compiles the keywords that hold schemas or names.
func (c *compiler) structural(n *node, k string, v any, where string) error {
	var err error
	switch k {
	case "$ref":
		s, _ := v.(string)
		def, ok := strings.CutPrefix(s, "#/$defs/")
		if n.ref = c.defs[def]; !ok || n.ref == nil {
			return c.errorf(where, "expected a reference to #/$defs/…, found %v", v)
		}
	case "items":
		n.items, err = c.sub(v, where)
	case "prefixItems":
		list, _ := v.([]any)
		for i, e := range list {
			s, err := c.sub(e, fmt.Sprintf("%s/%d", where, i))
			if err != nil {
				return err
			}
			n.prefixItems = append(n.prefixItems, s)
		}
	case "required":
		list, _ := v.([]any)
		for _, e := range list {
			s, ok := e.(string)
			if !ok {
				return c.errorf(where, "expected names")
			}
			n.required = append(n.required, s)
		}
	case "properties":
		err = c.properties(n, v, where)
	case "additionalProperties":
		if v != false {
			return c.errorf(where, "only false is allowed")
		}
		n.closed = true
	case "allOf":
		list, _ := v.([]any)
		for i, e := range list {
			s, err := c.sub(e, fmt.Sprintf("%s/%d", where, i))
			if err != nil {
				return err
			}
			n.allOf = append(n.allOf, s)
		}
	case "if":
		n.ifS, err = c.sub(v, where)
	case "then":
		n.thenS, err = c.sub(v, where)
	case "else":
		n.elseS, err = c.sub(v, where)
	}
	return err
}

// properties compiles properties, each a schema or false, sorted by name.
func (c *compiler) properties(n *node, v any, where string) error {
	obj, ok := v.(object)
	if !ok {
		return c.errorf(where, "expected an object")
	}
	for name, s := range obj {
		m := member{name: name, schema: &node{never: true}}
		if s != false {
			var err error
			if m.schema, err = c.sub(s, where+"/"+name); err != nil {
				return err
			}
		}
		n.props = append(n.props, m)
	}
	slices.SortFunc(n.props, func(a, b member) int { return strings.Compare(a.name, b.name) })
	return nil
}

// types compiles type: a name or a list of names.
func (c *compiler) types(n *node, v any, where string) error {
	var names []any
	switch x := v.(type) {
	case string:
		names = []any{x}
	case []any:
		names = x
	}
	var words []string
	for _, e := range names {
		s, _ := e.(string)
		t, ok := typeNames[s]
		if !ok {
			return c.errorf(where, "expected type names, found %v", e)
		}
		n.types = append(n.types, t)
		words = append(words, typeWords[t])
	}
	if len(words) == 0 {
		return c.errorf(where, "expected at least one type")
	}
	n.typeText = strings.Join(words, " or ")
	return nil
}
