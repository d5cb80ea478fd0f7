package ops

import (
	"github.com/pfkit/pfkit/go/internal/chess"
	"github.com/pfkit/pfkit/go/internal/errcode"
	"github.com/pfkit/pfkit/go/internal/reading"
	"github.com/pfkit/pfkit/go/internal/strictjson"
)

func chessColour(in strictjson.Object) (any, error) {
	f := newFields(in, "input", "seedA", "clientA", "seedB", "clientB", "botClientSeed")
	seedA := f.seed("seedA")
	clientA := f.id("clientA")
	// A bot has null for both its seed and its client seed (decision D-5).
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
	if botSeed != botClient {
		f.fail(errcode.WrongType, "input: seedB and clientB are both null (a bot) or both set (a player); found seedB %s and clientB %s", nullOrSet(botSeed), nullOrSet(botClient))
	}
	if declared && !botSeed {
		// A bot's reading given for a player mixes a bot and a player (CC-2).
		f.fail(errcode.WrongType, "input.botClientSeed: declared for a bot, but seedB and clientB are a player's")
	}
	if f.err != nil {
		return nil, f.err
	}
	r := chess.ColourRead(seedA, clientA, seedB, clientB, bot)
	if r.CommitA == r.CommitB {
		return nil, errcode.New(errcode.EqualCommitments, "input.seedB: both players committed to the same seed (commitment %s), so the XOR of their words is zero and A would always play White", r.CommitA)
	}
	return r, nil
}

func nullOrSet(null bool) string {
	if null {
		return "null"
	}
	return "set"
}
