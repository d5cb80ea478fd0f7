package bdd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cucumber/godog"
)

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
