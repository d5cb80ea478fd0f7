// Package reqs ties the spec's requirement ids to the vectors and feature
// scenarios that test them: every MUST in spec/pfkit.md carries an id such as
// [SEED-1], vector cases list ids in "requirements", and scenarios carry them as
// tags such as @SEED-1.
package reqs

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

var (
	defined = regexp.MustCompile(`\*\*\[([A-Z][A-Z0-9]*-[0-9]+)\]\*\*`)
	tag     = regexp.MustCompile(`@([A-Z][A-Z0-9]*-[0-9]+)\b`)
)

// Defined lists the ids the spec defines, in document order.
func Defined(specPath string) ([]string, error) {
	data, err := os.ReadFile(specPath)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, m := range defined.FindAllStringSubmatch(string(data), -1) {
		ids = append(ids, m[1])
	}
	return ids, nil
}

// Citations maps each cited id to the places that cite it: "path#case" for
// vector cases, "path:line" for scenario tags.
type Citations map[string][]string

// FromVectors collects the ids cited by vector cases under dir.
func FromVectors(dir string) (Citations, error) {
	files, err := vectors.Load(dir)
	if err != nil {
		return nil, err
	}
	c := Citations{}
	for _, f := range files {
		for _, r := range f.Cases {
			for _, id := range r.Requirements {
				c[id] = append(c[id], r.Name)
			}
		}
	}
	return c, nil
}

// FromFeatures collects the ids tagged in the .feature files under dir.
func FromFeatures(dir string) (Citations, error) {
	c := Citations{}
	paths, err := filepath.Glob(filepath.Join(dir, "*.feature"))
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if !strings.HasPrefix(strings.TrimSpace(line), "@") {
				continue
			}
			for _, m := range tag.FindAllStringSubmatch(line, -1) {
				c[m[1]] = append(c[m[1]], filepath.ToSlash(p)+":"+strconv.Itoa(i+1))
			}
		}
	}
	return c, nil
}

// FromRecords collects the ids cited by the example records' index
// (records-index.json in the vectors directory dir), when it exists.
func FromRecords(dir string) (Citations, error) {
	c := Citations{}
	p := filepath.Join(dir, "records-index.json")
	data, err := os.ReadFile(p)
	if os.IsNotExist(err) {
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	v, err := strictjson.Parse(data, strictjson.Limits{MaxBytes: 64 << 20, MaxDepth: 64})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p, err)
	}
	o, _ := v.(strictjson.Object)
	entries, _ := o["records"].([]any)
	for _, e := range entries {
		eo, _ := e.(strictjson.Object)
		file, _ := eo["file"].(string)
		list, _ := eo["requirements"].([]any)
		for _, id := range list {
			if s, ok := id.(string); ok {
				c[s] = append(c[s], filepath.ToSlash(filepath.Join(dir, file)))
			}
		}
	}
	return c, nil
}

var pins = regexp.MustCompile(`(?m)^Pins: (.+)$`)

// FromTools collects the ids a Python script or test anywhere under dir
// (tools/, tests/) names on a line "Pins: LIM-3, …": the requirements that no
// vector file can hold, such as 256 MiB streams, bytes that are not UTF-8 and
// p-values checked against SciPy.
func FromTools(dir string) (Citations, error) {
	c := Citations{}
	err := filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || filepath.Ext(p) != ".py" {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range pins.FindAllStringSubmatch(string(data), -1) {
			for _, id := range strings.Split(m[1], ",") {
				id = strings.TrimSpace(id)
				c[id] = append(c[id], filepath.ToSlash(p))
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Merge joins citation maps.
func Merge(all ...Citations) Citations {
	out := Citations{}
	for _, c := range all {
		for id, places := range c {
			out[id] = append(out[id], places...)
		}
	}
	return out
}

// Report compares: ids the spec defines that nothing cites, and cited ids the
// spec does not define (with where they are cited).
func Report(defined []string, cited Citations) (uncovered, unknown []string) {
	def := map[string]bool{}
	for _, id := range defined {
		def[id] = true
		if len(cited[id]) == 0 {
			uncovered = append(uncovered, id)
		}
	}
	for id, places := range cited {
		if !def[id] {
			unknown = append(unknown, id+" (cited by "+places[0]+")")
		}
	}
	sort.Strings(unknown)
	return uncovered, unknown
}
