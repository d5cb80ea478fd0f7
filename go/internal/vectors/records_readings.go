package vectors

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// leaveHands builds the hands of a leave bundle for the player in seat me:
// their two cards where the dealing reading puts them and the first shown[k]
// board cards of hand k.
func leaveHands(srv, table, session string, seated []poker.Seat, me int, numbers, shown []int, dealing reading.Dealing) []map[string]any {
	var seatNos []int
	for _, st := range seated {
		seatNos = append(seatNos, st.Seat)
	}
	sort.Ints(seatNos)
	j := sort.SearchInts(seatNos, me)
	var out []map[string]any
	for k, n := range numbers {
		d := fixed(poker.Deal(srv, table, session, n, seated))
		proof := func(pos int) map[string]any {
			p := fixed(d.Proof(pos))
			return map[string]any{"position": pos, "card": cards.Table52.Name(p.Card), "salt": p.Salt, "path": p.Path}
		}
		board := []map[string]any{}
		for i := range shown[k] {
			board = append(board, proof(poker.BoardPositions(len(seated))[i]))
		}
		hole := poker.HolePositions(j, len(seated), dealing)
		out = append(out, map[string]any{"hand": n, "seats": seatNos, "handCommitment": d.HandCommitment, "root": d.Tree.Root(),
			"cards": []map[string]any{proof(hole[0]), proof(hole[1])}, "board": board})
	}
	return out
}

func sessionHands(srv, table, session string, seated []poker.Seat, numbers []int) []map[string]any {
	var hands []map[string]any
	for _, n := range numbers {
		d := fixed(poker.Deal(srv, table, session, n, seated))
		hands = append(hands, map[string]any{"hand": n, "seats": seated, "handCommitment": d.HandCommitment, "root": d.Tree.Root(), "deck": cards.Table52.Names(d.Deck)})
	}
	return hands
}

// readingCase is one declared reading and its records: one that follows the
// reading and declares it, which verifies; its tampered twin; and, when field
// is set, the same record without its declaration, read with the kit's reading
// instead, which fails where the readings differ (or is refused).
type readingCase struct {
	name, comment string         // the pair name.json and name.tampered.json
	rec           map[string]any // the record that declares the reading
	tamperComment string
	tamper        func(map[string]any)
	failures      []string // where the twin fails; nil: where the reference finds it (failuresOf)
	// The record without its declaration: field removed, written to
	// undeclared; want nil: failed where the reference finds it.
	field, undeclared, undeclaredComment string
	want                                 *RecordEntry
	then                                 func(s *recordSet, rec map[string]any) // more records made from rec
}

// reading adds a reading case's records, in the order the index lists them.
func (s *recordSet) reading(c readingCase) {
	failures := c.failures
	if failures == nil {
		twin := deepCopy(c.rec)
		c.tamper(twin)
		failures = failuresOf(twin)
	}
	s.pair(c.name, c.comment, c.rec, c.tamperComment, c.tamper, failures...)
	if c.field != "" {
		undeclared := deepCopy(c.rec)
		delete(undeclared, c.field)
		want := RecordEntry{Status: record.Failed, Failures: failuresOf(undeclared)}
		if c.want != nil {
			want = *c.want
		}
		s.add(c.undeclared, c.undeclaredComment, undeclared, want)
	}
	if c.then != nil {
		c.then(s, c.rec)
	}
}

// readingRecords covers every declared reading (READ-1 to READ-11) with its
// readingCase, then the declarations a record cannot make.
func (s *recordSet) readingRecords() {
	pk := newPokerReadingTable()
	dealing := dealingReadings(pk)
	cases := slices.Concat(mahjongDrawReadings(), dealing, firstHandReadings(pk), []readingCase{
		sessionCommitmentReading(pk),
		backgammonOpeningReading(),
		balootDealReading(),
		mahjongDealReading(),
		mahjongWallReading(),
		balootDeckReading(),
		botClientSeedReading(),
	})
	for _, c := range cases {
		s.reading(c)
	}
	s.misreadRecords(dealing[0].rec)
}

// readingSeats are the client seeds of the four-player reading records.
var readingSeats = []string{"east", "south", "west", "north"}

