package selfpoker

import (
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/reading"
)

func TestParseSeed(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint64
		code string
	}{
		{"0", 0, ""}, {"42", 42, ""}, {"9223372036854775807", 1<<63 - 1, ""},
		{"9223372036854775808", 0, "out_of_range"}, {"9999999999999999999", 0, "out_of_range"}, {"99999999999999999999", 0, "out_of_range"},
		{"", 0, "invalid_integer"}, {"-1", 0, "invalid_integer"}, {"+1", 0, "invalid_integer"}, {" 1", 0, "invalid_integer"},
		{"01", 0, "invalid_integer"}, {"1.0", 0, "invalid_integer"}, {"1e3", 0, "invalid_integer"}, {"0x1", 0, "invalid_integer"},
	} {
		got, err := ParseSeed("seed", tc.in)
		if tc.code == "" {
			assert.NoError(t, err, tc.in)
			assert.Equal(t, tc.want, got, tc.in)
		} else if assert.Error(t, err, tc.in) {
			assert.Contains(t, err.Error(), tc.code, tc.in)
		}
	}
}

// The page's example: NumPy's deck for 1234567890123456789 starts 20, 27, 29,
// 16, 43 (printed by NumPy 2.4.6); two players hold 20 27 and 29 16.
func TestDealLayout(t *testing.T) {
	d, err := NewDeal(1234567890123456789, 2, reading.Pairs)
	require.NoError(t, err)
	assert.Equal(t, [][2]int{{20, 27}, {29, 16}}, d.Hands)
	assert.Equal(t, [5]int{43, 14, 44, 13, 12}, d.Board)
	assert.Equal(t, "449ccdb936a066bd7169c36b008299156bd923a42d7ab0ab21fc29e852225152", d.Commit)
	sum := CommitSum(1234567890123456789)
	assert.Equal(t, "449ccdb936a066bd7169c36b008299156bd923a42d7ab0ab21fc29e852225152", hex.EncodeToString(sum[:]))
	assert.Equal(t, []string{"7c", "8s"}, Names(d.Hands[0][:]))
}

// DealInto deals into a Deal used before, for more players and then fewer,
// the hand NewDeal deals; and it refuses what NewDeal refuses.
func TestDealIntoReuses(t *testing.T) {
	var d Deal
	for _, tc := range []struct {
		seed    uint64
		players int
		dealing reading.Dealing
	}{
		{1234567890123456789, 9, reading.Pairs}, {42, 23, reading.RoundRobin},
		{1234567890123456789, 2, reading.Pairs}, {7, 3, reading.RoundRobin},
	} {
		want, err := NewDeal(tc.seed, tc.players, tc.dealing)
		require.NoError(t, err)
		require.NoError(t, DealInto(&d, tc.seed, tc.players, tc.dealing))
		want.Commit = "" // DealInto leaves the commitment to CommitSum
		assert.Equal(t, want, d, "seed %d, %d players", tc.seed, tc.players)
	}
	// The page's example again, after the others: player 0 holds 20 and 27.
	require.NoError(t, DealInto(&d, 1234567890123456789, 2, reading.Pairs))
	assert.Equal(t, [][2]int{{20, 27}, {29, 16}}, d.Hands)
	for _, tc := range []struct {
		seed    uint64
		players int
		dealing reading.Dealing
		code    string
	}{
		{1 << 63, 2, reading.Pairs, "out_of_range"}, {1, 1, reading.Pairs, "out_of_range"},
		{1, 24, reading.Pairs, "out_of_range"}, {1, 2, "shuffled", "unknown_reading"},
	} {
		err := DealInto(&d, tc.seed, tc.players, tc.dealing)
		if assert.Error(t, err) {
			assert.Contains(t, err.Error(), tc.code)
		}
	}
}

var sink int

// BenchmarkDeal is one selfpoker_v1 hand: the commitment and NumPy's
// permutation of 52 from a fresh seed, dealt to six players.
func BenchmarkDeal(b *testing.B) {
	seed := uint64(1234567890123456789)
	for b.Loop() {
		d, err := NewDeal(seed, 6, reading.Pairs)
		if err != nil {
			b.Fatal(err)
		}
		sink += d.Deck[0]
		seed = seed*6364136223846793005 + 1442695040888963407
		seed >>= 1
	}
}

// BenchmarkDealInto is BenchmarkDeal into one Deal, as an audit's worker deals.
func BenchmarkDealInto(b *testing.B) {
	seed := uint64(1234567890123456789)
	var d Deal
	for b.Loop() {
		if err := DealInto(&d, seed, 6, reading.Pairs); err != nil {
			b.Fatal(err)
		}
		sink += d.Deck[0]
		seed = seed*6364136223846793005 + 1442695040888963407
		seed >>= 1
	}
}
