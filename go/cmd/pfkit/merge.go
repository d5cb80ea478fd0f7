package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/audit"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// cmdAuditMerge joins shard summaries and makes the checks asked for
// (audit.MergeChecked): the archive read again with --archive, shards run
// again with --rerun or --sample. Its report says which checks ran and
// what each found, and its JSON holds them in "merge", outside the digest.
func cmdAuditMerge(args []string, stdout, stderr io.Writer) int {
	c := newCLI("audit merge", stdout, stderr)
	asJSON := c.fs.Bool("json", false, "write the summary as JSON")
	arc := c.fs.String("archive", "", "read the archive `FILE` (or folder) again and refuse summaries whose hashes, sizes, ranges or lines differ from it")
	var opt audit.MergeOptions
	var rerun, sample bool // given: an empty list or 0 is refused, not taken for none
	c.fs.Func("rerun", "with --archive, run the shards `I,J,...` again and refuse a summary that differs from its re-run", func(v string) (err error) {
		rerun = true
		opt.Rerun, err = shardList(v)
		return err
	})
	c.fs.Func("sample", "with --archive, run `K` shards chosen at random again, as --rerun does, and say how likely a forged shard escapes", func(v string) (err error) {
		sample = true
		if opt.Sample, err = strconv.Atoi(v); err != nil || opt.Sample < 1 {
			return fmt.Errorf("expected a number of shards of at least 1, found %s", escape.Quoted(v))
		}
		return nil
	})
	sf := addStatsFlags(c.fs, true)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if len(pos) == 0 {
		return c.fail("expected the --json summary of every shard of one archive")
	}
	if code, ok := c.stdinOnce(pos); !ok {
		return code
	}
	if code, ok := c.noStdin("--archive", *arc, auditRereads); !ok {
		return code
	}
	opt.Archive = *arc
	if *arc == "" && (rerun || sample) {
		return c.fail("--rerun, --sample: expected --archive, the archive to run the shards on")
	}
	if rerun && sample {
		return c.fail("--rerun, --sample: expected one of them, not both")
	}
	parts, ok := readShards(pos, stderr)
	if !ok {
		return 2
	}
	m, proof, err := audit.MergeChecked(parts, opt)
	if err == nil {
		err = sf.writeReport(m, stderr)
	}
	if err != nil {
		if proof != nil {
			printProof(textOut{stderr}, proof)
		}
		for line := range strings.SplitSeq(err.Error(), "\n") {
			textOut{stderr}.printf("pfkit audit merge: %s", line)
		}
		return 2
	}
	code = m.Exit()
	if *asJSON {
		doc := audit.NewDocument(m)
		doc.Merge = proof
		writeSealed(stdout, doc)
		return code
	}
	w := textOut{stdout}
	w.printf("%s", words.Text("cli.audit.merged", "n", len(parts), "archive", escape.Quoted(m.Archive.Name),
		"records", words.Text("cli.audit.records", "n", m.Total)))
	printProof(w, proof)
	printSummary(stdout, m)
	printStats(stdout, m.Stats)
	return code
}

// shardList reads --rerun's shard numbers: at least one, separated by
// commas.
func shardList(list string) ([]int, error) {
	var again []int
	for f := range strings.SplitSeq(list, ",") {
		i, err := strconv.Atoi(f)
		if err != nil || i < 1 || i > audit.MaxShards {
			return nil, fmt.Errorf("expected shard numbers separated by commas, such as 1,3, found %s", escape.Quoted(list))
		}
		again = append(again, i)
	}
	return again, nil
}

// printProof says which checks a merge made and what each found (AUD-2),
// one line a check, and what was left unchecked.
func printProof(w textOut, p *audit.Proof) {
	w.printf("%s", words.Text("cli.audit.merge.digests"))
	w.printf("%s", words.Text("cli.audit.merge.structure"))
	if p.Archive == "" {
		w.printf("%s", words.Text("cli.audit.merge.not_reread"))
	} else {
		w.printf("%s", words.Text("cli.audit.merge.reread", "archive", escape.Quoted(p.Archive)))
	}
	if s := p.Sample; s != nil {
		w.printf("%s", words.Text("cli.audit.merge.sample", "size", s.Size, "of", s.Of, "repeat", s.Repeat,
			"escape", strconv.FormatFloat(s.Escape, 'g', 4, 64)))
	}
	if len(p.Rerun) == 0 {
		w.printf("%s", words.Text("cli.audit.merge.not_rerun"))
		return
	}
	var same, differ []string
	for _, r := range p.Rerun {
		if r.Outcome == audit.Same {
			same = append(same, strconv.Itoa(r.Shard))
		} else {
			differ = append(differ, strconv.Itoa(r.Shard))
		}
	}
	if len(same) > 0 {
		w.printf("%s", words.Text("cli.audit.merge.same", "shards", strings.Join(same, ", ")))
	}
	if len(differ) > 0 {
		w.printf("%s", words.Text("cli.audit.merge.differ", "shards", strings.Join(differ, ", ")))
	}
}

// readShards reads the summaries named by paths (audit.ReadSummary).
func readShards(paths []string, stderr io.Writer) ([]*audit.Summary, bool) {
	var parts []*audit.Summary
	for _, p := range paths {
		data, err := record.ReadFile(p)
		if err == nil {
			var s *audit.Summary
			if s, err = audit.ReadSummary(data); err == nil && s.Shard == nil {
				err = fmt.Errorf("expected the summary of a shard (pfkit audit --json --shard I/N), found one without a \"shard\" member")
			}
			parts = append(parts, s)
		}
		if err != nil {
			textOut{stderr}.printf("pfkit audit merge: %s: %v", escape.Quoted(p), err)
			return nil, false
		}
	}
	return parts, true
}
