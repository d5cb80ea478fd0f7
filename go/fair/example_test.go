package fair_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pfkit/pfkit/v2/go/fair"
)

// The values printed below are the ones in the committed vector files named in
// each example; go test runs every example and compares its output.

// The commitment a site publishes before the match (vectors/match_seed_v2/commit.json, case 1).
func ExampleCommit() {
	c, err := fair.Commit("9a112211ecba87bcc5ceea13352e5ca4cd34ada655b02c560dd7d9bcda682599")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c)
	// Output: a9a8152f5c1e6d569be3e26a57dd6bc5c01e1e1190914d454ca064a9349fbc52
}

// Raw words of a match_seed_v2 stream (vectors/match_seed_v2/draws.json, case 2).
func ExampleNewStream() {
	s, err := fair.NewStream("4f658848898988dfa0d78050ef8366050d44b9fc967cf4f305d3767ac3aa0b1b", "bridge", "m-1", []string{"alice", "bob"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Word(), s.Word(), s.Word())
	fmt.Println("next k:", s.Counter())
	fmt.Println(s.Message(0))
	// Output:
	// 2475066841662393 2179714008144268 1392240096665032
	// next k: 3
	// pf2:bridge:m-1:0=alice,1=bob:0
}

// A client seed holding separators is refused: "a,1=b" would otherwise turn
// one player's seed into two seats (vectors/match_seed_v2/draws.json, the
// SeparatorInjection cases).
func ExampleNewStream_separator() {
	_, err := fair.NewStream("f47b534cbf5bb5075328e4c73c435c8802bed0a874554ed04947811750bbcb29", "bridge", "m", []string{"a,1=b"})
	var e *fair.Error
	if errors.As(err, &e) {
		fmt.Println("code:", e.Code)
	}
	fmt.Println(errors.Is(err, fair.ErrInvalidIdentifier), errors.Is(err, fair.ErrInvalidHex))
	fmt.Println(err)
	// Output:
	// code: invalid_identifier
	// true false
	// invalid_identifier: clientSeeds[0]: expected only characters from A-Z a-z 0-9 - _ ., found "," at position 1
}

// A backgammon match: the seat order, then a game of five turns
// (vectors/match_seed_v2/match.json, case 1).
func ExampleNewMatch() {
	m, err := fair.NewMatch("50b2ac36c7add77e62bb3c9a48cfcb12030e50729692b0a9e58c32d5f5346605", "backgammon", "bg-one", []string{"north", "east"})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := m.Backgammon(5, fair.OneDieEach)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("seats:", m.Seats())
	fmt.Println("opening:", g.Opening, "first:", g.First)
	fmt.Println("rolls:", g.Rolls)
	fmt.Println("next k:", m.Counter())
	// Output:
	// seats: [1 0]
	// opening: [[4 6]] first: 1
	// rolls: [[2 3] [5 5] [3 3] [5 2] [5 5]]
	// next k: 13
}

// A bridge deal: seat 0's thirteen cards (vectors/match_seed_v2/match.json, case 6).
func ExampleMatch_Deal() {
	m, err := fair.NewMatch("9c8f08b6085bb952551b71bbf3d0c457fa0144fb687a0a70b714d8177cd25bbe", "bridge", "bridge-one", []string{"north", "east", "south", "west"})
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := m.Deal()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Seats(), d[0], m.Counter())
	// Output: [1 2 0 3] [4h 8c 2h Qh 7s 5s Ac 9c 6c 8d 3d 2s As] 54
}

// A mahjong hand on a site whose wall's fixed order is four sets of the 34
// kinds, 1m to Rd and again (READ-10): the draws are of tile ids as always, the
// names are the site's (vectors/match_seed_v2/match.json, case 41: hands of
// 70 and 90 tiles).
func ExampleMatch_Mahjong() {
	m, err := fair.NewMatch("28f8a61a5340b3a7d2d59dc77fd3ee714479bf610e1ba00f8cf7286c6895d588", "mahjong", "mahjong-two", []string{"north", "east", "south", "west"})
	if err != nil {
		fmt.Println(err)
		return
	}
	kinds := fair.MahjongTiles()
	var wall []string
	for t := range 136 {
		wall = append(wall, kinds[4*(t%34)]) // tile id t is kind t % 34
	}
	h, err := m.Mahjong(70, fair.SwapLast, fair.MahjongBlocks, wall...)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("seats:", m.Seats())
	fmt.Println("seat 0:", h.Deal[0])
	fmt.Println("draws:", h.Draws)
	if _, err := m.Mahjong(90, fair.SwapLast, fair.MahjongBlocks, wall...); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("next k:", m.Counter())
	_, err = m.Mahjong(53, fair.SwapLast, fair.MahjongBlocks, wall[:135]...)
	fmt.Println(err)
	// Output:
	// seats: [1 3 0 2]
	// seat 0: [4m Gd 7p 2s 7s 1m 5s 2s 8m 4p 1s 9p 7m S]
	// draws: [1m 9p 8p E 3p 7p Rd E 9s 9s 6m 1p 4s 5p Gd Wd 8s]
	// next k: 163
	// unknown_reading: mahjongWall: not an order of the 136 pieces: expected 136 names, found 135
}

