package main

import (
	"fmt"
	"io"

	"github.com/pfkit/pfkit/v2/go/internal/audit"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// fileResult is one record's outcome for pfkit verify.
type fileResult struct {
	Path   string         `json:"path"`
	Status string         `json:"status"` // verified, failed, unreadable, unspecified
	Report *record.Report `json:"report,omitempty"`
	Error  *errorJSON     `json:"error,omitempty"`
}

type errorJSON struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func cmdVerify(args []string, stdout, stderr io.Writer) int {
	c := newCLI("verify", stdout, stderr)
	asJSON := c.fs.Bool("json", false, "write one JSON document instead of the report")
	paths, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if len(paths) == 0 {
		return c.fail("expected at least one RECORD")
	}
	if code, ok := c.stdinOnce(paths); !ok {
		return code
	}
	var results []fileResult
	counts := map[string]int{}
	for _, p := range paths {
		r := verifyFile(p)
		counts[r.Status]++
		results = append(results, r)
		// A file that cannot be read is not a record: it is named on
		// standard error, and only --json lists it among the records.
		if r.Error != nil && r.Error.Code == string(errcode.FileUnreadable) {
			textOut{stderr}.printf("pfkit verify: %s: %s: %s", escape.Text(p), r.Error.Code, r.Error.Message)
		}
	}
	code = record.ExitCode(counts)
	if *asJSON {
		writeJSON(stdout, struct {
			Pfkit   kitJSON      `json:"pfkit"`
			Records []fileResult `json:"records"`
			Exit    int          `json:"exit"`
		}{kit(), results, code})
		return code
	}
	first := true
	for _, r := range results {
		if r.Error != nil && r.Error.Code == string(errcode.FileUnreadable) {
			continue
		}
		if !first {
			fmt.Fprintln(stdout)
		}
		first = false
		printResult(stdout, r)
	}
	return code
}

func verifyFile(path string) fileResult {
	v := record.JudgeFile(path)
	res := fileResult{Path: path, Status: v.Status, Report: v.Report}
	if v.Report == nil {
		res.Error = &errorJSON{string(v.Code), v.Message}
	}
	return res
}

func printResult(out io.Writer, r fileResult) {
	w := textOut{out}
	w.printf("%s", escape.Text(r.Path))
	switch r.Status {
	case audit.Unreadable:
		w.printf("  UNREADABLE (%s): %s", r.Error.Code, r.Error.Message)
		return
	case audit.Unspecified:
		w.printf("  SCHEME NOT SPECIFIED: %s", r.Error.Message)
		w.printf("  Nothing was checked: there is no published definition to check the record against.")
		return
	}
	rep := r.Report
	w.printf("  %s", rep.Title)
	width := 0
	for _, c := range rep.Checks {
		width = max(width, len(c.Name))
	}
	failed := 0
	for _, c := range rep.Checks {
		mark := "ok  "
		if !c.OK {
			mark = "FAIL"
			failed++
		}
		w.printf("  %s  %-*s  %s", mark, width, c.Name, c.Summary)
		for _, m := range c.Mismatches {
			w.printf("        %s", words.Text("cli.report.mismatch", "where", m.Where, "expected", m.Expected, "found", m.Found))
		}
		if c.More > 0 { // REC-10
			w.printf("        %s", words.Text("cli.report.more", "n", c.More))
		}
	}
	for _, n := range rep.Notes {
		w.printf("  %s", words.Text("cli.report.note", "note", n))
	}
	if failed == 0 {
		w.printf("  %s", words.Text("cli.report.verified", "n", len(rep.Checks)))
	} else {
		w.printf("  %s", words.Text("cli.report.failed", "failed", failed, "total", len(rep.Checks)))
	}
}
