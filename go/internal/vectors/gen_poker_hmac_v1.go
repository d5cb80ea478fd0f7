package vectors

import (
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
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
	nullDealing := handInput("bad", "t", "s", 0, two)
	nullDealing["dealing"] = nil
	b.bad("dealing null and hand 0: a reading present as null is wrong_type, not the kit's reading, and the range of hand comes after it",
		flags("Precedence", "Reading"), reqs("RUN-6", "RUN-7", "READ-1", "READ-2"), nullDealing, errcode.WrongType)
	b.sweeps(sweepHand())
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
	b.sweeps(sweepProof())
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
	b.sweeps(sweepVerifyProof())
	return b.done()
}
