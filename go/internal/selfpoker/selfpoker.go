// Package selfpoker holds selfpoker_v1, the self-hosted poker room's scheme: a
// 63-bit seed, its commitment, NumPy's permutation of the deck and the deal
// layout (spec section 8, "selfpoker_v1: the self-hosted poker room").
package selfpoker

import (
	"crypto/sha256"
	"strconv"
	"unicode/utf8"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/numpyrng"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

const (
	// SeedLimit is 2^63: seeds come from secrets.randbits(63).
	SeedLimit = 1 << 63
	// MinPlayers and MaxPlayers bound a table: 2*23 + 5 = 51 cards fit the deck.
	MinPlayers = 2
	MaxPlayers = 23
	Board      = 5
	// MaxPermutation bounds a permutation of the runner's permutation op
	// (decision D-15).
	MaxPermutation = 1000
)

// ParseSeed reads a seed in canonical decimal: digits only, no sign, no spaces,
// no leading zero except "0" itself, below 2^63 (SP-1, NUM-2). It reads text
// or bytes, so a record's reader checks a seed where it lies, copying nothing.
func ParseSeed[T ~string | ~[]byte](field string, s T) (uint64, error) {
	if len(s) == 0 {
		return 0, errcode.New(errcode.InvalidInteger, "%s: expected a decimal integer 0 <= seed < 2^63, found an empty string", field)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			// Every byte before i is a digit, so i counts characters too.
			r, _ := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
			return 0, errcode.New(errcode.InvalidInteger, "%s: expected decimal digits only, found %s at position %d", field, escape.Clipped(string(r)), i)
		}
	}
	if len(s) > 1 && s[0] == '0' {
		return 0, errcode.New(errcode.InvalidInteger, "%s: expected canonical decimal with no leading zero, found %s", field, escape.Clipped(string(s)))
	}
	// 2^63 has 19 digits: a longer seed is out of range unread, and 19
	// digits are below 10^19 < 2^64, so they sum without overflow.
	var v uint64
	for i := 0; i < len(s) && len(s) <= 19; i++ {
		v = 10*v + uint64(s[i]-'0')
	}
	if len(s) > 19 || v >= SeedLimit {
		return 0, errcode.New(errcode.OutOfRange, "%s: expected 0 <= seed < 2^63 (9223372036854775808), found %s", field, escape.Cut(string(s)))
	}
	return v, nil
}

// Commit is sha256("selfpoker:" + decimal seed) (SP-2), in hex as every
// commitment is written (stream.CommitBytes).
func Commit(seed uint64) string {
	var buf [32]byte
	return stream.CommitBytes(commitText(&buf, seed))
}

// CommitSum is Commit's digest, before it is written in hex.
func CommitSum(seed uint64) [sha256.Size]byte {
	var buf [32]byte
	return sha256.Sum256(commitText(&buf, seed))
}

// commitText is "selfpoker:" and the seed in decimal, in buf: at most 20
// digits, so it stays on the stack.
func commitText(buf *[32]byte, seed uint64) []byte {
	return strconv.AppendUint(append(buf[:0], "selfpoker:"...), seed, 10)
}

// Deal is one hand.
type Deal struct {
	Commit string
	Deck   []int
	Hands  [][2]int
	Board  [Board]int
}

func checkSeed(seed uint64) error {
	if seed >= SeedLimit {
		return errcode.New(errcode.OutOfRange, "seed: expected 0 <= seed < 2^63 (9223372036854775808), found %d", seed)
	}
	return nil
}

// NewDeal deals a hand: deck = default_rng(seed).permutation(52); player i gets
// deck[2i] and deck[2i+1] when dealt in pairs (the kit's reading, decision
// D-13), deck[i] and deck[n+i] round robin; the board is the next five cards;
// no burns (SP-3, SP-4, READ-2). The seed is below 2^63 (SP-1), a table seats 2
// to 23 players, and the dealing is one of reading.Dealings (unknown_reading).
func NewDeal(seed uint64, players int, dealing reading.Dealing) (Deal, error) {
	var d Deal
	if err := DealInto(&d, seed, players, dealing); err != nil {
		return Deal{}, err
	}
	d.Commit = Commit(seed)
	return d, nil
}

// DealInto is NewDeal into d without the commitment (d.Commit is left as it
// was; CommitSum gives it), reusing the room of d's deck and hands: an audit
// deals a hand a record, and so deals without allocating.
func DealInto(d *Deal, seed uint64, players int, dealing reading.Dealing) error {
	if err := checkSeed(seed); err != nil {
		return err
	}
	if players < MinPlayers || players > MaxPlayers {
		return errcode.New(errcode.OutOfRange, "players: expected an integer from %d to %d, found %d", MinPlayers, MaxPlayers, players)
	}
	if err := reading.Check("dealing", string(dealing), reading.Dealings); err != nil {
		return err
	}
	if cap(d.Deck) < 52 {
		d.Deck = make([]int, 52)
	}
	d.Deck = d.Deck[:52]
	numpyrng.PermutationInto(seed, d.Deck)
	if cap(d.Hands) < players {
		d.Hands = make([][2]int, players)
	}
	d.Hands = d.Hands[:players]
	for i := range d.Hands {
		p := dealing.Hole(i, players)
		d.Hands[i] = [2]int{d.Deck[p[0]], d.Deck[p[1]]}
	}
	copy(d.Board[:], d.Deck[2*players:])
	return nil
}

func checkPermutation(seed uint64, n int) error {
	if err := checkSeed(seed); err != nil {
		return err
	}
	if n < 1 || n > MaxPermutation {
		return errcode.New(errcode.OutOfRange, "n: expected an integer from 1 to %d, found %d", MaxPermutation, n)
	}
	return nil
}

// Permutation is default_rng(seed).permutation(n), 1 <= n <= 1000 (SP-3, D-15).
func Permutation(seed uint64, n int) ([]int, error) {
	if err := checkPermutation(seed, n); err != nil {
		return nil, err
	}
	return numpyrng.Permutation(seed, n), nil
}

// Trace is Permutation with every stage recorded (TRACE-2), on the same inputs.
func Trace(seed uint64, n int) (numpyrng.Trace, error) {
	if err := checkPermutation(seed, n); err != nil {
		return numpyrng.Trace{}, err
	}
	return numpyrng.TracePermutation(seed, n), nil
}

// Names maps card ids to names with the selfpoker deck (rank = id / 4).
func Names(ids []int) []string { return cards.SelfPoker52.Names(ids) }
