package bdd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cucumber/godog"

	"github.com/pfkit/pfkit/v2/go/internal/archive"
	"github.com/pfkit/pfkit/v2/go/internal/audit"
	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/conform"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/merkle"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

const root = "../../.."

func TestFeatures(t *testing.T) {
	// The scenarios read files relative to the repository root.
	if _, err := os.Stat(filepath.Join(root, "spec", "pfkit.md")); err != nil {
		t.Fatalf("the feature tests run from go/internal/bdd: %v", err)
	}
	suite := godog.TestSuite{
		Name:                "pfkit",
		ScenarioInitializer: initialize,
		Options: &godog.Options{
			Format:   "pretty",
			Paths:    []string{filepath.Join(root, "features")},
			Strict:   true,
			NoColors: true,
			TestingT: t,
		},
	}
	if suite.Run() != 0 {
		t.Fatal("feature scenarios failed")
	}
}

// world is one scenario's state.
type world struct {
	serverSeed, game, matchID string
	clientSeeds               []string
	out                       strictjson.Object
	errCode                   errcode.Code

	table, session string
	hand           int
	seats          []poker.Seat
	dealt          *poker.Hand
	received       []poker.Proof

	sessionCommit string
	published     []published
	revealed      string
	tampered      map[int][]int // hand -> deck listed in the reveal

	seedA, clientA string
	seedB, clientB *string

	files   []vectors.Loaded
	results []conform.Result

	report  *record.Report
	archive string
	summary *audit.Summary
	single  *audit.Summary   // the one-run summary a sharded audit is compared with
	shards  []map[string]any // shard summaries as pfkit audit --json writes them, digest included
	twins   []map[string]any // the same for an archive of the same name and size, one hex digit apart
}

type published struct {
	hand                 int
	seats                []poker.Seat
	commitment, rootHash string
}

// call runs an op through the runner contract's dispatcher and keeps the output
// or the error code.
func (w *world) call(scheme, op string, input map[string]any) error {
	raw, err := canon.Compact(input)
	if err != nil {
		return err
	}
	v, err := strictjson.Parse(raw, strictjson.Default)
	if err != nil {
		return err
	}
	w.out, w.errCode = nil, ""
	out, err := ops.Call(scheme, op, v.(strictjson.Object))
	if err != nil {
		if errcode.Of(err) == "" {
			return err
		}
		w.errCode = errcode.Of(err)
		return nil
	}
	b, _ := canon.Compact(out)
	o, _ := strictjson.Parse(b, strictjson.Limits{MaxBytes: 1 << 26, MaxDepth: 64})
	w.out = o.(strictjson.Object)
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func ints(s string) ([]int, error) {
	var out []int
	for _, f := range splitList(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

func asInts(v any) []int {
	a, _ := v.([]any)
	out := make([]int, len(a))
	for i, x := range a {
		n, _ := x.(json.Number).Int64()
		out[i] = int(n)
	}
	return out
}

func asStrings(v any) []string {
	a, _ := v.([]any)
	out := make([]string, len(a))
	for i, x := range a {
		out[i], _ = x.(string)
	}
	return out
}

func equalOr(what string, want, got any) error {
	if fmt.Sprint(want) != fmt.Sprint(got) {
		return fmt.Errorf("%s: expected %v, found %v", what, want, got)
	}
	return nil
}

func (w *world) needOutput() error {
	if w.errCode != "" {
		return fmt.Errorf("the request was refused with %s", w.errCode)
	}
	if w.out == nil {
		return errors.New("nothing was computed")
	}
	return nil
}

func parseSeats(s string) ([]poker.Seat, error) {
	var seats []poker.Seat
	for _, f := range splitList(s) {
		seat, seed, ok := strings.Cut(f, "=")
		n, err := strconv.Atoi(seat)
		if !ok || err != nil {
			return nil, fmt.Errorf("a seat is written N=clientSeed, found %q", f)
		}
		seats = append(seats, poker.Seat{Seat: n, ClientSeed: seed})
	}
	return seats, nil
}

func initialize(sc *godog.ScenarioContext) {
	w := &world{}
	sc.Before(func(ctx context.Context, _ *godog.Scenario) (context.Context, error) {
		*w = world{}
		return ctx, nil
	})
	matchSteps(sc, w)
	pokerSteps(sc, w)
	chessSteps(sc, w)
	recordSteps(sc, w)
	archiveSteps(sc, w)
	releaseSteps(sc)
}

// matchSteps set up a match_seed_v2 match, replay it and check its seat
// order, then register the steps of its deals, games and messages.
func matchSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^the server seed "([^"]*)"$`, func(s string) { w.serverSeed = s })
	sc.Step(`^the commitment of the server seed is "([^"]*)"$`, func(want string) error {
		if err := w.call("match_seed_v2", "commit", map[string]any{"serverSeed": w.serverSeed}); err != nil {
			return err
		}
		return equalOr("commitment", want, w.out["commitment"])
	})
	sc.Step(`^a "([^"]*)" match "([^"]*)" with the client seeds "([^"]*)"$`, func(game, id, seeds string) {
		w.game, w.matchID, w.clientSeeds = game, id, splitList(seeds)
	})
	sc.Step(`^the match is replayed with the play (.*)$`, func(play string) error { return w.replay(w.clientSeeds, play) })
	sc.Step(`^the seat order is "([^"]*)"$`, func(want string) error {
		if err := w.needOutput(); err != nil {
			return err
		}
		exp, err := ints(want)
		if err != nil {
			return err
		}
		return equalOr("seat order", exp, asInts(w.out["seats"]))
	})
	dealSteps(sc, w)
	backgammonSteps(sc, w)
	messageSteps(sc, w)
}