// mahjongDrawReadings: READ-5, the mahjong draw model, declared other than the
// kit's and declared as the kit's.
func mahjongDrawReadings() []readingCase {
	gap := matchRecord("mahjong-2", "mahjong", readingSeats, func(ms *match.Stream, r map[string]any) {
		h := ms.MahjongHand(60, reading.CloseGap, reading.MahjongBlocks)
		r["mahjongDraw"] = string(reading.CloseGap)
		r["hands"] = []map[string]any{mahjongHandRecord(h)}
	})
	swap := matchRecord("mahjong-3", "mahjong", readingSeats, func(ms *match.Stream, r map[string]any) {
		h := ms.MahjongHand(53, reading.SwapLast, reading.MahjongBlocks)
		r["mahjongDraw"] = string(reading.SwapLast)
		r["hands"] = []map[string]any{mahjongHandRecord(h)}
	})
	return []readingCase{{
		name: "mahjong-close-gap", rec: gap,
		comment:       "A mahjong hand drawn by the close_gap model, which the record declares: each tile is the j-th of the remaining wall, and the gap closes.",
		tamperComment: "Draw 3 after the deal replaced by another tile.",
		tamper: func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "draws", 2), "1m", "2m"), "hands", 0, "draws", 2)
		},
		failures: []string{"/hands/0/draws/2"},
		field:    "mahjongDraw", undeclared: "reading-mahjong-undeclared.json",
		undeclaredComment: "The close_gap hand without its declaration: read with the kit's swap_last it fails from the second tile on.",
	}, {
		name: "mahjong-swap-last", rec: swap,
		comment:       "A mahjong deal that declares the kit's draw model, swap_last.",
		tamperComment: "The same deal declaring close_gap instead: the tiles no longer follow.",
		tamper:        func(r map[string]any) { r["mahjongDraw"] = string(reading.CloseGap) },
	}}
}

// pokerReadingTable is the table the poker reading records are dealt at.
type pokerReadingTable struct {
	srv, table string
	seated     []poker.Seat
}

func newPokerReadingTable() pokerReadingTable {
	return pokerReadingTable{seed("record poker readings"), "table-8",
		[]poker.Seat{{Seat: 0, ClientSeed: "dora"}, {Seat: 2, ClientSeed: "emil"}, {Seat: 5, ClientSeed: "fay"}, {Seat: 7, ClientSeed: "gus"}}}
}

// dealingReadings: READ-2, the dealing layout, in both poker schemes. The
// first case's record is the one misreadRecords declares a reading in that
// does not exist.
func dealingReadings(pk pokerReadingTable) []readingCase {
	const session = "s-2026-11-30-b"
	rr := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "leave", "table": pk.table, "session": session, "seat": 5,
		"dealing": string(reading.RoundRobin), "hands": leaveHands(pk.srv, pk.table, session, pk.seated, 5, []int{1, 2}, []int{5, 4}, reading.RoundRobin)})
	const seedText = "9007199254740993"
	spSeed, _ := selfpoker.ParseSeed("seed", seedText)
	d := fixed(selfpoker.NewDeal(spSeed, 4, reading.RoundRobin))
	var hands [][]string
	for _, h := range d.Hands {
		hands = append(hands, selfpoker.Names(h[:]))
	}
	sp := deepCopy(map[string]any{"scheme": "selfpoker_v1", "kind": "hand_end", "dealing": string(reading.RoundRobin), "commit": d.Commit,
		"fairplay": map[string]any{"seed": seedText}, "hands": hands, "board": selfpoker.Names(d.Board[:])})
	return []readingCase{{
		name: "poker-leave-round-robin", rec: rr,
		comment:       "A leave bundle from a table that deals round robin, as the record declares: the player in seat 5, third of four, holds positions 2 and 6.",
		tamperComment: "Hand 2: the player's first card replaced.",
		tamper: func(r map[string]any) {
			set(r, unlike(at(r, "hands", 1, "cards", 0, "card"), "As", "Ah"), "hands", 1, "cards", 0, "card")
		},
		failures: []string{"/hands/1/cards/0"},
		field:    "dealing", undeclared: "reading-dealing-undeclared.json",
		undeclaredComment: "The round-robin bundle without its declaration: in pairs the player's cards would be at positions 4 and 5.",
		want:              &RecordEntry{Status: record.Failed, Failures: []string{"/hands/0/cards/0/position", "/hands/0/cards/1/position", "/hands/1/cards/0/position", "/hands/1/cards/1/position"}},
	}, {
		name: "selfpoker-round-robin", rec: sp,
		comment:       "A self-hosted hand of four players dealt round robin, as the record declares: player i holds deck[i] and deck[4 + i].",
		tamperComment: "Player 3's second card replaced.",
		tamper: func(r map[string]any) {
			set(r, unlike(at(r, "hands", 2, 1), "2c", "3c"), "hands", 2, 1)
		},
		failures: []string{"/hands/2/1"},
		field:    "dealing", undeclared: "reading-dealing-selfpoker-undeclared.json",
		undeclaredComment: "The round-robin hand without its declaration: dealt in pairs, every player's cards differ.",
	}}
}

