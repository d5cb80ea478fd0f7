package vectors

import (
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/merkle"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
)

// The precedence sweep's tables for poker_hmac_v1, chess_colour_v1 and
// selfpoker_v1 (see sweep.go).

func fillSeat(i int) any { return obj{"seat": i % 10, "clientSeed": fillSeed(i)} }

var seatsPath = pth("seats")

func seatPath(i int, field ...any) loc { return sub(sub(seatsPath, i), field...) }

// repeatSeat is the cross-field check at the seat that repeats an earlier one
// (PK-9, RUN-6): right after that seat's own fields.
func repeatSeat() slot {
	return cross("the seat taken twice", reqs("PK-9"),
		bad("seats[1].seat 3, seats[0]'s seat again", errcode.DuplicateSeat, copyOf(seatPath(0, "seat"), seatPath(1, "seat")...)))
}

// handSlots: the fields of hand (with "dealing") or proof (with "position"),
// the repeated seat after the seats and the hand number's range after all.
func handSlots(foreign string, foreignValue any, late slot) []slot {
	return []slot{
		unknownSlot(nil, foreign, foreignValue),
		seedSlot(pth("serverSeed")), idSlot(pth("table")), idSlot(pth("session")), intSlot(pth("hand"), poker.MaxHands),
		arraySlot(seatsPath, poker.MaxPlayers, fillSeat, bad("seats[1].clientSeed a:b", errcode.InvalidIdentifier, put("a:b", seatPath(1, "clientSeed")...))),
		repeatSeat(),
		{name: "firstHand", reqs: reqs("READ-1", "READ-3"), faults: intFaults(pth("firstHand"), 1, false)},
		late,
		cross("the hand number's range", reqs("PK-8", "READ-3"), bad("hand 0, before the first hand 1", errcode.OutOfRange, put(0, "hand"))),
	}
}

// seatLevels: the seats in index order with the repeat at seat 1, and seat
// 1's own order (RUN-9: type, unknown fields, seat, clientSeed, the repeat).
func seatLevels() []sweepLevel {
	element := func(i int) slot {
		return slot{name: "element " + string(rune('0'+i)), faults: []fault{aNumber(seatPath(i)),
			bad(seatPath(i, "clientSeed").String()+" a:b", errcode.InvalidIdentifier, put("a:b", seatPath(i, "clientSeed")...))}}
	}
	last := slot{name: "element 2", faults: []fault{aNumber(seatPath(2)), bad("seats[2].seat 10", errcode.OutOfRange, put(10, seatPath(2, "seat")...))}}
	length := slot{name: "the length", faults: []fault{bad("seats of 11 elements", errcode.BadLength, grow(poker.MaxPlayers+1, fillSeat, seatsPath...))}}
	own := []slot{unknownSlot(seatPath(1), "name", "Al"),
		{name: "seat", faults: intFaults(seatPath(1, "seat"), poker.MaxSeat, true)}, idSlot(seatPath(1, "clientSeed")), repeatSeat()}
	return []sweepLevel{
		{"input.seats", []slot{length, element(0), element(1), repeatSeat(), last}},
		{"input.seats[1]", own},
	}
}

func handBase(label string) obj {
	return obj{"serverSeed": seed(label), "table": "t-1", "session": "s-1", "hand": 7,
		"seats": []any{obj{"seat": 3, "clientSeed": "ann"}, obj{"seat": 5, "clientSeed": "ben"}, obj{"seat": 8, "clientSeed": "cat"}}}
}

func sweepHand() sweep {
	top := handSlots("botClientSeed", "dash", readingSlot(pth("dealing"), "READ-2"))
	return sweep{base: handBase("sweep hand"), reqs: reqs("RUN-6"), levels: append([]sweepLevel{{"input", top}}, seatLevels()...)}
}

func sweepProof() sweep {
	base := handBase("sweep proof")
	base["position"] = 6
	top := handSlots("dealing", "round_robin", intSlot(pth("position"), merkle.Positions-1))
	return sweep{base: base, reqs: reqs("RUN-6"), levels: append([]sweepLevel{{"input", top}}, seatLevels()...)}
}