// dealSteps check 52-card deals: the cards of each seat, each card once, and a
// deal that changes with a client seed.
func dealSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^deal (\d+) gives the seats these cards:$`, func(n int, table *godog.Table) error {
		if err := w.needOutput(); err != nil {
			return err
		}
		deal := w.out["deals"].([]any)[n-1].([]any)
		for _, row := range table.Rows[1:] {
			seat, _ := strconv.Atoi(row.Cells[0].Value)
			if err := equalOr(fmt.Sprintf("seat %d", seat), strings.Fields(row.Cells[1].Value), asStrings(deal[seat])); err != nil {
				return err
			}
		}
		return nil
	})
	sc.Step(`^every deal uses each of the 52 cards exactly once$`, func() error {
		for d, deal := range w.out["deals"].([]any) {
			seen := map[string]bool{}
			for _, hand := range deal.([]any) {
				for _, c := range asStrings(hand) {
					if seen[c] {
						return fmt.Errorf("deal %d: %s dealt twice", d+1, c)
					}
					seen[c] = true
				}
			}
			if len(seen) != 52 {
				return fmt.Errorf("deal %d: %d distinct cards, expected 52", d+1, len(seen))
			}
		}
		return nil
	})
	sc.Step(`^the next draw of the match is number (\d+)$`, func(k int) error {
		if err := w.needOutput(); err != nil {
			return err
		}
		return equalOr("counter", k, w.out["counter"])
	})
	sc.Step(`^deal (\d+) differs from the deal with client seeds "([^"]*)"$`, func(n int, seeds string) error {
		if err := w.needOutput(); err != nil {
			return err
		}
		mine := fmt.Sprint(w.out["deals"].([]any)[n-1])
		if err := w.replay(splitList(seeds), `{"deals": 1}`); err != nil {
			return err
		}
		if fmt.Sprint(w.out["deals"].([]any)[n-1]) == mine {
			return errors.New("changing one client seed did not change the deal")
		}
		return nil
	})
}

// backgammonSteps check a backgammon match: its openings, first mover and
// rolls; and refusals of any match request.
func backgammonSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^game (\d+) opens with the throws "([^"]*)"$`, func(n int, want string) error {
		if err := w.needOutput(); err != nil {
			return err
		}
		g := w.out["games"].([]any)[n-1].(strictjson.Object)
		return equalOr("opening", strings.ReplaceAll(want, " ", ""), throws(g["opening"]))
	})
	sc.Step(`^seat (\d+) moves first$`, func(seat int) error {
		g := w.out["games"].([]any)[0].(strictjson.Object)
		return equalOr("first", seat, g["first"])
	})
	sc.Step(`^the later turns of game (\d+) roll "([^"]*)"$`, func(n int, want string) error {
		g := w.out["games"].([]any)[n-1].(strictjson.Object)
		return equalOr("rolls", strings.ReplaceAll(want, " ", ""), throws(g["rolls"]))
	})
	sc.Step(`^the request is refused with "([^"]*)"$`, func(code string) error {
		if w.errCode == "" {
			return fmt.Errorf("expected %s, the request succeeded", code)
		}
		return equalOr("error code", code, w.errCode)
	})
}