// firstHandReadings: READ-3, poker hands numbered from 0, in a session reveal
// and in a leave bundle.
func firstHandReadings(pk pokerReadingTable) []readingCase {
	const session = "s-2026-11-30-c"
	from0 := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "session", "table": pk.table, "session": session,
		"firstHand": 0, "commitment": stream.Commit(pk.srv), "serverSeed": pk.srv, "rotation": "restart",
		"hands": sessionHands(pk.srv, pk.table, session, pk.seated, []int{0, 1, 2})})
	leave0 := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "leave", "table": pk.table, "session": session, "seat": 0,
		"firstHand": 0, "hands": leaveHands(pk.srv, pk.table, session, pk.seated, 0, []int{0, 2}, []int{3, 0}, reading.Pairs)})
	return []readingCase{{
		name: "poker-session-from-0", rec: from0,
		comment:       "A session reveal whose hands are numbered from 0, as the record declares; the server restarted after three hands.",
		tamperComment: "Hand 2's hand commitment replaced by hand 1's.",
		tamper: func(r map[string]any) {
			set(r, at(r, "hands", 0, "handCommitment"), "hands", 1, "handCommitment")
		},
		failures: []string{"/hands/1/handCommitment"},
		field:    "firstHand", undeclared: "reading-first-hand-undeclared.json",
		undeclaredComment: "The session numbered from 0 without its declaration: read as numbered from 1, every hand number is off by one.",
		want:              &RecordEntry{Status: record.Failed, Failures: []string{"/hands/0/hand", "/hands/1/hand", "/hands/2/hand"}},
	}, {
		name: "poker-leave-from-0", rec: leave0,
		comment:       "The player in seat 0 leaves the session numbered from 0 after hands 0 and 2.",
		tamperComment: "Hand 0 relabelled 500, a number a session numbered from 0 never reaches.",
		tamper: func(r map[string]any) {
			set(r, json.Number("500"), "hands", 0, "hand")
		},
		failures: []string{"/hands/0/hand"},
		field:    "firstHand", undeclared: "reading-first-hand-leave-undeclared.json",
		undeclaredComment: "The bundle numbered from 0 without its declaration: hand 0 is outside hands 1 to 500.",
		want:              &RecordEntry{Status: record.Failed, Failures: []string{"/hands/0/hand"}},
	}}
}

// refused is the index entry of a record the schema refuses.
var refused = RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"}

// sessionCommitmentReading: READ-4, a session that published no commitment to
// its seed; a record that says so and carries one is refused.
func sessionCommitmentReading(pk pokerReadingTable) readingCase {
	const session = "s-2026-11-30-d"
	bare := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "session", "table": pk.table, "session": session,
		"sessionCommitment": string(reading.None), "serverSeed": pk.srv, "rotation": "time",
		"opened": "2026-11-30T00:00:00Z", "closed": "2026-12-01T00:00:00Z",
		"hands": sessionHands(pk.srv, pk.table, session, pk.seated, []int{1, 2})})
	return readingCase{
		name: "poker-session-no-commitment", rec: bare,
		comment:       "A session reveal from a table that published only the hand commitments, as the record declares: no session commitment is checked; it rotated after exactly 24 hours.",
		tamperComment: "Hand 1's revealed deck has its last two cards swapped.",
		tamper: func(r map[string]any) {
			a, b := at(r, "hands", 0, "deck", 50), at(r, "hands", 0, "deck", 51)
			set(r, b, "hands", 0, "deck", 50)
			set(r, a, "hands", 0, "deck", 51)
		},
		failures: []string{"/hands/0/deck/50", "/hands/0/deck/51", "/hands/0/root"},
		field:    "sessionCommitment", undeclared: "reading-session-undeclared.json",
		undeclaredComment: "The reveal without a session commitment and without declaring that none was published: refused, since the kit's reading requires one.",
		want:              &refused,
		then: func(s *recordSet, bare map[string]any) {
			both := deepCopy(bare)
			both["commitment"] = stream.Commit(pk.srv)
			s.add("reading-session-contradiction.json", "A reveal that declares no session commitment and carries one: refused as contradictory.",
				both, refused)
		},
	}
}

