package vectors

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

func ms2Commit() (*File, error) {
	b := newFile("match_seed_v2", "commit", "The commitment published before a match: SHA-256 of the server seed's 64-character lowercase hex text.", commonNotes)
	r := reqs("COMMIT-1", "SEED-1")
	b.ok("an ordinary server seed", flags("Valid", "CommitOverText"), r, obj{"serverSeed": seed("commit 1")})
	b.ok("the all-zero seed is valid hex", flags("EdgeCase", "CommitOverText"), r, obj{"serverSeed": strings.Repeat("0", 64)})
	b.ok("the all-f seed", flags("EdgeCase", "CommitOverText"), r, obj{"serverSeed": strings.Repeat("f", 64)})
	bad := reqs("SEED-1")
	b.bad("uppercase hex is refused, not lowered", flags("Encoding"), bad, obj{"serverSeed": strings.ToUpper(seed("commit 1"))}, errcode.InvalidHex)
	b.bad("one uppercase letter is enough to refuse", flags("Encoding"), bad, obj{"serverSeed": "A" + seed("commit 1")[1:]}, errcode.InvalidHex)
	b.bad("63 characters", flags("Encoding", "EdgeCase"), bad, obj{"serverSeed": seed("commit 1")[1:]}, errcode.InvalidHex)
	b.bad("65 characters", flags("Encoding", "EdgeCase"), bad, obj{"serverSeed": seed("commit 1") + "0"}, errcode.InvalidHex)
	b.bad("a 0x prefix", flags("Encoding"), bad, obj{"serverSeed": "0x" + seed("commit 1")[2:]}, errcode.InvalidHex)
	b.bad("a letter outside hex", flags("Encoding"), bad, obj{"serverSeed": "g" + seed("commit 1")[1:]}, errcode.InvalidHex)
	b.bad("the same 32 bytes in base64", flags("Encoding"), bad, obj{"serverSeed": "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg="}, errcode.InvalidHex)
	b.bad("a fullwidth digit that looks like 0", flags("LookAlike"), bad, obj{"serverSeed": "\uff10" + seed("commit 1")[1:]}, errcode.InvalidHex)
	b.bad("a trailing space", flags("Encoding"), bad, obj{"serverSeed": seed("commit 1")[1:] + " "}, errcode.InvalidHex)
	b.bad("the seed as a number", flags("Encoding"), reqs("RUN-7"), obj{"serverSeed": 12345}, errcode.WrongType)
	b.bad("no seed", flags(), reqs("RUN-7"), obj{}, errcode.MissingField)
	b.bad("an extra field", flags(), reqs("RUN-7"), obj{"serverSeed": seed("commit 1"), "commitment": seed("x")}, errcode.UnknownField)
	b.bad("an extra field is reported before a bad seed", flags("Precedence"), reqs("RUN-6"), obj{"serverSeed": "nope", "extra": 1}, errcode.UnknownField)
	b.sweeps(sweepCommit())
	return b.done()
}

var twoSeeds = []any{"alice", "bob"}

func drawsInput(label, game, matchID string, seeds []any, program ...any) obj {
	return obj{"serverSeed": seed(label), "game": game, "matchId": matchID, "clientSeeds": seeds, "program": program}
}

func word() obj          { return obj{"op": "word"} }
func intN(n uint64) obj  { return obj{"op": "int", "n": n} }
func shuffleN(n int) obj { return obj{"op": "shuffle", "n": n} }

// jsonNum writes a number token exactly as given, such as 6.0 or 2^53+1.
func jsonNum(s string) json.Number { return json.Number(s) }

func counter(out strictjson.Object) uint64 { return uintField(out, "counter") }

func ms2Draws() (*File, error) {
	b := newFile("match_seed_v2", "draws", "The match_seed_v2 draw stream: words, int(n) and shuffles run as a program on one counter.", commonNotes)
	sixteen, longest := ms2DrawsValid(b)
	ms2DrawsRefused(b, sixteen, longest)
	b.acc("2000 matches: a shuffle, a small and a large int, and a word each", reqs("WORD-1", "INT-2", "SHUF-1", "MS2-1", "MS2-2", "MS2-3"), "draws/v1", 2000)
	ms2DrawsPrecedence(b)
	b.sweeps(sweepStream("draws", ops.MaxProgram, stream.MaxShuffle))
	return b.done()
}

