package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
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

// writeJSON writes an indented document whose strings carry no hidden
// character raw (TXT-3): a record's text may reach a terminal this way too.
func writeJSON(w io.Writer, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	w.Write(escape.JSON(b.Bytes()))
}

// textOut writes a text report line by line, each through escape.Line
// (TXT-3): whatever a message quotes, no control or format character of a
// record reaches the terminal.
type textOut struct{ w io.Writer }

func (l textOut) printf(format string, args ...any) {
	io.WriteString(l.w, escape.Line(fmt.Sprintf(format, args...))+"\n")
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

func cmdAudit(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return cmdAuditMerge(args[1:], stdout, stderr)
	}
	c := newCLI("audit", stdout, stderr)
	asJSON := c.fs.Bool("json", false, "write the summary as JSON")
	workers := c.fs.Int("workers", 0, "verifying goroutines (default: one per core)")
	shard := c.fs.String("shard", "", "audit only part `I/N` of the archive (1 <= I <= N) and say so in the summary, for audit merge")
	progress := c.fs.Bool("progress", isTerminal(os.Stderr), "show progress on standard error (default: when it is a terminal)")
	sf := addStatsFlags(c.fs, false)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if code, ok := c.exact(pos, 1, "one ARCHIVE (a JSON-lines file or a folder of records)"); !ok {
		return code
	}
	if *workers < 0 {
		return c.fail("--workers: expected 0 (one per core) or more, found %d", *workers)
	}
	opt := audit.Options{Workers: *workers}
	if opt.Stats, code, ok = sf.options(c); !ok {
		return code
	}
	if *shard != "" {
		sh, err := audit.ParseShard(*shard)
		if err != nil {
			return c.fail("--shard: %v", err)
		}
		opt.Shard = sh
	}
	// An audit allocates small, short-lived values by the million while its
	// live heap stays a few megabytes; collecting less often trades a few
	// tens of megabytes for speed (800 against 400: 3 to 5% more records a
	// second), and memory still does not grow with the archive.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(800)
	}
	// A soft limit keeps the peak the same for ten thousand records and for
	// a hundred million: without it the heap of a long run settles well
	// above that of a short one, and more so when other work starves the
	// collector. It costs a few percent of speed.
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(32 << 20)
	}
	start := time.Now()
	redraw := showProgress(&opt, *progress, start, stderr)
	s, err := audit.Run(pos[0], opt)
	if redraw {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		textOut{stderr}.printf("pfkit audit: %v", err)
		if s == nil {
			return 2
		}
	}
	el := time.Since(start)
	code = s.Exit()
	if err != nil && code != 1 {
		code = 2 // the archive could not be read to its end
	}
	if err := sf.writeReport(s, stderr); err != nil {
		textOut{stderr}.printf("pfkit audit: %v", err)
		return 2
	}
	if *asJSON {
		doc := audit.NewDocument(s)
		secs := el.Seconds()
		doc.Seconds, doc.PeakRSSBytes, doc.Exit = &secs, peakRSS(), code
		writeSealed(stdout, doc)
		return code
	}
	w := textOut{stdout}
	rate := float64(s.Total) / el.Seconds()
	w.printf("audited %d records in %.2fs (%.0f records/s)", s.Total, el.Seconds(), rate)
	if sh := s.Shard; sh != nil {
		unit := "line"
		if s.Archive.Form == "folder" {
			unit = "record file"
		}
		what := "no " + unit + "s"
		if sh.First > 0 {
			what = fmt.Sprintf("%ss %d to %d", unit, sh.First, sh.Last)
		}
		w.printf("shard %d/%d of %s: %s (join the --json summaries of every shard with pfkit audit merge)", sh.Index, sh.Count, escape.Quoted(s.Archive.Name), what)
	}
	printSummary(stdout, s)
	printStats(stdout, s.Stats)
	if rss := peakRSS(); rss > 0 {
		w.printf("peak memory %.1f MiB", float64(rss)/(1<<20))
	}
	return code
}