// A Baloot hand on a site that numbers the 32 cards rank by rank, 7c 7d 7h 7s
// 8c … As (READ-11); seat 2 buys the upcard (vectors/match_seed_v2/match.json,
// case 43).
func ExampleMatch_Baloot() {
	m, err := fair.NewMatch("22dab4008e15c51f7ac67cfbd65b02c87f96e6309187f94e5a39988062da111f", "baloot", "baloot-two", []string{"north", "east", "south", "west"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var deck []string
	for c := range 32 {
		deck = append(deck, string("789TJQKA"[c/4])+string("cdhs"[c%4]))
	}
	h, err := m.Baloot(2, fair.BalootBlocks, deck...)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("seats:", m.Seats())
	fmt.Println("first:", h.First, "upcard:", h.Upcard)
	fmt.Println("rest:", h.Rest)
	fmt.Println("seat 2:", h.Final[2])
	// Output:
	// seats: [0 1 3 2]
	// first: [[7s Kh Ah Js Jd] [Ks Td 8d 7c 9s] [8c Jc 8h Qd 7h] [Tc 9c Jh Qc Ts]] upcard: Qs
	// rest: [9h 7d 9d As Ad Kd Kc Ac 8s Qh Th]
	// seat 2: [8c Jc 8h Qd 7h Qs Kc Ac]
}

// A poker_hmac_v1 hand: the hand value and its commitment, the root published
// before the deal, and the first cards (vectors/poker_hmac_v1/hand.json, case 1).
func ExampleDealPokerHand() {
	h, err := fair.DealPokerHand("61dcdd83c1eee61ced35975a846021c7e2d6be9c0fdfb76224e2238dc582a459", "table-1", "s-2026-11-29", 1, 1,
		[]fair.Seat{{Seat: 2, ClientSeed: "alice"}, {Seat: 7, ClientSeed: "bob"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.HandValue)
	fmt.Println(h.HandCommitment)
	fmt.Println(h.Root)
	fmt.Println(h.Deck[:6], h.Cards()[:6])
	fmt.Println(h.Salts[0], h.Counter)
	// Output:
	// 9c468c5b90708b9830761a84a6d0643898448efe714ed2dfb3a5441521bf3801
	// 53762fa293b96122144ae7543bbe49aacfe1a6951196ab3f7c2a256301922223
	// 5f68eda37b8735f665992468573a919e095b11d7f1d2d5df6f19c0392a3b6405
	// [40 29 48 6 38 17] [3s 5h Js 8c Ah 6d]
	// a1932338dc6b8ef5b956ab9a6c8524448a0350b99acd4a2bd9e1b6656916f02b 51
}

// The proof of the first hole card of the lowest seat, checked as the player
// would check it; another card at the same place fails
// (vectors/poker_hmac_v1/proof.json, case 1).
func ExampleVerifyProof() {
	h, err := fair.DealPokerHand("a96acc8fc3a4e8fd9e16a55aae54ed7639b957a15fbc776ed2ea2503989a2406", "table-1", "s-1", 1, 42,
		[]fair.Seat{{Seat: 0, ClientSeed: "ann"}, {Seat: 3, ClientSeed: "ben"}, {Seat: 5, ClientSeed: "cat"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := h.Proof(0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Card, p.Salt)
	fmt.Println(p.Root)
	ok, err := fair.VerifyProof(p.Root, p.Position, p.Card, p.Salt, p.Path)
	fmt.Println(ok, err)
	ok, err = fair.VerifyProof(p.Root, p.Position, p.Card+1, p.Salt, p.Path)
	fmt.Println(ok, err)
	// Output:
	// 24 167b7d1f2a424ec7fb3a76f8f7620b2b605730f044033cf7c302560caf2f8884
	// 3a1fa3d5a01cb56c04221b33ae201f17e048716e03f1e5955cce3554b19e6cba
	// true <nil>
	// false <nil>
}

// Two players, then a game against a bot (vectors/chess_colour_v1/colour.json,
// cases 1 and 4).
func ExampleChessColours() {
	c, err := fair.ChessColours("58cf9ec0759e745eee0a18b21f798077874703cef1007e5ce7ceaaaafca4a0b6", "anna",
		"ef7311cdc3709bb9545db4de1fc1277f93671059cd902c6831bf2240e64f8929", "boris", fair.BotDash)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.White, c.CommitA, c.CommitB)
	bot, err := fair.ChessColours("a5004cb70afeee2a12f7e5760583dd84e3ecd07db797277e4927387eb2557262", "anna", "", "", fair.BotDash)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(bot.White, bot.CommitA, bot.CommitB)
	// Output:
	// A cb98981ffa5e650f106203346bf3f17a1288144f54c3116949e204bc65766d41 0ef6bd76ebd3a483831ba130475e5f381d71f7625754b0db895aa32b09c450bb
	// A dd8e883a665ef190d4652601a5120c584d10359403a98fb82c5bb86478634bc3 -
}

// Equal seeds would cancel in the XOR, so A would always play White: refused
// (vectors/chess_colour_v1/colour.json, the equal_commitments case).
func ExampleChessColours_equalCommitments() {
	seed := "e945a49889d8d573db9f14569e0df96358de60c1b82a627d594bada62dada4da"
	_, err := fair.ChessColours(seed, "a", seed, "b", fair.BotDash)
	fmt.Println(errors.Is(err, fair.ErrEqualCommitments))
	// Output: true
}

// The self-hosted room's example seed (vectors/selfpoker_v1/deal.json, case 1).
func ExampleDealSelfPoker() {
	d, err := fair.DealSelfPoker("1234567890123456789", 2, fair.Pairs)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Commit)
	fmt.Println(d.Deck[:5], d.Hands, d.Board)
	// Output:
	// 449ccdb936a066bd7169c36b008299156bd923a42d7ab0ab21fc29e852225152
	// [20 27 29 16 43] [[7c 8s] [9d 6c]] [Qs 5h Kc 5d 5c]
}

// Verifying records: a bridge match verifies, its tampered twin fails at the
// card that changed (a card the deal holds already, so it is also shown twice,
// DIST-1), and a legacy record is unspecified (vectors/records-index.json).
func ExampleVerifyRecord() {
	counts := map[fair.Status]int{}
	for _, name := range []string{"bridge.json", "bridge.tampered.json", "legacy-v1.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "vectors", "records", name))
		if err != nil {
			fmt.Println(err)
			return
		}
		v := fair.VerifyRecord(data)
		counts[v.Status]++
		fmt.Println(name, v.Status)
		if v.Report == nil {
			fmt.Println("  ", errors.Is(v.Err(), fair.ErrSchemeUnspecified))
			continue
		}
		for _, c := range v.Report.Checks {
			for _, m := range c.Mismatches {
				fmt.Printf("  %s (%s): expected %s, record has %s\n", m.Pointer, m.Where, m.Expected, m.Found)
			}
		}
	}
	fmt.Println("exit status", fair.ExitCode(counts))
	// Output:
	// bridge.json verified
	// bridge.tampered.json failed
	//   /deals/1/2/6 (deal 2, third seat, card 7): expected a card not dealt before, record has 2c, already dealt (deal 2, second seat, card 7)
	//   /deals/1/2/6 (deal 2, third seat, card 7): expected Ad, record has 2c
	// legacy-v1.json unspecified
	//    true
	// exit status 1
}

// A record's text shown on a terminal: the carriage return and the ANSI
// escapes that would redraw the line, and the right-to-left override, are
// written out (spec TXT-2, the records vectors/records/hostile-*.json).
func ExampleShowText() {
	fmt.Println(`scheme "` + fair.ShowText("selfpoker_v1\r\x1b[2K  VERIFIED: all 4 checks hold") + `"`)
	fmt.Println(`kind "` + fair.ShowText("\u202edne_dnah") + `"`)
	// Output:
	// scheme "selfpoker_v1\u{000D}\u{001B}[2K  VERIFIED: all 4 checks hold"
	// kind "\u{202E}dne_dnah"
}