// messageSteps check the draw message and a client seed that would forge
// another seat list (ID-1).
func messageSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^its draw message would read "([^"]*)"$`, func(want string) error {
		return equalOr("message", want, stream.MatchPrefix(w.game, w.matchID, w.clientSeeds)+"0")
	})
	sc.Step(`^that is also the message of the client seeds "([^"]*)"$`, func(seeds string) error {
		return equalOr("message", stream.MatchPrefix(w.game, w.matchID, w.clientSeeds), stream.MatchPrefix(w.game, w.matchID, splitList(seeds)))
	})
	sc.Step(`^a "([^"]*)" match "([^"]*)" with one player whose client seed is "([^"]*)"$`, func(game, id, seed string) {
		w.game, w.matchID, w.clientSeeds = game, id, []string{seed}
	})
	sc.Step(`^replaying a match with that client seed is refused with "([^"]*)"$`, func(code string) error {
		w.serverSeed = stream.Commit("any seed")
		if err := w.replay(w.clientSeeds, `{"deals": 1}`); err != nil {
			return err
		}
		return equalOr("error code", code, w.errCode)
	})
}

// replay runs the scenario's match with these client seeds and play (JSON)
// through the match op.
func (w *world) replay(seeds []string, play string) error {
	var p any
	if err := json.Unmarshal([]byte(play), &p); err != nil {
		return fmt.Errorf("play is not JSON: %v", err)
	}
	s := make([]any, len(seeds))
	for i, x := range seeds {
		s[i] = x
	}
	return w.call("match_seed_v2", "match", map[string]any{"serverSeed": w.serverSeed, "game": w.game, "matchId": w.matchID, "clientSeeds": s, "play": p})
}

func throws(v any) string {
	var parts []string
	for _, t := range v.([]any) {
		d := asInts(t)
		parts = append(parts, fmt.Sprintf("%d-%d", d[0], d[1]))
	}
	return strings.Join(parts, ",")
}

// pokerSteps deal a poker_hmac_v1 hand and check what a player leaving the
// table receives, and that forged proofs fail; then the session reveal steps.
func pokerSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^poker table "([^"]*)" in session "([^"]*)" with the server seed "([^"]*)"$`, func(t, s, seed string) {
		w.table, w.session, w.serverSeed = t, s, seed
	})
	sc.Step(`^hand (\d+) is dealt to the seats "([^"]*)"$`, func(n int, s string) error {
		seats, err := parseSeats(s)
		if err != nil {
			return err
		}
		w.hand, w.seats = n, seats
		w.dealt, err = poker.Deal(w.serverSeed, w.table, w.session, n, seats)
		return err
	})
	sc.Step(`^the hand commitment is "([^"]*)"$`, func(want string) error {
		return equalOr("hand commitment", want, w.dealt.HandCommitment)
	})
	sc.Step(`^the deck root is "([^"]*)"$`, func(want string) error { return equalOr("root", want, w.dealt.Tree.Root()) })
	sc.Step(`^"([^"]*)" leaves the table$`, func(name string) error {
		sorted := poker.SortSeats(w.seats)
		for j, s := range sorted {
			if s.ClientSeed != name {
				continue
			}
			w.received = nil
			hole := poker.HolePositions(j, len(sorted), reading.Pairs)
			board := poker.BoardPositions(len(sorted))
			for _, p := range append(hole[:], board[:]...) {
				proof, err := w.dealt.Proof(p)
				if err != nil {
					return err
				}
				w.received = append(w.received, proof)
			}
			return nil
		}
		return fmt.Errorf("nobody called %s is seated", name)
	})
	sc.Step(`^"([^"]*)" receives the cards "([^"]*)" at positions "([^"]*)"$`, func(_ string, cards, positions string) error {
		return checkReceived(w.received[:2], cards, positions)
	})
	sc.Step(`^the board "([^"]*)" at positions "([^"]*)"$`, func(cards, positions string) error {
		return checkReceived(w.received[2:], cards, positions)
	})
	sc.Step(`^every proof "([^"]*)" received verifies against the published root$`, func(string) error {
		for _, p := range w.received {
			if !w.verify(p) {
				return fmt.Errorf("the proof of position %d does not verify", p.Position)
			}
		}
		return nil
	})
	forged := func(what string, change func(*poker.Proof)) func() error {
		return func() error {
			p := w.received[0]
			p.Path = append([]string(nil), p.Path...)
			change(&p)
			if w.verify(p) {
				return fmt.Errorf("a proof %s verified", what)
			}
			return nil
		}
	}
	sc.Step(`^his proof for position 2 with another card does not verify$`, forged("with another card", func(p *poker.Proof) { p.Card = (p.Card + 1) % 52 }))
	sc.Step(`^his proof for position 2 presented for position 3 does not verify$`, forged("for another position", func(p *poker.Proof) { p.Position = 3 }))
	sc.Step(`^his proof for position 2 checked against another hand's root does not verify$`, forged("against another root", func(p *poker.Proof) {
		// The next hand of the same seats; past the session's last hand, a
		// root of the other proof's own kind still fails to match.
		if next, err := poker.Deal(w.serverSeed, w.table, w.session, w.hand+1, w.seats); err == nil {
			p.Root = next.Tree.Root()
		} else {
			p.Root = stream.Commit(p.Root)
		}
	}))
	revealSteps(sc, w)
}

