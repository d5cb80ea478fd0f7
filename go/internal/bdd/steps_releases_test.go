package bdd

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/cucumber/godog"

	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// The keys of a vector case that say why it exists; all the others are its
// question and its answer (VER-3).
var caseNotes = map[string]bool{"comment": true, "flags": true, "requirements": true}

// manifest is what the release steps read of a release manifest (VER-4).
type manifest struct {
	Version   string                     `json:"version"`
	Cases     map[string]map[string]int  `json:"cases"`
	CaseTotal int                        `json:"caseTotal"`
	Digests   map[string]json.RawMessage `json:"digests"`
}

type releaseWorld struct {
	version   string
	manifests map[string]manifest // file name in spec/releases -> manifest
	written   *manifest
}

// digests computes, from the files themselves, the digest of every vector
// case and example record as VER-4 defines it: "match_seed_v2/draws.json#7"
// and "records/bridge.json".
func digests() (map[string]string, map[string]map[string]int, error) {
	out := map[string]string{}
	counts := map[string]map[string]int{}
	lim := strictjson.Limits{MaxBytes: 1 << 30, MaxDepth: 1000}
	sum := func(b []byte) string { s := sha256.Sum256(b); return hex.EncodeToString(s[:]) }
	dir := filepath.Join(root, "vectors")
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, "records/") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		v, err := strictjson.Parse(data, lim)
		if err != nil {
			return fmt.Errorf("%s: %v", rel, err)
		}
		doc := v.(strictjson.Object)
		cases, ok := doc["cases"].([]any)
		if !ok {
			return nil // not a vector file (records-index.json)
		}
		scheme, fileOp := "protocol", ""
		if s, ok := doc["scheme"].(string); ok {
			scheme, fileOp = s, doc["op"].(string)
		}
		if counts[scheme] == nil {
			counts[scheme] = map[string]int{}
		}
		for _, c := range cases {
			o := c.(strictjson.Object)
			// protocol.json's cases count by group (VER-4).
			op := fileOp
			if op == "" {
				op, _ = o["group"].(string)
				if op == "" {
					op = "envelope"
				}
			}
			counts[scheme][op]++
			q := map[string]any{}
			for k, x := range o {
				if !caseNotes[k] {
					q[k] = x
				}
			}
			b, err := canon.Compact(q)
			if err != nil {
				return err
			}
			out[fmt.Sprintf("%s#%v", rel, o["id"])] = sum(b)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	data, err := os.ReadFile(filepath.Join(dir, "records-index.json"))
	if err != nil {
		return nil, nil, err
	}
	idx, err := strictjson.Parse(data, lim)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range idx.(strictjson.Object)["records"].([]any) {
		entry := map[string]any{}
		for k, x := range e.(strictjson.Object) {
			if k != "file" && k != "comment" {
				entry[k] = x
			}
		}
		name := e.(strictjson.Object)["file"].(string)
		rec, err := os.ReadFile(filepath.Join(dir, "records", name))
		if err != nil {
			return nil, nil, err
		}
		b, err := canon.Compact(entry)
		if err != nil {
			return nil, nil, err
		}
		out["records/"+name] = sum(append(append(rec, '\n'), b...))
	}
	return out, counts, nil
}

// compareReleases lists, sorted, every case or record of a release of the
// same major version as version whose digest in now differs or is missing, and
// every release newer than version. Releases of earlier major versions may
// differ (VER-2).
func compareReleases(version string, releases map[string]manifest, now map[string]string) ([]string, error) {
	var problems []string
	for v, m := range releases {
		if majorOf(v) > majorOf(version) {
			problems = append(problems, fmt.Sprintf("release %s is newer than VERSION %s", v, version))
		}
		if majorOf(v) != majorOf(version) {
			continue
		}
		if len(m.Digests) == 0 {
			return nil, fmt.Errorf("spec/releases/%s.json lists no digests", v)
		}
		was, err := flatten(m)
		if err != nil {
			return nil, err
		}
		for key, d := range was {
			switch got, ok := now[key]; {
			case !ok:
				problems = append(problems, fmt.Sprintf("vectors/%s of release %s is gone", key, v))
			case got != d:
				problems = append(problems, fmt.Sprintf("vectors/%s answers differently from release %s", key, v))
			}
		}
	}
	sort.Strings(problems)
	return problems, nil
}

