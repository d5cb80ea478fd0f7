// Package audit verifies whole archives of records (JSON lines, or a folder of
// record files) with bounded memory on every core, and summarises the verdicts
// (spec section 15, AUD-1).
package audit

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	kitroot "github.com/pfkit/pfkit/v2"
	"github.com/pfkit/pfkit/v2/go/internal/archivestats"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/record"
)

// Status of one record: the record package's verdicts.
const (
	Verified    = record.Verified
	Failed      = record.Failed
	Unreadable  = record.StatusUnreadable
	Unspecified = record.StatusUnspecified
)

// Item is one record of an archive: its place and its bytes.
type Item struct {
	Seq  int    // order in the archive (in a shard, in the shard), from 0
	Line int    // its line in a JSON-lines archive, from 1
	Path string // its file in a folder archive
	Data []byte
	Err  error // set when the item could not even be read (a line over the limit)
}

// where names the item's place for a report: "line 17" or its path.
func (it Item) where() string {
	if it.Path != "" {
		return it.Path
	}
	return "line " + strconv.Itoa(it.Line)
}

// Outcome is the verdict on one item.
type Outcome struct {
	Seq    int      `json:"-"`     // a summary names places by Where
	Where  string   `json:"where"` // the item's place, filled in for every outcome but verified
	Status string   `json:"status"`
	Kind   string   `json:"kind"`             // scheme/kind, when known
	Reason string   `json:"reason"`           // for failed, unreadable and unspecified: one line
	Checks []string `json:"checks,omitempty"` // a failed record's failed checks
}

// Judge verifies one item.
func Judge(it Item) Outcome { return judgeSeeing(it, nil) }

// judgeSeeing is Judge, showing see what a verified record dealt.
func judgeSeeing(it Item, see func(*record.Dealt)) Outcome {
	o := judge(it, see)
	if o.Status != Verified {
		o.Where = it.where() // built only where a report will show it
	}
	return o
}

func judge(it Item, see func(*record.Dealt)) Outcome {
	o := Outcome{Seq: it.Seq}
	if it.Err != nil {
		o.Status, o.Reason = Unreadable, it.Err.Error()
		return o
	}
	v, kind := record.JudgeBrief(it.Data, see)
	if kind != "" { // verified, with no report built
		o.Status, o.Kind = v.Status, kind
		return o
	}
	o.Status, o.Kind, o.Reason = v.Status, v.Scheme, v.Reason()
	if rep := v.Report; rep != nil {
		o.Kind = record.KindName(rep.Scheme, rep.Kind)
		if rep.Status == record.Failed {
			for _, c := range rep.Checks {
				if c.OK {
					continue
				}
				o.Checks = append(o.Checks, c.Name)
				if o.Reason == "" {
					o.Reason = c.Name + ": " + c.Summary
					if len(c.Mismatches) > 0 {
						m := c.Mismatches[0]
						o.Reason = fmt.Sprintf("%s: expected %s, record has %s", m.Where, m.Expected, m.Found)
					}
				}
			}
		}
	}
	return o
}

// Summary is what an audit reports.
type Summary struct {
	// Archive names what was read, by content (AUD-2).
	Archive *Archive `json:"archive,omitempty"`
	Total   int      `json:"total"`
	// Blank counts the lines that hold nothing but white space, which are
	// no record: in a shard, total + blank is every line it holds (AUD-2).
	Blank    int            `json:"blank"`
	ByStatus map[string]int `json:"byStatus"`
	// ByKind counts statuses per scheme/kind ("selfpoker_v1/hand_end").
	ByKind map[string]map[string]int `json:"byKind"`
	// Reasons counts failed checks by name, and unreadable records by reason.
	Reasons map[string]int `json:"reasons"`
	// Examples keeps the first failures, in archive order.
	Examples []Outcome `json:"examples"`
	// Shard is set in the summary of one shard of an archive.
	Shard *ShardInfo `json:"shard,omitempty"`
	// Stats is the statistics across the archive, when asked for (STAT-1).
	Stats *archivestats.Report `json:"stats,omitempty"`
	// version is the pfkit release that wrote the summary: this one for a
	// run, the one it names for a summary read back (ReadSummary). The
	// shards of one merge come from this release.
	version string
}

// MaxExamples bounds how many failures the summary lists one by one.
const MaxExamples = 20

func newSummary() *Summary {
	// Examples is [] and not null when there is none, as the schema says.
	return &Summary{ByStatus: map[string]int{}, ByKind: map[string]map[string]int{}, Reasons: map[string]int{}, Examples: []Outcome{}, version: kitroot.Version}
}