// ms2DrawsValid: programs the reference runs, from three words to the longest
// program; it returns the sixteen client seeds and the longest program, which
// the refusals go one past.
func ms2DrawsValid(b *builder) (clientSeeds16, program256 []any) {
	core := reqs("WORD-1", "MS2-1", "MS2-2", "MS2-3")
	// The stream tests compute this case's words and permutation with Python's hmac.
	b.ok("the deck of the stream tests, checked there against Python's hmac", flags("Valid"), plus(core, "SHUF-1", "INT-2"),
		obj{"serverSeed": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "game": "bridge", "matchId": "m1", "clientSeeds": twoSeeds,
			"program": []any{shuffleN(52), intN(6), intN(6), intN(6), intN(6)}})
	out := b.ok("three raw words: the first 13 hex digits of each HMAC", flags("Valid"), core, drawsInput("words", "bridge", "m-1", twoSeeds, word(), word(), word()))
	b.expect(counter(out) == 3, "three words use k = 0, 1, 2")
	out = b.ok("int(1) is always 0 and still consumes a draw", flags("EdgeCase"), plus(core, "INT-3"), drawsInput("int1", "dice", "m-2", twoSeeds, intN(1), word()))
	b.expect(counter(out) == 2, "int(1) then word uses two draws")
	b.ok("int(2^52) returns the word itself", flags("EdgeCase"), plus(core, "INT-1", "INT-2"), drawsInput("int2^52", "dice", "m-3", twoSeeds, intN(stream.Span), word()))
	b.ok("int(2^52 - 1) rejects only the top word", flags("EdgeCase"), plus(core, "INT-1", "INT-2"), drawsInput("int2^52-1", "dice", "m-4", twoSeeds, intN(stream.Span-1), intN(stream.Span-1)))
	half := uint64(1<<51 + 1)
	prog := []any{}
	for range 8 {
		prog = append(prog, intN(half))
	}
	out = b.ok("int(2^51 + 1) discards almost half the words", flags("Rejection", "EdgeCase"), plus(core, "INT-2"), drawsInput("half", "dice", "m-5", twoSeeds, prog...))
	b.expect(counter(out) > 8, "eight int(2^51+1) draws need more than eight words, counter %d", counter(out))
	quarter := uint64(3 << 50)
	prog = []any{}
	for range 8 {
		prog = append(prog, intN(quarter))
	}
	out = b.ok("int(3 * 2^50) discards the top quarter", flags("Rejection"), plus(core, "INT-2"), drawsInput("quarter", "dice", "m-6", twoSeeds, prog...))
	b.expect(counter(out) > 8, "a quarter of the words are discarded, counter %d", counter(out))
	out = b.ok("a shuffle of one element takes no draw", flags("EdgeCase"), plus(core, "SHUF-1"), drawsInput("shuffle1", "dice", "m-7", twoSeeds, shuffleN(1), shuffleN(2)))
	b.expect(counter(out) == 1, "shuffle(1) then shuffle(2) uses one draw")
	out = b.ok("the counter crosses 9, 99 and 999", flags("CounterDigits"), plus(core, "SHUF-1"), drawsInput("digits", "mahjong", "m-8", twoSeeds, shuffleN(1200)))
	b.expect(counter(out) >= 1199, "1199 draws cross k = 999")
	b.ok("the largest shuffle an op accepts", flags("EdgeCase", "Limit"), plus(core, "SHUF-1"), drawsInput("shuffle4096", "mahjong", "m-9", twoSeeds, shuffleN(stream.MaxShuffle)))
	b.ok("one client seed", flags("EdgeCase"), core, drawsInput("one seed", "backgammon", "solo", []any{"only"}, intN(6), intN(6)))
	var sixteen []any
	for i := range 16 {
		sixteen = append(sixteen, "seed-"+string(rune('a'+i)))
	}
	b.ok("sixteen client seeds, the most a match takes: indexes 10 to 15 are two digits", flags("EdgeCase", "Limit"), core, drawsInput("sixteen", "bridge", "big", sixteen, shuffleN(16)))
	long := strings.Repeat("Zz9-_.", 10) + "abcd"
	b.ok("64-character ids using every punctuation mark allowed", flags("EdgeCase"), plus(core, "ID-1"), obj{"serverSeed": seed("long ids"), "game": long, "matchId": long, "clientSeeds": []any{long, "A.b-C_d"}, "program": []any{shuffleN(10)}})
	prog = []any{}
	for i := range 256 {
		switch i % 3 {
		case 0:
			prog = append(prog, word())
		case 1:
			prog = append(prog, intN(uint64(i)))
		default:
			prog = append(prog, shuffleN(i%7+1))
		}
	}
	b.ok("the longest program an op accepts, mixing every step", flags("EdgeCase", "Limit"), core, drawsInput("long program", "bridge", "m-10", twoSeeds, prog...))
	b.ok("the game field of the raw stream is any identifier", flags("Valid"), core, drawsInput("any game", "poker-night.v2", "m-11", twoSeeds, word()))
	return sixteen, prog
}

