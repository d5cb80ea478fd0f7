// Package chess holds chess_colour_v1: which side plays White, from both
// players' committed seeds and client seeds (spec section 7,
// "chess_colour_v1: chess colours").
package chess

import (
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/ident"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
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

// Colour decides the colours. seedB and clientB are both empty for a bot, whose
// client seed the message writes as bot says (READ-9): "-", the kit's reading,
// or nothing. int(2) over the XOR stream: 0 means A plays White (CC-3).
//
// The inputs are checked in the order of the colour op (section 10.1): both
// seeds are server seeds (SEED-1), both client seeds identifiers (ID-1), the
// bot reading one of reading.BotClientSeeds (unknown_reading), a bot has
// neither seed nor client seed (CC-2, wrong_type), and the commitments differ
// (CC-4, equal_commitments). Messages name the fields seedA, clientA, seedB,
// clientB and botClientSeed.
func Colour(seedA, clientA, seedB, clientB string, bot reading.BotClientSeed) (Result, error) {
	if err := ident.Seed("seedA", seedA); err != nil {
		return Result{}, err
	}
	if err := ident.ID("clientA", clientA); err != nil {
		return Result{}, err
	}
	isBot := seedB == ""
	if !isBot {
		if err := ident.Seed("seedB", seedB); err != nil {
			return Result{}, err
		}
	}
	if clientB != "" {
		if err := ident.ID("clientB", clientB); err != nil {
			return Result{}, err
		}
	}
	if err := reading.Check("botClientSeed", string(bot), reading.BotClientSeeds); err != nil {
		return Result{}, err
	}
	if isBot != (clientB == "") {
		return Result{}, errcode.New(errcode.WrongType, "seedB: seedB and clientB are both null (a bot) or both set (a player); found seedB %s and clientB %s", nullOrSet(isBot), nullOrSet(clientB == ""))
	}
	r := Draw(seedA, clientA, seedB, clientB, bot)
	if err := CheckCommitments(r.CommitA, r.CommitB); err != nil {
		return Result{}, err
	}
	return r, nil
}

// Draw is the colour draw itself, on inputs Colour has checked. The record
// verifier calls it after checking the commitments the record publishes (CC-4
// on the record, REC-6), so that a record whose published commitments differ
// from its seeds' still gets every check reported.
func Draw(seedA, clientA, seedB, clientB string, bot reading.BotClientSeed) Result {
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

// CheckCommitments refuses equal commitments (CC-4, decision D-17): the two
// words would cancel in the XOR and A would always play White. Records are
// checked with it on the commitments they publish.
func CheckCommitments(commitA, commitB string) error {
	if commitA == commitB {
		return errcode.New(errcode.EqualCommitments, "seedB: both players committed to the same seed (commitment %s), so the XOR of their words is zero and A would always play White", commitA)
	}
	return nil
}

func nullOrSet(null bool) string {
	if null {
		return "null"
	}
	return "set"
}

// Message is the full message of draw k, for traces and documentation.
func Message(commitA, commitB, clientA, clientB string, k uint64) string {
	return Prefix(commitA, commitB, clientA, clientB) + strconv.FormatUint(k, 10)
}
