// Command importer is a program of another module: the importability test
// (go/fair/importable_test.go) copies it into a throwaway module outside the
// repository, which requires github.com/pfkit/pfkit/v2 and replaces it with the
// checkout. It computes one answer of each scheme through go/fair, compares it
// with the vector files of the checkout (the directory in its first argument),
// checks that two inputs the spec forbids are refused with the spec's codes,
// and exits 1 on any difference.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"

	"github.com/pfkit/pfkit/v2/go/fair"
)

type vectorCase struct {
	Comment string          `json:"comment"`
	Input   json.RawMessage `json:"input"`
	Expect  json.RawMessage `json:"expect"`
	Error   string          `json:"error"`
}

var vectors string

func load(file string) []vectorCase {
	data, err := os.ReadFile(filepath.Join(vectors, file))
	if err != nil {
		fail("%v", err)
	}
	var f struct{ Cases []vectorCase }
	if err := json.Unmarshal(data, &f); err != nil {
		fail("%s: %v", file, err)
	}
	return f.Cases
}

// find returns the first case whose comment is comment.
func find(file, comment string) vectorCase {
	for _, c := range load(file) {
		if c.Comment == comment {
			return c
		}
	}
	fail("%s: no case %q", file, comment)
	return vectorCase{}
}

func decode(raw json.RawMessage, v any) {
	if err := json.Unmarshal(raw, v); err != nil {
		fail("%v", err)
	}
}

var failed bool

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "FAIL "+format+"\n", args...)
	os.Exit(1)
}

func same(what string, got, want any) {
	if !reflect.DeepEqual(got, want) {
		fmt.Printf("FAIL %s: got %v, the vector says %v\n", what, got, want)
		failed = true
		return
	}
	fmt.Println("ok  ", what)
}

func must[T any](v T, err error) T {
	if err != nil {
		fail("%v", err)
	}
	return v
}

func main() {
	if len(os.Args) != 2 {
		fail("usage: importer VECTORS_DIR")
	}
	vectors = os.Args[1]

	// match_seed_v2: a bridge deal and its seat order.
	c := find("match_seed_v2/match.json", "bridge: one deal, seat i gets cards 13i to 13i + 12")
	// encoding/json matches member names without regard to case: MatchID
	// reads "matchId".
	var mi struct {
		ServerSeed, Game, MatchID string
		ClientSeeds               []string
	}
	decode(c.Input, &mi)
	var me struct {
		Seats []int
		Deals [][4][]string
	}
	decode(c.Expect, &me)
	m := must(fair.NewMatch(mi.ServerSeed, mi.Game, mi.MatchID, mi.ClientSeeds))
	same("match_seed_v2 bridge seats", m.Seats(), me.Seats)
	same("match_seed_v2 bridge deal", must(m.Deal()), me.Deals[0])

	// poker_hmac_v1: the hand value, the deck and the root.
	c = find("poker_hmac_v1/hand.json", "two players at seats 2 and 7")
	var hi struct {
		ServerSeed, Table, Session string
		Hand                       int
		Seats                      []fair.Seat
	}
	decode(c.Input, &hi)
	var he struct {
		HandValue, Root string
		Deck            []int
	}
	decode(c.Expect, &he)
	h := must(fair.DealPokerHand(hi.ServerSeed, hi.Table, hi.Session, 1, hi.Hand, hi.Seats))
	same("poker_hmac_v1 hand value", h.HandValue, he.HandValue)
	same("poker_hmac_v1 deck", h.Deck, he.Deck)
	same("poker_hmac_v1 root", h.Root, he.Root)

	// chess_colour_v1: two players.
	c = find("chess_colour_v1/colour.json", "two players, game 1")
	var ci struct{ SeedA, ClientA, SeedB, ClientB string }
	decode(c.Input, &ci)
	var ce fair.Colours
	decode(c.Expect, &ce)
	same("chess_colour_v1 colours", must(fair.ChessColours(ci.SeedA, ci.ClientA, ci.SeedB, ci.ClientB, fair.BotDash)), ce)

	// selfpoker_v1: the page's example seed.
	c = find("selfpoker_v1/deal.json", "the page's example seed")
	var si struct {
		Seed    string
		Players int
	}
	decode(c.Input, &si)
	var se struct {
		Commit string
		Hands  [][2]string
		Board  [5]string
	}
	decode(c.Expect, &se)
	d := must(fair.DealSelfPoker(si.Seed, si.Players, fair.Pairs))
	same("selfpoker_v1 commit", d.Commit, se.Commit)
	same("selfpoker_v1 hands", d.Hands, se.Hands)
	same("selfpoker_v1 board", d.Board, se.Board)

	// A record and its tampered twin, as records-index.json lists them.
	var index struct {
		Records []struct {
			File   string
			Status fair.Status
		}
	}
	decode(must(os.ReadFile(filepath.Join(vectors, "records-index.json"))), &index)
	for _, r := range index.Records {
		if r.File == "bridge.json" || r.File == "bridge.tampered.json" {
			v := fair.VerifyRecord(must(os.ReadFile(filepath.Join(vectors, "records", r.File))))
			same("record "+r.File, v.Status, r.Status)
		}
	}

	// Refusals: a client seed holding separators, and equal chess commitments.
	c = find("match_seed_v2/draws.json", "a client seed that would forge another seat list: 0=a,1=b")
	decode(c.Input, &mi)
	_, err := fair.NewStream(mi.ServerSeed, mi.Game, mi.MatchID, mi.ClientSeeds)
	refused("client seed "+fmt.Sprintf("%q", mi.ClientSeeds[0]), err, c.Error, fair.ErrInvalidIdentifier)

	c = find("chess_colour_v1/colour.json", "both sides committed to the same seed: the XOR would always be 0")
	decode(c.Input, &ci)
	_, err = fair.ChessColours(ci.SeedA, ci.ClientA, ci.SeedB, ci.ClientB, fair.BotDash)
	refused("equal chess commitments", err, c.Error, fair.ErrEqualCommitments)

	if failed {
		os.Exit(1)
	}
}

// refused checks that err carries the code the vector expects, through
// errors.As and errors.Is.
func refused(what string, err error, want string, sentinel error) {
	var e *fair.Error
	if !errors.As(err, &e) {
		fmt.Printf("FAIL %s: expected a *fair.Error with code %s, got %v\n", what, want, err)
		failed = true
		return
	}
	same(what+" refused with", string(e.Code), want)
	same(what+" matches its sentinel", errors.Is(err, sentinel), true)
}
