package match

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
)

// specStream is section 4's Stream written again from the spec's Python with
// the standard library's HMAC-SHA256 only, so that the package is checked
// against the formulas and not against its own stream code.
type specStream struct {
	key, prefix string
	k           uint64
}

// newSpecStream is match_stream (MS2-1, MS2-2): the prefix
// "pf2:game:matchId:0=a,1=b:".
func newSpecStream(serverSeed, game, matchID string, clientSeeds []string) *specStream {
	list := make([]string, len(clientSeeds))
	for i, s := range clientSeeds {
		list[i] = strconv.Itoa(i) + "=" + s
	}
	return &specStream{key: serverSeed, prefix: "pf2:" + game + ":" + matchID + ":" + strings.Join(list, ",") + ":"}
}

// next is WORD-1: the first 13 hex characters of the HMAC, read as a number.
func (s *specStream) next() uint64 {
	mac := hmac.New(sha256.New, []byte(s.key))
	mac.Write([]byte(s.prefix + strconv.FormatUint(s.k, 10)))
	s.k++
	w, err := strconv.ParseUint(hex.EncodeToString(mac.Sum(nil))[:13], 16, 64)
	if err != nil {
		panic(err)
	}
	return w
}

// intBelow is int_below (INT-2): words at or above 2^52 - 2^52 mod n are
// discarded.
func (s *specStream) intBelow(n uint64) uint64 {
	const span = uint64(1) << 52
	for {
		if w := s.next(); w < span-span%n {
			return w % n
		}
	}
}

// shuffle is SHUF-1 over [0 .. n-1].
func (s *specStream) shuffle(n int) []int {
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	return s.shuffleItems(a)
}

// shuffleItems is SHUF-1: Fisher-Yates from the top, in place.
func (s *specStream) shuffleItems(a []int) []int {
	for i := len(a) - 1; i > 0; i-- {
		j := int(s.intBelow(uint64(i + 1)))
		a[i], a[j] = a[j], a[i]
	}
	return a
}

func (s *specStream) die() int { return int(s.intBelow(6)) + 1 }

// backgammon is backgammon_game (BG-1, BG-2).
func (s *specStream) backgammon(turns int, opening reading.BackgammonOpening) BackgammonGame {
	g := BackgammonGame{Rolls: [][2]int{}}
	if opening == reading.FirstSeatRolls {
		a := s.die()
		g.Opening = [][2]int{{a, s.die()}}
	} else {
		for {
			a := s.die()
			b := s.die()
			g.Opening = append(g.Opening, [2]int{a, b})
			if a != b {
				if a < b {
					g.First = 1
				}
				break
			}
		}
	}
	for range turns {
		a := s.die()
		g.Rolls = append(g.Rolls, [2]int{a, s.die()})
	}
	return g
}

// deal52 is DEAL-1: one shuffle of 52 cards, 13 a seat.
func (s *specStream) deal52() [4][]int {
	deck := s.shuffle(52)
	return [4][]int{deck[0:13], deck[13:26], deck[26:39], deck[39:52]}
}

// balootHand is baloot_hand (BAL-1 to BAL-3); buyer -1 is every seat passing.
func (s *specStream) balootHand(buyer int, deal reading.BalootDeal) BalootHand {
	deck := s.shuffle(32)
	h := BalootHand{Upcard: deck[20], Buyer: buyer}
	for seat := range 4 {
		pos := []int{5 * seat, 5*seat + 1, 5*seat + 2, 5*seat + 3, 5*seat + 4}
		if deal == reading.ThreeTwo {
			pos = []int{3 * seat, 3*seat + 1, 3*seat + 2, 12 + 2*seat, 13 + 2*seat}
		}
		for _, p := range pos {
			h.First[seat] = append(h.First[seat], deck[p])
		}
	}
	if buyer < 0 {
		return h
	}
	h.Rest = s.shuffleItems(append([]int(nil), deck[21:]...))
	next := 0
	for seat := range 4 {
		hand, take := append([]int(nil), h.First[seat]...), 3
		if seat == buyer {
			hand, take = append(hand, h.Upcard), 2
		}
		h.Final[seat] = append(hand, h.Rest[next:next+take]...)
		next += take
	}
	return h
}

