// Package audit verifies whole archives of records (JSON lines, or a folder of
// record files) with bounded memory on every core, and summarises the verdicts
// (spec section 15, AUD-1).
package audit

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

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
	Seq    int    `json:"-"` // a summary names places by Where
	Where  string // the item's place, filled in for every outcome but verified
	Status string
	Kind   string // scheme/kind, when known
	Reason string // for failed, unreadable and unspecified: one line
	Checks []string
}

// Judge verifies one item.
func Judge(it Item) Outcome {
	o := judge(it)
	if o.Status != Verified {
		o.Where = it.where() // built only where a report will show it
	}
	return o
}

func judge(it Item) Outcome {
	o := Outcome{Seq: it.Seq}
	if it.Err != nil {
		o.Status, o.Reason = Unreadable, it.Err.Error()
		return o
	}
	v := record.Judge(it.Data)
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
	Total    int            `json:"total"`
	ByStatus map[string]int `json:"byStatus"`
	// ByKind counts statuses per scheme/kind ("selfpoker_v1/hand_end").
	ByKind map[string]map[string]int `json:"byKind"`
	// Reasons counts failed checks by name, and unreadable records by reason.
	Reasons map[string]int `json:"reasons"`
	// Examples keeps the first failures, in archive order.
	Examples []Outcome `json:"examples"`
	// Shard is set in the summary of one shard of an archive.
	Shard *ShardInfo `json:"shard,omitempty"`
}

// MaxExamples bounds how many failures the summary lists one by one.
const MaxExamples = 20

func newSummary() *Summary {
	return &Summary{ByStatus: map[string]int{}, ByKind: map[string]map[string]int{}, Reasons: map[string]int{}}
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
}

// Run audits the archive at path: a file of JSON lines or a folder of record
// files. Memory stays bounded: items flow through small channels and only the
// summary grows, by counts.
func Run(path string, opt Options) (*Summary, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, record.FileError(err))
	}
	batches := make(chan *batch, 2*workers(opt))
	var readErr error
	sh := &ShardInfo{Index: opt.Shard.Index, Count: opt.Shard.Count, Archive: filepath.Base(path)}
	admit := newBudget(opt.Budget)
	go func() {
		// The reader fills batches itself: one channel operation per batch
		// of records, not per record.
		out := &batcher{out: batches, admit: admit}
		defer close(batches)
		defer out.flush()
		if info.IsDir() {
			readErr = readDir(path, out, opt.Shard, sh)
		} else {
			readErr = readLines(path, out, opt, sh)
		}
	}()
	s := judgeBatches(batches, admit, opt)
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
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range batches {
				b.outcomes = make([]Outcome, len(b.items))
				for i, it := range b.items {
					b.outcomes[i] = Judge(it)
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
				s.add(o)
				if opt.Each != nil {
					opt.Each(o)
				}
				if done++; opt.Progress != nil && done%4096 == 0 {
					opt.Progress(done)
				}
			}
		}
	}
	if opt.Progress != nil {
		opt.Progress(done)
	}
	return s
}

func readLines(path string, items *batcher, opt Options, sh *ShardInfo) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, record.FileError(err))
	}
	defer f.Close()
	max := opt.MaxLine
	if max <= 0 {
		max = record.Limits.MaxBytes
	}
	r, line, pos, end, err := openShard(f, opt.Shard, sh)
	if err != nil {
		return fmt.Errorf("%s: %w", path, record.FileError(err))
	}
	seq := 0
	var arena []byte
	for ; pos < end; line++ {
		var data []byte
		var tooLong bool
		var n int
		data, arena, n, tooLong, err = readLine(r, max, arena, items.hold)
		if n == 0 && err == io.EOF {
			return nil
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
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, record.FileError(err))
		}
	}
	return nil
}

// readLine returns one line without its newline, trimmed, copied into arena,
// and how many bytes it took from r: lines are packed into shared blocks
// instead of one allocation each, and a block is freed once every record in
// it is judged. A line longer than max is skipped to its end and reported, so
// one huge line neither stops the run nor fills memory. A line longer than
// r's buffer grows in a buffer of its own, and hold is told of every byte it
// grows by before it grows.
func readLine(r *bufio.Reader, max int, arena []byte, hold func(n int)) (data, rest []byte, n int, tooLong bool, err error) {
	var long []byte // a line that spans several reads
	for {
		chunk, err := r.ReadSlice('\n')
		n += len(chunk)
		if err == bufio.ErrBufferFull || long != nil {
			if !tooLong {
				if len(long)+len(chunk) > max+1 {
					tooLong, long = true, []byte{}
				} else {
					long = grow(long, len(chunk), max+1, hold)
					long = append(long, chunk...)
				}
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			return trim(long), arena, n, tooLong, err
		}
		line := trim(chunk)
		if len(chunk) > max+1 {
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
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r' || b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	return b
}

func readDir(dir string, items *batcher, shard Shard, sh *ShardInfo) error {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", p, record.FileError(err))
		}
		if !d.IsDir() && strings.HasSuffix(p, ".json") {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(paths)
	sh.Files = len(paths)
	lo, hi := shard.part(int64(len(paths)))
	if lo < hi {
		sh.First, sh.Last = lo+1, hi
	}
	for i, p := range paths[lo:hi] {
		it := Item{Seq: i, Path: p}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Size() > 1<<16 {
			items.hold(int(min(fi.Size(), int64(record.Limits.MaxBytes)+1))) // room before the bytes are read
		}
		it.Data, it.Err = record.ReadFile(p)
		items.add(it)
	}
	return nil
}
