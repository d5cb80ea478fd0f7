package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/pfkit/pfkit/go/internal/archive"
	"github.com/pfkit/pfkit/go/internal/audit"
	"github.com/pfkit/pfkit/go/internal/record"
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
	fs := newFlags("verify", stderr)
	asJSON := fs.Bool("json", false, "write one JSON document instead of the report")
	if fs.Parse(args) != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: pfkit verify [--json] RECORD...")
		return 2
	}
	var results []fileResult
	counts := map[string]int{}
	for _, p := range fs.Args() {
		r := verifyFile(p)
		counts[r.Status]++
		results = append(results, r)
	}
	code := record.ExitCode(counts)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		enc.Encode(struct {
			Records []fileResult `json:"records"`
			Exit    int          `json:"exit"`
		}{results, code})
		return code
	}
	for i, r := range results {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		printResult(stdout, r)
	}
	return code
}

func verifyFile(path string) fileResult {
	res := fileResult{Path: path}
	info, err := os.Stat(path)
	if err == nil && info.Size() > int64(record.Limits.MaxBytes) {
		err = fmt.Errorf("the file has %d bytes, the limit is %d", info.Size(), record.Limits.MaxBytes)
		res.Status, res.Error = audit.Unreadable, &errorJSON{"input_too_large", err.Error()}
		return res
	}
	var data []byte
	if err == nil {
		data, err = os.ReadFile(path)
	}
	if err != nil {
		res.Status, res.Error = audit.Unreadable, &errorJSON{"malformed_request", err.Error()}
		return res
	}
	v := record.Judge(data)
	res.Status, res.Report = v.Status, v.Report
	if v.Report == nil {
		res.Error = &errorJSON{string(v.Code), v.Message}
	}
	return res
}

func printResult(w io.Writer, r fileResult) {
	fmt.Fprintln(w, r.Path)
	switch r.Status {
	case audit.Unreadable:
		fmt.Fprintf(w, "  UNREADABLE (%s): %s\n", r.Error.Code, r.Error.Message)
		return
	case audit.Unspecified:
		fmt.Fprintf(w, "  SCHEME NOT SPECIFIED: %s\n", r.Error.Message)
		fmt.Fprintln(w, "  Nothing was checked: there is no published definition to check the record against.")
		return
	}
	rep := r.Report
	fmt.Fprintf(w, "  %s\n", rep.Title)
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
		fmt.Fprintf(w, "  %s  %-*s  %s\n", mark, width, c.Name, c.Summary)
		for i, m := range c.Mismatches {
			if i == 10 {
				fmt.Fprintf(w, "        … and %d more\n", len(c.Mismatches)-10)
				break
			}
			fmt.Fprintf(w, "        %s: expected %s, record has %s\n", m.Where, m.Expected, m.Found)
		}
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "  note: %s\n", n)
	}
	if failed == 0 {
		fmt.Fprintf(w, "  VERIFIED: all %d checks hold\n", len(rep.Checks))
	} else {
		fmt.Fprintf(w, "  FAILED: %d of %d checks failed\n", failed, len(rep.Checks))
	}
}

