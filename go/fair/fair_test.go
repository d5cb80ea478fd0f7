package fair_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/fair"
)

const seed = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

func four() []string { return []string{"north", "east", "south", "west"} }

// refusal is a call the spec forbids and the code it must give.
type refusal struct {
	name string
	call func() error
	want fair.Code
}

// Every call refuses what the spec forbids, with the spec's code, before it
// computes anything.
func TestEveryCallRefusesBadInput(t *testing.T) {
	for _, c := range slices.Concat(streamRefusals(), matchRefusals(t), pokerRefusals(t), chessRefusals(), selfpokerRefusals(), recordRefusals()) {
		t.Run(c.name, func(t *testing.T) {
			err := c.call()
			require.Error(t, err)
			var e *fair.Error
			require.True(t, errors.As(err, &e), "%T is not a *fair.Error", err)
			assert.Equal(t, c.want, e.Code, e.Message)
			assert.True(t, errors.Is(err, &fair.Error{Code: c.want}))
			assert.NotEmpty(t, e.Message)
		})
	}
}

// streamRefusals are the refusals of the match_seed_v2 stream: seeds, identifiers, counts and bounds.
func streamRefusals() []refusal {
	many := make([]string, 17)
	for i := range many {
		many[i] = "p"
	}
	return []refusal{
		// Two client-seed lists that would give one message.
		{"separator in the first seed", func() error {
			_, err := fair.NewStream(seed, "bridge", "m", []string{"north,1=east", "south"})
			return err
		}, fair.InvalidIdentifier},
		{"separator in the second seed", func() error {
			_, err := fair.NewStream(seed, "bridge", "m", []string{"north", "east,1=south"})
			return err
		}, fair.InvalidIdentifier},
		{"colon in the match id", func() error { _, err := fair.NewStream(seed, "bridge", "m:1", []string{"a"}); return err }, fair.InvalidIdentifier},
		{"uppercase server seed", func() error {
			_, err := fair.NewStream(strings.ToUpper(seed), "bridge", "m", []string{"a"})
			return err
		}, fair.InvalidHex},
		{"short server seed to commit", func() error { _, err := fair.Commit(seed[:63]); return err }, fair.InvalidHex},
		{"no client seeds", func() error { _, err := fair.NewStream(seed, "dice", "m", nil); return err }, fair.BadLength},
		{"17 client seeds", func() error { _, err := fair.NewStream(seed, "dice", "m", many); return err }, fair.BadLength},
		{"int(0)", func() error { s, _ := fair.NewStream(seed, "dice", "m", []string{"a"}); _, err := s.Int(0); return err }, fair.OutOfRange},
		{"int(2^52 + 1)", func() error {
			s, _ := fair.NewStream(seed, "dice", "m", []string{"a"})
			_, err := s.Int(1<<52 + 1)
			return err
		}, fair.OutOfRange},
		{"shuffle of 4097", func() error {
			s, _ := fair.NewStream(seed, "dice", "m", []string{"a"})
			_, err := s.Shuffle(4097)
			return err
		}, fair.OutOfRange},
		{"shuffle of 0", func() error {
			s, _ := fair.NewStream(seed, "dice", "m", []string{"a"})
			_, err := s.Shuffle(0)
			return err
		}, fair.OutOfRange},
	}
}

// matchRefusals are the refusals of the games of a match and their readings.
func matchRefusals(t *testing.T) []refusal {
	match := func(game string, seeds []string) *fair.Match {
		m, err := fair.NewMatch(seed, game, "m", seeds)
		require.NoError(t, err)
		return m
	}
	return []refusal{
		{"a game the page does not list", func() error { _, err := fair.NewMatch(seed, "poker", "m", four()); return err }, fair.UnknownGame},
		{"a game id in another language", func() error { _, err := fair.NewMatch(seed, "dama", "m", []string{"a", "b"}); return err }, fair.UnknownGame},
		{"bridge for two", func() error { _, err := fair.NewMatch(seed, "bridge", "m", []string{"a", "b"}); return err }, fair.BadLength},
		{"backgammon dice from a bridge match", func() error { _, err := match("bridge", four()).Backgammon(1, fair.OneDieEach); return err }, fair.UnknownGame},
		{"a bridge deal from a mahjong match", func() error { _, err := match("mahjong", four()).Deal(); return err }, fair.UnknownGame},
		{"1001 backgammon turns", func() error {
			_, err := match("backgammon", []string{"a", "b"}).Backgammon(1001, fair.OneDieEach)
			return err
		}, fair.OutOfRange},
		{"negative backgammon turns", func() error {
			_, err := match("backgammon", []string{"a", "b"}).Backgammon(-1, fair.OneDieEach)
			return err
		}, fair.OutOfRange},
		{"baloot buyer 4", func() error { _, err := match("baloot", four()).Baloot(4, fair.BalootBlocks); return err }, fair.OutOfRange},
		{"baloot buyer -2", func() error { _, err := match("baloot", four()).Baloot(-2, fair.BalootBlocks); return err }, fair.OutOfRange},
		{"52 mahjong tiles", func() error {
			_, err := match("mahjong", four()).Mahjong(52, fair.SwapLast, fair.MahjongBlocks)
			return err
		}, fair.OutOfRange},
		{"137 mahjong tiles", func() error {
			_, err := match("mahjong", four()).Mahjong(137, fair.SwapLast, fair.MahjongBlocks)
			return err
		}, fair.OutOfRange},
		{"a backgammon opening the pages do not allow", func() error {
			_, err := match("backgammon", []string{"a", "b"}).Backgammon(1, "highest_wins")
			return err
		}, fair.UnknownReading},
		{"a Baloot deal the pages do not allow", func() error { _, err := match("baloot", four()).Baloot(0, "four_four"); return err }, fair.UnknownReading},
		{"a mahjong deal the pages do not allow", func() error { _, err := match("mahjong", four()).Mahjong(53, fair.SwapLast, "pairs"); return err }, fair.UnknownReading},
		{"a mahjong draw the pages do not allow", func() error {
			_, err := match("mahjong", four()).Mahjong(53, "shuffle", fair.MahjongBlocks)
			return err
		}, fair.UnknownReading},
	}
}