// majorOf is the major number of a version such as "2.0.0".
func majorOf(v string) int {
	n, _ := strconv.Atoi(strings.Split(v, ".")[0])
	return n
}

// flatten turns a manifest's digests into the keys digests() uses.
func flatten(m manifest) (map[string]string, error) {
	out := map[string]string{}
	for file, raw := range m.Digests {
		var one string
		if json.Unmarshal(raw, &one) == nil {
			out[file] = one
			continue
		}
		var byID map[string]string
		if err := json.Unmarshal(raw, &byID); err != nil {
			return nil, fmt.Errorf("digests of %s: %v", file, err)
		}
		for id, d := range byID {
			out[file+"#"+id] = d
		}
	}
	return out, nil
}

func releaseSteps(sc *godog.ScenarioContext) {
	w := &releaseWorld{}
	sc.Before(func(ctx context.Context, _ *godog.Scenario) (context.Context, error) {
		*w = releaseWorld{}
		return ctx, nil
	})
	versionSteps(sc, w)
	manifestSteps(sc, w)
	checkoutManifestSteps(sc, w)
}

// readRoot reads a file of the repository.
func readRoot(rel string) (string, error) {
	b, err := os.ReadFile(filepath.Join(root, rel))
	return string(b), err
}

// versionSteps check that VERSION, the spec and the packages name one release
// version.
func versionSteps(sc *godog.ScenarioContext, w *releaseWorld) {
	sc.Step(`^the release version in "([^"]*)"$`, func(rel string) error {
		s, err := readRoot(rel)
		w.version = strings.TrimSpace(s)
		if err == nil && !regexp.MustCompile(`^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$`).MatchString(w.version) {
			err = fmt.Errorf("%s: expected MAJOR.MINOR.PATCH, found %q", rel, w.version)
		}
		return err
	})
	sc.Step(`^the specification's version line names its major and minor numbers$`, func() error {
		s, err := readRoot("spec/pfkit.md")
		if err != nil {
			return err
		}
		m := regexp.MustCompile(`(?m)^Version ([0-9]+\.[0-9]+)\. `).FindStringSubmatch(s)
		want := w.version[:strings.LastIndex(w.version, ".")]
		if m == nil || m[1] != want {
			return fmt.Errorf("spec/pfkit.md: expected a line \"Version %s. ...\", found %v", want, m)
		}
		return nil
	})
	sc.Step("^\"([^\"]*)\" says so in the line matching `(.+)`$", func(rel, pattern string) error {
		s, err := readRoot(rel)
		if err != nil {
			return err
		}
		m := regexp.MustCompile(`(?m)` + pattern).FindStringSubmatch(s)
		if m == nil || m[1] != w.version {
			return fmt.Errorf("%s: expected version %s in a line matching %s, found %v (make version VERSION=%s)",
				rel, w.version, pattern, m, w.version)
		}
		return nil
	})
}

// manifestSteps hold every released case and record of the current major
// version to the digest it was released with (VER-2).
func manifestSteps(sc *godog.ScenarioContext, w *releaseWorld) {
	sc.Step(`^the manifests of the releases in "([^"]*)"$`, func(rel string) error {
		names, err := filepath.Glob(filepath.Join(root, rel, "*.json"))
		if err != nil || len(names) == 0 {
			return fmt.Errorf("no release manifests in %s (%v)", rel, err)
		}
		w.manifests = map[string]manifest{}
		for _, n := range names {
			data, err := os.ReadFile(n)
			if err != nil {
				return err
			}
			var m manifest
			if err := json.Unmarshal(data, &m); err != nil {
				return fmt.Errorf("%s: %v", n, err)
			}
			if path.Base(filepath.ToSlash(n)) != m.Version+".json" {
				return fmt.Errorf("%s holds the manifest of %s", n, m.Version)
			}
			w.manifests[m.Version] = m
		}
		return nil
	})
	sc.Step(`^every case and record they list under the current major version has the digest it was released with$`, func() error {
		if w.version == "" {
			s, err := readRoot("VERSION")
			if err != nil {
				return err
			}
			w.version = strings.TrimSpace(s)
		}
		now, _, err := digests()
		if err != nil {
			return err
		}
		problems, err := compareReleases(w.version, w.manifests, now)
		if err != nil {
			return err
		}
		if len(problems) > 0 {
			return fmt.Errorf("%s. A changed or removed answer needs a new major version (VER-2): make version VERSION=<next major>.0.0 "+
				"and say what changed in CHANGELOG.md, or restore the answer", strings.Join(problems, "; "))
		}
		// No release of this major version yet (the next release starts it): nothing to hold to.
		return nil
	})
}