// revealSteps check a poker session reveal against what the table
// published before each deal: commitments and roots.
func revealSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^poker table "([^"]*)" in session "([^"]*)" committed to "([^"]*)"$`, func(t, s, c string) {
		w.table, w.session, w.sessionCommit = t, s, c
	})
	sc.Step(`^before each deal the table published:$`, func(table *godog.Table) error {
		for _, row := range table.Rows[1:] {
			n, _ := strconv.Atoi(row.Cells[0].Value)
			seats, err := parseSeats(row.Cells[1].Value)
			if err != nil {
				return err
			}
			w.published = append(w.published, published{n, seats, row.Cells[2].Value, row.Cells[3].Value})
		}
		return nil
	})
	sc.Step(`^the session rotates and the table reveals the seed "([^"]*)"$`, func(seed string) {
		w.revealed, w.tampered = seed, map[int][]int{}
	})
	sc.Step(`^the revealed deck of hand (\d+) has positions (\d+) and (\d+) swapped$`, func(n, a, b int) error {
		p := w.published[n-1]
		h, err := poker.Deal(w.revealed, w.table, w.session, n, p.seats)
		if err != nil {
			return err
		}
		deck := append([]int(nil), h.Deck...)
		deck[a], deck[b] = deck[b], deck[a]
		w.tampered[n] = deck
		return nil
	})
	sc.Step(`^the reveal matches the session commitment$`, func() error {
		return equalOr("session commitment", w.sessionCommit, stream.Commit(w.revealed))
	})
	sc.Step(`^the reveal does not match the session commitment$`, func() error {
		if stream.Commit(w.revealed) == w.sessionCommit {
			return errors.New("a different seed matched the commitment")
		}
		return nil
	})
	handsMatch := func(from, to int) error {
		for n := from; n <= to; n++ {
			if c, r := w.revealCheck(n); !c || !r {
				return fmt.Errorf("hand %d: commitment ok %v, root ok %v", n, c, r)
			}
		}
		return nil
	}
	sc.Step(`^hands (\d+) to (\d+) match their commitments and roots$`, handsMatch)
	sc.Step(`^hands (\d+) and (\d+) still match their commitments and roots$`, func(a, b int) error {
		if err := handsMatch(a, a); err != nil {
			return err
		}
		return handsMatch(b, b)
	})
	sc.Step(`^hand (\d+) does not match its commitment$`, func(n int) error {
		if c, _ := w.revealCheck(n); c {
			return fmt.Errorf("hand %d matched its commitment", n)
		}
		return nil
	})
	sc.Step(`^hand (\d+) does not match its root$`, func(n int) error {
		if _, r := w.revealCheck(n); r {
			return fmt.Errorf("hand %d matched its root", n)
		}
		return nil
	})
}

func checkReceived(got []poker.Proof, cardList, positions string) error {
	pos, err := ints(positions)
	if err != nil {
		return err
	}
	names := strings.Fields(cardList)
	if len(got) != len(pos) || len(names) != len(pos) {
		return fmt.Errorf("expected %d cards, received %d", len(pos), len(got))
	}
	for i, p := range got {
		if err := equalOr("position", pos[i], p.Position); err != nil {
			return err
		}
		if err := equalOr(fmt.Sprintf("card at %d", p.Position), names[i], cards.Table52.Name(p.Card)); err != nil {
			return err
		}
	}
	return nil
}

// verify runs a proof through the verifyProof op, as a player's tool would.
func (w *world) verify(p poker.Proof) bool {
	path := make([]any, len(p.Path))
	for i, s := range p.Path {
		path[i] = s
	}
	err := w.call("poker_hmac_v1", "verifyProof", map[string]any{"root": p.Root, "position": p.Position, "card": p.Card, "salt": p.Salt, "path": path})
	return err == nil && w.out != nil && w.out["valid"] == true
}

