package vectors

import (
	"strconv"

	"github.com/pfkit/pfkit/go/internal/canon"
	"github.com/pfkit/pfkit/go/internal/cards"
	"github.com/pfkit/pfkit/go/internal/errcode"
	"github.com/pfkit/pfkit/go/internal/games"
	"github.com/pfkit/pfkit/go/internal/stream"
	"github.com/pfkit/pfkit/go/internal/strictjson"
)

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
	return b.done()
}

func matchInput(label, game string, players int, play obj) obj {
	seeds := []any{}
	for i := range players {
		seeds = append(seeds, []string{"north", "east", "south", "west"}[i])
	}
	return obj{"serverSeed": seed(label), "game": game, "matchId": label, "clientSeeds": seeds, "play": play}
}

func slug(s string) string {
	out := []byte(s)
	for i, c := range out {
		if c == ' ' {
			out[i] = '-'
		}
	}
	return string(out)
}

func ms2Match() (*File, error) {
	b := newFile("match_seed_v2", "match", "Whole matches, game by game: the seat order first, then the game's rolls, deals or tile draws on the same counter. Cards and tiles are given by name.", commonNotes)
	seat := reqs("MS2-4", "MS2-5")
	m := func(label, game string, players int, play obj) obj {
		return matchInput(slug(label), game, players, play)
	}

	b.ok("backgammon: seats, the opening throw and five turns", flags("Valid"), plus(seat, "BG-1", "BG-2"), m("bg one", "backgammon", 2, obj{"games": []any{5}}))
	b.ok("backgammon: a match of three games of 0, 3 and 10 turns", flags("Valid"), plus(seat, "BG-1", "BG-2"), m("bg three", "backgammon", 2, obj{"games": []any{0, 3, 10}}))
	for i := 0; ; i++ {
		in := m("bg tie "+strconv.Itoa(i), "backgammon", 2, obj{"games": []any{1}})
		out, err := b.call(in)
		if err != nil {
			break
		}
		o, _ := parsed(out)
		g0 := o["games"].([]any)[0].(strictjson.Object)
		if len(g0["opening"].([]any)) < 2 {
			continue
		}
		b.ok("backgammon: the opening throw ties and is thrown again", flags("EdgeCase"), plus(seat, "BG-1"), in)
		break
	}
	b.ok("checkers: only the seat order; seat 0 moves first", flags("Valid"), plus(seat, "SEAT-1"), m("checkers", "checkers", 2, obj{}))
	b.ok("xiangqi: only the seat order; seat 0 plays red and moves first", flags("Valid"), plus(seat, "SEAT-1"), m("xiangqi", "xiangqi", 2, obj{}))
	deal := plus(seat, "DEAL-1", "CARD-1", "SHUF-1")
	b.ok("bridge: one deal, seat i gets cards 13i to 13i + 12", flags("Valid"), deal, m("bridge one", "bridge", 4, obj{"deals": 1}))
	b.ok("bridge: three deals on one counter", flags("Valid"), deal, m("bridge three", "bridge", 4, obj{"deals": 3}))
	b.ok("tarneeb: one deal", flags("Valid"), deal, m("tarneeb", "tarneeb", 4, obj{"deals": 1}))
	b.ok("trix: a kingdom of four deals", flags("Valid"), deal, m("trix", "trix", 4, obj{"deals": 4}))
	bal := plus(seat, "BAL-1", "BAL-2", "CARD-2")
	b.ok("baloot: seat 0 buys", flags("Valid"), bal, m("baloot one", "baloot", 4, obj{"hands": []any{obj{"buyer": 0}}}))
	b.ok("baloot: everyone passes, then seat 3 buys the next hand", flags("Valid"), plus(bal, "BAL-3"), m("baloot pass", "baloot", 4, obj{"hands": []any{obj{"buyer": nil}, obj{"buyer": 3}}}))
	b.ok("baloot: two hands bought by seats 2 and 1", flags("Valid"), bal, m("baloot two", "baloot", 4, obj{"hands": []any{obj{"buyer": 2}, obj{"buyer": 1}}}))
	mj := plus(seat, "MJ-1", "MJ-2", "CARD-3")
	b.ok("mahjong: the deal only, 53 tiles", flags("EdgeCase"), mj, m("mahjong deal", "mahjong", 4, obj{"hands": []any{games.MahjongDeal}}))
	out := b.ok("mahjong: the whole wall; the last tile still costs int(1)", flags("EdgeCase"), plus(mj, "INT-3"), m("mahjong wall", "mahjong", 4, obj{"hands": []any{games.MahjongWall}}))
	b.expect(counter(out) >= 3+games.MahjongWall, "136 draws after the three of the seat order")
	b.ok("mahjong: two hands of 70 and 90 draws", flags("Valid"), mj, m("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}}))
	mjRead := plus(mj, "READ-1", "READ-5")
	swap := b.ok("mahjong: the kit's draw model declared, swap_last: the same tiles as when none is declared", flags("Reading"), mjRead,
		m("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongDraw": "swap_last"}))
	gap := b.ok("mahjong: the close_gap draw model: the j-th tile of the remaining wall leaves and the gap closes", flags("Reading"), mjRead,
		m("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongDraw": "close_gap"}))
	b.expect(firstTile(swap) == firstTile(gap) && canonOf(swap["hands"]) != canonOf(gap["hands"]),
		"both draw models take the same first tile and then differ")
	b.ok("mahjong: close_gap over the whole wall; the last tile still costs int(1)", flags("Reading", "EdgeCase"), plus(mjRead, "INT-3"),
		m("mahjong wall", "mahjong", 4, obj{"hands": []any{games.MahjongWall}, "mahjongDraw": "close_gap"}))

	b.bad("a game the page does not list", flags(), reqs("MS2-5"), m("bad", "poker", 4, obj{"deals": 1}), errcode.UnknownGame)
	b.bad("game ids are lowercase", flags("Encoding"), reqs("MS2-5"), m("bad", "Bridge", 4, obj{"deals": 1}), errcode.UnknownGame)
	b.bad("a localized game name", flags(), reqs("MS2-5"), m("bad", "dama", 2, obj{}), errcode.UnknownGame)
	b.bad("bridge with two client seeds", flags(), reqs("MS2-5"), m("bad", "bridge", 2, obj{"deals": 1}), errcode.BadLength)
	b.bad("backgammon with three client seeds", flags(), reqs("MS2-5"), m("bad", "backgammon", 3, obj{"games": []any{1}}), errcode.BadLength)
	b.bad("no play", flags(), reqs("RUN-7"), obj{"serverSeed": seed("bad"), "game": "checkers", "matchId": "m", "clientSeeds": twoSeeds}, errcode.MissingField)
	b.bad("bridge given baloot's play", flags(), reqs("RUN-7"), m("bad", "bridge", 4, obj{"hands": []any{obj{"buyer": 0}}}), errcode.UnknownField)
	b.bad("checkers given a play field", flags(), reqs("RUN-7"), m("bad", "checkers", 2, obj{"deals": 1}), errcode.UnknownField)
	b.bad("play as a number", flags("Encoding"), reqs("RUN-7"), obj{"serverSeed": seed("bad"), "game": "checkers", "matchId": "m", "clientSeeds": twoSeeds, "play": 1}, errcode.WrongType)
	b.bad("zero deals", flags("EdgeCase"), reqs("DEAL-1"), m("bad", "bridge", 4, obj{"deals": 0}), errcode.OutOfRange)
	b.bad("1001 deals", flags("EdgeCase", "Limit"), reqs("DEAL-1"), m("bad", "bridge", 4, obj{"deals": 1001}), errcode.OutOfRange)
	b.bad("a mahjong hand of 52 draws cannot finish the deal", flags("EdgeCase"), reqs("MJ-2"), m("bad", "mahjong", 4, obj{"hands": []any{52}}), errcode.OutOfRange)
	b.bad("a mahjong hand of 137 draws", flags("EdgeCase"), reqs("MJ-2"), m("bad", "mahjong", 4, obj{"hands": []any{137}}), errcode.OutOfRange)
	b.ok("mahjong: the deal in rounds, four tiles a seat three times, then one, then the dealer's fourteenth", flags("Reading"), plus(mj, "READ-1", "READ-8"),
		m("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongDeal": "rounds"}))
	b.ok("mahjong: close_gap and the deal in rounds together", flags("Reading"), plus(mj, "READ-1", "READ-5", "READ-8"),
		m("mahjong two", "mahjong", 4, obj{"hands": []any{70}, "mahjongDraw": "close_gap", "mahjongDeal": "rounds"}))
	b.ok("mahjong: the kit's deal layout declared, blocks of 13", flags("Reading"), plus(mj, "READ-1", "READ-8"),
		m("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongDeal": "blocks"}))
	bgRead := plus(seat, "BG-1", "BG-2", "READ-1", "READ-6")
	b.ok("backgammon: seat 0 rolls the opening with two dice and moves first", flags("Reading"), bgRead,
		m("bg three", "backgammon", 2, obj{"games": []any{0, 3, 10}, "backgammonOpening": "first_seat_rolls"}))
	b.ok("backgammon: the kit's opening declared, one die a side", flags("Reading"), bgRead,
		m("bg three", "backgammon", 2, obj{"games": []any{0, 3, 10}, "backgammonOpening": "one_die_each"}))
	for i := 0; ; i++ {
		in := m("bg double "+strconv.Itoa(i), "backgammon", 2, obj{"games": []any{1}, "backgammonOpening": "first_seat_rolls"})
		out, err := b.call(in)
		if err != nil {
			break
		}
		o, _ := parsed(out)
		th := o["games"].([]any)[0].(strictjson.Object)["opening"].([]any)[0].([]any)
		if canonOf(th[0]) != canonOf(th[1]) {
			continue
		}
		b.ok("backgammon, first_seat_rolls: a double opening stands and is not thrown again", flags("Reading", "EdgeCase"), bgRead, in)
		break
	}
	balRead := plus(bal, "READ-1", "READ-7")
	b.ok("baloot: three cards a seat, then two; seat 2 buys", flags("Reading"), balRead,
		m("baloot two", "baloot", 4, obj{"hands": []any{obj{"buyer": 2}, obj{"buyer": 1}}, "balootDeal": "three_two"}))
	b.ok("baloot: three then two, everyone passes", flags("Reading"), plus(balRead, "BAL-3"),
		m("baloot pass", "baloot", 4, obj{"hands": []any{obj{"buyer": nil}, obj{"buyer": 3}}, "balootDeal": "three_two"}))
	b.ok("baloot: the kit's layout declared, blocks of five", flags("Reading"), balRead,
		m("baloot two", "baloot", 4, obj{"hands": []any{obj{"buyer": 2}, obj{"buyer": 1}}, "balootDeal": "blocks"}))
	wall := wallInSets()
	b.ok("mahjong: a wall whose fixed order is four sets of the 34 kinds, declared in full", flags("Reading"), plus(mj, "READ-1", "READ-10"),
		m("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongWall": wall}))
	b.ok("mahjong: the wall in sets, close_gap and the deal in rounds together", flags("Reading"), plus(mj, "READ-1", "READ-5", "READ-8", "READ-10"),
		m("mahjong two", "mahjong", 4, obj{"hands": []any{70}, "mahjongDraw": "close_gap", "mahjongDeal": "rounds", "mahjongWall": wall}))
	byRank := balootByRank()
	b.ok("baloot: the 32 cards numbered rank by rank, declared in full", flags("Reading"), plus(bal, "READ-1", "READ-11"),
		m("baloot two", "baloot", 4, obj{"hands": []any{obj{"buyer": 2}, obj{"buyer": 1}}, "balootDeck": byRank}))
	b.bad("a wall of 135 tiles", flags("Reading", "EdgeCase"), reqs("READ-10"), m("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongWall": wall[:135]}), errcode.BadLength)
	fifth := append(append([]any{}, wall[:135]...), wall[0])
	b.bad("a wall with five copies of one kind and three of another", flags("Reading"), reqs("READ-1", "READ-10"), m("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongWall": fifth}), errcode.UnknownReading)
	flower := append(append([]any{}, wall[:135]...), "F1")
	b.bad("a wall with a flower, which the set has not", flags("Reading"), reqs("READ-1", "READ-10"), m("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongWall": flower}), errcode.UnknownReading)
	numbered := append(append([]any{}, wall[:135]...), 7)
	b.bad("a wall with a number among the names", flags("Encoding"), reqs("READ-10", "RUN-7"), m("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongWall": numbered}), errcode.WrongType)
	twos := append(append([]any{}, byRank[:31]...), "2c")
	b.bad("a Baloot deck holding a 2", flags("Reading"), reqs("READ-1", "READ-11"), m("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 0}}, "balootDeck": twos}), errcode.UnknownReading)
	b.bad("an unknown mahjong deal layout", flags("Reading"), reqs("READ-1", "READ-8"), m("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongDeal": "walls"}), errcode.UnknownReading)
	b.bad("an unknown backgammon opening", flags("Reading"), reqs("READ-1", "READ-6"), m("bad", "backgammon", 2, obj{"games": []any{1}, "backgammonOpening": "two_dice"}), errcode.UnknownReading)
	b.bad("an unknown baloot layout", flags("Reading"), reqs("READ-1", "READ-7"), m("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 0}}, "balootDeal": "two_three"}), errcode.UnknownReading)
	b.bad("a baloot layout for mahjong", flags("Reading"), reqs("READ-7", "RUN-7"), m("bad", "mahjong", 4, obj{"hands": []any{53}, "balootDeal": "three_two"}), errcode.UnknownField)
	b.bad("an unknown mahjong draw model", flags("Reading"), reqs("READ-1", "READ-5"), m("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongDraw": "swap_first"}), errcode.UnknownReading)
	b.bad("a mahjong draw model in upper case", flags("Reading", "Encoding"), reqs("READ-1", "READ-5"), m("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongDraw": "CLOSE_GAP"}), errcode.UnknownReading)
	b.bad("a mahjong draw model as a number", flags("Encoding"), reqs("READ-5", "RUN-7"), m("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongDraw": 1}), errcode.WrongType)
	b.bad("a draw model for bridge, which draws no tiles", flags("Reading"), reqs("READ-5", "RUN-7"), m("bad", "bridge", 4, obj{"deals": 1, "mahjongDraw": "close_gap"}), errcode.UnknownField)
	b.bad("a baloot buyer in seat 4", flags("EdgeCase"), reqs("BAL-2"), m("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 4}}}), errcode.OutOfRange)
	b.bad("a baloot hand with no buyer field", flags(), reqs("BAL-3"), m("bad", "baloot", 4, obj{"hands": []any{obj{}}}), errcode.MissingField)
	b.bad("a backgammon match of no games", flags("EdgeCase"), reqs("BG-1"), m("bad", "backgammon", 2, obj{"games": []any{}}), errcode.BadLength)
	b.bad("a backgammon game of 1001 turns", flags("Limit"), reqs("BG-2"), m("bad", "backgammon", 2, obj{"games": []any{1001}}), errcode.OutOfRange)
	b.acc("800 matches, 100 of each game", reqs("MS2-4", "BG-1", "BG-2", "SEAT-1", "DEAL-1", "BAL-1", "BAL-2", "BAL-3", "MJ-1", "MJ-2", "CARD-1", "CARD-2", "CARD-3"), "match/v1", 800)
	pre := flags("Precedence")
	cross := reqs("RUN-6", "MS2-5")
	b.bad("an unknown game with a play that is not an object: the game is checked before play is read", pre, cross, m("bad", "poker", 4, obj{"x": 1}), errcode.UnknownGame)
	b.bad("an unknown game with play null", pre, plus(cross, "RUN-7"), obj{"serverSeed": seed("bad"), "game": "poker", "matchId": "m", "clientSeeds": twoSeeds, "play": nil}, errcode.UnknownGame)
	b.bad("bridge with three client seeds and a bad play: the count comes before play", pre, cross, m("bad", "bridge", 3, obj{"deals": 0, "x": 1}), errcode.BadLength)
	b.bad("no play and an unknown game: play's presence is a field check, before the game's", pre, cross, obj{"serverSeed": seed("bad"), "game": "poker", "matchId": "m", "clientSeeds": twoSeeds}, errcode.MissingField)
	b.bad("play null for checkers is wrong_type", pre, reqs("RUN-7", "RUN-9"), obj{"serverSeed": seed("bad"), "game": "checkers", "matchId": "m", "clientSeeds": twoSeeds, "play": nil}, errcode.WrongType)
	inPlay := reqs("RUN-9", "RUN-6")
	b.bad("zero deals and an unknown play field: unknown fields first", pre, inPlay, m("bad", "bridge", 4, obj{"deals": 0, "x": 1}), errcode.UnknownField)
	b.bad("deals null and an unknown field", pre, inPlay, m("bad", "bridge", 4, obj{"deals": nil, "extra": true}), errcode.UnknownField)
	b.bad("deals null is wrong_type", pre, plus(inPlay, "RUN-7"), m("bad", "bridge", 4, obj{"deals": nil}), errcode.WrongType)
	b.bad("backgammon turns 5000 then a string: index order", pre, inPlay, m("bad", "backgammon", 2, obj{"games": []any{5000, "x"}}), errcode.OutOfRange)
	b.bad("backgammon turns null then 5000", pre, plus(inPlay, "RUN-7"), m("bad", "backgammon", 2, obj{"games": []any{nil, 5000}}), errcode.WrongType)
	b.bad("101 backgammon games with bad turns: the length comes first", pre, inPlay, m("bad", "backgammon", 2, obj{"games": make([]any, 101)}), errcode.BadLength)
	b.bad("a baloot hand with a bad buyer and an unknown field: unknown fields first", pre, inPlay, m("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 9, "x": 1}}}), errcode.UnknownField)
	b.bad("a baloot buyer as a string with an unknown field", pre, inPlay, m("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": "1", "bid": 80}}}), errcode.UnknownField)
	b.bad("buyer 7 in hand 0 and a hand that is a number: index order", pre, inPlay, m("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 7}, 5}}), errcode.OutOfRange)
	b.bad("a passed hand, then a hand with no buyer, then a hand that is null", pre, inPlay, m("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": nil}, obj{}, nil}}), errcode.MissingField)
	b.bad("a baloot hand that is null", pre, plus(inPlay, "RUN-7"), m("bad", "baloot", 4, obj{"hands": []any{nil, obj{"buyer": 9}}}), errcode.WrongType)
	b.bad("a buyer written 1.0 and an out-of-range buyer after it", pre, plus(inPlay, "NUM-1"), m("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": jsonNum("1.0")}, obj{"buyer": 4}}}), errcode.InvalidInteger)
	b.bad("mahjong hands of 52 and of a string: index order", pre, inPlay, m("bad", "mahjong", 4, obj{"hands": []any{52, "x"}}), errcode.OutOfRange)
	return b.done()
}

// firstTile is the first tile of the first hand's deal in a match output.
func firstTile(out strictjson.Object) any {
	h := out["hands"].([]any)[0].(strictjson.Object)
	return h["deal"].([]any)[0].([]any)[0]
}

// canonOf is a value's canonical JSON, to compare two outputs.
func canonOf(v any) string {
	b, _ := canon.Compact(v)
	return string(b)
}

// wallInSets is a mahjong wall whose fixed order is four sets of the 34 kinds:
// tile id t is kind t % 34 (READ-10), another order a site could keep.
func wallInSets() []any {
	kinds := cards.Tiles136.Names(nil)
	for t := 0; t < 136; t += 4 {
		kinds = append(kinds, cards.Tiles136.Name(t))
	}
	out := make([]any, 136)
	for t := range out {
		out[t] = kinds[t%34]
	}
	return out
}

// balootByRank is Baloot's deck numbered rank by rank: card id c is rank
// "789TJQKA"[c / 4] and suit "cdhs"[c % 4] (READ-11), the layout the self-hosted
// page uses for its 52 cards.
func balootByRank() []any {
	out := make([]any, 32)
	for c := range out {
		out[c] = cards.Baloot32.Name(c/4 + 8*(c%4))
	}
	return out
}
