package bdd

import (
	"github.com/cucumber/godog"
)

// chessSteps draw chess_colour_v1 colours.
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
}