// pokerRefusals are the refusals of poker_hmac_v1 hands and proofs.
func pokerRefusals(t *testing.T) []refusal {
	hand := func() *fair.PokerHand {
		h, err := fair.DealPokerHand(seed, "t", "s", 1, 1, []fair.Seat{{Seat: 0, ClientSeed: "a"}, {Seat: 1, ClientSeed: "b"}})
		require.NoError(t, err)
		return h
	}
	path := make([]string, 6)
	for i := range path {
		path[i] = seed
	}
	return []refusal{
		{"poker hand 0", func() error {
			_, err := fair.DealPokerHand(seed, "t", "s", 1, 0, []fair.Seat{{Seat: 0, ClientSeed: "a"}, {Seat: 1, ClientSeed: "b"}})
			return err
		}, fair.OutOfRange},
		{"poker hand 501", func() error {
			_, err := fair.DealPokerHand(seed, "t", "s", 1, 501, []fair.Seat{{Seat: 0, ClientSeed: "a"}, {Seat: 1, ClientSeed: "b"}})
			return err
		}, fair.OutOfRange},
		{"one player", func() error {
			_, err := fair.DealPokerHand(seed, "t", "s", 1, 1, []fair.Seat{{Seat: 0, ClientSeed: "a"}})
			return err
		}, fair.BadLength},
		{"seat 10", func() error {
			_, err := fair.DealPokerHand(seed, "t", "s", 1, 1, []fair.Seat{{Seat: 0, ClientSeed: "a"}, {Seat: 10, ClientSeed: "b"}})
			return err
		}, fair.OutOfRange},
		{"a seat taken twice", func() error {
			_, err := fair.DealPokerHand(seed, "t", "s", 1, 1, []fair.Seat{{Seat: 3, ClientSeed: "a"}, {Seat: 3, ClientSeed: "b"}})
			return err
		}, fair.DuplicateSeat},
		{"a separator in a poker client seed", func() error {
			_, err := fair.DealPokerHand(seed, "t", "s", 1, 1, []fair.Seat{{Seat: 0, ClientSeed: "a,1=b"}, {Seat: 1, ClientSeed: "b"}})
			return err
		}, fair.InvalidIdentifier},
		{"a colon in the table", func() error {
			_, err := fair.DealPokerHand(seed, "t:1", "s", 1, 1, []fair.Seat{{Seat: 0, ClientSeed: "a"}, {Seat: 1, ClientSeed: "b"}})
			return err
		}, fair.InvalidIdentifier},
		{"proof of position 52", func() error { _, err := hand().Proof(52); return err }, fair.OutOfRange},
		{"a path of five hashes", func() error { _, err := fair.VerifyProof(seed, 0, 0, seed, path[:5]); return err }, fair.BadLength},
		{"an uppercase path hash", func() error {
			_, err := fair.VerifyProof(seed, 0, 0, seed, append(path[:5:5], strings.ToUpper(seed)))
			return err
		}, fair.InvalidHex},
		{"card 52", func() error { _, err := fair.VerifyProof(seed, 0, 52, seed, path); return err }, fair.OutOfRange},
		{"hand 500 numbered from 0", func() error {
			_, err := fair.DealPokerHand(seed, "t", "s", 0, 500, []fair.Seat{{Seat: 0, ClientSeed: "a"}, {Seat: 1, ClientSeed: "b"}})
			return err
		}, fair.OutOfRange},
		{"hands numbered from 2", func() error {
			_, err := fair.DealPokerHand(seed, "t", "s", 2, 2, []fair.Seat{{Seat: 0, ClientSeed: "a"}, {Seat: 1, ClientSeed: "b"}})
			return err
		}, fair.OutOfRange},
	}
}

