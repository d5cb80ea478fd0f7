package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/archivestats"
	"github.com/pfkit/pfkit/v2/go/internal/audit"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// statsFlags are the flags of the statistics across an archive (STAT-1 to
// STAT-5): audit takes all four, audit merge only the report (the rate and
// the regulars are the shards').
type statsFlags struct {
	on       *bool
	rate     *float64
	regulars *int
	report   *string
}

func addStatsFlags(fs *flag.FlagSet, merge bool) *statsFlags {
	f := &statsFlags{}
	if !merge {
		f.on = fs.Bool("stats", false, "test what the verified records dealt against honest dealing, over the whole archive (counts that add across shards)")
		f.rate = fs.Float64("stats-rate", archivestats.Rate, "with --stats: the false-alarm `RATE` of the whole report, above 0 and below 1")
		f.regulars = fs.Int("stats-regulars", archivestats.Regulars, "with --stats: test on its own each client seed seen in at least `N` records")
	}
	f.report = fs.String("stats-report", "", "write the statistics as one HTML page to `FILE` (implies --stats)")
	return f
}

// options are the audit's statistics options, or nil; a flag of the
// statistics given alone asks for them, and a value out of range is refused.
func (f *statsFlags) options(c *cli) (*audit.StatsOptions, int, bool) {
	if !*f.on && *f.report == "" && *f.rate == archivestats.Rate && *f.regulars == archivestats.Regulars {
		return nil, 0, true
	}
	if !(*f.rate > 0 && *f.rate < 1) {
		return nil, c.fail("--stats-rate: expected a rate above 0 and below 1, such as 1e-6, found %s", strconv.FormatFloat(*f.rate, 'g', -1, 64)), false
	}
	if *f.regulars < 1 {
		return nil, c.fail("--stats-regulars: expected 1 or more records, found %d", *f.regulars), false
	}
	return &audit.StatsOptions{Rate: *f.rate, Regulars: *f.regulars}, 0, true
}

// writeReport writes the HTML page when asked, and says where on w.
func (f *statsFlags) writeReport(s *audit.Summary, w io.Writer) error {
	if *f.report == "" {
		return nil
	}
	if s.Stats == nil {
		return fmt.Errorf("--stats-report: the summaries have no statistics; run each shard with --stats")
	}
	out, err := os.Create(*f.report)
	if err != nil {
		return err
	}
	if err := s.Stats.WriteHTML(out, s.Archive.Name); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	textOut{w}.printf("%s", words.Text("cli.audit.stats.report_written", "file", escape.Quoted(*f.report)))
	return nil
}

// maxFlaggedShown bounds the flagged tests the text report names one by one.
const maxFlaggedShown = 5

// printStats is the text report's short summary of the statistics: the
// verdict, each flagged test in one line, and how many did not run.
func printStats(out io.Writer, r *archivestats.Report) {
	if r == nil {
		return
	}
	w := textOut{out}
	w.printf("%s", words.Text("cli.audit.stats.verdict", "verdict", r.Verdict()))
	shown := 0
	for i := range r.Tests {
		if t := &r.Tests[i]; t.Flagged {
			if shown++; shown <= maxFlaggedShown {
				w.printf("%s", words.Text("cli.audit.stats.flagged", "test", t.ID, "words", t.Words()))
			}
		}
	}
	if shown > maxFlaggedShown {
		w.printf("%s", words.Text("cli.audit.stats.more_flagged", "n", shown-maxFlaggedShown))
	}
	if len(r.Skipped) > 0 {
		w.printf("%s", words.Text("cli.audit.stats.not_run", "n", len(r.Skipped)))
	}
}
