package scheme

import (
	"slices"
	"testing"
)

// REG-1 names five schemes; REG-2 sets match_seed_v1 apart. The lists come
// from the spec's text, not from the registry.
func TestRegistryIsTheSpecs(t *testing.T) {
	if got, want := IDs(), []string{"chess_colour_v1", "match_seed_v1", "match_seed_v2", "poker_hmac_v1", "selfpoker_v1"}; !slices.Equal(got, want) {
		t.Errorf("IDs() = %v, REG-1 names %v", got, want)
	}
	if got, want := Specified(), []string{"match_seed_v2", "poker_hmac_v1", "chess_colour_v1", "selfpoker_v1"}; !slices.Equal(got, want) {
		t.Errorf("Specified() = %v, sections 5 to 8 define %v", got, want)
	}
	for _, id := range Specified() {
		if why, ok := Unspecified(id); ok {
			t.Errorf("%s is specified, yet Unspecified gives %q", id, why)
		}
	}
	if why, ok := Unspecified(MatchSeedV1); !ok || why == "" {
		t.Errorf("Unspecified(%q) = %q, %v; REG-2 sets it apart with a reason", MatchSeedV1, why, ok)
	}
	for _, id := range []string{"", "Match_Seed_V2", "match_seed_v3"} {
		if _, ok := Unspecified(id); ok || slices.Contains(IDs(), id) {
			t.Errorf("%q is not registered (REG-1 compares ids exactly)", id)
		}
	}
}

// Specified hands out a copy: a caller appending to it changes no registry.
func TestSpecifiedIsACopy(t *testing.T) {
	s := Specified()
	s[0] = "x"
	if Specified()[0] != MatchSeedV2 {
		t.Error("writing to Specified()'s result changed the registry")
	}
}

// The op table's orders (section 10.1): every specified scheme has ops, each
// with input fields and an output order; unknown keys give nil.
func TestOpOrders(t *testing.T) {
	tests := []struct {
		scheme, op string
		inputs     []string
	}{
		{MatchSeedV2, "commit", []string{"serverSeed"}},
		{PokerHMACV1, "hand", []string{"serverSeed", "table", "session", "hand", "seats", "firstHand", "dealing"}},
		{PokerHMACV1, "proof", []string{"serverSeed", "table", "session", "hand", "seats", "firstHand", "position"}},
		{ChessColourV1, "colour", []string{"seedA", "clientA", "seedB", "clientB", "botClientSeed"}},
		{SelfPokerV1, "permutation", []string{"seed", "n"}},
	}
	for _, tt := range tests {
		if got := Inputs(tt.scheme, tt.op); !slices.Equal(got, tt.inputs) {
			t.Errorf("Inputs(%s, %s) = %v, section 10.1 lists %v", tt.scheme, tt.op, got, tt.inputs)
		}
		if OutputOrder(tt.scheme+"/"+tt.op) == nil {
			t.Errorf("%s/%s has no output order", tt.scheme, tt.op)
		}
	}
	if Inputs(MatchSeedV1, "draws") != nil || OutputOrder("poker_hmac_v1/nope") != nil {
		t.Error("an op the table does not hold has fields")
	}
	if got := OutputOrder("selfpoker_v1/trace.pcg64"); !slices.Equal(got, []string{"state", "inc"}) {
		t.Errorf("selfpoker_v1/trace.pcg64 = %v, TRACE-2 writes state, inc", got)
	}
}
