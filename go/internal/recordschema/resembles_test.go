package recordschema

import "testing"

// The distances worked by hand: a swap of neighbours is one edit (REF-7).
func TestSwapDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"gmae", "game", 1},
		{"Game", "game", 1},
		{"gam", "game", 1},
		{"gmaes", "game", 2},
		{"sreverSeeed", "serverSeed", 2},
		{"sreverSeeeds", "serverSeed", 3},
		{"ca", "abc", 3}, // OSA: no edit may touch a swapped pair again
		{"é", "e", 1},    // characters, not bytes
		{"", "game", 4},
	} {
		if got := swapDistance([]rune(tc.a), []rune(tc.b)); got != tc.want {
			t.Errorf("swapDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
