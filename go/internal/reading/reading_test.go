package reading

import (
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

func TestHole(t *testing.T) {
	// Worked by hand: three players dealt in pairs hold 0-1, 2-3, 4-5; round
	// robin, one card each around the table and again: 0 and 3, 1 and 4, 2 and 5.
	tests := []struct {
		dealing    Dealing
		i, players int
		want       [2]int
	}{
		{Pairs, 0, 3, [2]int{0, 1}},
		{Pairs, 2, 3, [2]int{4, 5}},
		{RoundRobin, 0, 3, [2]int{0, 3}},
		{RoundRobin, 1, 3, [2]int{1, 4}},
		{RoundRobin, 2, 3, [2]int{2, 5}},
		{RoundRobin, 22, 23, [2]int{22, 45}},
		{Pairs, 22, 23, [2]int{44, 45}},
	}
	for _, tt := range tests {
		if got := tt.dealing.Hole(tt.i, tt.players); got != tt.want {
			t.Errorf("%s.Hole(%d, %d) = %v, want %v", tt.dealing, tt.i, tt.players, got, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		value string
		ok    bool
	}{
		{"pairs", true}, {"round_robin", true}, {"Pairs", false}, {"", false}, {"round robin", false},
	}
	for _, tt := range tests {
		err := Check("input.dealing", tt.value, Dealings)
		if (err == nil) != tt.ok {
			t.Errorf("Check(%q) = %v, want ok %v", tt.value, err, tt.ok)
		}
		if err != nil && errcode.Of(err) != errcode.UnknownReading {
			t.Errorf("Check(%q) code %s, want unknown_reading", tt.value, errcode.Of(err))
		}
	}
}

func TestTheKitsReadingIsListedFirst(t *testing.T) {
	if Dealings[0] != string(Pairs) || MahjongDraws[0] != string(SwapLast) || SessionCommitments[0] != string(Published) || FirstHands[0] != FirstHand {
		t.Fatal("each list of readings starts with the kit's, the one that applies when none is declared")
	}
}

func TestLayouts(t *testing.T) {
	// Worked by hand. Baloot three then two: seat 1 holds 3, 4, 5 and 14, 15.
	if got := ThreeTwo.First(1); got != [5]int{3, 4, 5, 14, 15} {
		t.Errorf("ThreeTwo.First(1) = %v", got)
	}
	if got := BalootBlocks.First(3); got != [5]int{15, 16, 17, 18, 19} {
		t.Errorf("BalootBlocks.First(3) = %v", got)
	}
	// Mahjong in rounds: seat 2 takes draws 8-11, 24-27, 40-43, then 50.
	want := []int{8, 9, 10, 11, 24, 25, 26, 27, 40, 41, 42, 43, 50}
	if got := Rounds.Seat(2); !equal(got, want) {
		t.Errorf("Rounds.Seat(2) = %v, want %v", got, want)
	}
	if got := Rounds.Seat(0); len(got) != 14 || got[12] != 48 || got[13] != 52 {
		t.Errorf("Rounds.Seat(0) = %v", got)
	}
	// Every draw of the deal is held by exactly one seat, in either layout.
	for _, d := range []MahjongDeal{MahjongBlocks, Rounds} {
		seen := map[int]int{}
		for s := range 4 {
			for _, x := range d.Seat(s) {
				seen[x]++
			}
		}
		for x := range 53 {
			if seen[x] != 1 {
				t.Errorf("%s: draw %d held %d times", d, x, seen[x])
			}
		}
	}
	if Dash.Text() != "-" || Empty.Text() != "" {
		t.Error("a bot's client seed is written - or nothing")
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// The typed readings the rules branch on are the spec's table, generated into
// readings_gen.go: each list holds its constants, the kit's reading first.
func TestConstantsAreInTheTable(t *testing.T) {
	tests := []struct {
		list []string
		kit  string
		rest []string
	}{
		{Dealings, string(Pairs), []string{string(RoundRobin)}},
		{MahjongDraws, string(SwapLast), []string{string(CloseGap)}},
		{SessionCommitments, string(Published), []string{string(None)}},
		{BackgammonOpenings, string(OneDieEach), []string{string(FirstSeatRolls)}},
		{BalootDeals, string(BalootBlocks), []string{string(ThreeTwo)}},
		{MahjongDeals, string(MahjongBlocks), []string{string(Rounds)}},
		{BotClientSeeds, string(Dash), []string{string(Empty)}},
	}
	for _, tt := range tests {
		want := append([]string{tt.kit}, tt.rest...)
		if len(tt.list) != len(want) {
			t.Errorf("%v: the table lists %d readings, the code names %v", tt.list, len(tt.list), want)
			continue
		}
		for i := range want {
			if tt.list[i] != want[i] {
				t.Errorf("%v: reading %d is %q, the code names %q", tt.list, i, tt.list[i], want[i])
			}
		}
	}
	if FirstHand != FirstHands[0] || len(FirstHands) != 2 || FirstHands[1] != 0 {
		t.Errorf("FirstHands = %v, FirstHand = %d: READ-3 reads 1 (the kit's) or 0", FirstHands, FirstHand)
	}
}
