package ops

import (
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

func chessColour(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.ChessColourV1, "colour")...)
	seedA := f.seed("seedA")
	clientA := f.id("clientA")
	// A bot has null for both its seed and its client seed (decision D-5);
	// chess.Colour takes null as the empty string and checks that both agree.
	var seedB, clientB string
	botSeed := f.null("seedB")
	if !botSeed {
		seedB = f.seed("seedB")
	}
	botClient := f.null("clientB")
	if !botClient {
		clientB = f.id("clientB")
	}
	declared := f.has("botClientSeed")
	bot := reading.BotClientSeed(f.reading("botClientSeed", string(reading.Dash), reading.BotClientSeeds))
	if declared && !botSeed && !botClient {
		// A bot's reading given for a player mixes a bot and a player (CC-2);
		// a bot mixed with a player in seedB and clientB is chess.Colour's to
		// report, and comes first.
		f.fail(errcode.WrongType, "input.botClientSeed: declared for a bot, but seedB and clientB are a player's")
	}
	if f.err != nil {
		return nil, f.err
	}
	return inInput(chess.Colour(seedA, clientA, seedB, clientB, bot))
}