// mahjongHand is mahjong_hand with draw_tile and mahjong_seat (MJ-1, MJ-2).
func (s *specStream) mahjongHand(count int, model reading.MahjongDraw, layout reading.MahjongDeal) MahjongHand {
	wall := make([]int, 136)
	for i := range wall {
		wall[i] = i
	}
	var drawn []int
	for range count {
		j := int(s.intBelow(uint64(len(wall))))
		if model == reading.CloseGap {
			drawn = append(drawn, wall[j])
			wall = append(wall[:j], wall[j+1:]...)
			continue
		}
		last := len(wall) - 1
		wall[j], wall[last] = wall[last], wall[j]
		drawn, wall = append(drawn, wall[last]), wall[:last]
	}
	var h MahjongHand
	for seat := range 4 {
		var held []int
		if layout == reading.Rounds {
			for r := range 3 {
				for k := range 4 {
					held = append(held, 16*r+4*seat+k)
				}
			}
			held = append(held, 48+seat)
		} else {
			for k := range 13 {
				held = append(held, 13*seat+k)
			}
		}
		if seat == 0 {
			held = append(held, 52)
		}
		for _, d := range held {
			h.Deal[seat] = append(h.Deal[seat], drawn[d])
		}
	}
	h.Draws = drawn[53:]
	return h
}

// testSeed is SHA256("test"), the server seed of the spec's worked example.
const testSeed = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

func TestCommitIsSHA256OfTheSeedText(t *testing.T) {
	for _, seed := range []string{testSeed, strings.Repeat("0", 64), "39508eb72e71b4cab89ec527d255693c767cbcb8a835f2b2b36738d5f5bbb7ca"} {
		sum := sha256.Sum256([]byte(seed))
		got, err := Commit(seed)
		if err != nil || got != hex.EncodeToString(sum[:]) {
			t.Errorf("Commit(%s) = %q, %v; want %x", seed, got, err, sum)
		}
	}
	// Worked value of bridge.feature, computed with the spec's Python.
	if got, _ := Commit("39508eb72e71b4cab89ec527d255693c767cbcb8a835f2b2b36738d5f5bbb7ca"); got != "b64c82211210ddb9750f65bc7f9824d864d2d5c298b64434b33675b9d9562b02" {
		t.Errorf("bridge.feature's commitment: got %s", got)
	}
}

// TestTheSpecsWorkedDraw is section 5's worked example: draw 0 of bridge m1
// with alice and bob.
func TestTheSpecsWorkedDraw(t *testing.T) {
	s, err := NewStream(testSeed, "bridge", "m1", []string{"alice", "bob"})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Message(0); got != "pf2:bridge:m1:0=alice,1=bob:0" {
		t.Errorf("message 0 = %q", got)
	}
	if got := s.Word(); got != 1692513593669339 {
		t.Errorf("word 0 = %d, want 0x60355078736db = 1692513593669339", got)
	}
	if got := s.Counter(); got != 1 {
		t.Errorf("counter after one word = %d, want 1", got)
	}
}

// TestBridgeFeatureSeats pins the seat order and counter of bridge.feature,
// whose values come from the spec's Python: seats 0, 3, 2, 1, and one deal
// later the next draw is number 54.
func TestBridgeFeatureSeats(t *testing.T) {
	m, err := NewMatch("39508eb72e71b4cab89ec527d255693c767cbcb8a835f2b2b36738d5f5bbb7ca", "bridge", "club-night-7", []string{"north", "east", "south", "west"})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Seats(); !reflect.DeepEqual(got, []int{0, 3, 2, 1}) {
		t.Errorf("seats = %v, want [0 3 2 1]", got)
	}
	if _, err := m.Deal(); err != nil {
		t.Fatal(err)
	}
	if got := m.Counter(); got != 54 {
		t.Errorf("next draw = %d, want 54", got)
	}
}

// play is what one row of the table asks of a match, drawn by the package
// and by specStream in the same order.
type play struct {
	deals      int
	turns      []int
	opening    reading.BackgammonOpening
	buyers     []int // a Baloot hand per buyer, -1 when every seat passes
	balootDeal reading.BalootDeal
	tiles      []int // a mahjong hand per count
	model      reading.MahjongDraw
	layout     reading.MahjongDeal
}