// drawsWith is a draws input the reference accepts, with one field changed.
func drawsWith(k string, v any) obj {
	o := drawsInput("bad", "bridge", "m", twoSeeds, intN(6))
	o[k] = v
	return o
}

// ms2DrawsRefused: identifiers, lengths, steps and numbers the op refuses.
func ms2DrawsRefused(b *builder, sixteen, longest []any) {
	idr := reqs("ID-1")
	b.bad("a client seed that would forge another seat list: 0=a,1=b", flags("SeparatorInjection"), idr, drawsWith("clientSeeds", []any{"a,1=b"}), errcode.InvalidIdentifier)
	b.bad("a colon in a client seed", flags("SeparatorInjection"), idr, drawsWith("clientSeeds", []any{"alice", "b:ob"}), errcode.InvalidIdentifier)
	b.bad("an equals sign in a client seed", flags("SeparatorInjection"), idr, drawsWith("clientSeeds", []any{"x=y", "bob"}), errcode.InvalidIdentifier)
	b.bad("a colon in the match id", flags("SeparatorInjection"), idr, drawsWith("matchId", "m:1"), errcode.InvalidIdentifier)
	b.bad("a comma in the game", flags("SeparatorInjection"), idr, drawsWith("game", "bridge,x"), errcode.InvalidIdentifier)
	b.bad("a space in a client seed", flags("Encoding"), idr, drawsWith("clientSeeds", []any{"al ice", "bob"}), errcode.InvalidIdentifier)
	b.bad("an empty client seed", flags("EdgeCase"), idr, drawsWith("clientSeeds", []any{"", "bob"}), errcode.InvalidIdentifier)
	b.bad("a 65-character client seed", flags("EdgeCase"), idr, drawsWith("clientSeeds", []any{strings.Repeat("a", 65), "bob"}), errcode.InvalidIdentifier)
	b.bad("a Cyrillic a that looks like a Latin a", flags("LookAlike"), idr, drawsWith("clientSeeds", []any{"\u0430lice", "bob"}), errcode.InvalidIdentifier)
	b.bad("a fullwidth comma", flags("LookAlike", "SeparatorInjection"), idr, drawsWith("clientSeeds", []any{"a\uff0c1=b", "bob"}), errcode.InvalidIdentifier)
	b.bad("a NUL character", flags("Encoding"), idr, drawsWith("clientSeeds", []any{"al\u0000ice", "bob"}), errcode.InvalidIdentifier)
	b.bad("an empty match id", flags("EdgeCase"), idr, drawsWith("matchId", ""), errcode.InvalidIdentifier)
	b.bad("no client seeds", flags("EdgeCase"), reqs("MS2-2"), drawsWith("clientSeeds", []any{}), errcode.BadLength)
	b.bad("seventeen client seeds", flags("EdgeCase", "Limit"), reqs("MS2-2"), drawsWith("clientSeeds", append(append([]any{}, sixteen...), "one-more")), errcode.BadLength)
	b.bad("client seeds as one string", flags("Encoding"), reqs("RUN-7"), drawsWith("clientSeeds", "alice,bob"), errcode.WrongType)
	b.bad("a client seed as a number", flags("Encoding"), reqs("RUN-7"), drawsWith("clientSeeds", []any{"alice", 7}), errcode.WrongType)
	b.bad("an empty program", flags("EdgeCase"), reqs("RUN-7"), drawsWith("program", []any{}), errcode.BadLength)
	b.bad("257 steps", flags("EdgeCase", "Limit"), reqs("RUN-7"), drawsWith("program", append(append([]any{}, longest...), word())), errcode.BadLength)
	b.bad("a step that is not word, int or shuffle", flags(), reqs("RUN-7"), drawsWith("program", []any{obj{"op": "dice"}}), errcode.UnknownOp)
	b.bad("a step with no op", flags(), reqs("RUN-7"), drawsWith("program", []any{obj{"n": 6}}), errcode.MissingField)
	b.bad("int with no n", flags(), reqs("RUN-7"), drawsWith("program", []any{obj{"op": "int"}}), errcode.MissingField)
	b.bad("a word step given n", flags(), reqs("RUN-7"), drawsWith("program", []any{obj{"op": "word", "n": 6}}), errcode.UnknownField)
	b.bad("int(0)", flags("EdgeCase"), reqs("INT-1"), drawsWith("program", []any{intN(0)}), errcode.OutOfRange)
	b.bad("int(2^52 + 1)", flags("EdgeCase"), reqs("INT-1"), drawsWith("program", []any{intN(stream.Span + 1)}), errcode.OutOfRange)
	b.bad("int(-6)", flags("EdgeCase"), reqs("INT-1"), drawsWith("program", []any{obj{"op": "int", "n": -6}}), errcode.OutOfRange)
	b.bad("n written with a fraction", flags("Encoding"), reqs("NUM-1"), drawsWith("program", []any{obj{"op": "int", "n": jsonNum("6.0")}}), errcode.InvalidInteger)
	b.bad("n written with an exponent", flags("Encoding"), reqs("NUM-1"), drawsWith("program", []any{obj{"op": "int", "n": jsonNum("6e0")}}), errcode.InvalidInteger)
	b.bad("n above 2^53 as a JSON number", flags("Encoding"), reqs("NUM-1"), drawsWith("program", []any{obj{"op": "int", "n": jsonNum("9007199254740993")}}), errcode.InvalidInteger)
	b.bad("n as a string", flags("Encoding"), reqs("RUN-7"), drawsWith("program", []any{obj{"op": "int", "n": "6"}}), errcode.WrongType)
	b.bad("shuffle(0)", flags("EdgeCase"), reqs("SHUF-1"), drawsWith("program", []any{shuffleN(0)}), errcode.OutOfRange)
	b.bad("shuffle(4097)", flags("EdgeCase", "Limit"), reqs("SHUF-1"), drawsWith("program", []any{shuffleN(stream.MaxShuffle + 1)}), errcode.OutOfRange)
	b.bad("an uppercase server seed", flags("Encoding"), reqs("SEED-1"), drawsWith("serverSeed", strings.ToUpper(seed("bad"))), errcode.InvalidHex)
	b.bad("no server seed", flags(), reqs("RUN-7"), obj{"game": "bridge", "matchId": "m", "clientSeeds": twoSeeds, "program": []any{word()}}, errcode.MissingField)
	b.bad("an unknown field", flags(), reqs("RUN-7"), drawsWith("counter", 5), errcode.UnknownField)
	b.bad("a bad seed is reported before a bad program (field order)", flags("Precedence"), reqs("RUN-6"), drawsWith("serverSeed", "zz"), errcode.InvalidHex)
}

