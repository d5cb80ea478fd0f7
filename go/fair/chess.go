package fair

import (
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
)

// BotClientSeed is what the message carries for a bot's client seed (READ-9):
// [BotDash], the kit's reading (decision D-5), or [BotEmpty]. A record declares
// the one it follows in its botClientSeed field.
type BotClientSeed string

// The bot client-seed readings.
const (
	BotDash  BotClientSeed = "dash"  // "0=…,1=-"
	BotEmpty BotClientSeed = "empty" // "0=…,1="
)

// Colours is the outcome of a chess_colour_v1 draw.
type Colours struct {
	CommitA string `json:"commitA"` // SHA-256 of A's seed (COMMIT-1)
	CommitB string `json:"commitB"` // SHA-256 of B's seed, or "-" for a bot
	White   string `json:"white"`   // "A" or "B"
}

// ChessColours decides who plays White (section 7): int(2) over the XOR of both
// players' words, 0 meaning A (CC-1 to CC-3). Seeds are 64 lowercase hex
// characters (SEED-1) and client seeds identifiers (ID-1). Against a bot, pass
// "" for both seedB and clientB (decision D-5); passing one without the other
// is wrong_type. bot says how the message writes a bot's client seed, and
// matters only against a bot. Two equal seeds would cancel in the XOR and are
// refused with equal_commitments (CC-4, decision D-17).
func ChessColours(seedA, clientA, seedB, clientB string, bot BotClientSeed) (Colours, error) {
	r, err := chess.Colour(seedA, clientA, seedB, clientB, reading.BotClientSeed(bot))
	return Colours(r), public(err)
}
