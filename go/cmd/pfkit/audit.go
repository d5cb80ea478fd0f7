package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pfkit/pfkit/v2/go/internal/audit"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// auditRereads says why an audit refuses standard input for its archive.
const auditRereads = "a shard reads the archive again around its part, and audit merge --archive reads it again to hold the shards to it, so an archive is a file or a folder"

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
	if code, ok := c.noStdin("ARCHIVE", pos[0], auditRereads); !ok {
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
	tuneCollector(opt.Stats != nil)
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
	w.printf("%s", words.Text("cli.audit.audited", "n", s.Total, "seconds", strconv.FormatFloat(el.Seconds(), 'f', 2, 64),
		"rate", strconv.FormatFloat(rate, 'f', 0, 64)))
	if sh := s.Shard; sh != nil {
		none, some := "cli.audit.no_lines", "cli.audit.lines"
		if s.Archive.Form == "folder" {
			none, some = "cli.audit.no_files", "cli.audit.files"
		}
		what := words.Text(none)
		if sh.First > 0 {
			what = words.Text(some, "first", sh.First, "last", sh.Last)
		}
		w.printf("%s", words.Text("cli.audit.shard", "index", sh.Index, "count", sh.Count, "archive", escape.Quoted(s.Archive.Name), "what", what))
	}
	printSummary(stdout, s)
	printStats(stdout, s.Stats)
	if rss := peakRSS(); rss > 0 {
		w.printf("%s", words.Text("cli.audit.peak_memory", "mib", strconv.FormatFloat(float64(rss)/(1<<20), 'f', 1, 64)))
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
		line := escape.Line(words.Text("cli.audit.progress", "n", n, "rate", strconv.FormatFloat(float64(n)/el, 'f', 0, 64)))
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
	w.printf("%s", words.Text("cli.audit.by_scheme"))
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
		w.printf("%s", words.Text("cli.audit.reasons"))
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
		w.printf("%s", words.Text("cli.audit.first_problems", "n", len(s.Examples)))
		for _, o := range s.Examples {
			w.printf("  %s: %s: %s", escape.Text(o.Where), o.Status, o.Reason)
		}
	}
	if s.Total == 0 {
		what := words.Text("cli.audit.the_archive")
		if sh := s.Shard; sh != nil {
			what = words.Text("cli.audit.shard_name", "index", sh.Index, "count", sh.Count)
		}
		w.printf("%s", words.Text("cli.audit.no_records", "what", what, "code", audit.NoRecords))
	}
}

// tuneCollector sets how the audit's garbage is collected, unless GOGC or
// GOMEMLIMIT says otherwise; stats says the statistics are kept.
func tuneCollector(stats bool) {
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
	// collector. Since a verified record is judged without allocating, ten
	// thousand hands peak at 14 MiB; at 32 MiB a long run settled at 35 MiB,
	// at 16 MiB it stays at 20 MiB (1,000,000 selfpoker hands, 100,000 bridge
	// matches) for the same processor time. The statistics hold counts for
	// every client seed they meet, a live heap above 16 MiB, under which
	// the collector would run without end: they keep 32 MiB.
	if os.Getenv("GOMEMLIMIT") == "" {
		limit := int64(16 << 20)
		if stats {
			limit = 32 << 20
		}
		debug.SetMemoryLimit(limit)
	}
}
