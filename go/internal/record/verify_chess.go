package record

import (
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// verifyChess checks a chess_colour_v1 record: each revealed seed against its
// commitment, the two commitments distinct, and White from both words (CC-*).
func verifyChess(r *Record) (*Report, error) {
	var c struct {
		SeedA   string  `json:"seedA"`
		CommitA string  `json:"commitA"`
		ClientA string  `json:"clientA"`
		SeedB   *string `json:"seedB"`
		// BotClientSeed is the declared reading of a bot's client seed (READ-9).
		BotClientSeed string  `json:"botClientSeed"`
		CommitB       string  `json:"commitB"`
		ClientB       *string `json:"clientB"`
		White         string  `json:"white"`
	}
	if err := r.decode(&c); err != nil {
		return nil, err
	}
	seedB, clientB, title := "", "", "chess_colour_v1 game against a bot"
	if c.SeedB != nil {
		seedB, clientB, title = *c.SeedB, *c.ClientB, "chess_colour_v1 game between two players"
	}
	rep := newReport(r, title)
	rep.equal("A's commitment", "/commitA", "CC-1", stream.Commit(c.SeedA), c.CommitA, "SHA-256 of A's revealed seed equals A's commitment")
	if c.SeedB != nil {
		rep.equal("B's commitment", "/commitB", "CC-1", stream.Commit(seedB), c.CommitB, "SHA-256 of B's revealed seed equals B's commitment")
	}
	if chess.CheckCommitments(c.CommitA, c.CommitB) != nil {
		rep.fail("distinct commitments", "/commitB", "CC-4", "both sides committed to the same seed, so their words cancel and A always plays White",
			Mismatch{Pointer: "/commitB", Where: "B's commitment", Expected: "a commitment other than A's", Found: c.CommitB})
		return rep.done(), nil
	}
	want := chess.Draw(c.SeedA, c.ClientA, seedB, clientB, declared(c.BotClientSeed, reading.Dash))
	rep.equal("White", "/white", "CC-3", want.White, c.White, want.White+" plays White, as int(2) over the XOR of both words gives")
	notes := []string{"Each side's seed was fixed when its commitment was shown, before the game was sought or accepted; the XOR means neither side alone chose the colours."}
	if c.SeedB == nil {
		notes = []string{"Against a bot only A's seed and client seed count: the colour was fixed when A's commitment was shown, before the game started.",
			readingsNote(textReading("botClientSeed", c.BotClientSeed, string(reading.Dash)))}
	}
	return rep.done(notes...), nil
}
