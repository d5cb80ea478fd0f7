package bdd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cucumber/godog"
	"github.com/pfkit/pfkit/v2/go/internal/archive"
	"github.com/pfkit/pfkit/v2/go/internal/audit"
	"github.com/pfkit/pfkit/v2/go/internal/record"
)

func recordSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^I verify the record "([^"]*)"$`, func(p string) error {
		data, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			return err
		}
		w.report, err = record.VerifyBytes(data)
		return err
	})
	sc.Step(`^the verdict is "([^"]*)"$`, func(want string) error { return equalOr("verdict", want, w.report.Status) })
	sc.Step(`^the report says "([^"]*)"$`, func(want string) error {
		var all []string
		for _, c := range w.report.Checks {
			all = append(all, c.Summary)
			for _, m := range c.Mismatches {
				all = append(all, fmt.Sprintf("%s: expected %s, record has %s", m.Where, m.Expected, m.Found))
			}
		}
		all = append(all, w.report.Notes...)
		if !strings.Contains(strings.Join(all, "\n"), want) {
			return fmt.Errorf("the report does not say %q; it says:\n%s", want, strings.Join(all, "\n"))
		}
		return nil
	})
	sc.Step(`^the summary of "([^"]*)" is "([^"]*)"$`, func(name, want string) error {
		for _, c := range w.report.Checks {
			if c.Name == name {
				return equalOr("summary of "+name, want, c.Summary)
			}
		}
		return fmt.Errorf("no check is named %q", name)
	})
	sc.Step(`^the only mismatch is at "([^"]*)"$`, func(p string) error {
		return equalOr("mismatch pointers", []string{p}, w.report.Failures())
	})
	sc.Step(`^the mismatches are at "([^"]*)"$`, func(list string) error {
		return equalOr("mismatch pointers", strings.Split(list, ", "), w.report.Failures())
	})
	sc.Step(`^the only failed check is "([^"]*)"$`, func(name string) error {
		var failed []string
		for _, c := range w.report.Checks {
			if !c.OK {
				failed = append(failed, c.Name)
			}
		}
		return equalOr("failed checks", []string{name}, failed)
	})
}

// archiveSteps are the audit's: an archive made, audited whole or in shards,
// and merged.
func archiveSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^an archive of (\d+) "([^"]*)" records where every (\d+)th is tampered$`, func(n int, kind string, every int) error {
		var buf bytes.Buffer
		if err := archive.Generate(&buf, kind, n, every); err != nil {
			return err
		}
		dir, err := os.MkdirTemp("", "pfkit-audit")
		if err != nil {
			return err
		}
		w.archive = filepath.Join(dir, "archive.jsonl")
		return os.WriteFile(w.archive, buf.Bytes(), 0o644)
	})
	sc.Step(`^line (\d+) of the archive is cut short$`, func(n int) error {
		data, err := os.ReadFile(w.archive)
		if err != nil {
			return err
		}
		lines := strings.Split(string(data), "\n")
		lines[n-1] = lines[n-1][:len(lines[n-1])/2]
		return os.WriteFile(w.archive, []byte(strings.Join(lines, "\n")), 0o644)
	})
	sc.Step(`^the archive is audited$`, func() error {
		var err error
		w.summary, err = audit.Run(w.archive, audit.Options{})
		os.RemoveAll(filepath.Dir(w.archive))
		return err
	})
	sc.Step(`^the archive is audited as (\d+) shards and the summaries merged$`, func(n int) error {
		defer os.RemoveAll(filepath.Dir(w.archive))
		var err error
		if w.single, err = audit.Run(w.archive, audit.Options{}); err != nil {
			return err
		}
		parts := make([]*audit.Summary, n)
		for i := range parts {
			if parts[i], err = audit.Run(w.archive, audit.Options{Shard: audit.Shard{Index: i + 1, Count: n}}); err != nil {
				return err
			}
		}
		w.summary, err = audit.Merge(parts)
		return err
	})
	sc.Step(`^the merged summary is the single run's$`, func() error {
		want, _ := json.Marshal(w.single)
		got, _ := json.Marshal(w.summary)
		return equalOr("merged summary", string(want), string(got))
	})
	sc.Step(`^(\d+) records? (?:is|are) "([^"]*)"$`, func(n int, status string) error {
		return equalOr(status, n, w.summary.ByStatus[status])
	})
	sc.Step(`^the first problem is reported at "([^"]*)"$`, func(where string) error {
		if len(w.summary.Examples) == 0 {
			return errors.New("no problem was reported")
		}
		return equalOr("first problem", where, w.summary.Examples[0].Where)
	})
}

