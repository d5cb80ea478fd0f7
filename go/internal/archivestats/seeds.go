package archivestats

import (
	"bytes"
	"hash/maphash"
	"math"
	"math/bits"
	"slices"
)

// seedLog notes, while an audit runs, each client seed of each record with
// the hands it was dealt there and their strength: appending is all a
// record costs, and the log is sorted and added up once, at the end (fold).
// A map from seed to counts, updated record by record, cost half as much as
// verifying the records themselves when every record brings new seeds (the
// archives of pfkit archive generate). The log holds about 24 bytes and the
// seed's own bytes for every client seed of every record, in chunks of a
// fixed number of entries: growing one slice copied it again and again, and
// the workers' logs are joined by their chunks, not copied.
type seedLog struct {
	chunks []*seedChunk
}

// seedChunk is up to chunkEntries entries and their seeds' bytes.
type seedChunk struct {
	entries []seedEntry
	arena   []byte // the seeds' bytes, one after another
}

const chunkEntries = 4096

type seedEntry struct {
	hash            uint64
	start, end      uint32 // the seed is its chunk's arena[start:end]
	hands, strength int32
}

var hashSeed = maphash.MakeSeed()

// Client counts one record's hands for a client seed of a game with a
// metric: the record, the hands it was dealt in it and their strength.
func (t *Tally) Client(game, seed string, hands, strength int) {
	x := t.live[game]
	if x == nil {
		x = &seedLog{}
		if t.live == nil {
			t.live = map[string]*seedLog{}
		}
		t.live[game] = x
	}
	var c *seedChunk
	if n := len(x.chunks); n > 0 && len(x.chunks[n-1].entries) < chunkEntries {
		c = x.chunks[n-1]
	} else {
		c = &seedChunk{entries: make([]seedEntry, 0, chunkEntries)}
		x.chunks = append(x.chunks, c)
	}
	start := uint32(len(c.arena))
	c.arena = append(c.arena, seed...)
	c.entries = append(c.entries, seedEntry{maphash.String(hashSeed, seed), start, uint32(len(c.arena)), int32(hands), int32(strength)})
}

// addTo joins x's chunks to o's log; x's tally is not counted into again.
func (x *seedLog) addTo(o *seedLog) { o.chunks = append(o.chunks, x.chunks...) }

// fold adds up the log into Seeds, keeping the seeds seen in at least min
// records: entries sorted by hash, and those of one hash by seed, so that
// two seeds that share a hash are still told apart.
func (t *Tally) fold(min int) {
	for game, x := range t.live {
		all, arena := x.gather(min)
		name := func(e seedEntry) string { return string(arena[e.start:e.end]) }
		slices.SortFunc(all, func(a, b seedEntry) int {
			if a.hash != b.hash {
				if a.hash < b.hash {
					return -1
				}
				return 1
			}
			return bytes.Compare(arena[a.start:a.end], arena[b.start:b.end])
		})
		for i := 0; i < len(all); {
			j := i
			var c Seed
			for ; j < len(all) && all[j].hash == all[i].hash && bytes.Equal(arena[all[j].start:all[j].end], arena[all[i].start:all[i].end]); j++ {
				c[0]++
				c[1] += int64(all[j].hands)
				c[2] += int64(all[j].strength)
			}
			if c[0] >= int64(min) {
				t.seedsOf(game).add(name(all[i]), c)
			}
			i = j
		}
	}
	t.live = nil
}

// gather is the log's entries in one slice, their seeds in one arena,
// keeping only those of seeds that may be seen in least records or more
// (every entry when least is 1 or less): each entry is counted in a bucket
// of its hash, where every record of its seed is counted too, and a bucket
// counted fewer than least times holds no such seed. Most seeds of an
// archive are seen once or a few times (pfkit archive generate brings a new
// one to every seat), and sorting them only to drop them cost a fifth of an
// audit with --stats.
func (x *seedLog) gather(least int) ([]seedEntry, []byte) {
	n := 0
	for _, c := range x.chunks {
		n += len(c.entries)
	}
	keep := func(seedEntry) bool { return true }
	if least > 1 {
		shift := 64 - min(20, max(10, bits.Len(uint(n)))) // about one bucket an entry, 2 MiB at most
		counts := make([]uint16, 1<<(64-shift))
		for _, c := range x.chunks {
			for _, e := range c.entries {
				if k := &counts[e.hash>>shift]; *k < math.MaxUint16 {
					*k++
				}
			}
		}
		// A full bucket may hold more than it counts: kept.
		keep = func(e seedEntry) bool { k := counts[e.hash>>shift]; return int(k) >= least || k == math.MaxUint16 }
		n = 0
	}
	all := make([]seedEntry, 0, n)
	var arena []byte
	for _, c := range x.chunks {
		for _, e := range c.entries {
			if keep(e) {
				start := uint32(len(arena))
				arena = append(arena, c.arena[e.start:e.end]...)
				e.start, e.end = start, uint32(len(arena))
				all = append(all, e)
			}
		}
	}
	return all, arena
}

type seedMap map[string]*Seed

func (t *Tally) seedsOf(game string) seedMap {
	m := t.Seeds[game]
	if m == nil {
		m = map[string]*Seed{}
		t.Seeds[game] = m
	}
	return m
}

func (m seedMap) add(s string, c Seed) {
	if m[s] == nil {
		m[s] = new(Seed)
	}
	for k := range c {
		m[s][k] += c[k]
	}
}