func TestMatchesAgreeWithTheSpecsFormulas(t *testing.T) {
	seats4 := []string{"north", "east", "south", "west"}
	cases := []struct {
		game, id string
		seeds    []string
		play     play
	}{
		{"bridge", "m1", seats4, play{deals: 3}},
		{"tarneeb", "t-9", []string{"a", "b", "c", "d"}, play{deals: 2}},
		{"trix", "x", []string{"w", "x", "y", "z"}, play{deals: 1}},
		{"backgammon", "bg1", []string{"alice", "bob"}, play{turns: []int{0, 5, 12}, opening: reading.OneDieEach}},
		{"backgammon", "bg2", []string{"carol", "dan"}, play{turns: []int{3, 3}, opening: reading.FirstSeatRolls}},
		{"baloot", "b1", seats4, play{buyers: []int{2, -1, 0, 3}, balootDeal: reading.BalootBlocks}},
		{"baloot", "b2", seats4, play{buyers: []int{-1, 1}, balootDeal: reading.ThreeTwo}},
		{"mahjong", "mj1", seats4, play{tiles: []int{53, 136}, model: reading.SwapLast, layout: reading.MahjongBlocks}},
		{"mahjong", "mj2", seats4, play{tiles: []int{80, 60}, model: reading.CloseGap, layout: reading.Rounds}},
		{"checkers", "c1", []string{"p", "q"}, play{}},
		{"xiangqi", "x1", []string{"red", "black"}, play{}},
	}
	for i := range 4 { // the same bridge match under other server seeds
		cases = append(cases, cases[0])
		cases[len(cases)-1].id = "night" + strconv.Itoa(i)
	}
	for _, c := range cases {
		t.Run(c.game+"/"+c.id, func(t *testing.T) {
			sum := sha256.Sum256([]byte(c.game + "/" + c.id))
			serverSeed := hex.EncodeToString(sum[:])
			m, err := NewMatch(serverSeed, c.game, c.id, c.seeds)
			if err != nil {
				t.Fatal(err)
			}
			spec := newSpecStream(serverSeed, c.game, c.id, c.seeds)
			if want := spec.shuffle(len(c.seeds)); !reflect.DeepEqual(m.Seats(), want) {
				t.Fatalf("seats = %v, the spec's formulas give %v", m.Seats(), want)
			}
			for d := range c.play.deals {
				got, err := m.Deal()
				if want := spec.deal52(); err != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("deal %d = %v, %v; the spec's formulas give %v", d+1, got, err, want)
				}
			}
			for g, turns := range c.play.turns {
				got, err := m.Backgammon(turns, c.play.opening)
				if want := spec.backgammon(turns, c.play.opening); err != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("game %d = %+v, %v; the spec's formulas give %+v", g+1, got, err, want)
				}
			}
			for h, buyer := range c.play.buyers {
				got, err := m.Baloot(buyer, c.play.balootDeal)
				if want := spec.balootHand(buyer, c.play.balootDeal); err != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("hand %d = %+v, %v; the spec's formulas give %+v", h+1, got, err, want)
				}
			}
			for h, count := range c.play.tiles {
				got, err := m.Mahjong(count, c.play.model, c.play.layout)
				if want := spec.mahjongHand(count, c.play.model, c.play.layout); err != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("hand %d = %+v, %v; the spec's formulas give %+v", h+1, got, err, want)
				}
			}
			if m.Counter() != spec.k {
				t.Errorf("counter = %d, the spec's formulas used %d draws", m.Counter(), spec.k)
			}
		})
	}
}

func TestMatchRefusals(t *testing.T) {
	cases := []struct {
		name, seed, game, id string
		seeds                []string
		want                 errcode.Code
	}{
		{"unknown game", testSeed, "poker", "m", []string{"a", "b"}, errcode.UnknownGame},
		{"bridge with two seeds", testSeed, "bridge", "m", []string{"a", "b"}, errcode.BadLength},
		{"backgammon with three seeds", testSeed, "backgammon", "m", []string{"a", "b", "c"}, errcode.BadLength},
		{"no client seed", testSeed, "checkers", "m", nil, errcode.BadLength},
		{"seventeen client seeds", testSeed, "mahjong", "m", strings.Split(strings.Repeat("s,", 16)+"s", ","), errcode.BadLength},
		{"a separator in a client seed", testSeed, "checkers", "m", []string{"a,1=b", "c"}, errcode.InvalidIdentifier},
		{"upper-case hex seed", strings.ToUpper(testSeed), "checkers", "m", []string{"a", "b"}, errcode.InvalidHex},
		{"short seed", testSeed[:63], "checkers", "m", []string{"a", "b"}, errcode.InvalidHex},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewMatch(c.seed, c.game, c.id, c.seeds)
			if got := errcode.Of(err); got != c.want {
				t.Errorf("code = %q (%v), want %q", got, err, c.want)
			}
		})
	}
}

// TestMatchRefusesWhatItsGameDoesNotDraw: a bridge match deals no backgammon
// game and a backgammon match no 52-card deal.
func TestMatchRefusesWhatItsGameDoesNotDraw(t *testing.T) {
	bridge, err := NewMatch(testSeed, "bridge", "m", []string{"a", "b", "c", "d"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bridge.Backgammon(1, reading.OneDieEach); errcode.Of(err) != errcode.UnknownGame {
		t.Errorf("bridge.Backgammon: %v, want unknown_game", err)
	}
	bg, err := NewMatch(testSeed, "backgammon", "m", []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bg.Deal(); errcode.Of(err) != errcode.UnknownGame {
		t.Errorf("backgammon.Deal: %v, want unknown_game", err)
	}
	if _, err := bg.Backgammon(MaxTurns+1, reading.OneDieEach); errcode.Of(err) != errcode.OutOfRange {
		t.Errorf("backgammon of 1001 turns: %v, want out_of_range", err)
	}
	if _, err := bg.Backgammon(1, "two_dice"); errcode.Of(err) != errcode.UnknownReading {
		t.Errorf("an unknown opening: %v, want unknown_reading", err)
	}
}