// revealCheck recomputes hand n from the revealed seed: its commitment against
// the published one, and the root of the deck the reveal lists against the
// published root.
func (w *world) revealCheck(n int) (commitmentOK, rootOK bool) {
	p := w.published[n-1]
	h, err := poker.Deal(w.revealed, w.table, w.session, n, p.seats)
	if err != nil {
		return false, false // a revealed seed the scheme refuses matches nothing
	}
	deck := h.Deck
	if t, ok := w.tampered[n]; ok {
		deck = t
	}
	leaves := make([]string, len(deck))
	for i, c := range deck {
		leaves[i] = merkle.Leaf(i, c, h.Salts[i])
	}
	return h.HandCommitment == p.commitment, merkle.Build(leaves).Root() == p.rootHash
}

// chessSteps draw chess_colour_v1 colours; then the selfpoker and vector
// steps.
func chessSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^player A with the seed "([^"]*)" and the client seed "([^"]*)"$`, func(s, c string) { w.seedA, w.clientA = s, c })
	sc.Step(`^player B with the seed "([^"]*)" and the client seed "([^"]*)"$`, func(s, c string) { w.seedB, w.clientB = &s, &c })
	sc.Step(`^player B is a bot$`, func() { w.seedB, w.clientB = nil, nil })
	sc.Step(`^the colours are drawn$`, func() error {
		in := map[string]any{"seedA": w.seedA, "clientA": w.clientA, "seedB": nil, "clientB": nil}
		if w.seedB != nil {
			in["seedB"], in["clientB"] = *w.seedB, *w.clientB
		}
		return w.call("chess_colour_v1", "colour", in)
	})
	sc.Step(`^A's commitment is "([^"]*)"$`, func(want string) error { return equalOr("commitA", want, w.out["commitA"]) })
	sc.Step(`^B's commitment is "([^"]*)"$`, func(want string) error { return equalOr("commitB", want, w.out["commitB"]) })
	sc.Step(`^"([AB])" plays White$`, func(who string) error {
		if err := w.needOutput(); err != nil {
			return err
		}
		return equalOr("White", who, w.out["white"])
	})
	selfpokerSteps(sc, w)
	vectorSteps(sc, w)
}

// selfpokerSteps check a selfpoker_v1 deal.
func selfpokerSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^the selfpoker seed "([^"]*)"$`, func(s string) { w.serverSeed = s })
	sc.Step(`^its commitment is "([^"]*)"$`, func(want string) error {
		return equalOr("commitment", want, stream.Commit("selfpoker:"+w.serverSeed))
	})
	sc.Step(`^it is dealt to (\d+) players$`, func(n int) error {
		return w.call("selfpoker_v1", "deal", map[string]any{"seed": w.serverSeed, "players": n})
	})
	sc.Step(`^the deck starts "([^"]*)"$`, func(want string) error {
		if err := w.needOutput(); err != nil {
			return err
		}
		exp, err := ints(want)
		if err != nil {
			return err
		}
		return equalOr("deck", exp, asInts(w.out["deck"])[:len(exp)])
	})
	sc.Step(`^player (\d+) holds "([^"]*)"$`, func(i int, cards string) error {
		return equalOr(fmt.Sprintf("player %d", i), strings.Fields(cards), asStrings(w.out["hands"].([]any)[i-1]))
	})
	sc.Step(`^the board is "([^"]*)"$`, func(cards string) error {
		return equalOr("board", strings.Fields(cards), asStrings(w.out["board"]))
	})
}