// chessRefusals are the refusals of chess_colour_v1.
func chessRefusals() []refusal {
	return []refusal{
		{"equal chess seeds", func() error { _, err := fair.ChessColours(seed, "a", seed, "b", fair.BotDash); return err }, fair.EqualCommitments},
		{"a bot's seed with a player's client seed", func() error { _, err := fair.ChessColours(seed, "a", "", "b", fair.BotDash); return err }, fair.WrongType},
		{"a player's seed with a bot's client seed", func() error { _, err := fair.ChessColours(seed, "a", seed[1:]+"0", "", fair.BotDash); return err }, fair.WrongType},
		{"a separator in a chess client seed", func() error { _, err := fair.ChessColours(seed, "a,1=b", "", "", fair.BotDash); return err }, fair.InvalidIdentifier},
		{"a bot client seed the pages do not allow", func() error { _, err := fair.ChessColours(seed, "a", "", "", "bot"); return err }, fair.UnknownReading},
	}
}

// selfpokerRefusals are the refusals of selfpoker_v1.
func selfpokerRefusals() []refusal {
	return []refusal{
		{"selfpoker seed with a leading zero", func() error { _, err := fair.DealSelfPoker("01", 2, fair.Pairs); return err }, fair.InvalidInteger},
		{"selfpoker seed 2^63", func() error { _, err := fair.DealSelfPoker("9223372036854775808", 2, fair.Pairs); return err }, fair.OutOfRange},
		{"24 selfpoker players", func() error { _, err := fair.DealSelfPoker("1", 24, fair.Pairs); return err }, fair.OutOfRange},
		{"a dealing the pages do not allow", func() error { _, err := fair.DealSelfPoker("1", 2, "diagonal"); return err }, fair.UnknownReading},
		{"one selfpoker player", func() error { _, err := fair.DealSelfPoker("1", 1, fair.Pairs); return err }, fair.OutOfRange},
	}
}

// recordRefusals are the refusals of records.
func recordRefusals() []refusal {
	return []refusal{
		{"a record that is not JSON", func() error { return fair.VerifyRecord([]byte(`{"scheme":`)).Err() }, fair.MalformedRequest},
		{"a record of no known kind", func() error { return fair.VerifyRecord([]byte(`{"scheme":"x","kind":"y"}`)).Err() }, fair.UnknownScheme},
	}
}

// The bounds themselves are accepted: the refusals above are not off by one.
func TestBoundsAreInclusive(t *testing.T) {
	s, err := fair.NewStream(seed, "dice", "m", []string{"a"})
	require.NoError(t, err)
	w, err := s.Int(1 << 52)
	require.NoError(t, err)
	assert.Less(t, w, uint64(1<<52))
	_, err = s.Shuffle(4096)
	require.NoError(t, err)
	bg, err := fair.NewMatch(seed, "backgammon", "m", []string{"a", "b"})
	require.NoError(t, err)
	_, err = bg.Backgammon(0, fair.OneDieEach)
	require.NoError(t, err)
	mj, err := fair.NewMatch(seed, "mahjong", "m", four())
	require.NoError(t, err)
	h, err := mj.Mahjong(136, fair.SwapLast, fair.MahjongBlocks)
	require.NoError(t, err)
	assert.Len(t, h.Draws, 136-53)
	b, err := fair.NewMatch(seed, "baloot", "m", four())
	require.NoError(t, err)
	passed, err := b.Baloot(-1, fair.BalootBlocks)
	require.NoError(t, err)
	assert.Equal(t, -1, passed.Buyer)
	assert.Empty(t, passed.Rest)
	bought, err := b.Baloot(3, fair.BalootBlocks)
	require.NoError(t, err)
	assert.Len(t, bought.Final[3], 8)
	_, err = fair.DealPokerHand(seed, "t", "s", 1, 500, []fair.Seat{{Seat: 9, ClientSeed: "a"}, {Seat: 0, ClientSeed: "b"}})
	require.NoError(t, err)
	_, err = fair.DealSelfPoker("9223372036854775807", 23, fair.Pairs)
	require.NoError(t, err)
	_, err = fair.DealPokerHand(seed, "t", "s", 0, 0, []fair.Seat{{Seat: 9, ClientSeed: "a"}, {Seat: 0, ClientSeed: "b"}})
	require.NoError(t, err, "hand 0 of a session numbered from 0 (READ-3)")
	rr, err := fair.DealSelfPoker("9223372036854775807", 23, fair.RoundRobin)
	require.NoError(t, err)
	// The room names card id c as rank c/4, suit c%4 (CARD-4); round robin,
	// player i of 23 holds deck positions i and 23+i (READ-2).
	name := func(c int) string { return string("23456789TJQKA"[c/4]) + string("cdhs"[c%4]) }
	for i := range 23 {
		assert.Equal(t, [2]string{name(rr.Deck[i]), name(rr.Deck[23+i])}, rr.Hands[i], "player %d", i)
	}
	assert.Equal(t, []string{"backgammon", "checkers", "xiangqi", "tarneeb", "trix", "bridge", "baloot", "mahjong"}, fair.Games())
}
