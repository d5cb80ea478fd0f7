package vectors

import (
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/go/internal/errcode"
	"github.com/pfkit/pfkit/go/internal/numpyrng"
	"github.com/pfkit/pfkit/go/internal/poker"
	"github.com/pfkit/pfkit/go/internal/strictjson"
)

func seats(pairs ...any) []any {
	out := []any{}
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, obj{"seat": pairs[i], "clientSeed": pairs[i+1]})
	}
	return out
}

func handInput(label, table, session string, hand int, s []any) obj {
	return obj{"serverSeed": seed(label), "table": table, "session": session, "hand": hand, "seats": s}
}

var handReqs = reqs("PK-1", "PK-2", "PK-3", "PK-4", "PK-5", "PK-6", "PK-12", "WORD-1", "SHUF-1")

func pokerHand() (*File, error) {
	b := newFile("poker_hmac_v1", "hand", "One poker hand: the hand value and its commitment, the deck shuffled from the seated players' client seeds, the 52 salts and the Merkle root of the deck.", commonNotes)
	two := seats(2, "alice", 7, "bob")
	b.ok("two players at seats 2 and 7", flags("Valid"), handReqs, handInput("hand 1", "table-1", "s-2026-11-29", 1, two))
	sorted := b.ok("seats given in ascending order", flags("Valid"), plus(handReqs, "PK-9"), handInput("hand order", "t", "s", 12, seats(1, "x", 4, "y", 8, "z")))
	shuffled := b.ok("the same seats given out of order: the message lists them ascending, so the hand is the same", flags("Valid"), plus(handReqs, "PK-3", "PK-9"), handInput("hand order", "t", "s", 12, seats(8, "z", 1, "x", 4, "y")))
	b.expect(sorted["root"] == shuffled["root"], "seat order in the input does not change the hand")
	ten := []any{}
	for s := 9; s >= 0; s-- {
		ten = append(ten, s, "player-"+strconv.Itoa(s))
	}
	b.ok("a full table: ten seats, 0 to 9, so seat 10 would be two digits", flags("EdgeCase"), plus(handReqs, "PK-9"), handInput("hand ten", "t", "s", 3, seats(ten...)))
	b.ok("the first hand of a session", flags("EdgeCase"), plus(handReqs, "PK-8"), handInput("hand first", "t", "s", 1, two))
	b.ok("the 500th hand, the last of a session", flags("EdgeCase"), plus(handReqs, "PK-8"), handInput("hand last", "t", "s", poker.MaxHands, two))
	long := strings.Repeat("x", 64)
	b.ok("64-character table, session and client seed", flags("EdgeCase"), plus(handReqs, "ID-1"), handInput("hand long", long, long, 9, seats(0, long, 1, "b")))

	with := func(o obj, kv ...any) obj {
		for i := 0; i < len(kv); i += 2 {
			o[kv[i].(string)] = kv[i+1]
		}
		return o
	}
	three := seats(8, "z", 1, "x", 4, "y")
	deal := plus(handReqs, "PK-10", "READ-1", "READ-2")
	pairs := b.ok("three players dealt in pairs, declared: seats 1, 4, 8 hold positions 0-1, 2-3, 4-5; the board 6-10", flags("Reading"), deal,
		with(handInput("hand order", "t", "s", 12, three), "dealing", "pairs"))
	rr := b.ok("three players dealt round robin: seats 1, 4, 8 hold positions 0 and 3, 1 and 4, 2 and 5; the board is still 6-10", flags("Reading"), deal,
		with(handInput("hand order", "t", "s", 12, three), "dealing", "round_robin"))
	b.expect(canonOf(pairs["deck"]) == canonOf(rr["deck"]) && canonOf(pairs["hands"]) != canonOf(rr["hands"]) && canonOf(pairs["board"]) == canonOf(rr["board"]),
		"the dealing reading moves the hole cards, never the deck or the board")
	b.ok("round robin at a full table of ten: player i holds positions i and 10 + i", flags("Reading", "EdgeCase"), deal,
		with(handInput("hand ten", "t", "s", 3, seats(ten...)), "dealing", "round_robin"))
	numbering := plus(handReqs, "PK-8", "READ-1", "READ-3")
	b.ok("hands numbered from 0: hand 0 is the first of a session", flags("Reading", "EdgeCase"), numbering,
		with(handInput("hand zero", "t", "s", 0, two), "firstHand", 0))
	b.ok("hands numbered from 0: hand 499 is the last", flags("Reading", "EdgeCase"), numbering,
		with(handInput("hand last", "t", "s", 499, two), "firstHand", 0))
	b.ok("hands numbered from 1, declared: hand 500 is the last", flags("Reading", "EdgeCase"), numbering,
		with(handInput("hand last", "t", "s", poker.MaxHands, two), "firstHand", 1))
	b.bad("hands numbered from 0 stop at 499: hand 500 is out of range", flags("Reading", "EdgeCase"), reqs("PK-8", "READ-3"),
		with(handInput("bad", "t", "s", poker.MaxHands, two), "firstHand", 0), errcode.OutOfRange)
	b.bad("a session's first hand is 0 or 1, not 2", flags("Reading", "EdgeCase"), reqs("READ-3"),
		with(handInput("bad", "t", "s", 2, two), "firstHand", 2), errcode.OutOfRange)
	b.bad("an unknown dealing", flags("Reading"), reqs("READ-1", "READ-2"), with(handInput("bad", "t", "s", 1, two), "dealing", "clockwise"), errcode.UnknownReading)
	b.bad("a dealing as a number", flags("Encoding"), reqs("READ-2", "RUN-7"), with(handInput("bad", "t", "s", 1, two), "dealing", 2), errcode.WrongType)
	b.bad("the seats are checked before the hand number's range, a cross-field check: hand 0 with a seat taken twice", flags("Precedence"), reqs("RUN-6", "READ-3"),
		handInput("bad", "t", "s", 0, seats(3, "a", 3, "b")), errcode.DuplicateSeat)
	b.bad("hand 0", flags("EdgeCase"), reqs("PK-8"), handInput("bad", "t", "s", 0, two), errcode.OutOfRange)
	b.bad("hand 501: the session has rotated", flags("EdgeCase"), reqs("PK-8"), handInput("bad", "t", "s", 501, two), errcode.OutOfRange)
	b.bad("seat 10", flags("EdgeCase"), reqs("PK-9"), handInput("bad", "t", "s", 1, seats(0, "a", 10, "b")), errcode.OutOfRange)
	b.bad("seat -1", flags("EdgeCase"), reqs("PK-9"), handInput("bad", "t", "s", 1, seats(-1, "a", 1, "b")), errcode.OutOfRange)
	b.bad("two players in one seat", flags("Forgery"), reqs("PK-9"), handInput("bad", "t", "s", 1, seats(3, "a", 3, "b")), errcode.DuplicateSeat)
	b.bad("one player", flags("EdgeCase"), reqs("PK-9"), handInput("bad", "t", "s", 1, seats(0, "a")), errcode.BadLength)
	b.bad("eleven players", flags("EdgeCase", "Limit"), reqs("PK-9"), handInput("bad", "t", "s", 1, seats(0, "a", 1, "b", 2, "c", 3, "d", 4, "e", 5, "f", 6, "g", 7, "h", 8, "i", 9, "j", 9, "k")), errcode.BadLength)
	b.bad("a client seed that would add a seat: a,9=b", flags("SeparatorInjection"), reqs("ID-1"), handInput("bad", "t", "s", 1, seats(0, "a,9=b", 1, "c")), errcode.InvalidIdentifier)
	b.bad("a colon in the table id", flags("SeparatorInjection"), reqs("ID-1"), handInput("bad", "t:1", "s", 1, two), errcode.InvalidIdentifier)
	b.bad("an empty session id", flags("EdgeCase"), reqs("ID-1"), handInput("bad", "t", "", 1, two), errcode.InvalidIdentifier)
	b.bad("the hand number as a string", flags("Encoding"), reqs("RUN-7"), obj{"serverSeed": seed("bad"), "table": "t", "session": "s", "hand": "1", "seats": two}, errcode.WrongType)
	b.bad("a seat without a client seed", flags(), reqs("RUN-7"), handInput("bad", "t", "s", 1, []any{obj{"seat": 0}, obj{"seat": 1, "clientSeed": "b"}}), errcode.MissingField)
	b.bad("a seat with an extra field", flags(), reqs("RUN-7"), handInput("bad", "t", "s", 1, []any{obj{"seat": 0, "clientSeed": "a", "name": "Al"}, obj{"seat": 1, "clientSeed": "b"}}), errcode.UnknownField)
	b.acc("500 hands at tables of 2 to 10 players, seats listed out of order when they wrap", plus(handReqs, "PK-9"), "hand/v1", 500)
	pre := flags("Precedence")
	dup := reqs("RUN-6", "RUN-9", "PK-9")
	b.bad("seat 3 twice, the second with a bad client seed: the seat's own fields come before the duplicate", pre, dup, handInput("bad", "t", "s", 1, seats(3, "a", 3, "b:c")), errcode.InvalidIdentifier)
	b.bad("seat 3 twice, then seat 99: the duplicate comes before later seats", pre, dup, handInput("bad", "t", "s", 1, seats(3, "a", 3, "b", 99, "c")), errcode.DuplicateSeat)
	b.bad("seat 3 twice, the second with an unknown field", pre, dup, handInput("bad", "t", "s", 1, []any{obj{"seat": 3, "clientSeed": "a"}, obj{"seat": 3, "clientSeed": "b", "x": 1}}), errcode.UnknownField)
	b.bad("a seat with an unknown field and seat 99: unknown fields first", pre, dup, handInput("bad", "t", "s", 1, []any{obj{"seat": 99, "clientSeed": "a", "x": 1}, obj{"seat": 1, "clientSeed": "b"}}), errcode.UnknownField)
	b.bad("a seat with no seat number and a bad client seed: seat comes before clientSeed", pre, dup, handInput("bad", "t", "s", 1, []any{obj{"clientSeed": "a:b"}, obj{"seat": 1, "clientSeed": "b"}}), errcode.MissingField)
	b.bad("a seat that is null, then a duplicate", pre, plus(dup, "RUN-7"), handInput("bad", "t", "s", 1, []any{nil, obj{"seat": 1, "clientSeed": "b"}, obj{"seat": 1, "clientSeed": "c"}}), errcode.WrongType)
	b.bad("seat null is wrong_type", pre, plus(dup, "RUN-7"), handInput("bad", "t", "s", 1, seats(nil, "a", 1, "b")), errcode.WrongType)
	b.bad("eleven seats, two of them equal: the length comes first", pre, dup, handInput("bad", "t", "s", 1, seats(0, "a", 0, "b", 2, "c", 3, "d", 4, "e", 5, "f", 6, "g", 7, "h", 8, "i", 9, "j", 1, "k")), errcode.BadLength)
	b.bad("hand 501 and a duplicate seat: the hand field comes before seats", pre, reqs("RUN-6", "PK-8"), handInput("bad", "t", "s", 501, seats(3, "a", 3, "b")), errcode.OutOfRange)
	b.bad("hand 0 (outside hands numbered from 1) and a duplicate seat: the range of hand is a cross-field check, after the seats", pre, reqs("RUN-6", "PK-8", "PK-9"), handInput("bad", "t", "s", 0, seats(3, "a", 3, "b")), errcode.DuplicateSeat)
	return b.done()
}