// checkoutManifestSteps check the manifest the release tool writes for this
// checkout: its counts and its digests.
func checkoutManifestSteps(sc *godog.ScenarioContext, w *releaseWorld) {
	sc.Step(`^the manifest of this checkout is written by "([^"]*)"$`, func(tool string) error {
		python := os.Getenv("PFKIT_PYTHON")
		if python == "" {
			python = "python3"
		}
		cmd := exec.Command(python, tool, "manifest")
		cmd.Dir = root
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("%s manifest: %v: %s", tool, err, stderr.String())
		}
		var m manifest
		if err := json.Unmarshal(out, &m); err != nil {
			return err
		}
		w.written = &m
		return nil
	})
	sc.Step(`^it counts the cases of every scheme and op$`, func() error {
		_, counts, err := digests()
		if err != nil {
			return err
		}
		total := 0
		for _, ops := range counts {
			for _, n := range ops {
				total += n
			}
		}
		if fmt.Sprint(counts) != fmt.Sprint(w.written.Cases) || total != w.written.CaseTotal {
			return fmt.Errorf("the manifest counts %v (%d), the files hold %v (%d)", w.written.Cases, w.written.CaseTotal, counts, total)
		}
		return nil
	})
	sc.Step(`^its digest of every case and record is the one the reference computes$`, func() error {
		now, _, err := digests()
		if err != nil {
			return err
		}
		written, err := flatten(*w.written)
		if err != nil {
			return err
		}
		if len(written) != len(now) {
			return fmt.Errorf("the manifest has %d digests, the files %d", len(written), len(now))
		}
		for k, d := range now {
			if written[k] != d {
				return fmt.Errorf("%s: the manifest says %s, the reference computes %s", k, written[k], d)
			}
		}
		if len(now) < 200 {
			return errors.New("fewer digests than cases and records")
		}
		return nil
	})
}

func TestCompareReleases(t *testing.T) {
	rel := func(v string, digests string) manifest {
		return manifest{Version: v, Digests: map[string]json.RawMessage{
			"a.json": json.RawMessage(digests), "records/r.json": json.RawMessage(`"r1"`)}}
	}
	now := map[string]string{"a.json#1": "x", "a.json#2": "y", "records/r.json": "r1"}
	for _, c := range []struct {
		name     string
		version  string
		releases map[string]manifest
		want     []string
	}{
		{"unchanged, a case added since", "1.2.0", map[string]manifest{"1.0.0": rel("1.0.0", `{"1": "x"}`)}, nil},
		{"an answer changed in the same major", "1.1.0", map[string]manifest{"1.0.0": rel("1.0.0", `{"1": "x", "2": "z"}`)},
			[]string{"vectors/a.json#2 answers differently from release 1.0.0"}},
		{"a case gone in the same major", "1.0.1", map[string]manifest{"1.0.0": rel("1.0.0", `{"1": "x", "3": "w"}`)},
			[]string{"vectors/a.json#3 of release 1.0.0 is gone"}},
		{"changed under a new major", "2.0.0", map[string]manifest{"1.0.0": rel("1.0.0", `{"1": "x", "2": "z", "3": "w"}`)}, nil},
		{"a release newer than VERSION", "1.0.0", map[string]manifest{"2.0.0": rel("2.0.0", `{"1": "x"}`)},
			[]string{"release 2.0.0 is newer than VERSION 1.0.0"}},
	} {
		got, err := compareReleases(c.version, c.releases, now)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s: got %q, %v; want %q", c.name, got, err, c.want)
		}
	}
}