// ms2DrawsPrecedence: two faults or more, where the order of RUN-6, RUN-7 and
// RUN-9 decides the code.
func ms2DrawsPrecedence(b *builder) {
	pre := flags("Precedence")
	step := reqs("RUN-9", "RUN-6")
	b.bad("a step that is a number, then a step with an unknown op: the first step is wrong_type", pre, step, drawsWith("program", []any{5, obj{"op": "dance"}}), errcode.WrongType)
	b.bad("a step that is null is wrong_type, not missing", pre, plus(step, "RUN-7"), drawsWith("program", []any{nil, obj{"op": "dance"}}), errcode.WrongType)
	b.bad("a step that is an array", pre, step, drawsWith("program", []any{[]any{"word"}}), errcode.WrongType)
	b.bad("an unknown op and an unknown field in one step: the op comes first", pre, step, drawsWith("program", []any{obj{"op": "dance", "x": 1}}), errcode.UnknownOp)
	b.bad("int with an unknown field and no n: unknown fields come before n", pre, step, drawsWith("program", []any{obj{"op": "int", "x": 1}}), errcode.UnknownField)
	b.bad("a step with no op and an unknown field: the op comes first", pre, step, drawsWith("program", []any{obj{"x": 1, "n": 6}}), errcode.MissingField)
	b.bad("an op that is a number and an unknown field", pre, step, drawsWith("program", []any{obj{"op": 5, "x": 1}}), errcode.WrongType)
	b.bad("an op that is null", pre, plus(step, "RUN-7"), drawsWith("program", []any{obj{"op": nil}}), errcode.WrongType)
	b.bad("int with n null", pre, plus(step, "RUN-7"), drawsWith("program", []any{obj{"op": "int", "n": nil}}), errcode.WrongType)
	b.bad("int(0) in step 0 and an unknown op in step 1: index order", pre, step, drawsWith("program", []any{intN(0), obj{"op": "dance"}}), errcode.OutOfRange)
	b.bad("a word step with n, then a step that is a string", pre, step, drawsWith("program", []any{obj{"op": "word", "n": 1}, "word"}), errcode.UnknownField)
	bad257 := []any{}
	for range 257 {
		bad257 = append(bad257, "x")
	}
	b.bad("257 steps that are not objects: the length comes before the elements", pre, step, drawsWith("program", bad257), errcode.BadLength)
	null := reqs("RUN-7", "RUN-6")
	b.bad("a null server seed is wrong_type, reported before a missing game", pre, null,
		obj{"serverSeed": nil, "matchId": "m", "clientSeeds": twoSeeds, "program": []any{word()}}, errcode.WrongType)
	b.bad("a null client seed is wrong_type, before a bad program", pre, null, obj{"serverSeed": seed("bad"), "game": "bridge", "matchId": "m", "clientSeeds": []any{"a", nil}, "program": []any{obj{"op": "dance"}}}, errcode.WrongType)
	b.bad("client seeds null, game missing: the missing game comes first", pre, null, obj{"serverSeed": seed("bad"), "matchId": "m", "clientSeeds": nil, "program": []any{word()}}, errcode.MissingField)
	b.bad("an unknown field, a null seed and a bad program: unknown fields first", pre, null, obj{"serverSeed": nil, "game": "bridge", "matchId": "m", "clientSeeds": twoSeeds, "program": []any{}, "seed": 1}, errcode.UnknownField)
}