func pokerProof() (*File, error) {
	b := newFile("poker_hmac_v1", "proof", "The Merkle proof of one deck position: the card, its salt, its leaf, the six sibling hashes from the leaf upward, and the root.", commonNotes)
	r := reqs("PK-5", "PK-6", "PK-7")
	in := func(pos int) obj {
		o := handInput("proof", "table-1", "s-1", 42, seats(0, "ann", 3, "ben", 5, "cat"))
		o["position"] = pos
		return o
	}
	b.ok("position 0, the first hole card of the lowest seat", flags("EdgeCase"), r, in(0))
	b.ok("position 1, a right child at the bottom level", flags("Valid"), r, in(1))
	b.ok("position 6, the first board card with three players", flags("Valid"), plus(r, "PK-10"), in(6))
	b.ok("position 31, the last leaf of the left half", flags("EdgeCase"), r, in(31))
	b.ok("position 32, the first leaf of the right half", flags("EdgeCase"), r, in(32))
	b.ok("position 51, the last card; its path climbs past the pad leaves", flags("EdgeCase"), r, in(51))
	zero := in(6)
	zero["hand"], zero["firstHand"] = 0, 0
	b.ok("hands numbered from 0: the proof of position 6 in hand 0", flags("Reading"), plus(r, "READ-3"), zero)
	dealt := in(6)
	dealt["dealing"] = "round_robin"
	b.bad("the proof op takes no dealing: a position is a position", flags("Reading"), reqs("RUN-7", "READ-2"), dealt, errcode.UnknownField)
	b.bad("position 52 is a pad leaf, not a card", flags("EdgeCase"), r, in(52), errcode.OutOfRange)
	b.bad("position -1", flags("EdgeCase"), r, in(-1), errcode.OutOfRange)
	dupIn := handInput("proof", "table-1", "s-1", 42, seats(3, "a", 3, "b"))
	dupIn["position"] = 52
	b.bad("a duplicate seat and position 52: the duplicate comes with the seats, before position", flags("Precedence"), reqs("RUN-6", "PK-9"), dupIn, errcode.DuplicateSeat)
	nullPos := in(0)
	nullPos["position"] = nil
	b.bad("position null is wrong_type", flags("Precedence"), reqs("RUN-7"), nullPos, errcode.WrongType)
	return b.done()
}

