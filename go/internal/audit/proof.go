package audit

import (
	"crypto/rand"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"

	kitroot "github.com/pfkit/pfkit/v2"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// The checks a merge makes, as its proof names them, in the order they run
// (AUD-2).
const (
	CheckedDigests   = "digests"   // each summary's digest matches its members
	CheckedStructure = "structure" // the summaries are one run's partition of one archive
	CheckedArchive   = "archive"   // the archive read again gives every hash, size and range
	CheckedRerun     = "rerun"     // shards run again give their summaries, member for member
)

// MergeOptions says what a merge checks beyond the summaries themselves.
type MergeOptions struct {
	// Archive is the archive (a file or a folder) to read again; "" for
	// none. Rerun and Sample need it.
	Archive string
	// Rerun names shards to run again.
	Rerun []int
	// Sample is how many shards to run again, chosen at random once the
	// summaries are read; 0 for none. It goes with no Rerun.
	Sample int
	// Random is the source of the sample (nil: the operating system's).
	Random io.Reader
}

// Proof is what a merge checked (AUD-2): the merged summary's "merge"
// member, which its digest leaves out.
type Proof struct {
	Shards int      `json:"shards"`
	Checks []string `json:"checks"`
	// Archive is the file or folder read again, as it was named.
	Archive string  `json:"archive,omitempty"`
	Rerun   []Rerun `json:"rerun"`
	Sample  *Sample `json:"sample,omitempty"`
}

// Rerun is one shard run again and what it gave.
type Rerun struct {
	Shard int `json:"shard"`
	// Outcome is "same" when the run gives the summary member for member.
	Outcome string `json:"outcome"`
}

// Sample says how the shards run again were chosen at random, and what the
// choice leaves to chance.
type Sample struct {
	Size int `json:"size"` // K shards run again
	Of   int `json:"of"`   // of N
	// Escape is the probability that a forgery in one shard is in none of
	// the K chosen: 1 - K/N.
	Escape float64 `json:"escape"`
	// Repeat is the --rerun list that runs the same shards again.
	Repeat string `json:"repeat"`
}

// Same is a re-run's outcome when it gives the summary member for member.
const Same = "same"

// MergeChecked merges parts (Merge) and makes the checks opt asks for:
// the archive read again (CheckArchive), then the shards named or sampled
// run again (Confirm), every one of them, in order. It returns the merged
// summary and what was checked; an error refuses the set, and when only
// re-runs differ the proof says which.
func MergeChecked(parts []*Summary, opt MergeOptions) (*Summary, *Proof, error) {
	if err := opt.valid(); err != nil {
		return nil, nil, err
	}
	m, err := Merge(parts)
	if err != nil {
		return nil, nil, err
	}
	for _, i := range opt.Rerun {
		if i < 1 || i > len(parts) {
			return nil, nil, fmt.Errorf("--rerun: expected shard numbers from 1 to %d, found %d", len(parts), i)
		}
	}
	p := &Proof{Shards: len(parts), Checks: []string{CheckedDigests, CheckedStructure}, Rerun: []Rerun{}}
	if opt.Archive == "" {
		return m, p, nil
	}
	if err := CheckArchive(opt.Archive, parts); err != nil {
		return nil, nil, err
	}
	p.Checks, p.Archive = append(p.Checks, CheckedArchive), opt.Archive
	again := opt.Rerun
	if opt.Sample > 0 {
		if again, err = sample(opt.Random, opt.Sample, len(parts)); err != nil {
			return nil, nil, err
		}
		p.Sample = newSample(again, len(parts))
	}
	if len(again) == 0 {
		return m, p, nil
	}
	p.Checks = append(p.Checks, CheckedRerun)
	byIndex := make(map[int]*Summary, len(parts)) // Merge found each of 1 to N once
	for _, s := range parts {
		byIndex[s.Shard.Index] = s
	}
	var differ []string
	for _, i := range again {
		s := byIndex[i]
		r := Rerun{Shard: i, Outcome: Same}
		if err := Confirm(opt.Archive, s); err != nil {
			r.Outcome, differ = err.Error(), append(differ, err.Error())
		}
		p.Rerun = append(p.Rerun, r)
	}
	if differ != nil {
		return nil, p, fmt.Errorf("%s", strings.Join(differ, "\n"))
	}
	return m, p, nil
}

func (opt MergeOptions) valid() error {
	switch {
	case opt.Archive == "" && (len(opt.Rerun) > 0 || opt.Sample > 0):
		return fmt.Errorf("expected --archive, the archive to run the shards on")
	case len(opt.Rerun) > 0 && opt.Sample > 0:
		return fmt.Errorf("expected --rerun or --sample, not both")
	case opt.Sample < 0:
		return fmt.Errorf("--sample: expected a number of shards of at least 1, found %d", opt.Sample)
	}
	return nil
}

// sample chooses k of the shards 1 to n uniformly at random (a partial
// Fisher-Yates shuffle on random's uniform integers), in increasing order.
func sample(random io.Reader, k, n int) ([]int, error) {
	if k > n {
		return nil, fmt.Errorf("--sample: expected at most the %d shards merged, found %d", n, k)
	}
	if random == nil {
		random = rand.Reader
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i + 1
	}
	for i := range k {
		j, err := rand.Int(random, big.NewInt(int64(n-i)))
		if err != nil {
			return nil, fmt.Errorf("--sample: the random source failed: %v", err)
		}
		r := i + int(j.Int64())
		all[i], all[r] = all[r], all[i]
	}
	chosen := all[:k]
	sort.Ints(chosen)
	return chosen, nil
}

func newSample(chosen []int, n int) *Sample {
	words := make([]string, len(chosen))
	for i, c := range chosen {
		words[i] = strconv.Itoa(c)
	}
	return &Sample{Size: len(chosen), Of: n, Escape: 1 - float64(len(chosen))/float64(n), Repeat: strings.Join(words, ",")}
}

// versionError is a shard's release other than this one's: its re-run,
// and the merged summary, would be this release's.
func versionError(s *Summary) error {
	if s.version == kitroot.Version {
		return nil
	}
	return fmt.Errorf("shard %s of %s was written by pfkit %s; this is pfkit %s, whose run of it would differ at least in that (expected summaries of this release)",
		s.Shard.name(), escape.Quoted(s.Archive.Name), escape.Quoted(s.version), escape.Quoted(kitroot.Version))
}