func cmdAudit(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("audit", stderr)
	asJSON := fs.Bool("json", false, "write the summary as JSON")
	workers := fs.Int("workers", 0, "verifying goroutines (default: one per core)")
	progress := fs.Bool("progress", isTerminal(os.Stderr), "show progress on standard error")
	if fs.Parse(args) != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: pfkit audit [--json] [--workers N] ARCHIVE (a JSON-lines file or a folder of records)")
		return 2
	}
	opt := audit.Options{Workers: *workers}
	// An audit allocates small, short-lived values by the million while its
	// live heap stays a few megabytes; collecting less often trades a few
	// tens of megabytes for speed, and memory still does not grow with the
	// archive.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	start := time.Now()
	if *progress {
		var last time.Time
		opt.Progress = func(n int64) {
			if time.Since(last) < 200*time.Millisecond {
				return
			}
			last = time.Now()
			el := time.Since(start).Seconds()
			fmt.Fprintf(stderr, "\r  %d records, %.0f/s  ", n, float64(n)/el)
		}
	}
	s, err := audit.Run(fs.Arg(0), opt)
	if *progress {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		fmt.Fprintln(stderr, "pfkit audit:", err)
		if s == nil {
			return 2
		}
	}
	el := time.Since(start)
	code := record.ExitCode(s.ByStatus)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		enc.Encode(struct {
			*audit.Summary
			Seconds      float64 `json:"seconds"`
			PeakRSSBytes int64   `json:"peakRSSBytes,omitempty"`
			Exit         int     `json:"exit"`
		}{s, el.Seconds(), peakRSS(), code})
		return code
	}
	printSummary(stdout, s, el)
	if rss := peakRSS(); rss > 0 {
		fmt.Fprintf(stdout, "peak memory %.1f MiB\n", float64(rss)/(1<<20))
	}
	return code
}

func printSummary(w io.Writer, s *audit.Summary, el time.Duration) {
	rate := float64(s.Total) / el.Seconds()
	fmt.Fprintf(w, "audited %d records in %.2fs (%.0f records/s)\n", s.Total, el.Seconds(), rate)
	for _, st := range []string{audit.Verified, audit.Failed, audit.Unreadable, audit.Unspecified} {
		fmt.Fprintf(w, "  %-12s %d\n", st, s.ByStatus[st])
	}
	kinds := make([]string, 0, len(s.ByKind))
	for k := range s.ByKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	fmt.Fprintln(w, "by scheme:")
	for _, k := range kinds {
		var parts []string
		for _, st := range []string{audit.Verified, audit.Failed, audit.Unreadable, audit.Unspecified} {
			if n := s.ByKind[k][st]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", st, n))
			}
		}
		fmt.Fprintf(w, "  %-26s %s\n", k, strings.Join(parts, ", "))
	}
	if len(s.Reasons) > 0 {
		fmt.Fprintln(w, "reasons:")
		reasons := make([]string, 0, len(s.Reasons))
		for r := range s.Reasons {
			reasons = append(reasons, r)
		}
		sort.Slice(reasons, func(i, j int) bool {
			if s.Reasons[reasons[i]] != s.Reasons[reasons[j]] {
				return s.Reasons[reasons[i]] > s.Reasons[reasons[j]]
			}
			return reasons[i] < reasons[j]
		})
		for _, r := range reasons {
			fmt.Fprintf(w, "  %8d  %s\n", s.Reasons[r], r)
		}
	}
	if len(s.Examples) > 0 {
		fmt.Fprintf(w, "first %d problems:\n", len(s.Examples))
		for _, o := range s.Examples {
			fmt.Fprintf(w, "  %s: %s: %s\n", o.Where, o.Status, o.Reason)
		}
	}
}

// peakRSS is the process's peak resident memory from /proc (Linux), or 0
// where it cannot be read.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(rest), "%d kB", &kb)
			return kb << 10
		}
	}
	return 0
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func cmdArchive(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "generate" {
		fmt.Fprintln(stderr, "usage: pfkit archive generate --kind KIND --count N [--tamper-every K] --out FILE")
		return 2
	}
	fs := newFlags("archive generate", stderr)
	kind := fs.String("kind", "selfpoker", "record kind: "+strings.Join(archive.Kinds, ", "))
	count := fs.Int("count", 10000, "number of records")
	every := fs.Int("tamper-every", 0, "tamper with every K-th record (0: none)")
	out := fs.String("out", "", "output file (default: standard output)")
	if fs.Parse(args[1:]) != nil {
		return 2
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(stderr, "pfkit archive:", err)
			return 2
		}
		defer f.Close()
		w = f
	}
	if err := archive.Generate(w, *kind, *count, *every); err != nil {
		fmt.Fprintln(stderr, "pfkit archive:", err)
		return 2
	}
	return 0
}