// vectorSteps evaluate a request of any scheme, and check the vector files:
// valid, unique, noted, regenerated unchanged and passed by the reference.
func vectorSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^a "([^"]*)" request for the op "([^"]*)" is evaluated$`, func(scheme, op string) error {
		return w.call(scheme, op, map[string]any{"serverSeed": stream.Commit("x")})
	})

	sc.Step(`^the vector files in "([^"]*)"$`, func(dir string) error {
		files, err := vectors.Load(filepath.Join(root, dir))
		w.files = files
		return err
	})
	sc.Step(`^every file validates against its schema$`, func() error {
		schemas, err := record.Schemas()
		if err != nil {
			return err
		}
		for _, f := range w.files {
			name, _ := f.Raw.(strictjson.Object)["schema"].(string)
			if err := schemas.Validate(name, f.Raw); err != nil {
				return fmt.Errorf("%s: %v", f.Path, err)
			}
		}
		return nil
	})
	sc.Step(`^every case id is unique within its file$`, func() error {
		for _, f := range w.files {
			seen := map[string]bool{}
			for _, c := range f.Cases {
				if seen[c.Name] {
					return fmt.Errorf("%s: %s appears twice", f.Path, c.Name)
				}
				seen[c.Name] = true
			}
		}
		return nil
	})
	sc.Step(`^every flag used has a note$`, func() error {
		for _, f := range w.files {
			o := f.Raw.(strictjson.Object)
			notes, _ := o["notes"].(strictjson.Object)
			for _, c := range o["cases"].([]any) {
				for _, fl := range c.(strictjson.Object)["flags"].([]any) {
					if _, ok := notes[fl.(string)]; !ok {
						return fmt.Errorf("%s: flag %v has no note", f.Path, fl)
					}
				}
			}
		}
		return nil
	})
	sc.Step(`^regenerating them changes no byte$`, func() error {
		problems, err := vectors.Check(filepath.Join(root, "vectors"))
		if err == nil && len(problems) > 0 {
			err = errors.New(strings.Join(problems, "; "))
		}
		return err
	})
	sc.Step(`^every case is run through the reference$`, func() error {
		var cases []vectors.Runnable
		for _, f := range w.files {
			cases = append(cases, f.Cases...)
		}
		res, err := conform.Run(context.Background(), conform.Go{}, cases)
		w.results = res
		return err
	})
	sc.Step(`^every case passes$`, func() error {
		for _, r := range w.results {
			if !r.Pass {
				return fmt.Errorf("%s: %s", r.Name, r.Detail)
			}
		}
		if len(w.results) == 0 {
			return errors.New("no cases ran")
		}
		return nil
	})
}

func recordSteps(sc *godog.ScenarioContext, w *world) {
	sc.Step(`^I verify the record "([^"]*)"$`, func(p string) error {
		data, err := os.ReadFile(filepath.Join(root, p))
		if err != nil {
			return err
		}
		w.report, err = record.VerifyBytes(data)
		return err
	})
	sc.Step(`^the verdict is "([^"]*)"$`, func(want string) error { return equalOr("verdict", want, w.report.Status) })
	sc.Step(`^the report says "([^"]*)"$`, func(want string) error {
		var all []string
		for _, c := range w.report.Checks {
			all = append(all, c.Summary)
			for _, m := range c.Mismatches {
				all = append(all, fmt.Sprintf("%s: expected %s, record has %s", m.Where, m.Expected, m.Found))
			}
		}
		all = append(all, w.report.Notes...)
		if !strings.Contains(strings.Join(all, "\n"), want) {
			return fmt.Errorf("the report does not say %q; it says:\n%s", want, strings.Join(all, "\n"))
		}
		return nil
	})
	sc.Step(`^the only mismatch is at "([^"]*)"$`, func(p string) error {
		return equalOr("mismatch pointers", []string{p}, w.report.Failures())
	})
	sc.Step(`^the mismatches are at "([^"]*)"$`, func(list string) error {
		return equalOr("mismatch pointers", strings.Split(list, ", "), w.report.Failures())
	})
	sc.Step(`^the only failed check is "([^"]*)"$`, func(name string) error {
		var failed []string
		for _, c := range w.report.Checks {
			if !c.OK {
				failed = append(failed, c.Name)
			}
		}
		return equalOr("failed checks", []string{name}, failed)
	})
}

