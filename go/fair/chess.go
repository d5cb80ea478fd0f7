package fair

import (
	"github.com/pfkit/pfkit/go/internal/chess"
	"github.com/pfkit/pfkit/go/internal/reading"
)

// BotClientSeed is what the message carries for a bot's client seed (READ-9):
// [BotDash], the kit's reading (decision D-5), or [BotEmpty]. A record declares
// the one it follows in its botClientSeed field.
type BotClientSeed = reading.BotClientSeed

// The bot client-seed readings.
const (
	BotDash  = reading.Dash  // "0=…,1=-"
	BotEmpty = reading.Empty // "0=…,1="
)

// Colours is the outcome of a chess_colour_v1 draw: both commitments (CommitB
// is "-" for a bot) and White, "A" or "B".
type Colours = chess.Result

// ChessColours decides who plays White (section 7): int(2) over the XOR of both
// players' words, 0 meaning A (CC-1 to CC-3). Seeds are 64 lowercase hex
// characters (SEED-1) and client seeds identifiers (ID-1). Against a bot, pass
// "" for both seedB and clientB (decision D-5); passing one without the other
// is wrong_type. bot says how the message writes a bot's client seed, and
// matters only against a bot. Two equal seeds would cancel in the XOR and are
// refused with equal_commitments (CC-4, decision D-17).
func ChessColours(seedA, clientA, seedB, clientB string, bot BotClientSeed) (Colours, error) {
	return chess.Colour(seedA, clientA, seedB, clientB, bot)
}