// backgammonOpeningReading: READ-6, the first seat opening with two dice.
func backgammonOpeningReading() readingCase {
	bg := matchRecord("backgammon-2", "backgammon", []string{"anna", "boris"}, func(ms *match.Stream, r map[string]any) {
		r["backgammonOpening"] = string(reading.FirstSeatRolls)
		r["games"] = []match.BackgammonGame{ms.BackgammonGame(5, reading.FirstSeatRolls), ms.BackgammonGame(3, reading.FirstSeatRolls)}
	})
	return readingCase{
		name: "backgammon-first-seat-rolls", rec: bg,
		comment:       "A backgammon match whose first seat opens each game with two dice of its own, as the record declares.",
		tamperComment: "Game 1: the opening's second die changed.",
		tamper: func(r map[string]any) {
			d, _ := at(r, "games", 0, "opening", 0, 1).(json.Number).Int64()
			set(r, json.Number(strconv.FormatInt(d%6+1, 10)), "games", 0, "opening", 0, 1)
		},
		failures: []string{"/games/0/opening/0"},
		field:    "backgammonOpening", undeclared: "reading-backgammon-undeclared.json",
		undeclaredComment: "The same match without its declaration: read with one die a side, the openings and every later roll differ.",
	}
}

// balootDealReading: READ-7, Baloot's first distribution three cards and then
// two.
func balootDealReading() readingCase {
	bal := matchRecord("baloot-2", "baloot", readingSeats, func(ms *match.Stream, r map[string]any) {
		r["balootDeal"] = string(reading.ThreeTwo)
		var hands []map[string]any
		for _, buyer := range []int{1, -1} {
			hands = append(hands, balootHandRecord(cards.Baloot32, ms.BalootHand(buyer, reading.ThreeTwo)))
		}
		r["hands"] = hands
	})
	return readingCase{
		name: "baloot-three-two", rec: bal,
		comment:       "A Baloot match dealt three cards a seat and then two, as the record declares; seat 1 buys the first hand, everyone passes the second.",
		tamperComment: "Hand 1: seat 3's fourth card of the first distribution replaced by one the hand already shows, so DIST-1 fails too.",
		tamper: func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "first", 3, 3), "7c", "8c"), "hands", 0, "first", 3, 3)
		},
		field: "balootDeal", undeclared: "reading-baloot-undeclared.json",
		undeclaredComment: "The same match without its declaration: read in blocks of five, the first distributions differ.",
	}
}

// mahjongDealReading: READ-8, mahjong's deal in rounds.
func mahjongDealReading() readingCase {
	rounds := matchRecord("mahjong-4", "mahjong", readingSeats, func(ms *match.Stream, r map[string]any) {
		h := ms.MahjongHand(58, reading.SwapLast, reading.Rounds)
		r["mahjongDeal"] = string(reading.Rounds)
		r["hands"] = []map[string]any{mahjongHandRecord(h)}
	})
	return readingCase{
		name: "mahjong-rounds", rec: rounds,
		comment:       "A mahjong hand dealt in rounds (four tiles a seat three times, then one, then the dealer's fourteenth), as the record declares.",
		tamperComment: "Seat 1's thirteenth tile replaced.",
		tamper: func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "deal", 1, 12), "1m", "2m"), "hands", 0, "deal", 1, 12)
		},
		failures: []string{"/hands/0/deal/1/12"},
		field:    "mahjongDeal", undeclared: "reading-mahjong-deal-undeclared.json",
		undeclaredComment: "The same hand without its declaration: read in blocks of 13, the same tiles sit at other seats.",
	}
}

// mahjongWallReading: READ-10, the mahjong wall's fixed order, listed in full;
// a listed wall that is not a mahjong set is refused.
func mahjongWallReading() readingCase {
	wall := wallInSets()
	setsDeck, _ := cards.Tiles136.Reordered(strs(wall))
	sets := matchRecord("mahjong-5", "mahjong", readingSeats, func(ms *match.Stream, r map[string]any) {
		h := ms.MahjongHand(55, reading.SwapLast, reading.MahjongBlocks)
		r["mahjongWall"] = wall
		r["hands"] = []map[string]any{{"deal": names4(setsDeck, h.Deal), "draws": setsDeck.Names(h.Draws)}}
	})
	return readingCase{
		name: "mahjong-wall-sets", rec: sets,
		comment:       "A mahjong hand from a wall whose fixed order is four sets of the 34 kinds, listed in the record.",
		tamperComment: "The dealer's fourteenth tile replaced.",
		tamper: func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "deal", 0, 13), "1m", "2m"), "hands", 0, "deal", 0, 13)
		},
		failures: []string{"/hands/0/deal/0/13"},
		field:    "mahjongWall", undeclared: "reading-wall-undeclared.json",
		undeclaredComment: "The same hand without its wall: named with the kit's order, the same draws are other tiles.",
		then: func(s *recordSet, sets map[string]any) {
			notASet := deepCopy(sets)
			set(notASet, at(notASet, "mahjongWall", 0), "mahjongWall", 135)
			s.add("reading-wall-not-a-set.json", "A declared wall with five copies of one kind and three of another: not a mahjong set, so the record is refused.",
				notASet, refused)
		},
	}
}

