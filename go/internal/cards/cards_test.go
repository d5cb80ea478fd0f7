package cards

import (
	"slices"
	"testing"
	"unsafe"
)

// Lookup by a name's bytes answers exactly as the map of names does, for every
// string of one or two bytes and for the names of every deck, a reordered one
// included.
func TestLookupAgreesWithTheIndex(t *testing.T) {
	backward := slices.Clone(Table52.names)
	slices.Reverse(backward)
	reordered, err := Table52.Reordered(backward)
	if err != nil {
		t.Fatal(err)
	}
	decks := []*Deck{Table52, SelfPoker52, Baloot32, Tiles136, reordered}
	var names []string
	for a := range 256 {
		names = append(names, string([]byte{byte(a)}))
		for b := range 256 {
			names = append(names, string([]byte{byte(a), byte(b)}))
		}
	}
	names = append(names, "", "10h", "Wdx", "2c ", " 2c")
	for _, d := range decks {
		found := 0
		for _, n := range names {
			ids, ok := d.Lookup(n)
			want, wantOK := d.index[n]
			if ok != wantOK || !slices.Equal(ids, want) {
				t.Fatalf("%s: Lookup(%q) = %v, %v; the index has %v, %v", d.ID, n, ids, ok, want, wantOK)
			}
			if ok {
				found += len(ids)
			}
		}
		if found != d.Size {
			t.Errorf("%s: %d ids found by name, the deck has %d", d.ID, found, d.Size)
		}
	}
}

func BenchmarkLookup(b *testing.B) {
	i := 0
	for b.Loop() {
		if _, ok := Table52.Lookup(Table52.names[i%52]); !ok {
			b.Fatal("not found")
		}
		i++
	}
}

// Decks that share a name share one copy of it.
func TestSharedNamesShareTheirBytes(t *testing.T) {
	for id := range 52 {
		n := Table52.Name(id)
		ids, _ := SelfPoker52.Lookup(n)
		if unsafe.StringData(SelfPoker52.Name(ids[0])) != unsafe.StringData(n) {
			t.Fatalf("%s: two copies", n)
		}
	}
}