func (s *Summary) add(o Outcome) {
	s.Total++
	s.ByStatus[o.Status]++
	kind := o.Kind
	if kind == "" {
		kind = "(unknown)"
	}
	if s.ByKind[kind] == nil {
		s.ByKind[kind] = map[string]int{}
	}
	s.ByKind[kind][o.Status]++
	switch o.Status {
	case Failed:
		for _, c := range o.Checks {
			s.Reasons["failed check: "+genericCheck(c)]++
		}
	case Unreadable:
		s.Reasons["unreadable: "+firstClause(o.Reason)]++
	}
	if o.Status != Verified && len(s.Examples) < MaxExamples {
		s.Examples = append(s.Examples, o)
	}
}

// verifiedRun is a run of verified records of one kind, not yet added to a
// summary's counts: an audit is mostly such runs, and three map updates a
// record cost 2% of an audit of selfpoker hands.
type verifiedRun struct {
	kind string
	n    int
}

// addInRun is add, counting a verified record of a known kind in run first.
func (s *Summary) addInRun(o Outcome, run *verifiedRun) {
	if o.Status != Verified || o.Kind == "" {
		s.add(o)
		return
	}
	if o.Kind != run.kind {
		s.addRun(run)
		run.kind = o.Kind
	}
	run.n++
}

// addRun adds the records of run to the counts, as add would one by one.
func (s *Summary) addRun(run *verifiedRun) {
	if run.n == 0 {
		return
	}
	s.Total += run.n
	s.ByStatus[Verified] += run.n
	if s.ByKind[run.kind] == nil {
		s.ByKind[run.kind] = map[string]int{}
	}
	s.ByKind[run.kind][Verified] += run.n
	run.n = 0
}

