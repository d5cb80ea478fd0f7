package record

import (
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/words"
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
	seedB, clientB, title := "", "", words.Text("cli.title.chess_bot")
	if c.SeedB != nil {
		seedB, clientB, title = *c.SeedB, *c.ClientB, words.Text("cli.title.chess_players")
	}
	rep := newReport(r, title)
	rep.equal(checkName("side_commitment", "side", "A"), "/commitA", "CC-1", stream.Commit(c.SeedA), c.CommitA, words.Text("cli.summary.side_commitment_matches", "side", "A"),
		words.Text("cli.summary.side_commitment_differs", "side", "A"))
	if c.SeedB != nil {
		rep.equal(checkName("side_commitment", "side", "B"), "/commitB", "CC-1", stream.Commit(seedB), c.CommitB, words.Text("cli.summary.side_commitment_matches", "side", "B"),
			words.Text("cli.summary.side_commitment_differs", "side", "B"))
	}
	if chess.CheckCommitments(c.CommitA, c.CommitB) != nil {
		rep.fail(checkName("distinct_commitments"), "/commitB", "CC-4", words.Text("cli.summary.same_seed"),
			Mismatch{Pointer: "/commitB", Where: checkName("side_commitment", "side", "B"), Expected: words.Text("cli.value.other_commitment"), Found: c.CommitB})
		return rep.done(), nil
	}
	want := chess.Draw(c.SeedA, c.ClientA, seedB, clientB, declared(c.BotClientSeed, reading.Dash))
	rep.equal(checkName("white"), "/white", "CC-3", want.White, c.White, words.Text(whiteSummary(c.SeedB == nil), "side", want.White),
		words.Text("cli.summary.differ", "n", 1))
	notes := []string{words.Text("cli.note.chess_players")}
	if c.SeedB == nil {
		notes = []string{words.Text("cli.note.chess_bot"),
			readingsNote(textReading("botClientSeed", c.BotClientSeed, string(reading.Dash)))}
	}
	return rep.done(notes...), nil
}

// whiteSummary is the code of the colour check's words: against a bot only
// A's seed decides (CC-2), between two players both seeds do.
func whiteSummary(bot bool) string {
	if bot {
		return "cli.summary.white_by_bot"
	}
	return "cli.summary.white_by_xor"
}
