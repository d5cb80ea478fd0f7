// Package chess holds chess_colour_v1: which side plays White, from both
// players' committed seeds and client seeds (spec section "chess_colour_v1").
package chess

import (
	"strconv"

	"github.com/pfkit/pfkit/go/internal/reading"
	"github.com/pfkit/pfkit/go/internal/stream"
)

// Bot is the field a bot fills in the message: it brings no seed and no client
// seed (decision D-5).
const Bot = "-"

// Prefix is the message without its counter:
// "cc1:{commitA}:{commitB|-}:0={clientA},1={clientB|-}:" (CC-1).
func Prefix(commitA, commitB, clientA, clientB string) string {
	return "cc1:" + commitA + ":" + commitB + ":0=" + clientA + ",1=" + clientB + ":"
}

// xor is the word source w(k) = word(seedA, m(k)) XOR word(seedB, m(k)); with no
// second stream (a bot) it is word(seedA, m(k)) alone (CC-2).
type xor struct{ a, b *stream.Stream }

func (x xor) Next() (uint64, error) {
	w, _ := x.a.Next()
	if x.b != nil {
		v, _ := x.b.Next()
		w ^= v
	}
	return w, nil
}

// Result is the outcome of a colour draw.
type Result struct {
	CommitA string `json:"commitA"`
	CommitB string `json:"commitB"`
	White   string `json:"white"`
}

// Colour decides the colours. seedB and clientB are empty for a bot. int(2) over
// the XOR stream: 0 means A plays White (CC-3).
func Colour(seedA, clientA, seedB, clientB string) Result {
	return ColourRead(seedA, clientA, seedB, clientB, reading.Dash)
}

// ColourRead is Colour with a bot's client seed written as the reading says
// (READ-9): "-", the kit's reading, or nothing.
func ColourRead(seedA, clientA, seedB, clientB string, bot reading.BotClientSeed) Result {
	r := Result{CommitA: stream.Commit(seedA), CommitB: Bot}
	if seedB != "" {
		r.CommitB = stream.Commit(seedB)
	} else {
		clientB = bot.Text()
	}
	prefix := Prefix(r.CommitA, r.CommitB, clientA, clientB)
	src := xor{a: stream.New(seedA, prefix)}
	if seedB != "" {
		src.b = stream.New(seedB, prefix)
	}
	v, _ := stream.Sampler{Src: src}.Int(2)
	r.White = "A"
	if v == 1 {
		r.White = "B"
	}
	return r
}

// Message is the full message of draw k, for traces and documentation.
func Message(commitA, commitB, clientA, clientB string, k uint64) string {
	return Prefix(commitA, commitB, clientA, clientB) + strconv.FormatUint(k, 10)
}
