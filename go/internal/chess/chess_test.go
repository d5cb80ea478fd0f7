package chess

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
)

// whiteByFormula is CC-1 to CC-3 written with the standard library alone:
// the top 52 bits of each side's HMAC of message 0, XORed (or A's alone
// against a bot), taken mod 2 (int(2) never discards a word).
func whiteByFormula(seedA, clientA, seedB, clientB string) string {
	commit := func(s string) string { d := sha256.Sum256([]byte(s)); return hex.EncodeToString(d[:]) }
	word := func(key, msg string) uint64 {
		m := hmac.New(sha256.New, []byte(key))
		m.Write([]byte(msg))
		return binary.BigEndian.Uint64(m.Sum(nil)[:8]) >> 12
	}
	commitB := "-"
	if seedB != "" {
		commitB = commit(seedB)
	}
	msg := "cc1:" + commit(seedA) + ":" + commitB + ":0=" + clientA + ",1=" + clientB + ":0"
	w := word(seedA, msg)
	if seedB != "" {
		w ^= word(seedB, msg)
	}
	if w%2 == 0 {
		return "A"
	}
	return "B"
}

func seedOf(b byte) string {
	s := make([]byte, 64)
	for i := range s {
		s[i] = "0123456789abcdef"[(int(b)+i*7)%16]
	}
	return string(s)
}

func TestColourFollowsTheFormula(t *testing.T) {
	whites := map[string]int{}
	for i := byte(0); i < 24; i++ {
		a, b := seedOf(i), seedOf(i+100)
		r, err := Colour(a, "alice", b, "boris", reading.Dash)
		require.NoError(t, err)
		want := whiteByFormula(a, "alice", b, "boris")
		assert.Equal(t, want, r.White, "pairing %d", i)
		whites[r.White]++
	}
	// Both answers occur, so the test could tell A from B.
	assert.Positive(t, whites["A"])
	assert.Positive(t, whites["B"])
}

func TestBotReadings(t *testing.T) {
	cases := []struct {
		name    string
		bot     reading.BotClientSeed
		clientB string // what the message carries for the bot (READ-9)
	}{
		{"dash, the kit's reading", reading.Dash, "-"},
		{"empty", reading.Empty, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			differ := false
			for i := byte(0); i < 16; i++ {
				a := seedOf(i)
				r, err := Colour(a, "human", "", "", c.bot)
				require.NoError(t, err)
				assert.Equal(t, whiteByFormula(a, "human", "", c.clientB), r.White, "seed %d", i)
				assert.Equal(t, Bot, r.CommitB)
				other := whiteByFormula(a, "human", "", map[string]string{"-": "", "": "-"}[c.clientB])
				differ = differ || other != r.White
			}
			assert.True(t, differ, "the reading changes at least one colour, so the test tells them apart")
		})
	}
}

func TestRefusals(t *testing.T) {
	a, b := seedOf(1), seedOf(2)
	cases := []struct {
		name                     string
		seedA, clientA, seedB, c string
		bot                      reading.BotClientSeed
		code                     errcode.Code
	}{
		{"the same seed twice", a, "x", a, "y", reading.Dash, errcode.EqualCommitments},
		{"a bot with a client seed", a, "x", "", "y", reading.Dash, errcode.WrongType},
		{"a seed without a client seed", a, "x", b, "", reading.Dash, errcode.WrongType},
		{"a short seed A", a[:63], "x", b, "y", reading.Dash, errcode.InvalidHex},
		{"a client seed with a colon", a, "x:y", b, "y", reading.Dash, errcode.InvalidIdentifier},
		{"an unknown bot reading", a, "x", "", "", reading.BotClientSeed("nothing"), errcode.UnknownReading},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Colour(c.seedA, c.clientA, c.seedB, c.c, c.bot)
			require.Error(t, err)
			assert.True(t, errors.Is(err, &errcode.Error{Code: c.code}), "got %v, want %s", err, c.code)
		})
	}
}

func TestMessage(t *testing.T) {
	assert.Equal(t, "cc1:ca:cb:0=x,1=-:7", Message("ca", "cb", "x", "-", 7))
}
