package bdd

import (
	"fmt"
	"strings"

	"github.com/cucumber/godog"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

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
