package vectors

import (
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/numpyrng"
)

func spDeal() (*File, error) {
	b := newFile("selfpoker_v1", "deal", "The self-hosted room's hand: commit = sha256(\"selfpoker:\" + seed), deck = numpy.random.default_rng(seed).permutation(52), two cards a player in deck order, then five board cards. Checked against NumPy itself by go/internal/numpyrng and python tests.", commonNotes)
	r := reqs("SP-1", "SP-2", "SP-3", "SP-4", "CARD-4", "NP-1", "NP-2", "NP-3", "NP-4", "NP-5")
	d := func(seed string, players int) obj { return obj{"seed": seed, "players": players} }
	b.ok("the page's example seed", flags("Valid"), r, d("1234567890123456789", 2))
	b.ok("seed 0: NumPy's deck starts 38, 11, 18, 10, 23", flags("EdgeCase"), r, d("0", 6))
	b.ok("seed 42: NumPy's deck starts 27, 7, 47, 38, 51, 17", flags("Valid"), r, d("42", 4))
	b.ok("2^32 - 1: the largest seed of one 32-bit word", flags("EdgeCase"), r, d("4294967295", 3))
	b.ok("2^32: the smallest seed of two words", flags("EdgeCase"), r, d("4294967296", 3))
	b.ok("2^63 - 1: the largest seed", flags("EdgeCase"), r, d("9223372036854775807", 9))
	b.ok("23 players use 51 of the 52 cards", flags("EdgeCase"), r, d("777", 23))
	rr := func(seed string, players int) obj {
		return obj{"seed": seed, "players": players, "dealing": "round_robin"}
	}
	dr := plus(r, "READ-1", "READ-2")
	b.ok("the page's example seed dealt round robin: player 1 holds deck[0] and deck[2], player 2 deck[1] and deck[3]", flags("Reading"), dr, rr("1234567890123456789", 2))
	b.ok("seed 42, four players round robin", flags("Reading"), dr, rr("42", 4))
	b.ok("23 players round robin: player i holds deck[i] and deck[23 + i]", flags("Reading", "EdgeCase"), dr, rr("777", 23))
	b.ok("dealing in pairs, declared, is the kit's reading", flags("Reading"), dr, obj{"seed": "42", "players": 4, "dealing": "pairs"})
	b.bad("an unknown dealing", flags("Reading"), reqs("READ-1", "READ-2"), obj{"seed": "42", "players": 4, "dealing": "Round_Robin"}, errcode.UnknownReading)
	b.bad("the seed as a JSON number loses digits in JavaScript and must be a string", flags("Encoding"), reqs("SP-1", "NUM-2"), obj{"seed": jsonNum("1234567890123456789"), "players": 2}, errcode.WrongType)
	for _, c := range []struct{ seed, why string }{
		{"-1", "a negative seed"}, {"+5", "a plus sign"}, {" 5", "a leading space"}, {"5 ", "a trailing space"},
		{"05", "a leading zero"}, {"1e5", "an exponent"}, {"0x10", "hex"}, {"", "an empty string"}, {"1.0", "a fraction"},
	} {
		b.bad(c.why+" is not canonical decimal", flags("Encoding"), reqs("SP-1", "NUM-2"), d(c.seed, 2), errcode.InvalidInteger)
	}
	b.bad("2^63 is outside secrets.randbits(63)", flags("EdgeCase"), reqs("SP-1"), d("9223372036854775808", 2), errcode.OutOfRange)
	b.bad("2^64 does not fit 64 bits", flags("EdgeCase"), reqs("SP-1"), d("18446744073709551616", 2), errcode.OutOfRange)
	b.bad("one player", flags("EdgeCase"), reqs("SP-4"), d("1", 1), errcode.OutOfRange)
	b.bad("24 players need 53 cards", flags("EdgeCase"), reqs("SP-4"), d("1", 24), errcode.OutOfRange)
	b.acc("10000 hands with 2 to 23 players; one in four seeds fits one 32-bit word", r, "deal/v1", 10000)
	b.sweeps(sweepDeal())
	return b.done()
}