// showProgress sets opt to show progress on stderr when asked. It redraws
// its line on a terminal, with the carriage return and erase-line codes that
// are the command's own (TXT-3), and reports whether it does; anywhere else
// it writes plain lines.
func showProgress(opt *audit.Options, on bool, start time.Time, stderr io.Writer) (redraw bool) {
	if !on {
		return false
	}
	f, isFile := stderr.(*os.File)
	redraw = isFile && isTerminal(f)
	var last time.Time
	opt.Progress = func(n int64) {
		if time.Since(last) < 200*time.Millisecond {
			return
		}
		last = time.Now()
		el := time.Since(start).Seconds()
		line := escape.Line(fmt.Sprintf("  %d records, %.0f/s", n, float64(n)/el))
		if redraw {
			fmt.Fprintf(stderr, "\r%s  ", line)
		} else {
			fmt.Fprintln(stderr, line)
		}
	}
	return redraw
}

// writeSealed writes doc with its digest of its other members set first.
func writeSealed(w io.Writer, doc *audit.Document) {
	if err := doc.Seal(); err != nil {
		panic(err) // the kit's own types always encode
	}
	writeJSON(w, doc)
}

// printSummary writes an audit's summary; reasons quote records, so every
// line goes through escape.Line (TXT-3).
func printSummary(out io.Writer, s *audit.Summary) {
	w := textOut{out}
	for _, st := range []string{audit.Verified, audit.Failed, audit.Unreadable, audit.Unspecified} {
		w.printf("  %-12s %d", st, s.ByStatus[st])
	}
	kinds := make([]string, 0, len(s.ByKind))
	for k := range s.ByKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	w.printf("by scheme:")
	for _, k := range kinds {
		var parts []string
		for _, st := range []string{audit.Verified, audit.Failed, audit.Unreadable, audit.Unspecified} {
			if n := s.ByKind[k][st]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", st, n))
			}
		}
		w.printf("  %-26s %s", k, strings.Join(parts, ", "))
	}
	if len(s.Reasons) > 0 {
		w.printf("reasons:")
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
			w.printf("  %8d  %s", s.Reasons[r], r)
		}
	}
	if len(s.Examples) > 0 {
		w.printf("first %d problems:", len(s.Examples))
		for _, o := range s.Examples {
			w.printf("  %s: %s: %s", escape.Text(o.Where), o.Status, o.Reason)
		}
	}
	if s.Total == 0 {
		what := "the archive"
		if sh := s.Shard; sh != nil {
			what = fmt.Sprintf("shard %d/%d", sh.Index, sh.Count)
		}
		w.printf("no records: %s holds no record, so nothing was verified (exit %d)", what, audit.NoRecords)
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
	if code, ok := subcommand("archive", args, stdout, stderr); !ok {
		return code
	}
	c := newCLI("archive generate", stdout, stderr)
	kind := c.fs.String("kind", "selfpoker", "record kind: "+strings.Join(archive.Kinds, ", "))
	count := c.fs.Int("count", 10000, "number of records")
	every := c.fs.Int("tamper-every", 0, "tamper with every K-th record (0: none)")
	out := c.fs.String("out", "", "output file (default: standard output)")
	grind := archive.Grinding{}
	c.fs.IntVar(&grind.K, "grind", 1, "deal each record from the best of `K` server seeds, as a server grinding its seeds would (1: honest)")
	c.fs.IntVar(&grind.Seat, "grind-seat", 0, "with --grind: favour seat `S` (selfpoker: position; chess: 0 for A playing White, 1 for B)")
	c.fs.StringVar(&grind.Client, "grind-client", "", "make `SEED` every match's first client seed (a regular) and, with --grind, favour it (bridge, backgammon)")
	c.fs.IntVar(&grind.First, "first", 0, "number the records from `N`, so that archives of one kind differ")
	pos, code, ok := c.parse(args[1:])
	if !ok {
		return code
	}
	if code, ok := c.exact(pos, 0, "no arguments"); !ok {
		return code
	}
	if !slices.Contains(archive.Kinds, *kind) {
		return c.fail("--kind: expected one of %s, found %s", strings.Join(archive.Kinds, ", "), escape.Quoted(*kind))
	}
	if *count < 0 || *every < 0 {
		return c.fail("--count and --tamper-every: expected 0 or more, found %d and %d", *count, *every)
	}
	if err := grind.Check(*kind); err != nil {
		return c.fail("%v", err)
	}
	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			textOut{stderr}.printf("pfkit archive: %v", err)
			return 2
		}
		defer f.Close()
		w = f
	}
	if err := archive.GenerateWith(w, *kind, *count, *every, grind); err != nil {
		textOut{stderr}.printf("pfkit archive: %v", err)
		return 2
	}
	return 0
}
