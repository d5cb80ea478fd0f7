package bdd

import (
	"github.com/cucumber/godog"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

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
