package fair

import "github.com/pfkit/pfkit/go/internal/chess"

// Colours is the outcome of a chess_colour_v1 draw: both commitments (CommitB
// is "-" for a bot) and White, "A" or "B".
type Colours = chess.Result

// ChessColours decides who plays White (section 7): int(2) over the XOR of both
// players' words, 0 meaning A (CC-1 to CC-3). Seeds are 64 lowercase hex
// characters (SEED-1) and client seeds identifiers (ID-1). Against a bot, pass
// "" for both seedB and clientB (decision D-5); passing one without the other
// is wrong_type. Two equal seeds would cancel in the XOR and are refused with
// equal_commitments (CC-4, decision D-17).
func ChessColours(seedA, clientA, seedB, clientB string) (Colours, error) {
	return chess.Colour(seedA, clientA, seedB, clientB)
}
