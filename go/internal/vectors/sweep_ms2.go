package vectors

import (
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// The precedence sweep's tables for match_seed_v2 (see sweep.go).

func fillSeed(i int) any { return "p" + strconv.Itoa(i) }
func fillWord(int) any   { return word() }

func sweepCommit() sweep {
	return sweep{base: obj{"serverSeed": seed("sweep commit")}, reqs: reqs("RUN-6"), levels: []sweepLevel{
		{"input", []slot{unknownSlot(nil, "matchId", "m-1"), seedSlot(pth("serverSeed"))}},
	}}
}

// programLevels: a program of an int step and a shuffle step, its elements
// in index order, and the shuffle step's own order (RUN-9: op, unknown
// fields, n).
func programSlot(maxSteps int, maxShuffle int64) slot {
	return arraySlot(pth("program"), maxSteps, fillWord,
		bad("program[1].n "+strconv.FormatInt(maxShuffle+1, 10), errcode.OutOfRange, put(maxShuffle+1, "program", 1, "n")))
}

func programLevels(maxSteps int, maxShuffle int64) []sweepLevel {
	step := pth("program", 1)
	nMax := map[int]int64{0: int64(stream.Span), 1: maxShuffle}
	elements := elementLevels("input.program", pth("program"), maxSteps, fillWord, func(i int) []fault {
		n := sub(pth("program", i), "n")
		return []fault{aNumber(pth("program", i)), bad(n.String()+" "+strconv.FormatInt(nMax[i]+1, 10), errcode.OutOfRange, put(nMax[i]+1, n...))}
	}, 0, 1)
	op := sub(step, "op")
	own := sweepLevel{"input.program[1]", []slot{
		{name: "the step's op", faults: []fault{missing(op), aNumber(op),
			bad(op.String()+" \"dance\"", errcode.UnknownOp, put("dance", op...))}},
		unknownSlot(step, "x", 1),
		{name: "the step's n", faults: intFaults(sub(step, "n"), maxShuffle, true)},
	}}
	return append(elements, own)
}

func streamSlots(maxSteps int, maxShuffle int64) []slot {
	return []slot{
		unknownSlot(nil, "mahjongDraw", "close_gap"),
		seedSlot(pth("serverSeed")), idSlot(pth("game")), idSlot(pth("matchId")),
		arraySlot(pth("clientSeeds"), match.MaxClientSeeds, fillSeed, bad("clientSeeds[1] a:b", errcode.InvalidIdentifier, put("a:b", "clientSeeds", 1))),
		programSlot(maxSteps, maxShuffle),
	}
}

func clientSeedLevels(n int) []sweepLevel {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	return elementLevels("input.clientSeeds", pth("clientSeeds"), match.MaxClientSeeds, fillSeed, func(i int) []fault {
		p := pth("clientSeeds", i)
		return []fault{aNumber(p), bad(p.String()+" a:b", errcode.InvalidIdentifier, put("a:b", p...))}
	}, idx...)
}

// sweepStream is the sweep of draws (trace with its smaller bounds).
func sweepStream(label string, maxSteps int, maxShuffle int64) sweep {
	base := obj{"serverSeed": seed("sweep " + label), "game": "bridge", "matchId": "m-1", "clientSeeds": []any{"alice", "bob"},
		"program": []any{intN(6), shuffleN(4)}}
	levels := append([]sweepLevel{{"input", streamSlots(maxSteps, maxShuffle)}}, clientSeedLevels(2)...)
	return sweep{base: base, reqs: reqs("RUN-6"), levels: append(levels, programLevels(maxSteps, maxShuffle)...)}
}

func sweepInject() sweep {
	words := pth("words")
	base := obj{"words": []any{5, 7, 1}, "program": []any{intN(6), shuffleN(2)}}
	top := []slot{
		unknownSlot(nil, "serverSeed", seed("sweep inject")),
		arraySlot(words, ops.MaxWords, func(int) any { return 0 },
			bad("words[2] 2^52", errcode.OutOfRange, put(stream.Span, "words", 2))),
		programSlot(ops.MaxProgram, stream.MaxShuffle),
		cross("running out of words", reqs("INJ-1"), bad("a program of four steps for three words", errcode.WordsExhausted, grow(4, fillWord, "program"))),
	}
	// Element 0's faults are numbers (a fraction, 2^52), so that the case of
	// 4097 words keeps them on one line; element 2 has the string as well.
	elements := elementLevels("input.words", words, ops.MaxWords, func(int) any { return 0 }, func(i int) []fault {
		f := intFaults(pth("words", i), int64(stream.Span-1), false)
		if i == 0 {
			return f[1:]
		}
		return f
	}, 0, 2)
	levels := append(append([]sweepLevel{{"input", top}}, elements...), programLevels(ops.MaxProgram, stream.MaxShuffle)...)
	return sweep{base: base, reqs: reqs("RUN-6"), levels: levels}
}

// The match op: the fields, play's presence, the game's two checks, then play
// (RUN-6, the op table's last column), once for bridge at the top level and
// once per kind of play.

func matchBase(game string, players int, play obj) obj {
	return obj{"serverSeed": seed("sweep match"), "game": game, "matchId": "m-1",
		"clientSeeds": []any{"north", "east", "south", "west"}[:players], "play": play}
}

func gameChecks(game string, players int) []slot {
	return []slot{
		cross("the game's registration", reqs("MS2-5"), bad("game chess, which match does not map", errcode.UnknownGame, put("chess", "game"))),
		cross("the number of client seeds", reqs("MS2-5"),
			bad(strconv.Itoa(players+1)+" client seeds for "+game, errcode.BadLength, grow(players+1, fillSeed, "clientSeeds"))),
	}
}

func sweepMatchTop() sweepLevel {
	slots := []slot{
		unknownSlot(nil, "mahjongDraw", "close_gap"),
		seedSlot(pth("serverSeed")), idSlot(pth("game")), idSlot(pth("matchId")),
		arraySlot(pth("clientSeeds"), match.MaxClientSeeds, fillSeed, bad("clientSeeds[3] a:b", errcode.InvalidIdentifier, put("a:b", "clientSeeds", 3))),
		{name: "play's presence", faults: []fault{missing(pth("play"))}},
	}
	slots = append(slots, gameChecks("bridge", 4)...)
	return sweepLevel{"input", append(slots, slot{name: "play", reqs: reqs("RUN-9"), faults: []fault{
		aNumber(pth("play")), bad("play.deals 1001", errcode.OutOfRange, put(match.MaxDeals+1, "play", "deals")),
	}})}
}

// playLevel: after the game's checks, play's type, its unknown fields (a
// reading of another game), then its fields (RUN-9).
func playLevel(game string, players int, foreign string, foreignValue any, fields ...slot) sweepLevel {
	slots := append(gameChecks(game, players), slot{name: "play's type", reqs: reqs("RUN-9"), faults: []fault{aNumber(pth("play"))}},
		unknownSlot(pth("play"), foreign, foreignValue))
	return sweepLevel{"input.play (" + game + ")", append(slots, fields...)}
}

// orderSlot and orderLevel: a fixed order of pieces (READ-10, READ-11), whose
// elements' types all come first, then their names, then each piece's count.
func orderSlot(p loc, d *cards.Deck, id string) slot {
	long := append(kitOrder(d), d.Name(0))
	twice := kitOrder(d)
	twice[4] = d.Name(0)
	return slot{name: p.String(), reqs: reqs("READ-1", id), faults: []fault{aNumber(p),
		bad(p.String()+" of "+strconv.Itoa(d.Size+1)+" names", errcode.BadLength, put(long, p...)),
		bad(p.String()+" the kit's order with "+d.Name(0)+" at index 4, one "+d.Name(0)+" too many", errcode.UnknownReading, put(twice, p...)),
	}}
}

// onceMore holds entry 0's piece once more, at index 4, in the kit's order.
func onceMore(p loc, d *cards.Deck) fault {
	return bad(sub(p, 4).String()+" "+d.Name(0)+", one "+d.Name(0)+" too many", errcode.UnknownReading, copyOf(sub(p, 0), sub(p, 4)...))
}

func orderLevel(p loc, d *cards.Deck, id, noPiece string) sweepLevel {
	return sweepLevel{"input." + p.String(), []slot{
		{name: "every element's type", reqs: reqs(id), faults: []fault{aNumber(sub(p, 10))}},
		{name: "every element's name", reqs: reqs(id), faults: []fault{
			bad(sub(p, 7).String()+" "+noPiece+", a name of no piece", errcode.UnknownReading, put(noPiece, sub(p, 7)...))}},
		{name: "each piece's count", reqs: reqs(id), faults: []fault{onceMore(p, d)}},
	}}
}

// kitOrder lists a deck's names in the kit's order, as a request declares it.
func kitOrder(d *cards.Deck) []any {
	out := make([]any, d.Size)
	for i := range out {
		out[i] = d.Name(i)
	}
	return out
}

func sweepMatch() []sweep {
	r := reqs("RUN-6")
	turns := pth("play", "games")
	bg := []sweepLevel{playLevel("backgammon", 2, "mahjongDeal", "rounds",
		arraySlot(turns, match.MaxBackgammon, func(int) any { return 0 }, bad("play.games[1] 1001", errcode.OutOfRange, put(match.MaxTurns+1, "play", "games", 1))),
		readingSlot(pth("play", "backgammonOpening"), "READ-6"))}
	bg = append(bg, elementLevels("input.play.games", turns, match.MaxBackgammon, func(int) any { return 0 }, func(i int) []fault {
		return intFaults(sub(turns, i), match.MaxTurns, false)
	}, 0, 1)...)
	return append([]sweep{
		{base: matchBase("bridge", 4, obj{"deals": 1}), reqs: r, levels: []sweepLevel{sweepMatchTop(),
			playLevel("bridge", 4, "mahjongDraw", "close_gap", intSlot(pth("play", "deals"), match.MaxDeals))}},
		{base: matchBase("checkers", 2, obj{}), reqs: r, levels: []sweepLevel{playLevel("checkers", 2, "backgammonOpening", "one_die_each")}},
		{base: matchBase("backgammon", 2, obj{"games": []any{3, 0}}), reqs: r, levels: bg},
	}, append(sweepBaloot(r), sweepMahjong(r)...)...)
}

func sweepBaloot(r []string) []sweep {
	hands, deck := pth("play", "hands"), pth("play", "balootDeck")
	base := matchBase("baloot", 4, obj{"hands": []any{obj{"buyer": nil}, obj{"buyer": 2}}})
	fill := func(int) any { return obj{"buyer": nil} }
	buyer := func(i int) loc { return sub(hands, i, "buyer") }
	levels := []sweepLevel{playLevel("baloot", 4, "mahjongDraw", "swap_last",
		arraySlot(hands, match.MaxDeals, fill, bad(buyer(1).String()+" 4", errcode.OutOfRange, put(4, buyer(1)...))),
		readingSlot(pth("play", "balootDeal"), "READ-7"), orderSlot(deck, cards.Baloot32, "READ-11"))}
	levels = append(levels, elementLevels("input.play.hands", hands, match.MaxDeals, fill, func(i int) []fault {
		return []fault{aNumber(sub(hands, i)), bad(buyer(i).String()+" 4", errcode.OutOfRange, put(4, buyer(i)...))}
	}, 0, 1)...)
	return []sweep{{base: base, reqs: r, levels: append(levels,
		sweepLevel{"input.play.hands[1]", []slot{unknownSlot(sub(hands, 1), "bid", 80), {name: "buyer", faults: intFaults(buyer(1), 3, true)}}})},
		orderSweep(base, deck, cards.Baloot32, "READ-11", "2c")}
}

// orderSweep: the passes over a declared order's elements, the order
// declared in full in the base.
func orderSweep(base obj, p loc, d *cards.Deck, id, noPiece string) sweep {
	declared := clone(base).(obj)
	declared["play"].(obj)[p[1].(string)] = kitOrder(d)
	return sweep{base: declared, reqs: reqs("RUN-6"), levels: []sweepLevel{orderLevel(p, d, id, noPiece)}}
}

func sweepMahjong(r []string) []sweep {
	hands, wall := pth("play", "hands"), pth("play", "mahjongWall")
	base := matchBase("mahjong", 4, obj{"hands": []any{53, 60}})
	fill := func(int) any { return match.MahjongDeal }
	levels := []sweepLevel{playLevel("mahjong", 4, "balootDeal", "three_two",
		arraySlot(hands, match.MaxMahjongHands, fill, bad("play.hands[1] 137", errcode.OutOfRange, put(match.MahjongWall+1, "play", "hands", 1))),
		readingSlot(pth("play", "mahjongDraw"), "READ-5"), readingSlot(pth("play", "mahjongDeal"), "READ-8"),
		orderSlot(wall, cards.Tiles136, "READ-10"))}
	levels = append(levels, elementLevels("input.play.hands", hands, match.MaxMahjongHands, fill, func(i int) []fault {
		return intFaults(sub(hands, i), match.MahjongWall, false)
	}, 0, 1)...)
	return []sweep{{base: base, reqs: r, levels: levels}, orderSweep(base, wall, cards.Tiles136, "READ-10", "zz")}
}