func spPermutation() (*File, error) {
	b := newFile("selfpoker_v1", "permutation", "NumPy's default_rng(seed).permutation(n) for other sizes than 52, to exercise every mask width of random_interval and the 32-bit buffer.", commonNotes)
	r := reqs("NP-1", "NP-2", "NP-3", "NP-4", "NP-5")
	p := func(seed string, n int) obj { return obj{"seed": seed, "n": n} }
	b.ok("n = 1 takes no draw", flags("EdgeCase"), r, p("5", 1))
	b.ok("n = 2: one draw, mask 1", flags("EdgeCase"), r, p("5", 2))
	b.ok("n = 3: the mask 3 rejects the value 3, once from a buffered high half", flags("Rejection"), r, p("18", 3))
	b.expect(rejections(18, 3) == 3, "seed 18 draws a 3 under mask 3 three times")
	b.ok("n = 52", flags("Valid"), r, p("5", 52))
	b.ok("n = 136, a mahjong wall", flags("Valid"), r, p("2026", 136))
	b.ok("n = 257: the first index, 256, needs a nine-bit mask", flags("EdgeCase"), r, p("99", 257))
	b.ok("n = 1000, the largest the op takes", flags("EdgeCase", "Limit"), r, p("9223372036854775807", 1000))
	b.bad("n = 0", flags("EdgeCase"), r, p("5", 0), errcode.OutOfRange)
	b.bad("n = 1001", flags("EdgeCase", "Limit"), r, p("5", 1001), errcode.OutOfRange)
	b.acc("1000 permutations of sizes 1 to 1000", r, "permutation/v1", 1000)
	b.sweeps(sweepPermutation())
	return b.done()
}

// rejections counts the draws random_interval discards in permutation(n).
func rejections(seed uint64, n int) int {
	c := 0
	for _, d := range numpyrng.TracePermutation(seed, n).Draws {
		if !d.Accepted {
			c++
		}
	}
	return c
}

func spTrace() (*File, error) {
	b := newFile("selfpoker_v1", "trace", "NumPy's default_rng(seed).permutation(n) stage by stage (TRACE-2): the seed's 32-bit words, SeedSequence's pool, generate_state's four words, PCG64's state and increment, every 32-bit draw with its mask, the output it halves and its verdict, and the permutation. Each stage is checked against NumPy itself (go/internal/numpyrng and python tests).", commonNotes)
	r := reqs("TRACE-2", "NP-1", "NP-2", "NP-3", "NP-4", "NP-5")
	p := func(seed string, n int) obj { return obj{"seed": seed, "n": n} }
	out := b.ok("seed 42, n = 52: the deck of deal.json case 3, draw by draw", flags("Valid"), r, p("42", 52))
	b.expect(len(out["draws"].([]any)) >= 51, "51 draws at least")
	b.ok("seed 0: one seed word, 0", flags("EdgeCase"), r, p("0", 10))
	b.ok("the page's example seed: two seed words", flags("Valid"), r, p("1234567890123456789", 10))
	b.ok("2^32 - 1: the largest seed of one word", flags("EdgeCase"), r, p("4294967295", 8))
	b.ok("2^32: the smallest seed of two words", flags("EdgeCase"), r, p("4294967296", 8))
	b.ok("2^63 - 1: the largest seed", flags("EdgeCase"), r, p("9223372036854775807", 8))
	b.ok("seed 18, n = 3: three rejections, one of them a buffered high half", flags("Rejection"), r, p("18", 3))
	b.expect(rejections(18, 3) == 3, "seed 18 rejects three draws")
	out = b.ok("n = 1: no draw at all", flags("EdgeCase"), r, p("7", 1))
	b.expect(len(out["draws"].([]any)) == 0, "permutation(1) draws nothing")
	b.ok("n = 65: the first bound, 64, takes a seven-bit mask", flags("EdgeCase"), r, p("99", 65))
	bad := reqs("TRACE-2")
	b.bad("n = 0", flags("EdgeCase"), bad, p("5", 0), errcode.OutOfRange)
	b.bad("n = 1001", flags("EdgeCase", "Limit"), bad, p("5", 1001), errcode.OutOfRange)
	b.bad("the seed as a JSON number", flags("Encoding"), plus(bad, "NUM-2"), obj{"seed": 42, "n": 52}, errcode.WrongType)
	b.bad("2^63 is outside secrets.randbits(63)", flags("EdgeCase"), plus(bad, "SP-1"), p("9223372036854775808", 52), errcode.OutOfRange)
	b.bad("a leading zero and n = 0: the seed comes first", flags("Precedence"), plus(bad, "RUN-6", "NUM-2"), p("042", 0), errcode.InvalidInteger)
	b.bad("players instead of n: an unknown field, before the missing n", flags("Precedence"), plus(bad, "RUN-6"), obj{"seed": "42", "players": 2}, errcode.UnknownField)
	b.sweeps(sweepPermutation())
	return b.done()
}