func pokerVerifyProof() (*File, error) {
	b := newFile("poker_hmac_v1", "verifyProof", "Checking a card against the deck commitment: true only for the card, salt and position that the root commits to.", commonNotes)
	r := reqs("PK-5", "PK-6", "PK-7")
	h := fixed(poker.Deal(seed("verify"), "table-9", "s-9", 77, []poker.Seat{{Seat: 1, ClientSeed: "p1"}, {Seat: 6, ClientSeed: "p6"}}))
	other := fixed(poker.Deal(seed("verify other"), "table-9", "s-9", 78, []poker.Seat{{Seat: 1, ClientSeed: "p1"}, {Seat: 6, ClientSeed: "p6"}}))
	in := func(p poker.Proof) obj {
		path := make([]any, len(p.Path))
		for i, s := range p.Path {
			path[i] = s
		}
		return obj{"root": p.Root, "position": p.Position, "card": p.Card, "salt": p.Salt, "path": path}
	}
	valid := func(out strictjson.Object) bool { return out["valid"] == true }
	for _, pos := range []int{0, 3, 17, 51} {
		out := b.ok("a genuine proof for position "+strconv.Itoa(pos), flags("Valid"), r, in(fixed(h.Proof(pos))))
		b.expect(valid(out), "a genuine proof verifies")
	}
	p := fixed(h.Proof(3))
	wrongCard := p
	wrongCard.Card = (p.Card + 1) % 52
	out := b.ok("another card at the same position", flags("Forgery"), r, in(wrongCard))
	b.expect(!valid(out), "a swapped card fails")
	wrongPos := p
	wrongPos.Position = 2
	out = b.ok("the proof of position 3 presented for position 2", flags("Forgery"), r, in(wrongPos))
	b.expect(!valid(out), "a proof for another position fails")
	wrongSalt := p
	wrongSalt.Salt = h.Salts[4]
	out = b.ok("the salt of another position", flags("Forgery"), r, in(wrongSalt))
	b.expect(!valid(out), "a borrowed salt fails")
	wrongRoot := p
	wrongRoot.Root = other.Tree.Root()
	out = b.ok("the root of another hand", flags("Forgery"), r, in(wrongRoot))
	b.expect(!valid(out), "another hand's root fails")
	reversed := p
	reversed.Path = append([]string(nil), p.Path...)
	for i, j := 0, len(reversed.Path)-1; i < j; i, j = i+1, j-1 {
		reversed.Path[i], reversed.Path[j] = reversed.Path[j], reversed.Path[i]
	}
	out = b.ok("the path listed from the root down instead of from the leaf up", flags("Encoding"), r, in(reversed))
	b.expect(!valid(out), "a reversed path fails")
	otherPath := p
	otherPath.Path = h.Tree.Path(4)
	out = b.ok("the path of another position", flags("Forgery"), r, in(otherPath))
	b.expect(!valid(out), "another position's path fails")

	short := in(p)
	short["path"] = short["path"].([]any)[:5]
	b.bad("a path of five hashes", flags("EdgeCase"), r, short, errcode.BadLength)
	long := in(p)
	long["path"] = append(append([]any{}, long["path"].([]any)...), h.Tree.Root())
	b.bad("a path of seven hashes", flags("EdgeCase"), r, long, errcode.BadLength)
	upper := in(p)
	upper["path"] = append([]any{strings.ToUpper(p.Path[0])}, upper["path"].([]any)[1:]...)
	b.bad("an uppercase hash in the path", flags("Encoding"), reqs("HASH-1"), upper, errcode.InvalidHex)
	badRoot := in(p)
	badRoot["root"] = p.Root[:63]
	b.bad("a 63-character root", flags("Encoding"), reqs("HASH-1"), badRoot, errcode.InvalidHex)
	badCard := in(p)
	badCard["card"] = 52
	b.bad("card 52", flags("EdgeCase"), r, badCard, errcode.OutOfRange)
	badPos := in(p)
	badPos["position"] = 52
	b.bad("position 52", flags("EdgeCase"), r, badPos, errcode.OutOfRange)
	name := in(p)
	name["card"] = "Ah"
	b.bad("the card by name instead of id", flags("Encoding"), reqs("RUN-7"), name, errcode.WrongType)
	return b.done()
}

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
	return b.done()
}

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
	return b.done()
}