func sweepVerifyProof() sweep {
	h := fixed(poker.Deal(seed("verify"), "table-9", "s-9", 77, []poker.Seat{{Seat: 1, ClientSeed: "p1"}, {Seat: 6, ClientSeed: "p6"}}))
	p := fixed(h.Proof(3))
	hashes := make([]any, len(p.Path))
	for i, s := range p.Path {
		hashes[i] = s
	}
	base := obj{"root": p.Root, "position": p.Position, "card": p.Card, "salt": p.Salt, "path": hashes}
	fill := func(int) any { return p.Root }
	element := func(i int) []fault {
		return []fault{aNumber(pth("path", i)), hashSlot(pth("path", i)).faults[2]}
	}
	top := []slot{
		unknownSlot(nil, "dealing", "pairs"),
		hashSlot(pth("root")), intSlot(pth("position"), merkle.Positions-1), intSlot(pth("card"), 51), hashSlot(pth("salt")),
		arraySlot(pth("path"), merkle.Depth, fill, hashSlot(pth("path", 5)).faults[2]),
	}
	return sweep{base: base, reqs: reqs("RUN-6"), levels: append([]sweepLevel{{"input", top}},
		elementLevels("input.path", pth("path"), merkle.Depth, fill, element, 0, 5)...)}
}

// sweepColour: the five fields, then chess's checks (the op table's last
// column): a bot and a player mixed, a bot's reading for two players, equal
// commitments; once between two players and once against a bot.
func sweepColour() []sweep {
	players := obj{"seedA": seed("sweep A"), "clientA": "anna", "seedB": seed("sweep B"), "clientB": "boris"}
	bot := obj{"seedA": seed("sweep A"), "clientA": "anna", "seedB": nil, "clientB": nil}
	bcs := readingSlot(pth("botClientSeed"), "READ-9")
	r := reqs("RUN-6")
	return []sweep{
		{base: players, reqs: r, levels: []sweepLevel{{"input (two players)", []slot{
			unknownSlot(nil, "dealing", "pairs"),
			seedSlot(pth("seedA")), idSlot(pth("clientA")), seedSlot(pth("seedB")), idSlot(pth("clientB")), bcs,
			cross("a bot and a player mixed", reqs("CC-2"), bad("seedB null with clientB a player's", errcode.WrongType, put(nil, "seedB"))),
			cross("a bot's reading for two players", reqs("READ-9", "CC-2"), bad("botClientSeed \"dash\" for two players", errcode.WrongType, put("dash", "botClientSeed"))),
			cross("equal commitments", reqs("CC-4"), bad("seedB equal to seedA", errcode.EqualCommitments, copyOf(pth("seedA"), "seedB"))),
		}}}},
		{base: bot, reqs: r, levels: []sweepLevel{{"input (against a bot)", []slot{
			unknownSlot(nil, "firstHand", 1),
			seedSlot(pth("seedB")), idSlot(pth("clientB")), bcs,
			cross("a bot and a player mixed", reqs("CC-2"), bad("clientB a player's with seedB null", errcode.WrongType, put("boris", "clientB"))),
		}}}},
	}
}

// npSeedSlot is a selfpoker seed: a decimal string, its form, then its range
// (NUM-2, SP-1).
func npSeedSlot() slot {
	p := pth("seed")
	return slot{name: "seed", reqs: reqs("NUM-2", "SP-1"), faults: []fault{
		missing(p), bad("seed the number 12345", errcode.WrongType, put(12345, p...)),
		bad("seed \"012345\"", errcode.InvalidInteger, put("012345", p...)),
		bad("seed 2^63", errcode.OutOfRange, put("9223372036854775808", p...)),
	}}
}

func sweepDeal() sweep {
	return sweep{base: obj{"seed": "12345", "players": 3}, reqs: reqs("RUN-6"), levels: []sweepLevel{{"input", []slot{
		unknownSlot(nil, "firstHand", 1), npSeedSlot(), intSlot(pth("players"), selfpoker.MaxPlayers), readingSlot(pth("dealing"), "READ-2"),
	}}}}
}

// sweepPermutation is the sweep of permutation and of selfpoker's trace.
func sweepPermutation() sweep {
	return sweep{base: obj{"seed": "12345", "n": 10}, reqs: reqs("RUN-6"), levels: []sweepLevel{{"input", []slot{
		unknownSlot(nil, "dealing", "pairs"), npSeedSlot(), intSlot(pth("n"), selfpoker.MaxPermutation),
	}}}}
}