// shardDocs audits path as n shards and returns their summaries as pfkit
// audit --json writes them: with the release, the time taken, the exit
// status and the digest of the members two runs agree on.
func shardDocs(path string, n int) ([]map[string]any, error) {
	var out []map[string]any
	for i := range n {
		s, err := audit.Run(path, audit.Options{Shard: audit.Shard{Index: i + 1, Count: n}})
		if err != nil {
			return nil, err
		}
		doc := audit.NewDocument(s)
		secs := 0.5
		doc.Seconds = &secs
		out = append(out, seal(decodeDoc(mustJSON(doc))))
	}
	return out, nil
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// seal makes a summary's digest again, as anyone can.
func seal(d map[string]any) map[string]any {
	d["digest"], _ = audit.Digest(d)
	return d
}

func decodeDoc(b []byte) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	dec.Decode(&m)
	return m
}

func cloneDoc(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	return decodeDoc(b)
}

// mergeDocs merges summaries as pfkit audit merge reads them; with an
// archive, as pfkit audit merge --archive ARCHIVE --rerun 1,…,N does.
func mergeDocs(docs []map[string]any, archive string) (*audit.Summary, error) {
	var parts []*audit.Summary
	for _, d := range docs {
		s, err := audit.ReadSummary(mustJSON(d))
		if err != nil {
			return nil, err
		}
		parts = append(parts, s)
	}
	m, err := audit.Merge(parts)
	if err != nil || archive == "" {
		return m, err
	}
	if err := audit.CheckArchive(archive, parts); err != nil {
		return nil, err
	}
	for _, p := range parts {
		if err := audit.Confirm(archive, p); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// attack edits the honest shard summaries docs as the scenario names it.
func (w *world) attack(name string, docs []map[string]any) error {
	n := len(docs)
	switch name {
	case "shard 2's total is raised by 1000000":
		t, _ := docs[1]["total"].(json.Number).Int64()
		docs[1]["total"] = json.Number(strconv.FormatInt(t+1000000, 10))
	case "shard 1 is copied as shard 2":
		docs[1] = cloneDoc(w.shards[0])
		docs[1]["shard"].(map[string]any)["index"] = json.Number("2")
	case "shard 2 comes from another archive of the same name and size":
		docs[1] = cloneDoc(w.twins[1])
	case "shard 2 lists a problem on line 1":
		docs[1]["examples"].([]any)[0].(map[string]any)["where"] = "line 1"
	case "shard 2 counts -3 records unreadable and 3 unspecified":
		docs[1]["byStatus"].(map[string]any)["unreadable"] = json.Number("-3")
		docs[1]["byStatus"].(map[string]any)["unspecified"] = json.Number("3")
	case "shard 2 names another release":
		docs[1]["pfkit"] = map[string]any{"version": "0.0.1"}
	case "shard 2 of the other archive claims this archive's SHA-256":
		docs[1] = cloneDoc(w.twins[1])
		docs[1]["archive"] = cloneDoc(w.shards[0])["archive"]
	case "the boundary between them is moved by 1000 bytes":
		for i, end := range []int{1, 0} {
			r := docs[i]["shard"].(map[string]any)["range"].([]any)
			v, _ := r[end].(json.Number).Int64()
			r[end] = json.Number(strconv.FormatInt(v+1000, 10))
		}
	case "shard 1's failures are turned into verified":
		d := docs[0]
		f := d["byStatus"].(map[string]any)["failed"]
		v, _ := d["byStatus"].(map[string]any)["verified"].(json.Number).Int64()
		g, _ := f.(json.Number).Int64()
		all := json.Number(strconv.FormatInt(v+g, 10))
		d["byStatus"] = map[string]any{"verified": all}
		d["byKind"] = map[string]any{"selfpoker_v1/hand_end": map[string]any{"verified": all}}
		d["reasons"], d["examples"], d["exit"], d["verdict"] = map[string]any{}, []any{}, json.Number("0"), "verified"
	default:
		return fmt.Errorf("no such attack: %s (%d shards)", name, n)
	}
	return nil
}

// mergeSteps audit an archive as shard jobs and merge their summaries, as
// they are and edited.
func mergeSteps(sc *godog.ScenarioContext, w *world) {
	sc.After(func(ctx context.Context, _ *godog.Scenario, err error) (context.Context, error) {
		if w.archive != "" {
			os.RemoveAll(filepath.Dir(w.archive))
		}
		return ctx, err
	})
	sc.Step(`^the archive is audited as (\d+) shard jobs$`, func(n int) error {
		var err error
		if w.shards, err = shardDocs(w.archive, n); err != nil {
			return err
		}
		// The same name and size, one hex digit of the last commitment apart.
		data, err := os.ReadFile(w.archive)
		if err != nil {
			return err
		}
		i := bytes.LastIndex(data, []byte(`"commit":"`)) + len(`"commit":"`)
		data[i] ^= 1 // '0' and '1', '2' and '3', …, 'a' and '`'
		if data[i] == '`' {
			data[i] = 'c'
		}
		twin := filepath.Join(filepath.Dir(w.archive), "twin", filepath.Base(w.archive))
		if err := os.Mkdir(filepath.Dir(twin), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(twin, data, 0o644); err != nil {
			return err
		}
		w.twins, err = shardDocs(twin, n)
		return err
	})
	sc.Step(`^merging the shards gives (\d+) records$`, func(n int) error {
		m, err := mergeDocs(w.shards, w.archive)
		if err != nil {
			return err
		}
		return equalOr("merged total", n, m.Total)
	})
	sc.Step(`^merge refuses the shards when (.+), saying "([^"]*)" and, with the digest made again, "([^"]*)"$`, func(attack, edited, forged string) error {
		for _, c := range []struct {
			remade bool
			want   string
		}{{false, edited}, {true, forged}} {
			docs := make([]map[string]any, len(w.shards))
			for i := range docs {
				docs[i] = cloneDoc(w.shards[i])
			}
			if err := w.attack(attack, docs); err != nil {
				return err
			}
			if c.remade {
				seal(docs[1])
			}
			_, err := mergeDocs(docs, "")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				return fmt.Errorf("%s (digest made again: %v): expected a refusal saying %q, got %v", attack, c.remade, c.want, err)
			}
		}
		return nil
	})
	sc.Step(`^only (the archive read again|a re-run of the shard) refuses the shards when (.+), saying "([^"]*)"$`, func(check, attack, want string) error {
		docs := make([]map[string]any, len(w.shards))
		for i := range docs {
			docs[i] = cloneDoc(w.shards[i])
		}
		if err := w.attack(attack, docs); err != nil {
			return err
		}
		for _, d := range docs {
			seal(d)
		}
		if _, err := mergeDocs(docs, ""); err != nil {
			return fmt.Errorf("%s: the summaries alone refuse it (%v), not only %s", attack, err, check)
		}
		_, err := mergeDocs(docs, w.archive)
		if err == nil || !strings.Contains(err.Error(), want) {
			return fmt.Errorf("%s: expected %s to refuse it saying %q, got %v", attack, check, want, err)
		}
		return nil
	})
	sc.Step(`^two runs of shard (\d+) give the same digest$`, func(i int) error {
		again, err := shardDocs(w.archive, len(w.shards))
		if err != nil {
			return err
		}
		again[i-1]["seconds"] = 99.5 // another run, another time
		return equalOr("digest of a re-run", w.shards[i-1]["digest"], seal(again[i-1])["digest"])
	})
}