func ms2Trace() (*File, error) {
	b := newFile("match_seed_v2", "trace", "Step-by-step traces: for every draw the counter, the message, the digest, the word, and for int the n, the limit and whether the word was kept. A port that differs finds its first divergent draw here.", commonNotes)
	r := reqs("TRACE-1", "WORD-1", "INT-2", "MS2-1", "MS2-3")
	b.ok("a die, a four-card shuffle and a raw word", flags("Valid"), r, drawsInput("trace 1", "backgammon", "t-1", twoSeeds, intN(6), shuffleN(4), word()))
	b.ok("the seat order of a four-player match: the first three draws", flags("Valid"), plus(r, "MS2-4"), drawsInput("trace seats", "bridge", "t-2", []any{"n0", "e1", "s2", "w3"}, shuffleN(4)))
	// Search a fixed family of seeds for one whose first int(2^51+1) word is
	// discarded, so the trace shows a rejection at k = 0.
	half := uint64(1<<51 + 1)
	for i := 0; ; i++ {
		in := drawsInput("trace reject "+strconv.Itoa(i), "dice", "t-3", twoSeeds, intN(half), intN(6))
		s := stream.New(in["serverSeed"].(string), stream.MatchPrefix("dice", "t-3", []string{"alice", "bob"}))
		if w, _ := s.Next(); w < stream.Limit(half) {
			continue
		}
		out := b.ok("the first word is discarded: it is at or above the limit of int(2^51 + 1)", flags("Rejection"), r, in)
		draws, _ := out["draws"].([]any)
		first, _ := draws[0].(strictjson.Object)
		b.expect(first["accepted"] == false, "the first draw is rejected")
		break
	}
	b.bad("a trace is limited to 16 steps", flags("Limit"), reqs("TRACE-1"), drawsInput("trace", "dice", "t", twoSeeds,
		word(), word(), word(), word(), word(), word(), word(), word(), word(), word(), word(), word(), word(), word(), word(), word(), word()), errcode.BadLength)
	b.bad("a trace shuffles at most 64 elements", flags("Limit"), reqs("TRACE-1"), drawsInput("trace", "dice", "t", twoSeeds, shuffleN(65)), errcode.OutOfRange)
	b.sweeps(sweepStream("trace", ops.MaxTraceProgram, ops.MaxTraceShuffle))
	return b.done()
}

func injectInput(words []uint64, program ...any) obj {
	w := make([]any, len(words))
	for i, x := range words {
		w[i] = x
	}
	return obj{"words": w, "program": program}
}

