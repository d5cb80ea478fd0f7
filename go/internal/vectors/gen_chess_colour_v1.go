package vectors

import (
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

func chessColour() (*File, error) {
	b := newFile("chess_colour_v1", "colour", "Who plays White: int(2) over the XOR of both players' words; 0 means A (the owner of the seek or challenge) plays White. A bot brings no seed.", commonNotes)
	r := reqs("CC-1", "CC-2", "CC-3", "COMMIT-1")
	human := func(label, a, bb string) obj {
		return obj{"seedA": seed(label + " A"), "clientA": a, "seedB": seed(label + " B"), "clientB": bb}
	}
	bot := func(label, a string) obj {
		return obj{"seedA": seed(label + " A"), "clientA": a, "seedB": nil, "clientB": nil}
	}
	seen := map[any]bool{}
	for i := 0; len(seen) < 2 || i < 3; i++ {
		out := b.ok("two players, game "+strconv.Itoa(i), flags("Valid"), r, human("chess "+strconv.Itoa(i), "anna", "boris"))
		seen[out["white"]] = true
	}
	b.expect(seen["A"] && seen["B"], "both colours occur among the human games")
	seen = map[any]bool{}
	for i := 0; len(seen) < 2 || i < 3; i++ {
		out := b.ok("against a bot, game "+strconv.Itoa(i), flags("Valid"), r, bot("bot "+strconv.Itoa(i), "anna"))
		seen[out["white"]] = true
	}
	b.expect(seen["A"] && seen["B"], "both colours occur against the bot")
	b.ok("a human whose client seed is '-' is still a human: commitB is set", flags("EdgeCase"), r, human("dash", "anna", "-"))
	botRead := plus(r, "READ-1", "READ-9")
	seen = map[any]bool{}
	for i := 0; len(seen) < 2 || i < 3; i++ {
		in := bot("bot "+strconv.Itoa(i), "anna")
		in["botClientSeed"] = "empty"
		out := b.ok("against a bot whose client seed the message leaves empty, game "+strconv.Itoa(i), flags("Reading"), botRead, in)
		seen[out["white"]] = true
	}
	b.expect(seen["A"] && seen["B"], "both colours occur against the bot with an empty client seed")
	declared := bot("bot 0", "anna")
	declared["botClientSeed"] = "dash"
	b.ok("against a bot, the kit's reading declared: its client seed is written -", flags("Reading"), botRead, declared)
	unknown := bot("x", "a")
	unknown["botClientSeed"] = "null"
	b.bad("an unknown reading of a bot's client seed", flags("Reading"), reqs("READ-1", "READ-9"), unknown, errcode.UnknownReading)
	player := human("x", "a", "b")
	player["botClientSeed"] = "empty"
	b.bad("a bot's client-seed reading for a game between two players", flags("Reading"), reqs("READ-9", "CC-2"), player, errcode.WrongType)
	b.bad("both sides committed to the same seed: the XOR would always be 0", flags("Forgery"), reqs("CC-4"), obj{"seedA": seed("same"), "clientA": "a", "seedB": seed("same"), "clientB": "b"}, errcode.EqualCommitments)
	b.bad("a bot's seed with a player's client seed", flags(), reqs("CC-2"), obj{"seedA": seed("x"), "clientA": "a", "seedB": nil, "clientB": "b"}, errcode.WrongType)
	b.bad("a player's seed with a bot's client seed", flags(), reqs("CC-2"), obj{"seedA": seed("x"), "clientA": "a", "seedB": seed("y"), "clientB": nil}, errcode.WrongType)
	b.bad("a bot must say so with null, not leave the fields out", flags(), reqs("RUN-7"), obj{"seedA": seed("x"), "clientA": "a"}, errcode.MissingField)
	b.bad("an uppercase seed", flags("Encoding"), reqs("SEED-1"), obj{"seedA": strings.ToUpper(seed("x")), "clientA": "a", "seedB": nil, "clientB": nil}, errcode.InvalidHex)
	b.bad("a client seed that would forge the second slot: a,1=b", flags("SeparatorInjection"), reqs("ID-1"), obj{"seedA": seed("x"), "clientA": "a,1=b", "seedB": nil, "clientB": nil}, errcode.InvalidIdentifier)
	b.acc("4000 games, one in four against a bot", r, "colour/v1", 4000)
	pre := flags("Precedence")
	b.bad("a bot's seed with a bad client seed: the field comes before the pairing check", pre, reqs("RUN-6", "CC-2"), obj{"seedA": seed("x"), "clientA": "a", "seedB": nil, "clientB": "b:c"}, errcode.InvalidIdentifier)
	b.bad("equal seeds and a bot's client seed: the pairing comes before equal commitments", pre, reqs("RUN-6", "CC-2", "CC-4"), obj{"seedA": seed("same"), "clientA": "a", "seedB": seed("same"), "clientB": nil}, errcode.WrongType)
	b.bad("seed A null: only B may be null", pre, reqs("RUN-7"), obj{"seedA": nil, "clientA": "a", "seedB": nil, "clientB": nil}, errcode.WrongType)
	b.bad("client A null with seed B missing", pre, reqs("RUN-7", "RUN-6"), obj{"seedA": seed("x"), "clientA": nil, "clientB": nil}, errcode.WrongType)
	nullBot := obj{"seedA": seed("same"), "clientA": "a", "seedB": seed("same"), "clientB": "b", "botClientSeed": nil}
	b.bad("botClientSeed null and equal seeds: a reading present as null is wrong_type, before chess's checks", pre, reqs("RUN-6", "RUN-7", "READ-1", "READ-9"), nullBot, errcode.WrongType)
	b.sweeps(sweepColour()...)
	return b.done()
}
