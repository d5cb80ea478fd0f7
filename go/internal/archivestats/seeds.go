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
// seed's own bytes for every client seed of every record.
type seedLog struct {
	entries []seedEntry
	arena   []byte // the seeds' bytes, one after another
}

type seedEntry struct {
	hash            uint64
	start, end      uint32 // the seed is arena[start:end]
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
	start := uint32(len(x.arena))
	x.arena = append(x.arena, seed...)
	x.entries = append(x.entries, seedEntry{maphash.String(hashSeed, seed), start, uint32(len(x.arena)), int32(hands), int32(strength)})
}

// addTo appends x's entries to o's log.
func (x *seedLog) addTo(o *seedLog) {
	base := uint32(len(o.arena))
	o.arena = append(o.arena, x.arena...)
	for _, e := range x.entries {
		e.start += base
		e.end += base
		o.entries = append(o.entries, e)
	}
}

// fold adds up the log into Seeds, keeping the seeds seen in at least min
// records: entries sorted by hash, and those of one hash by seed, so that
// two seeds that share a hash are still told apart.
func (t *Tally) fold(min int) {
	for game, x := range t.live {
		name := func(e seedEntry) string { return string(x.arena[e.start:e.end]) }
		all := x.entries
		if min > 1 {
			all = likelyRegulars(all, min)
		}
		slices.SortFunc(all, func(a, b seedEntry) int {
			if a.hash != b.hash {
				if a.hash < b.hash {
					return -1
				}
				return 1
			}
			return bytes.Compare(x.arena[a.start:a.end], x.arena[b.start:b.end])
		})
		for i := 0; i < len(all); {
			j := i
			var c Seed
			for ; j < len(all) && all[j].hash == all[i].hash && bytes.Equal(x.arena[all[j].start:all[j].end], x.arena[all[i].start:all[i].end]); j++ {
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

// likelyRegulars is the entries of the seeds that may be seen in least
// records or more, in place: each entry is counted in a bucket of its hash,
// where every record of its seed is counted too, and a bucket counted fewer
// than least times holds no such seed. Most seeds of an archive are seen once or a
// few times (pfkit archive generate brings a new one to every seat), and
// sorting them only to drop them cost a fifth of an audit with --stats.
func likelyRegulars(all []seedEntry, least int) []seedEntry {
	shift := 64 - min(20, max(10, bits.Len(uint(len(all))))) // about one bucket an entry, 2 MiB at most
	counts := make([]uint16, 1<<(64-shift))
	for _, e := range all {
		if c := &counts[e.hash>>shift]; *c < math.MaxUint16 {
			*c++
		}
	}
	kept := all[:0]
	for _, e := range all {
		// A full bucket may hold more than it counts: kept.
		if c := counts[e.hash>>shift]; int(c) >= least || c == math.MaxUint16 {
			kept = append(kept, e)
		}
	}
	return kept
}
