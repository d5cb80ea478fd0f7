package ops

import (
	"github.com/pfkit/pfkit/go/internal/chess"
	"github.com/pfkit/pfkit/go/internal/strictjson"
)

func chessColour(in strictjson.Object) (any, error) {
	f := newFields(in, "input", "seedA", "clientA", "seedB", "clientB")
	seedA := f.seed("seedA")
	clientA := f.id("clientA")
	// A bot has null for both its seed and its client seed (decision D-5);
	// chess.Colour takes null as the empty string and checks that both agree.
	var seedB, clientB string
	if !f.null("seedB") {
		seedB = f.seed("seedB")
	}
	if !f.null("clientB") {
		clientB = f.id("clientB")
	}
	if f.err != nil {
		return nil, f.err
	}
	return inInput(chess.Colour(seedA, clientA, seedB, clientB))
}
