package bdd

import (
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
	"github.com/pfkit/pfkit/v2/go/internal/audit"
	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/conform"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/record"
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
	// One steps file per feature (steps_<feature>_test.go); the match steps
	// below are shared by bridge, backgammon, checkers and separators.
	matchSteps(sc, w)
	dealSteps(sc, w)
	backgammonSteps(sc, w)
	messageSteps(sc, w)
	pokerSteps(sc, w)
	revealSteps(sc, w)
	chessSteps(sc, w)
	selfpokerSteps(sc, w)
	vectorSteps(sc, w)
	recordSteps(sc, w)
	mergeSteps(sc, w)
	archiveSteps(sc, w)
	releaseSteps(sc)
}

// matchSteps set up a match_seed_v2 match, replay it and check its seat
// order.
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
