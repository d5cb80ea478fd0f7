// Package schema validates JSON documents against the spec's JSON Schemas
// (spec/schemas, draft 2020-12), compiled once from the copies embedded in the
// binary.
package schema

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/pfkit/pfkit"
)

const base = "https://pfkit.invalid/schemas/"

// Set is every schema of spec/schemas, compiled.
type Set struct {
	compiled map[string]*jsonschema.Schema
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
	set := &Set{compiled: map[string]*jsonschema.Schema{}}
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
	if err := s.Validate(doc); err != nil {
		if ve, ok := err.(*jsonschema.ValidationError); ok {
			// The library visits properties in map order; sorting the
			// complaints gives the same message every time.
			all := leaves(ve, nil)
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
// as "at /cases/3/input/seed: does not match pattern …".
func leaves(ve *jsonschema.ValidationError, out []string) []string {
	if len(ve.Causes) == 0 {
		loc := ve.InstanceLocation
		if loc == "" {
			loc = "/"
		}
		return append(out, "at "+loc+": "+ve.Message)
	}
	for _, c := range ve.Causes {
		out = leaves(c, out)
	}
	return out
}