func ms2Inject() (*File, error) {
	b := newFile("match_seed_v2", "inject", "The sampler fed with chosen words instead of HMAC output, to pin the rejection limit and the shuffle's direction exactly. The expected values were worked by hand (go/internal/vectors tests).", commonNotes)
	r := reqs("INJ-1", "INT-2")
	span := stream.Span
	lim52 := span - 16 // 2^52 mod 52 = 16
	b.ok("int(52): limit - 1 is kept", flags("EdgeCase"), r, injectInput([]uint64{lim52 - 1}, intN(52)))
	b.ok("int(52): the limit itself is discarded", flags("Rejection", "EdgeCase"), r, injectInput([]uint64{lim52, 5}, intN(52)))
	b.ok("int(52): 2^52 - 1 is discarded", flags("Rejection", "EdgeCase"), r, injectInput([]uint64{span - 1, 0}, intN(52)))
	b.ok("int(6): limit = 2^52 - 4; limit - 1 kept, limit discarded", flags("Rejection", "EdgeCase"), r, injectInput([]uint64{span - 4, span - 5}, intN(6)))
	b.ok("int(3): only 2^52 - 1 is discarded", flags("Rejection", "EdgeCase"), r, injectInput([]uint64{span - 1, span - 2}, intN(3)))
	b.ok("int(1) keeps every word, even 2^52 - 1, and returns 0", flags("EdgeCase"), plus(r, "INT-3"), injectInput([]uint64{span - 1}, intN(1)))
	b.ok("int(2^52) returns the word", flags("EdgeCase"), r, injectInput([]uint64{span - 1}, intN(span)))
	b.ok("int(2^51 + 1): the limit is 2^51 + 1", flags("Rejection", "EdgeCase"), r, injectInput([]uint64{1<<51 + 1, 1 << 51}, intN(1<<51+1)))
	b.ok("shuffle(4) with words 0, 0, 0 gives [1, 2, 3, 0]", flags("ShuffleDirection"), plus(r, "SHUF-1"), injectInput([]uint64{0, 0, 0}, shuffleN(4)))
	b.ok("shuffle(4) with words 3, 2, 1 swaps nothing", flags("ShuffleDirection"), plus(r, "SHUF-1"), injectInput([]uint64{3, 2, 1}, shuffleN(4)))
	b.ok("shuffle(5) with words 1, 1, 1, 1 gives [0, 2, 3, 4, 1]", flags("ShuffleDirection"), plus(r, "SHUF-1"), injectInput([]uint64{1, 1, 1, 1}, shuffleN(5)))
	b.ok("word steps return the words unchanged; unused words are left", flags("Valid"), r, injectInput([]uint64{0, span - 1, 7}, word(), word()))
	b.ok("no words at all is fine for a program that draws none", flags("EdgeCase"), r, injectInput(nil, shuffleN(1)))
	b.bad("the words run out inside a rejection loop", flags("Rejection"), r, injectInput([]uint64{span - 1}, intN(52)), errcode.WordsExhausted)
	b.bad("no words for int(6)", flags("EdgeCase"), r, injectInput(nil, intN(6)), errcode.WordsExhausted)
	b.bad("a word of 2^52 does not fit in 52 bits", flags("EdgeCase"), r, injectInput([]uint64{span}, intN(6)), errcode.OutOfRange)
	b.bad("a negative word", flags("EdgeCase"), r, obj{"words": []any{-1}, "program": []any{intN(6)}}, errcode.OutOfRange)
	b.bad("words as a string", flags("Encoding"), reqs("RUN-7"), obj{"words": "1,2", "program": []any{intN(6)}}, errcode.WrongType)
	many := make([]uint64, 4097)
	b.bad("4097 words", flags("Limit"), reqs("INJ-1"), injectInput(many, word()), errcode.BadLength)
	b.bad("a negative word and an unknown step op: words come before the program", flags("Precedence"), reqs("RUN-6", "RUN-9"), obj{"words": []any{-1}, "program": []any{obj{"op": "dance"}}}, errcode.OutOfRange)
	b.bad("a word that is null and a word out of range: index order", flags("Precedence"), reqs("RUN-6", "RUN-7"), obj{"words": []any{nil, span}, "program": []any{word()}}, errcode.WrongType)
	b.bad("a step that is not an object after good words", flags("Precedence"), reqs("RUN-9"), injectInput([]uint64{1}, "word"), errcode.WrongType)
	b.bad("one word for a program whose third step is out of range: every field is checked before the program runs, so out_of_range, not words_exhausted at the second step",
		flags("Precedence"), reqs("RUN-6", "INJ-1"), injectInput([]uint64{5}, intN(6), intN(6), shuffleN(4097)), errcode.OutOfRange)
	b.sweeps(sweepInject())
	return b.done()
}