// balootDeckReading: READ-11, Baloot's card order, listed in full.
func balootDeckReading() readingCase {
	byRank := balootByRank()
	rankDeck, _ := cards.Baloot32.Reordered(strs(byRank))
	ranked := matchRecord("baloot-3", "baloot", readingSeats, func(ms *match.Stream, r map[string]any) {
		h := ms.BalootHand(0, reading.BalootBlocks)
		r["balootDeck"] = byRank
		r["hands"] = []map[string]any{balootHandRecord(rankDeck, h)}
	})
	return readingCase{
		name: "baloot-deck-by-rank", rec: ranked,
		comment:       "A Baloot hand from a deck numbered rank by rank, listed in the record; seat 0 buys.",
		tamperComment: "The turned-up card replaced.",
		tamper: func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "upcard"), "7c", "8c"), "hands", 0, "upcard")
		},
		failures: []string{"/hands/0/upcard"},
		field:    "balootDeck", undeclared: "reading-baloot-deck-undeclared.json",
		undeclaredComment: "The same hand without its card order: named with the kit's order, the cards differ.",
	}
}

// botClientSeedReading: READ-9, a chess bot's client seed left empty, in a
// game where the two readings give different colours.
func botClientSeedReading() readingCase {
	a := seed("record chess empty bot")
	var bot map[string]any
	for i := 0; bot == nil; i++ {
		client := "anna" + strconv.Itoa(i)
		empty := fixed(chess.Colour(a, client, "", "", reading.Empty))
		if empty.White == fixed(chess.Colour(a, client, "", "", reading.Dash)).White {
			continue
		}
		bot = deepCopy(map[string]any{"scheme": "chess_colour_v1", "kind": "game", "botClientSeed": string(reading.Empty),
			"seedA": a, "commitA": empty.CommitA, "clientA": client, "seedB": nil, "commitB": "-", "clientB": nil, "white": empty.White})
	}
	return readingCase{
		name: "chess-bot-empty", rec: bot,
		comment:       "A game against a bot whose client seed the message leaves empty, as the record declares.",
		tamperComment: "The colours swapped.",
		tamper: func(g map[string]any) {
			set(g, map[string]string{"A": "B", "B": "A"}[g["white"].(string)], "white")
		},
		failures: []string{"/white"},
		field:    "botClientSeed", undeclared: "reading-bot-undeclared.json",
		undeclaredComment: "The same game without its declaration: with the bot's client seed written -, the other side plays White.",
		want:              &RecordEntry{Status: record.Failed, Failures: []string{"/white"}},
	}
}

// misreadRecords are declarations a record cannot make: a reading the spec
// does not define (in rr, a round-robin leave bundle), and readings that do
// not apply to the record's game or players. Each is refused.
func (s *recordSet) misreadRecords(rr map[string]any) {
	unknown := deepCopy(rr)
	unknown["dealing"] = "clockwise"
	s.add("reading-unknown.json", "A reading the spec does not define (dealing \"clockwise\"): refused, never verified with a guess.",
		unknown, refused)
	misplaced := deepCopy(withField(s.find("bridge.json"), "mahjongDraw", string(reading.CloseGap)))
	s.add("reading-unknown-for-game.json", "A bridge record declaring a mahjong draw model: the reading does not apply to the game, so the record is refused.",
		misplaced, refused)
	players := deepCopy(withField(s.find("chess-players.json"), "botClientSeed", string(reading.Empty)))
	s.add("reading-unknown-for-players.json", "A game between two players declaring how a bot's client seed is written: no bot, so the record is refused.",
		players, refused)
}

// withField is a copy of rec with one more top-level field.
func withField(rec map[string]any, key string, value any) map[string]any {
	c := deepCopy(rec)
	c[key] = value
	return c
}

// find decodes a record already added, by file name.
func (s *recordSet) find(name string) map[string]any {
	for _, f := range s.files {
		if f.Path == RecordsDir+"/"+name {
			var out map[string]any
			dec := json.NewDecoder(bytes.NewReader(f.Data))
			dec.UseNumber()
			_ = dec.Decode(&out)
			return out
		}
	}
	return nil
}

// strs is a list of names given as values.
func strs(v []any) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i] = x.(string)
	}
	return out
}
