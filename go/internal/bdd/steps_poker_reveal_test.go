package bdd

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/cucumber/godog"
	"github.com/pfkit/pfkit/v2/go/internal/merkle"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

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
