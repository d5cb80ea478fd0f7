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
