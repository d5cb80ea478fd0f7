package match

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// TestDealerDrawsTheSpecsDeals: one Dealer opened for match after match
// draws each one's seat order and deals as the spec's formulas do
// (MS2-4, DEAL-1), nothing of the match before carried over.
func TestDealerDrawsTheSpecsDeals(t *testing.T) {
	cases := []struct {
		game, id string
		deals    int
	}{
		{"bridge", "m1", 3},
		{"tarneeb", "t-2", 1},
		{"trix", "x", 2},
		{"bridge", "m1", 1}, // the first match again, after others
	}
	var d Dealer
	for _, c := range cases {
		seeds := []string{"n-" + c.id, "e", "s", "w"}
		t.Run(fmt.Sprintf("%s %s", c.game, c.id), func(t *testing.T) {
			if err := d.Open(testSeed, c.game, c.id, seeds); err != nil {
				t.Fatal(err)
			}
			spec := newSpecStream(testSeed, c.game, c.id, seeds)
			if want := spec.shuffle(4); !slices.Equal(d.Seats, want) {
				t.Errorf("seats = %v, want %v", d.Seats, want)
			}
			for k := range c.deals {
				d.Deal()
				if want := spec.shuffle(52); !slices.Equal(d.Deck[:], want) {
					t.Errorf("deal %d = %v, want %v", k, d.Deck, want)
				}
			}
		})
	}
}

// TestDealerRefusesAsNewMatch: Open refuses what NewMatch refuses, with its
// code, and a registered game that deals no 52-card decks.
func TestDealerRefusesAsNewMatch(t *testing.T) {
	four := []string{"a", "b", "c", "d"}
	cases := []struct {
		name, seed, game string
		seeds            []string
		want             errcode.Code
	}{
		{"unknown game", testSeed, "poker", four, errcode.UnknownGame},
		{"bridge with two seeds", testSeed, "bridge", []string{"a", "b"}, errcode.BadLength},
		{"a separator in a client seed", testSeed, "bridge", []string{"a,1=b", "c", "d", "e"}, errcode.InvalidIdentifier},
		{"upper-case hex seed", strings.ToUpper(testSeed), "bridge", four, errcode.InvalidHex},
		{"backgammon", testSeed, "backgammon", []string{"a", "b"}, errcode.UnknownGame},
		{"mahjong", testSeed, "mahjong", four, errcode.UnknownGame},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var d Dealer
			if got := errcode.Of(d.Open(c.seed, c.game, "m", c.seeds)); got != c.want {
				t.Errorf("code = %q, want %q", got, c.want)
			}
		})
	}
}