// genericCheck drops numbers from a check name, so "hand 12 root" and
// "hand 13 root" count as one reason.
func genericCheck(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		if strings.Trim(w, "0123456789,") == "" {
			w = "N"
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

func firstClause(s string) string {
	if i := strings.IndexAny(s, ":;"); i > 0 {
		if j := strings.IndexAny(s[i+1:], ":;"); j > 0 {
			return s[:i+1+j]
		}
	}
	return s
}

// Options tune a run.
type Options struct {
	Workers  int              // 0: one per core
	Budget   int64            // bytes admitted to the workers at once (LIM-3); 0: DefaultBudget
	Progress func(done int64) // called from time to time, may be nil
	Each     func(o Outcome)  // called for every outcome in archive order, may be nil
	MaxLine  int              // longest record line; 0: record.Limits.MaxBytes
	Shard    Shard            // the part of the archive to audit; zero: all of it
	Stats    *StatsOptions    // statistics across the archive; nil: none
}

// Run audits the archive at path: a file of JSON lines or a folder of record
// files. Memory stays bounded: items flow through small channels and only the
// summary grows, by counts.
func Run(path string, opt Options) (*Summary, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fileError(path, err)
	}
	batches := make(chan *batch, 2*workers(opt))
	var readErr error
	var blank int
	sh := &ShardInfo{Index: opt.Shard.Index, Count: opt.Shard.Count}
	arc := &Archive{Name: filepath.Base(path), Form: "lines"}
	admit := newBudget(opt.Budget)
	go func() {
		// The reader fills batches itself: one channel operation per batch
		// of records, not per record.
		out := &batcher{out: batches, admit: admit}
		defer close(batches)
		defer out.flush()
		if info.IsDir() {
			arc.Form = "folder"
			readErr = readDir(path, out, opt.Shard, arc, sh)
		} else {
			readErr = readLines(path, out, opt, arc, sh, &blank)
		}
	}()
	s := judgeBatches(batches, admit, opt)
	s.Archive, s.Blank = arc, blank
	if opt.Shard.Count > 0 {
		s.Shard = sh
	}
	return s, readErr
}

// batchSize is how many items travel together between the reader, the workers
// and the summary: one channel operation per batch instead of per record.
// batchBytes closes a batch early, so that a batch of long lines does not
// hold them all until the last is judged.
const (
	batchSize  = 128
	batchBytes = 1 << 20
)

// batch is a run of consecutive items, and then their outcomes.
type batch struct {
	first    int // Seq of the first item
	items    []Item
	bytes    int   // the items' bytes
	cost     int64 // what judging them may hold, admitted against the budget
	outcomes []Outcome
}

// batcher gathers items into batches and sends each full one, once the
// budget admits it.
type batcher struct {
	out   chan<- *batch
	admit *budget
	b     *batch
	held  int64 // budget taken for the line being read, not yet in a batch
}

func (c *batcher) add(it Item) {
	if c.b == nil {
		c.b = &batch{first: it.Seq, items: make([]Item, 0, batchSize)}
	}
	c.b.items = append(c.b.items, it)
	c.b.bytes += len(it.Data)
	c.b.cost += judgeCost(len(it.Data))
	if len(c.b.items) == batchSize || c.b.bytes >= batchBytes {
		c.flush()
	}
}

func (c *batcher) flush() {
	if c.b != nil {
		c.b.cost = c.held + c.admit.acquire(max(0, min(c.b.cost, c.admit.size)-c.held))
		c.held = 0
		c.out <- c.b
		c.b = nil
	}
}

// hold takes n bytes of the budget for a line the reader is still reading,
// after sending on the batch gathered so far: a long line waits for room
// before it is read, not only before it is judged. What is held counts
// toward the cost of the batch the line goes into.
func (c *batcher) hold(n int) {
	if c.b != nil && c.held == 0 {
		c.flush()
	}
	take := min(int64(n), c.admit.size-c.held)
	c.held += c.admit.acquire(take)
}

func workers(opt Options) int {
	if opt.Workers > 0 {
		return opt.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Stream judges items on every core and summarises them in order.
func Stream(items <-chan Item, opt Options) *Summary {
	batches := make(chan *batch, 2*workers(opt))
	admit := newBudget(opt.Budget)
	go func() {
		out := &batcher{out: batches, admit: admit}
		for it := range items {
			out.add(it)
		}
		out.flush()
		close(batches)
	}()
	return judgeBatches(batches, admit, opt)
}

// judgeBatches judges batches on every core and summarises them in order,
// giving each batch's cost back to the budget once it is judged.
func judgeBatches(batches <-chan *batch, admit *budget, opt Options) *Summary {
	workers := workers(opt)
	judged := make(chan *batch, 2*workers)
	var wg sync.WaitGroup
	tallies := make([]*archivestats.Tally, workers)
	for w := range workers {
		wg.Add(1)
		if opt.Stats != nil {
			tallies[w] = archivestats.New()
		}
		go func() {
			defer wg.Done()
			see := seer(tallies[w])
			for b := range batches {
				b.outcomes = make([]Outcome, len(b.items))
				for i, it := range b.items {
					b.outcomes[i] = judgeSeeing(it, see)
					b.items[i].Data = nil
				}
				b.items = nil
				admit.release(b.cost)
				judged <- b
			}
		}()
	}
	go func() {
		wg.Wait()
		close(judged)
	}()
	s := newSummary()
	var done int64
	// Batches arrive out of order; holding the early ones until their turn
	// restores archive order for the callback and the examples. At most the
	// batches in flight wait here (channel capacities plus workers).
	pending := map[int]*batch{}
	next := 0
	var run verifiedRun
	for b := range judged {
		pending[b.first] = b
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next += len(p.outcomes)
			for _, o := range p.outcomes {
				s.addInRun(o, &run)
				if opt.Each != nil {
					opt.Each(o)
				}
				if done++; opt.Progress != nil && done%4096 == 0 {
					opt.Progress(done)
				}
			}
		}
	}
	s.addRun(&run)
	if opt.Progress != nil {
		opt.Progress(done)
	}
	if opt.Stats != nil {
		s.Stats = analyse(tallies, opt.Stats, !opt.Shard.whole())
	}
	return s
}

// fileError is err on the file at path, the name quoted as TXT-2 says.
func fileError(path string, err error) error {
	return fmt.Errorf("%s: %w", escape.Quoted(path), record.FileError(err))
}

// readLines reads a file of JSON lines, or the shard of it opt names, and
// states what it read in arc and sh: a whole run hashes the bytes as it reads
// them (a pipe has no second reading), a shard reads the file again around
// its own part, for the archive's digest.
func readLines(path string, items *batcher, opt Options, arc *Archive, sh *ShardInfo, blank *int) error {
	f, err := os.Open(path)
	if err != nil {
		return fileError(path, err)
	}
	defer f.Close()
	var whole *counter
	var src io.Reader = f
	if opt.Shard.whole() {
		whole = &counter{h: sha256.New()}
		src = io.TeeReader(f, whole)
	}
	from, to, err := shardLines(f, src, items, opt, sh, blank)
	if err != nil {
		return fileError(path, err)
	}
	if whole != nil {
		// A whole run that stopped early has not read every byte; the
		// rest still belongs to the archive's digest.
		if _, err := io.Copy(io.Discard, src); err != nil {
			return fileError(path, err)
		}
		arc.Bytes, arc.SHA256 = whole.n, sum(whole.h)
		sh.Range, sh.SHA256 = [2]int64{0, whole.n}, arc.SHA256
		return nil
	}
	arc.SHA256, sh.SHA256, arc.Bytes, err = hashRange(f, from, to)
	sh.Range = [2]int64{from, to}
	if err != nil {
		return fileError(path, err)
	}
	return nil
}

// counter hashes what is written to it and counts it.
type counter struct {
	h hash.Hash
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return c.h.Write(p)
}

// shardLines hands the shard's lines to items, counts those that are blank,
// and returns the byte range they take, from the start of the first to the
// end of the last.
func shardLines(f *os.File, src io.Reader, items *batcher, opt Options, sh *ShardInfo, blank *int) (from, to int64, err error) {
	max := opt.MaxLine
	if max <= 0 {
		max = record.Limits.MaxBytes
	}
	r, line, pos, end, err := openShard(f, src, opt.Shard)
	if err != nil {
		return 0, 0, err
	}
	from = pos
	seq := 0
	var arena []byte
	for ; pos < end; line++ {
		var data []byte
		var tooLong bool
		var n int
		data, arena, n, tooLong, err = readLine(r, max, arena, items.hold)
		if n == 0 && err == io.EOF {
			return from, pos, nil
		}
		pos += int64(n)
		if sh.First == 0 {
			sh.First = line
		}
		sh.Last = line
		if len(data) > 0 || tooLong {
			it := Item{Seq: seq, Line: int(line), Data: data}
			if tooLong {
				it.Data, it.Err = nil, fmt.Errorf("input_too_large: the line is longer than %d bytes", max)
			}
			items.add(it)
			seq++
		} else {
			*blank++
		}
		if err == io.EOF {
			return from, pos, nil
		}
		if err != nil {
			return from, pos, err
		}
	}
	return from, pos, nil
}

// readLine returns one line without the space, tab, CR and LF around it,
// copied into arena, and how many bytes it took from r: lines are packed into
// shared blocks instead of one allocation each, and a block is freed once
// every record in it is judged. The record limit applies to what remains
// (AUD-1, as RUN-1 for a runner's lines): a 16 MiB record ending in CRLF is
// as long as one ending in LF. A longer line is skipped to its end and
// reported, so one huge line neither stops the run nor fills memory. A line
// longer than r's buffer grows in a buffer of its own, and hold is told of
// every byte it grows by before it grows.
func readLine(r *bufio.Reader, max int, arena []byte, hold func(n int)) (data, rest []byte, n int, tooLong bool, err error) {
	var long []byte // a line that spans several reads
	started := false
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if !started {
			for len(chunk) > 0 && isSpace(chunk[0]) {
				chunk = chunk[1:]
			}
			started = len(chunk) > 0
		}
		if err == bufio.ErrBufferFull || long != nil {
			if !tooLong {
				// Keep at most max+1 bytes: past them only a byte that is not
				// white space can matter, and it makes the line too long.
				take := min(max+1-len(long), len(chunk))
				long = grow(long, take, max+1, hold)
				long = append(long, chunk[:take]...)
				if !blank(chunk[take:]) {
					tooLong, long = true, []byte{}
				}
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			line := trim(long)
			return line, arena, n, tooLong || len(line) > max, err
		}
		line := trim(chunk)
		if len(line) > max {
			return nil, arena, n, true, err
		}
		if cap(arena)-len(arena) < len(line) {
			arena = make([]byte, 0, max2(1<<16, len(line)))
		}
		start := len(arena)
		arena = append(arena, line...)
		return arena[start:len(arena):len(arena)], arena, n, false, err
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func blank(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// grow makes room for n more bytes in b, doubling its capacity but never
// past limit: append would grow a long line by a quarter at a time, leaving a
// trail of old copies as large as the line several times over.
func grow(b []byte, n, limit int, hold func(n int)) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	c := min(limit, max2(2*cap(b), len(b)+n))
	hold(c - cap(b))
	g := make([]byte, len(b), c)
	copy(g, b)
	return g
}

func max2(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func trim(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return b
}

// recordFiles lists a folder's record files, every file named *.json below
// it, in name order.
func recordFiles(dir string) ([]string, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fileError(p, err)
		}
		if !d.IsDir() && strings.HasSuffix(p, ".json") {
			paths = append(paths, p)
		}
		return nil
	})
	sort.Strings(paths)
	return paths, err
}

func readDir(dir string, items *batcher, shard Shard, arc *Archive, sh *ShardInfo) error {
	paths, err := recordFiles(dir)
	if err != nil {
		return err
	}
	arc.Files = len(paths)
	lo, hi := shard.part(int64(len(paths)))
	sh.Range = [2]int64{lo, hi}
	if lo < hi {
		sh.First, sh.Last = lo+1, hi
	}
	for i, p := range paths[lo:hi] {
		it := Item{Seq: int(i), Path: p}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Size() > 1<<16 {
			items.hold(int(min(fi.Size(), int64(record.Limits.MaxBytes)+1))) // room before the bytes are read
		}
		it.Data, it.Err = record.ReadFile(p)
		items.add(it)
	}
	sh.SHA256, err = hashFolder(dir, paths, lo, hi, arc)
	return err
}