// archiveSteps are the audit's: an archive made, audited whole or in shards,
// and merged.
func archiveSteps(sc *godog.ScenarioContext, w *world) {
	mergeSteps(sc, w)
	sc.Step(`^an archive of (\d+) "([^"]*)" records where every (\d+)th is tampered$`, func(n int, kind string, every int) error {
		var buf bytes.Buffer
		if err := archive.Generate(&buf, kind, n, every); err != nil {
			return err
		}
		dir, err := os.MkdirTemp("", "pfkit-audit")
		if err != nil {
			return err
		}
		w.archive = filepath.Join(dir, "archive.jsonl")
		return os.WriteFile(w.archive, buf.Bytes(), 0o644)
	})
	sc.Step(`^line (\d+) of the archive is cut short$`, func(n int) error {
		data, err := os.ReadFile(w.archive)
		if err != nil {
			return err
		}
		lines := strings.Split(string(data), "\n")
		lines[n-1] = lines[n-1][:len(lines[n-1])/2]
		return os.WriteFile(w.archive, []byte(strings.Join(lines, "\n")), 0o644)
	})
	sc.Step(`^the archive is audited$`, func() error {
		var err error
		w.summary, err = audit.Run(w.archive, audit.Options{})
		os.RemoveAll(filepath.Dir(w.archive))
		return err
	})
	sc.Step(`^the archive is audited as (\d+) shards and the summaries merged$`, func(n int) error {
		defer os.RemoveAll(filepath.Dir(w.archive))
		var err error
		if w.single, err = audit.Run(w.archive, audit.Options{}); err != nil {
			return err
		}
		parts := make([]*audit.Summary, n)
		for i := range parts {
			if parts[i], err = audit.Run(w.archive, audit.Options{Shard: audit.Shard{Index: i + 1, Count: n}}); err != nil {
				return err
			}
		}
		w.summary, err = audit.Merge(parts)
		return err
	})
	sc.Step(`^the merged summary is the single run's$`, func() error {
		want, _ := json.Marshal(w.single)
		got, _ := json.Marshal(w.summary)
		return equalOr("merged summary", string(want), string(got))
	})
	sc.Step(`^(\d+) records? (?:is|are) "([^"]*)"$`, func(n int, status string) error {
		return equalOr(status, n, w.summary.ByStatus[status])
	})
	sc.Step(`^the first problem is reported at "([^"]*)"$`, func(where string) error {
		if len(w.summary.Examples) == 0 {
			return errors.New("no problem was reported")
		}
		return equalOr("first problem", where, w.summary.Examples[0].Where)
	})
}

// shardDocs audits path as n shards and returns their summaries as pfkit
// audit --json writes them: with the release, the time taken, the exit
// status and the digest of the members two runs agree on.
func shardDocs(path string, n int) ([]map[string]any, error) {
	var out []map[string]any
	for i := range n {
		s, err := audit.Run(path, audit.Options{Shard: audit.Shard{Index: i + 1, Count: n}})
		if err != nil {
			return nil, err
		}
		doc := audit.NewDocument(s)
		secs := 0.5
		doc.Seconds = &secs
		out = append(out, seal(decodeDoc(mustJSON(doc))))
	}
	return out, nil
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// seal makes a summary's digest again, as anyone can.
func seal(d map[string]any) map[string]any {
	d["digest"], _ = audit.Digest(d)
	return d
}

func decodeDoc(b []byte) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	dec.Decode(&m)
	return m
}

func cloneDoc(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	return decodeDoc(b)
}

