package bdd

import (
	"fmt"
	"strings"

	"github.com/cucumber/godog"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

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

func throws(v any) string {
	var parts []string
	for _, t := range v.([]any) {
		d := asInts(t)
		parts = append(parts, fmt.Sprintf("%d-%d", d[0], d[1]))
	}
	return strings.Join(parts, ",")
}
