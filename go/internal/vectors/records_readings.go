package vectors

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/games"
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

// readingRecords covers every declared reading (READ-1 to READ-5): for each, a
// record that follows it and verifies, its tampered twin, and the same record
// read with the kit's reading instead, which fails where the readings differ.
func (s *recordSet) readingRecords() {
	four := []string{"east", "south", "west", "north"}

	// READ-5: the mahjong draw model.
	gap := matchRecord("mahjong-2", "mahjong", four, func(ms *games.Stream, r map[string]any) {
		h := ms.MahjongHand(60, reading.CloseGap, reading.MahjongBlocks)
		r["mahjongDraw"] = string(reading.CloseGap)
		r["hands"] = []map[string]any{mahjongHandRecord(h)}
	})
	s.pair("mahjong-close-gap", "A mahjong hand drawn by the close_gap model, which the record declares: each tile is the j-th of the remaining wall, and the gap closes.", gap,
		"Draw 3 after the deal replaced by another tile.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "draws", 2), "1m", "2m"), "hands", 0, "draws", 2)
		}, "/hands/0/draws/2")
	undeclared := deepCopy(gap)
	delete(undeclared, "mahjongDraw")
	s.add("reading-mahjong-undeclared.json", "The close_gap hand without its declaration: read with the kit's swap_last it fails from the second tile on.",
		undeclared, RecordEntry{Status: record.Failed, Failures: failuresOf(undeclared)})
	swap := matchRecord("mahjong-3", "mahjong", four, func(ms *games.Stream, r map[string]any) {
		h := ms.MahjongHand(53, reading.SwapLast, reading.MahjongBlocks)
		r["mahjongDraw"] = string(reading.SwapLast)
		r["hands"] = []map[string]any{mahjongHandRecord(h)}
	})
	s.pair("mahjong-swap-last", "A mahjong deal that declares the kit's draw model, swap_last.", swap,
		"The same deal declaring close_gap instead: the tiles no longer follow.", func(r map[string]any) {
			r["mahjongDraw"] = string(reading.CloseGap)
		}, failuresOf(withField(swap, "mahjongDraw", string(reading.CloseGap)))...)

	// READ-2: the dealing layout, both poker schemes.
	srv := seed("record poker readings")
	table, session := "table-8", "s-2026-11-30-b"
	seated := []poker.Seat{{Seat: 0, ClientSeed: "dora"}, {Seat: 2, ClientSeed: "emil"}, {Seat: 5, ClientSeed: "fay"}, {Seat: 7, ClientSeed: "gus"}}
	rr := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "leave", "table": table, "session": session, "seat": 5,
		"dealing": string(reading.RoundRobin), "hands": leaveHands(srv, table, session, seated, 5, []int{1, 2}, []int{5, 4}, reading.RoundRobin)})
	s.pair("poker-leave-round-robin", "A leave bundle from a table that deals round robin, as the record declares: the player in seat 5, third of four, holds positions 2 and 6.", rr,
		"Hand 2: the player's first card replaced.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 1, "cards", 0, "card"), "As", "Ah"), "hands", 1, "cards", 0, "card")
		}, "/hands/1/cards/0")
	rrUndeclared := deepCopy(rr)
	delete(rrUndeclared, "dealing")
	s.add("reading-dealing-undeclared.json", "The round-robin bundle without its declaration: in pairs the player's cards would be at positions 4 and 5.",
		rrUndeclared, RecordEntry{Status: record.Failed, Failures: []string{"/hands/0/cards/0/position", "/hands/0/cards/1/position", "/hands/1/cards/0/position", "/hands/1/cards/1/position"}})

	const seedText = "9007199254740993"
	spSeed, _ := selfpoker.ParseSeed("seed", seedText)
	d := fixed(selfpoker.NewDeal(spSeed, 4, reading.RoundRobin))
	var hands [][]string
	for _, h := range d.Hands {
		hands = append(hands, selfpoker.Names(h[:]))
	}
	sp := deepCopy(map[string]any{"scheme": "selfpoker_v1", "kind": "hand_end", "dealing": string(reading.RoundRobin), "commit": d.Commit,
		"fairplay": map[string]any{"seed": seedText}, "hands": hands, "board": selfpoker.Names(d.Board[:])})
	s.pair("selfpoker-round-robin", "A self-hosted hand of four players dealt round robin, as the record declares: player i holds deck[i] and deck[4 + i].", sp,
		"Player 3's second card replaced.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 2, 1), "2c", "3c"), "hands", 2, 1)
		}, "/hands/2/1")
	spUndeclared := deepCopy(sp)
	delete(spUndeclared, "dealing")
	s.add("reading-dealing-selfpoker-undeclared.json", "The round-robin hand without its declaration: dealt in pairs, every player's cards differ.",
		spUndeclared, RecordEntry{Status: record.Failed, Failures: failuresOf(spUndeclared)})

	// READ-3: hands numbered from 0.
	from0 := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "session", "table": table, "session": "s-2026-11-30-c",
		"firstHand": 0, "commitment": stream.Commit(srv), "serverSeed": srv, "rotation": "restart",
		"hands": sessionHands(srv, table, "s-2026-11-30-c", seated, []int{0, 1, 2})})
	s.pair("poker-session-from-0", "A session reveal whose hands are numbered from 0, as the record declares; the server restarted after three hands.", from0,
		"Hand 2's hand commitment replaced by hand 1's.", func(r map[string]any) {
			set(r, at(r, "hands", 0, "handCommitment"), "hands", 1, "handCommitment")
		}, "/hands/1/handCommitment")
	from0Undeclared := deepCopy(from0)
	delete(from0Undeclared, "firstHand")
	s.add("reading-first-hand-undeclared.json", "The session numbered from 0 without its declaration: read as numbered from 1, every hand number is off by one.",
		from0Undeclared, RecordEntry{Status: record.Failed, Failures: []string{"/hands/0/hand", "/hands/1/hand", "/hands/2/hand"}})
	leave0 := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "leave", "table": table, "session": "s-2026-11-30-c", "seat": 0,
		"firstHand": 0, "hands": leaveHands(srv, table, "s-2026-11-30-c", seated, 0, []int{0, 2}, []int{3, 0}, reading.Pairs)})
	s.pair("poker-leave-from-0", "The player in seat 0 leaves the session numbered from 0 after hands 0 and 2.", leave0,
		"Hand 0 relabelled 500, a number a session numbered from 0 never reaches.", func(r map[string]any) {
			set(r, json.Number("500"), "hands", 0, "hand")
		}, "/hands/0/hand")
	leave0Undeclared := deepCopy(leave0)
	delete(leave0Undeclared, "firstHand")
	s.add("reading-first-hand-leave-undeclared.json", "The bundle numbered from 0 without its declaration: hand 0 is outside hands 1 to 500.",
		leave0Undeclared, RecordEntry{Status: record.Failed, Failures: []string{"/hands/0/hand"}})

	// READ-4: a session that published no commitment to its seed.
	bare := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "session", "table": table, "session": "s-2026-11-30-d",
		"sessionCommitment": string(reading.None), "serverSeed": srv, "rotation": "time",
		"opened": "2026-11-30T00:00:00Z", "closed": "2026-12-01T00:00:00Z",
		"hands": sessionHands(srv, table, "s-2026-11-30-d", seated, []int{1, 2})})
	s.pair("poker-session-no-commitment", "A session reveal from a table that published only the hand commitments, as the record declares: no session commitment is checked; it rotated after exactly 24 hours.", bare,
		"Hand 1's revealed deck has its last two cards swapped.", func(r map[string]any) {
			a, b := at(r, "hands", 0, "deck", 50), at(r, "hands", 0, "deck", 51)
			set(r, b, "hands", 0, "deck", 50)
			set(r, a, "hands", 0, "deck", 51)
		}, "/hands/0/deck/50", "/hands/0/deck/51", "/hands/0/root")
	bareUndeclared := deepCopy(bare)
	delete(bareUndeclared, "sessionCommitment")
	s.add("reading-session-undeclared.json", "The reveal without a session commitment and without declaring that none was published: refused, since the kit's reading requires one.",
		bareUndeclared, RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
	both := deepCopy(bare)
	both["commitment"] = stream.Commit(srv)
	s.add("reading-session-contradiction.json", "A reveal that declares no session commitment and carries one: refused as contradictory.",
		both, RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})

	// READ-6: the backgammon opening.
	two := []string{"anna", "boris"}
	bg := matchRecord("backgammon-2", "backgammon", two, func(ms *games.Stream, r map[string]any) {
		r["backgammonOpening"] = string(reading.FirstSeatRolls)
		r["games"] = []games.BackgammonGame{ms.BackgammonGame(5, reading.FirstSeatRolls), ms.BackgammonGame(3, reading.FirstSeatRolls)}
	})
	s.pair("backgammon-first-seat-rolls", "A backgammon match whose first seat opens each game with two dice of its own, as the record declares.", bg,
		"Game 1: the opening's second die changed.", func(r map[string]any) {
			d, _ := at(r, "games", 0, "opening", 0, 1).(json.Number).Int64()
			set(r, json.Number(strconv.FormatInt(d%6+1, 10)), "games", 0, "opening", 0, 1)
		}, "/games/0/opening/0")
	bgUndeclared := deepCopy(bg)
	delete(bgUndeclared, "backgammonOpening")
	s.add("reading-backgammon-undeclared.json", "The same match without its declaration: read with one die a side, the openings and every later roll differ.",
		bgUndeclared, RecordEntry{Status: record.Failed, Failures: failuresOf(bgUndeclared)})

	// READ-7: Baloot's first distribution.
	bal := matchRecord("baloot-2", "baloot", four, func(ms *games.Stream, r map[string]any) {
		r["balootDeal"] = string(reading.ThreeTwo)
		var hands []map[string]any
		for _, buyer := range []int{1, -1} {
			hands = append(hands, balootHandRecord(cards.Baloot32, ms.BalootHand(buyer, reading.ThreeTwo)))
		}
		r["hands"] = hands
	})
	s.pair("baloot-three-two", "A Baloot match dealt three cards a seat and then two, as the record declares; seat 1 buys the first hand, everyone passes the second.", bal,
		"Hand 1: seat 3's fourth card of the first distribution replaced by one the hand already shows, so DIST-1 fails too.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "first", 3, 3), "7c", "8c"), "hands", 0, "first", 3, 3)
		}, failuresOf(func() map[string]any {
			t := deepCopy(bal)
			set(t, unlike(at(t, "hands", 0, "first", 3, 3), "7c", "8c"), "hands", 0, "first", 3, 3)
			return t
		}())...)
	balUndeclared := deepCopy(bal)
	delete(balUndeclared, "balootDeal")
	s.add("reading-baloot-undeclared.json", "The same match without its declaration: read in blocks of five, the first distributions differ.",
		balUndeclared, RecordEntry{Status: record.Failed, Failures: failuresOf(balUndeclared)})

	// READ-8: mahjong's deal layout.
	rounds := matchRecord("mahjong-4", "mahjong", four, func(ms *games.Stream, r map[string]any) {
		h := ms.MahjongHand(58, reading.SwapLast, reading.Rounds)
		r["mahjongDeal"] = string(reading.Rounds)
		r["hands"] = []map[string]any{mahjongHandRecord(h)}
	})
	s.pair("mahjong-rounds", "A mahjong hand dealt in rounds (four tiles a seat three times, then one, then the dealer's fourteenth), as the record declares.", rounds,
		"Seat 1's thirteenth tile replaced.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "deal", 1, 12), "1m", "2m"), "hands", 0, "deal", 1, 12)
		}, "/hands/0/deal/1/12")
	roundsUndeclared := deepCopy(rounds)
	delete(roundsUndeclared, "mahjongDeal")
	s.add("reading-mahjong-deal-undeclared.json", "The same hand without its declaration: read in blocks of 13, the same tiles sit at other seats.",
		roundsUndeclared, RecordEntry{Status: record.Failed, Failures: failuresOf(roundsUndeclared)})

	// READ-10: the mahjong wall's fixed order, listed in full.
	wall := wallInSets()
	setsDeck, _ := cards.Tiles136.Reordered(strs(wall))
	sets := matchRecord("mahjong-5", "mahjong", four, func(ms *games.Stream, r map[string]any) {
		h := ms.MahjongHand(55, reading.SwapLast, reading.MahjongBlocks)
		r["mahjongWall"] = wall
		r["hands"] = []map[string]any{{"deal": names4(setsDeck, h.Deal), "draws": setsDeck.Names(h.Draws)}}
	})
	s.pair("mahjong-wall-sets", "A mahjong hand from a wall whose fixed order is four sets of the 34 kinds, listed in the record.", sets,
		"The dealer's fourteenth tile replaced.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "deal", 0, 13), "1m", "2m"), "hands", 0, "deal", 0, 13)
		}, "/hands/0/deal/0/13")
	setsUndeclared := deepCopy(sets)
	delete(setsUndeclared, "mahjongWall")
	s.add("reading-wall-undeclared.json", "The same hand without its wall: named with the kit's order, the same draws are other tiles.",
		setsUndeclared, RecordEntry{Status: record.Failed, Failures: failuresOf(setsUndeclared)})
	notASet := deepCopy(sets)
	set(notASet, at(notASet, "mahjongWall", 0), "mahjongWall", 135)
	s.add("reading-wall-not-a-set.json", "A declared wall with five copies of one kind and three of another: not a mahjong set, so the record is refused.",
		notASet, RecordEntry{Status: "unreadable", Code: "invalid_record"})

	// READ-11: Baloot's card order, listed in full.
	byRank := balootByRank()
	rankDeck, _ := cards.Baloot32.Reordered(strs(byRank))
	ranked := matchRecord("baloot-3", "baloot", four, func(ms *games.Stream, r map[string]any) {
		h := ms.BalootHand(0, reading.BalootBlocks)
		r["balootDeck"] = byRank
		r["hands"] = []map[string]any{balootHandRecord(rankDeck, h)}
	})
	s.pair("baloot-deck-by-rank", "A Baloot hand from a deck numbered rank by rank, listed in the record; seat 0 buys.", ranked,
		"The turned-up card replaced.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "upcard"), "7c", "8c"), "hands", 0, "upcard")
		}, "/hands/0/upcard")
	rankedUndeclared := deepCopy(ranked)
	delete(rankedUndeclared, "balootDeck")
	s.add("reading-baloot-deck-undeclared.json", "The same hand without its card order: named with the kit's order, the cards differ.",
		rankedUndeclared, RecordEntry{Status: record.Failed, Failures: failuresOf(rankedUndeclared)})

	// READ-9: a chess bot's client seed.
	a := seed("record chess empty bot")
	for i := 0; ; i++ {
		client := "anna" + strconv.Itoa(i)
		empty := fixed(chess.Colour(a, client, "", "", reading.Empty))
		if empty.White == fixed(chess.Colour(a, client, "", "", reading.Dash)).White {
			continue // a record where the two readings give different colours
		}
		bot := deepCopy(map[string]any{"scheme": "chess_colour_v1", "kind": "game", "botClientSeed": string(reading.Empty),
			"seedA": a, "commitA": empty.CommitA, "clientA": client, "seedB": nil, "commitB": "-", "clientB": nil, "white": empty.White})
		s.pair("chess-bot-empty", "A game against a bot whose client seed the message leaves empty, as the record declares.", bot,
			"The colours swapped.", func(g map[string]any) {
				set(g, map[string]string{"A": "B", "B": "A"}[g["white"].(string)], "white")
			}, "/white")
		botUndeclared := deepCopy(bot)
		delete(botUndeclared, "botClientSeed")
		s.add("reading-bot-undeclared.json", "The same game without its declaration: with the bot's client seed written -, the other side plays White.",
			botUndeclared, RecordEntry{Status: record.Failed, Failures: []string{"/white"}})
		break
	}

	unknown := deepCopy(rr)
	unknown["dealing"] = "clockwise"
	s.add("reading-unknown.json", "A reading the spec does not define (dealing \"clockwise\"): refused, never verified with a guess.",
		unknown, RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
	misplaced := deepCopy(withField(s.find("bridge.json"), "mahjongDraw", string(reading.CloseGap)))
	s.add("reading-unknown-for-game.json", "A bridge record declaring a mahjong draw model: the reading does not apply to the game, so the record is refused.",
		misplaced, RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
	players := deepCopy(withField(s.find("chess-players.json"), "botClientSeed", string(reading.Empty)))
	s.add("reading-unknown-for-players.json", "A game between two players declaring how a bot's client seed is written: no bot, so the record is refused.",
		players, RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
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
