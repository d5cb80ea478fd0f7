package bdd

import (
	"fmt"
	"strings"

	"github.com/cucumber/godog"
	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// pokerSteps deal a poker_hmac_v1 hand and check what a player leaving the
// table receives, and that forged proofs fail.
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
