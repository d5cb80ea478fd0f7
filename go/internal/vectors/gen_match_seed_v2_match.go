package vectors

import (
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

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
	ms2MatchGames(b)
	ms2MatchRefused(b)
	ms2MatchReadings(b)
	ms2MatchPlayRefused(b)
	b.acc("800 matches, 100 of each game", reqs("MS2-4", "BG-1", "BG-2", "SEAT-1", "DEAL-1", "BAL-1", "BAL-2", "BAL-3", "MJ-1", "MJ-2", "CARD-1", "CARD-2", "CARD-3"), "match/v1", 800)
	ms2MatchPrecedence(b)
	b.bad("mahjongDraw null, then an unknown mahjongDeal: a reading present as null is wrong_type, not the kit's reading", flags("Precedence", "Reading"),
		reqs("RUN-6", "RUN-7", "RUN-9", "READ-1", "READ-5"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongDraw": nil, "mahjongDeal": "bogus"}), errcode.WrongType)
	b.sweeps(sweepMatch()...)
	return b.done()
}

// The requirements every match case tests, and those of Baloot and mahjong.
var (
	matchSeatReqs    = reqs("MS2-4", "MS2-5")
	matchBalootReqs  = plus(matchSeatReqs, "BAL-1", "BAL-2", "CARD-2")
	matchMahjongReqs = plus(matchSeatReqs, "MJ-1", "MJ-2", "CARD-3")
)

// matchCase is a match input whose label, with spaces made dashes, names the
// seed and the match.
func matchCase(label, game string, players int, play obj) obj {
	return matchInput(slug(label), game, players, play)
}

// ms2MatchGames: every game with the kit's readings, including the opening
// tie and the whole mahjong wall, and mahjong's close_gap draw model.
func ms2MatchGames(b *builder) {
	b.ok("backgammon: seats, the opening throw and five turns", flags("Valid"), plus(matchSeatReqs, "BG-1", "BG-2"), matchCase("bg one", "backgammon", 2, obj{"games": []any{5}}))
	b.ok("backgammon: a match of three games of 0, 3 and 10 turns", flags("Valid"), plus(matchSeatReqs, "BG-1", "BG-2"), matchCase("bg three", "backgammon", 2, obj{"games": []any{0, 3, 10}}))
	for i := 0; ; i++ {
		in := matchCase("bg tie "+strconv.Itoa(i), "backgammon", 2, obj{"games": []any{1}})
		out, err := b.call(in)
		if err != nil {
			break
		}
		o, _ := parsed(out)
		g0 := o["games"].([]any)[0].(strictjson.Object)
		if len(g0["opening"].([]any)) < 2 {
			continue
		}
		b.ok("backgammon: the opening throw ties and is thrown again", flags("EdgeCase"), plus(matchSeatReqs, "BG-1"), in)
		break
	}
	b.ok("checkers: only the seat order; seat 0 moves first", flags("Valid"), plus(matchSeatReqs, "SEAT-1"), matchCase("checkers", "checkers", 2, obj{}))
	b.ok("xiangqi: only the seat order; seat 0 plays red and moves first", flags("Valid"), plus(matchSeatReqs, "SEAT-1"), matchCase("xiangqi", "xiangqi", 2, obj{}))
	deal := plus(matchSeatReqs, "DEAL-1", "CARD-1", "SHUF-1")
	b.ok("bridge: one deal, seat i gets cards 13i to 13i + 12", flags("Valid"), deal, matchCase("bridge one", "bridge", 4, obj{"deals": 1}))
	b.ok("bridge: three deals on one counter", flags("Valid"), deal, matchCase("bridge three", "bridge", 4, obj{"deals": 3}))
	b.ok("tarneeb: one deal", flags("Valid"), deal, matchCase("tarneeb", "tarneeb", 4, obj{"deals": 1}))
	b.ok("trix: a kingdom of four deals", flags("Valid"), deal, matchCase("trix", "trix", 4, obj{"deals": 4}))
	b.ok("baloot: seat 0 buys", flags("Valid"), matchBalootReqs, matchCase("baloot one", "baloot", 4, obj{"hands": []any{obj{"buyer": 0}}}))
	b.ok("baloot: everyone passes, then seat 3 buys the next hand", flags("Valid"), plus(matchBalootReqs, "BAL-3"), matchCase("baloot pass", "baloot", 4, obj{"hands": []any{obj{"buyer": nil}, obj{"buyer": 3}}}))
	b.ok("baloot: two hands bought by seats 2 and 1", flags("Valid"), matchBalootReqs, matchCase("baloot two", "baloot", 4, obj{"hands": []any{obj{"buyer": 2}, obj{"buyer": 1}}}))
	b.ok("mahjong: the deal only, 53 tiles", flags("EdgeCase"), matchMahjongReqs, matchCase("mahjong deal", "mahjong", 4, obj{"hands": []any{match.MahjongDeal}}))
	out := b.ok("mahjong: the whole wall; the last tile still costs int(1)", flags("EdgeCase"), plus(matchMahjongReqs, "INT-3"), matchCase("mahjong wall", "mahjong", 4, obj{"hands": []any{match.MahjongWall}}))
	b.expect(counter(out) >= 3+match.MahjongWall, "136 draws after the three of the seat order")
	b.ok("mahjong: two hands of 70 and 90 draws", flags("Valid"), matchMahjongReqs, matchCase("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}}))
	mjRead := plus(matchMahjongReqs, "READ-1", "READ-5")
	swap := b.ok("mahjong: the kit's draw model declared, swap_last: the same tiles as when none is declared", flags("Reading"), mjRead,
		matchCase("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongDraw": "swap_last"}))
	gap := b.ok("mahjong: the close_gap draw model: the j-th tile of the remaining wall leaves and the gap closes", flags("Reading"), mjRead,
		matchCase("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongDraw": "close_gap"}))
	b.expect(firstTile(swap) == firstTile(gap) && canonOf(swap["hands"]) != canonOf(gap["hands"]),
		"both draw models take the same first tile and then differ")
	b.ok("mahjong: close_gap over the whole wall; the last tile still costs int(1)", flags("Reading", "EdgeCase"), plus(mjRead, "INT-3"),
		matchCase("mahjong wall", "mahjong", 4, obj{"hands": []any{match.MahjongWall}, "mahjongDraw": "close_gap"}))
}

// ms2MatchRefused: games, player counts, plays and counts the op refuses.
func ms2MatchRefused(b *builder) {
	b.bad("a game the page does not list", flags(), reqs("MS2-5"), matchCase("bad", "poker", 4, obj{"deals": 1}), errcode.UnknownGame)
	b.bad("game ids are lowercase", flags("Encoding"), reqs("MS2-5"), matchCase("bad", "Bridge", 4, obj{"deals": 1}), errcode.UnknownGame)
	b.bad("a localized game name", flags(), reqs("MS2-5"), matchCase("bad", "dama", 2, obj{}), errcode.UnknownGame)
	b.bad("bridge with two client seeds", flags(), reqs("MS2-5"), matchCase("bad", "bridge", 2, obj{"deals": 1}), errcode.BadLength)
	b.bad("backgammon with three client seeds", flags(), reqs("MS2-5"), matchCase("bad", "backgammon", 3, obj{"games": []any{1}}), errcode.BadLength)
	b.bad("no play", flags(), reqs("RUN-7"), obj{"serverSeed": seed("bad"), "game": "checkers", "matchId": "m", "clientSeeds": twoSeeds}, errcode.MissingField)
	b.bad("bridge given baloot's play", flags(), reqs("RUN-7"), matchCase("bad", "bridge", 4, obj{"hands": []any{obj{"buyer": 0}}}), errcode.UnknownField)
	b.bad("checkers given a play field", flags(), reqs("RUN-7"), matchCase("bad", "checkers", 2, obj{"deals": 1}), errcode.UnknownField)
	b.bad("play as a number", flags("Encoding"), reqs("RUN-7"), obj{"serverSeed": seed("bad"), "game": "checkers", "matchId": "m", "clientSeeds": twoSeeds, "play": 1}, errcode.WrongType)
	b.bad("zero deals", flags("EdgeCase"), reqs("DEAL-1"), matchCase("bad", "bridge", 4, obj{"deals": 0}), errcode.OutOfRange)
	b.bad("1001 deals", flags("EdgeCase", "Limit"), reqs("DEAL-1"), matchCase("bad", "bridge", 4, obj{"deals": 1001}), errcode.OutOfRange)
	b.bad("a mahjong hand of 52 draws cannot finish the deal", flags("EdgeCase"), reqs("MJ-2"), matchCase("bad", "mahjong", 4, obj{"hands": []any{52}}), errcode.OutOfRange)
	b.bad("a mahjong hand of 137 draws", flags("EdgeCase"), reqs("MJ-2"), matchCase("bad", "mahjong", 4, obj{"hands": []any{137}}), errcode.OutOfRange)
}

// ms2MatchReadings: the declared readings of backgammon, Baloot and mahjong
// (READ-5 to READ-11), and readings the op refuses.
func ms2MatchReadings(b *builder) {
	b.ok("mahjong: the deal in rounds, four tiles a seat three times, then one, then the dealer's fourteenth", flags("Reading"), plus(matchMahjongReqs, "READ-1", "READ-8"),
		matchCase("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongDeal": "rounds"}))
	b.ok("mahjong: close_gap and the deal in rounds together", flags("Reading"), plus(matchMahjongReqs, "READ-1", "READ-5", "READ-8"),
		matchCase("mahjong two", "mahjong", 4, obj{"hands": []any{70}, "mahjongDraw": "close_gap", "mahjongDeal": "rounds"}))
	b.ok("mahjong: the kit's deal layout declared, blocks of 13", flags("Reading"), plus(matchMahjongReqs, "READ-1", "READ-8"),
		matchCase("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongDeal": "blocks"}))
	bgRead := plus(matchSeatReqs, "BG-1", "BG-2", "READ-1", "READ-6")
	b.ok("backgammon: seat 0 rolls the opening with two dice and moves first", flags("Reading"), bgRead,
		matchCase("bg three", "backgammon", 2, obj{"games": []any{0, 3, 10}, "backgammonOpening": "first_seat_rolls"}))
	b.ok("backgammon: the kit's opening declared, one die a side", flags("Reading"), bgRead,
		matchCase("bg three", "backgammon", 2, obj{"games": []any{0, 3, 10}, "backgammonOpening": "one_die_each"}))
	for i := 0; ; i++ {
		in := matchCase("bg double "+strconv.Itoa(i), "backgammon", 2, obj{"games": []any{1}, "backgammonOpening": "first_seat_rolls"})
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
	balRead := plus(matchBalootReqs, "READ-1", "READ-7")
	b.ok("baloot: three cards a seat, then two; seat 2 buys", flags("Reading"), balRead,
		matchCase("baloot two", "baloot", 4, obj{"hands": []any{obj{"buyer": 2}, obj{"buyer": 1}}, "balootDeal": "three_two"}))
	b.ok("baloot: three then two, everyone passes", flags("Reading"), plus(balRead, "BAL-3"),
		matchCase("baloot pass", "baloot", 4, obj{"hands": []any{obj{"buyer": nil}, obj{"buyer": 3}}, "balootDeal": "three_two"}))
	b.ok("baloot: the kit's layout declared, blocks of five", flags("Reading"), balRead,
		matchCase("baloot two", "baloot", 4, obj{"hands": []any{obj{"buyer": 2}, obj{"buyer": 1}}, "balootDeal": "blocks"}))
	wall := wallInSets()
	b.ok("mahjong: a wall whose fixed order is four sets of the 34 kinds, declared in full", flags("Reading"), plus(matchMahjongReqs, "READ-1", "READ-10"),
		matchCase("mahjong two", "mahjong", 4, obj{"hands": []any{70, 90}, "mahjongWall": wall}))
	b.ok("mahjong: the wall in sets, close_gap and the deal in rounds together", flags("Reading"), plus(matchMahjongReqs, "READ-1", "READ-5", "READ-8", "READ-10"),
		matchCase("mahjong two", "mahjong", 4, obj{"hands": []any{70}, "mahjongDraw": "close_gap", "mahjongDeal": "rounds", "mahjongWall": wall}))
	byRank := balootByRank()
	b.ok("baloot: the 32 cards numbered rank by rank, declared in full", flags("Reading"), plus(matchBalootReqs, "READ-1", "READ-11"),
		matchCase("baloot two", "baloot", 4, obj{"hands": []any{obj{"buyer": 2}, obj{"buyer": 1}}, "balootDeck": byRank}))
	b.bad("a wall of 135 tiles", flags("Reading", "EdgeCase"), reqs("READ-10"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongWall": wall[:135]}), errcode.BadLength)
	fifth := append(append([]any{}, wall[:135]...), wall[0])
	b.bad("a wall with five copies of one kind and three of another", flags("Reading"), reqs("READ-1", "READ-10"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongWall": fifth}), errcode.UnknownReading)
	flower := append(append([]any{}, wall[:135]...), "F1")
	b.bad("a wall with a flower, which the set has not", flags("Reading"), reqs("READ-1", "READ-10"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongWall": flower}), errcode.UnknownReading)
	numbered := append(append([]any{}, wall[:135]...), 7)
	b.bad("a wall with a number among the names", flags("Encoding"), reqs("READ-10", "RUN-7"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongWall": numbered}), errcode.WrongType)
	twos := append(append([]any{}, byRank[:31]...), "2c")
	b.bad("a Baloot deck holding a 2", flags("Reading"), reqs("READ-1", "READ-11"), matchCase("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 0}}, "balootDeck": twos}), errcode.UnknownReading)
	b.bad("an unknown mahjong deal layout", flags("Reading"), reqs("READ-1", "READ-8"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongDeal": "walls"}), errcode.UnknownReading)
	b.bad("an unknown backgammon opening", flags("Reading"), reqs("READ-1", "READ-6"), matchCase("bad", "backgammon", 2, obj{"games": []any{1}, "backgammonOpening": "two_dice"}), errcode.UnknownReading)
	b.bad("an unknown baloot layout", flags("Reading"), reqs("READ-1", "READ-7"), matchCase("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 0}}, "balootDeal": "two_three"}), errcode.UnknownReading)
	b.bad("a baloot layout for mahjong", flags("Reading"), reqs("READ-7", "RUN-7"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "balootDeal": "three_two"}), errcode.UnknownField)
	b.bad("an unknown mahjong draw model", flags("Reading"), reqs("READ-1", "READ-5"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongDraw": "swap_first"}), errcode.UnknownReading)
	b.bad("a mahjong draw model in upper case", flags("Reading", "Encoding"), reqs("READ-1", "READ-5"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongDraw": "CLOSE_GAP"}), errcode.UnknownReading)
	b.bad("a mahjong draw model as a number", flags("Encoding"), reqs("READ-5", "RUN-7"), matchCase("bad", "mahjong", 4, obj{"hands": []any{53}, "mahjongDraw": 1}), errcode.WrongType)
	b.bad("a draw model for bridge, which draws no tiles", flags("Reading"), reqs("READ-5", "RUN-7"), matchCase("bad", "bridge", 4, obj{"deals": 1, "mahjongDraw": "close_gap"}), errcode.UnknownField)
}

// ms2MatchPlayRefused: a buyer, a hand and game counts out of their bounds.
func ms2MatchPlayRefused(b *builder) {
	b.bad("a baloot buyer in seat 4", flags("EdgeCase"), reqs("BAL-2"), matchCase("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 4}}}), errcode.OutOfRange)
	b.bad("a baloot hand with no buyer field", flags(), reqs("BAL-3"), matchCase("bad", "baloot", 4, obj{"hands": []any{obj{}}}), errcode.MissingField)
	b.bad("a backgammon match of no games", flags("EdgeCase"), reqs("BG-1"), matchCase("bad", "backgammon", 2, obj{"games": []any{}}), errcode.BadLength)
	b.bad("a backgammon game of 1001 turns", flags("Limit"), reqs("BG-2"), matchCase("bad", "backgammon", 2, obj{"games": []any{1001}}), errcode.OutOfRange)
}

// ms2MatchPrecedence: two faults or more, where RUN-6 and RUN-9 decide.
func ms2MatchPrecedence(b *builder) {
	pre := flags("Precedence")
	cross := reqs("RUN-6", "MS2-5")
	b.bad("an unknown game with a play that is not an object: the game is checked before play is read", pre, cross, matchCase("bad", "poker", 4, obj{"x": 1}), errcode.UnknownGame)
	b.bad("an unknown game with play null", pre, plus(cross, "RUN-7"), obj{"serverSeed": seed("bad"), "game": "poker", "matchId": "m", "clientSeeds": twoSeeds, "play": nil}, errcode.UnknownGame)
	b.bad("bridge with three client seeds and a bad play: the count comes before play", pre, cross, matchCase("bad", "bridge", 3, obj{"deals": 0, "x": 1}), errcode.BadLength)
	b.bad("no play and an unknown game: play's presence is a field check, before the game's", pre, cross, obj{"serverSeed": seed("bad"), "game": "poker", "matchId": "m", "clientSeeds": twoSeeds}, errcode.MissingField)
	b.bad("play null for checkers is wrong_type", pre, reqs("RUN-7", "RUN-9"), obj{"serverSeed": seed("bad"), "game": "checkers", "matchId": "m", "clientSeeds": twoSeeds, "play": nil}, errcode.WrongType)
	inPlay := reqs("RUN-9", "RUN-6")
	b.bad("zero deals and an unknown play field: unknown fields first", pre, inPlay, matchCase("bad", "bridge", 4, obj{"deals": 0, "x": 1}), errcode.UnknownField)
	b.bad("deals null and an unknown field", pre, inPlay, matchCase("bad", "bridge", 4, obj{"deals": nil, "extra": true}), errcode.UnknownField)
	b.bad("deals null is wrong_type", pre, plus(inPlay, "RUN-7"), matchCase("bad", "bridge", 4, obj{"deals": nil}), errcode.WrongType)
	b.bad("backgammon turns 5000 then a string: index order", pre, inPlay, matchCase("bad", "backgammon", 2, obj{"games": []any{5000, "x"}}), errcode.OutOfRange)
	b.bad("backgammon turns null then 5000", pre, plus(inPlay, "RUN-7"), matchCase("bad", "backgammon", 2, obj{"games": []any{nil, 5000}}), errcode.WrongType)
	b.bad("101 backgammon games with bad turns: the length comes first", pre, inPlay, matchCase("bad", "backgammon", 2, obj{"games": make([]any, 101)}), errcode.BadLength)
	b.bad("a baloot hand with a bad buyer and an unknown field: unknown fields first", pre, inPlay, matchCase("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 9, "x": 1}}}), errcode.UnknownField)
	b.bad("a baloot buyer as a string with an unknown field", pre, inPlay, matchCase("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": "1", "bid": 80}}}), errcode.UnknownField)
	b.bad("buyer 7 in hand 0 and a hand that is a number: index order", pre, inPlay, matchCase("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": 7}, 5}}), errcode.OutOfRange)
	b.bad("a passed hand, then a hand with no buyer, then a hand that is null", pre, inPlay, matchCase("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": nil}, obj{}, nil}}), errcode.MissingField)
	b.bad("a baloot hand that is null", pre, plus(inPlay, "RUN-7"), matchCase("bad", "baloot", 4, obj{"hands": []any{nil, obj{"buyer": 9}}}), errcode.WrongType)
	b.bad("a buyer written 1.0 and an out-of-range buyer after it", pre, plus(inPlay, "NUM-1"), matchCase("bad", "baloot", 4, obj{"hands": []any{obj{"buyer": jsonNum("1.0")}, obj{"buyer": 4}}}), errcode.InvalidInteger)
	b.bad("mahjong hands of 52 and of a string: index order", pre, inPlay, matchCase("bad", "mahjong", 4, obj{"hands": []any{52, "x"}}), errcode.OutOfRange)
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