// mergeDocs merges summaries as pfkit audit merge reads them; with an
// archive, as pfkit audit merge --archive ARCHIVE --rerun 1,…,N does.
func mergeDocs(docs []map[string]any, archive string) (*audit.Summary, error) {
	var parts []*audit.Summary
	for _, d := range docs {
		s, err := audit.ReadSummary(mustJSON(d))
		if err != nil {
			return nil, err
		}
		parts = append(parts, s)
	}
	m, err := audit.Merge(parts)
	if err != nil || archive == "" {
		return m, err
	}
	if err := audit.CheckArchive(archive, parts); err != nil {
		return nil, err
	}
	for _, p := range parts {
		if err := audit.Confirm(archive, p); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// attack edits the honest shard summaries docs as the scenario names it.
func (w *world) attack(name string, docs []map[string]any) error {
	n := len(docs)
	switch name {
	case "shard 2's total is raised by 1000000":
		t, _ := docs[1]["total"].(json.Number).Int64()
		docs[1]["total"] = json.Number(strconv.FormatInt(t+1000000, 10))
	case "shard 1 is copied as shard 2":
		docs[1] = cloneDoc(w.shards[0])
		docs[1]["shard"].(map[string]any)["index"] = json.Number("2")
	case "shard 2 comes from another archive of the same name and size":
		docs[1] = cloneDoc(w.twins[1])
	case "shard 2 lists a problem on line 1":
		docs[1]["examples"].([]any)[0].(map[string]any)["where"] = "line 1"
	case "shard 2 counts -3 records unreadable and 3 unspecified":
		docs[1]["byStatus"].(map[string]any)["unreadable"] = json.Number("-3")
		docs[1]["byStatus"].(map[string]any)["unspecified"] = json.Number("3")
	case "shard 2 names another release":
		docs[1]["pfkit"] = map[string]any{"version": "0.0.1"}
	case "shard 2 of the other archive claims this archive's SHA-256":
		docs[1] = cloneDoc(w.twins[1])
		docs[1]["archive"] = cloneDoc(w.shards[0])["archive"]
	case "the boundary between them is moved by 1000 bytes":
		for i, end := range []int{1, 0} {
			r := docs[i]["shard"].(map[string]any)["range"].([]any)
			v, _ := r[end].(json.Number).Int64()
			r[end] = json.Number(strconv.FormatInt(v+1000, 10))
		}
	case "shard 1's failures are turned into verified":
		d := docs[0]
		f := d["byStatus"].(map[string]any)["failed"]
		v, _ := d["byStatus"].(map[string]any)["verified"].(json.Number).Int64()
		g, _ := f.(json.Number).Int64()
		all := json.Number(strconv.FormatInt(v+g, 10))
		d["byStatus"] = map[string]any{"verified": all}
		d["byKind"] = map[string]any{"selfpoker_v1/hand_end": map[string]any{"verified": all}}
		d["reasons"], d["examples"], d["exit"], d["verdict"] = map[string]any{}, []any{}, json.Number("0"), "verified"
	default:
		return fmt.Errorf("no such attack: %s (%d shards)", name, n)
	}
	return nil
}

// mergeSteps audit an archive as shard jobs and merge their summaries, as
// they are and edited.
func mergeSteps(sc *godog.ScenarioContext, w *world) {
	sc.After(func(ctx context.Context, _ *godog.Scenario, err error) (context.Context, error) {
		if w.archive != "" {
			os.RemoveAll(filepath.Dir(w.archive))
		}
		return ctx, err
	})
	sc.Step(`^the archive is audited as (\d+) shard jobs$`, func(n int) error {
		var err error
		if w.shards, err = shardDocs(w.archive, n); err != nil {
			return err
		}
		// The same name and size, one hex digit of the last commitment apart.
		data, err := os.ReadFile(w.archive)
		if err != nil {
			return err
		}
		i := bytes.LastIndex(data, []byte(`"commit":"`)) + len(`"commit":"`)
		data[i] ^= 1 // '0' and '1', '2' and '3', …, 'a' and '`'
		if data[i] == '`' {
			data[i] = 'c'
		}
		twin := filepath.Join(filepath.Dir(w.archive), "twin", filepath.Base(w.archive))
		if err := os.Mkdir(filepath.Dir(twin), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(twin, data, 0o644); err != nil {
			return err
		}
		w.twins, err = shardDocs(twin, n)
		return err
	})
	sc.Step(`^merging the shards gives (\d+) records$`, func(n int) error {
		m, err := mergeDocs(w.shards, w.archive)
		if err != nil {
			return err
		}
		return equalOr("merged total", n, m.Total)
	})
	sc.Step(`^merge refuses the shards when (.+), saying "([^"]*)" and, with the digest made again, "([^"]*)"$`, func(attack, edited, forged string) error {
		for _, c := range []struct {
			remade bool
			want   string
		}{{false, edited}, {true, forged}} {
			docs := make([]map[string]any, len(w.shards))
			for i := range docs {
				docs[i] = cloneDoc(w.shards[i])
			}
			if err := w.attack(attack, docs); err != nil {
				return err
			}
			if c.remade {
				seal(docs[1])
			}
			_, err := mergeDocs(docs, "")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				return fmt.Errorf("%s (digest made again: %v): expected a refusal saying %q, got %v", attack, c.remade, c.want, err)
			}
		}
		return nil
	})
	sc.Step(`^only (the archive read again|a re-run of the shard) refuses the shards when (.+), saying "([^"]*)"$`, func(check, attack, want string) error {
		docs := make([]map[string]any, len(w.shards))
		for i := range docs {
			docs[i] = cloneDoc(w.shards[i])
		}
		if err := w.attack(attack, docs); err != nil {
			return err
		}
		for _, d := range docs {
			seal(d)
		}
		if _, err := mergeDocs(docs, ""); err != nil {
			return fmt.Errorf("%s: the summaries alone refuse it (%v), not only %s", attack, err, check)
		}
		_, err := mergeDocs(docs, w.archive)
		if err == nil || !strings.Contains(err.Error(), want) {
			return fmt.Errorf("%s: expected %s to refuse it saying %q, got %v", attack, check, want, err)
		}
		return nil
	})
	sc.Step(`^two runs of shard (\d+) give the same digest$`, func(i int) error {
		again, err := shardDocs(w.archive, len(w.shards))
		if err != nil {
			return err
		}
		again[i-1]["seconds"] = 99.5 // another run, another time
		return equalOr("digest of a re-run", w.shards[i-1]["digest"], seal(again[i-1])["digest"])
	})
}
