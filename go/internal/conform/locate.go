package conform

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

// locate says where the first difference of a failing case comes from,
// computed again with the reference's domain code from the case's input:
// for commit the hash over the seed's text, for chess_colour_v1 the side
// and the word that decide it, for selfpoker_v1 the step of the shuffle
// (NP-3, NP-4). "" when there is nothing more to say than the difference.
func locate(c vectors.Runnable, got any) string {
	in := requestInput(c.Line)
	out, _ := got.(strictjson.Object)
	want, _ := c.Expect.(strictjson.Object)
	if in == nil || out == nil || want == nil {
		return ""
	}
	switch {
	case c.Scheme == scheme.MatchSeedV2 && c.Op == "commit":
		return locateCommit(in, out)
	case c.Scheme == scheme.ChessColourV1 && c.Op == "colour":
		return locateColour(in, want, out)
	case c.Scheme == scheme.SelfPokerV1 && c.Op == "deal":
		return locateShuffle(want["deck"], out["deck"])
	case c.Scheme == scheme.SelfPokerV1 && c.Op == "permutation":
		return locateShuffle(want["permutation"], out["permutation"])
	case c.Scheme == scheme.PokerHMACV1 && c.Op == "hand":
		return locateCard(want, out)
	}
	return ""
}

// cardTrace is, for a failing poker hand, a proof request for the card
// that locates it (locateCard's position): its salt, leaf and Merkle path
// (PK-5, PK-6). "" when the deck and salts agree past the root.
func cardTrace(c vectors.Runnable, got any) string {
	out, _ := got.(strictjson.Object)
	want, _ := c.Expect.(strictjson.Object)
	in := requestInput(c.Line)
	p := firstCard(want, out)
	if p < 0 || in == nil {
		return ""
	}
	input := map[string]any{}
	for k, v := range in {
		input[k] = v
	}
	delete(input, "dealing") // a reading of the hands, not of the deck: proof takes none
	input["position"] = p
	b, err := requestLine("proof", c.Scheme, "proof", input)
	if err != nil {
		return ""
	}
	return string(b)
}

// firstCard is the first deck position whose card or salt differs, 0 when
// only the root does, -1 when the root agrees too.
func firstCard(want, out strictjson.Object) int {
	deck, _ := want["deck"].([]any)
	gotDeck, _ := out["deck"].([]any)
	salts, _ := want["salts"].([]any)
	gotSalts, _ := out["salts"].([]any)
	for i := range deck {
		if i >= len(gotDeck) || i >= len(gotSalts) || i >= len(salts) ||
			compactString(deck[i]) != compactString(gotDeck[i]) || compactString(salts[i]) != compactString(gotSalts[i]) {
			return i
		}
	}
	if compactString(want["root"]) != compactString(out["root"]) {
		return 0
	}
	return -1
}

// locateCard: the first card (or salt) that differs, whose leaf and Merkle
// path the proof request shows; or, when every card and salt agrees, the
// tree built over them (PK-6).
func locateCard(want, out strictjson.Object) string {
	p := firstCard(want, out)
	deck, _ := want["deck"].([]any)
	gotDeck, _ := out["deck"].([]any)
	switch {
	case p < 0:
		return ""
	case compactString(want["root"]) != compactString(out["root"]) && p == 0 && len(gotDeck) == len(deck) && compactString(want["deck"]) == compactString(out["deck"]) && compactString(want["salts"]) == compactString(out["salts"]):
		return "every card and salt agrees and the root differs: the Merkle tree over the leaves (PK-5, PK-6); the proof request below shows position 0's leaf and path"
	case p < len(gotDeck) && compactString(deck[p]) != compactString(gotDeck[p]):
		return fmt.Sprintf("the first card to differ is at deck position %d (expected card %s, found %s); the proof request below shows its salt, leaf and Merkle path", p, compactString(deck[p]), theirs(gotDeck[p]))
	}
	return fmt.Sprintf("the first salt or card to differ is at deck position %d; the proof request below shows its salt, leaf and Merkle path", p)
}

// locateCommit: the commitment is SHA-256 over the seed's 64 hex characters
// as text (D-1), not over the 32 bytes they write.
func locateCommit(in, out strictjson.Object) string {
	seed, _ := in["serverSeed"].(string)
	found, _ := out["commitment"].(string)
	raw, err := hex.DecodeString(seed)
	if err != nil || found == "" {
		return ""
	}
	text := sha256.Sum256([]byte(seed))
	bytes := sha256.Sum256(raw)
	if found == hex.EncodeToString(bytes[:]) {
		return fmt.Sprintf("the commitment is SHA-256 of the seed's 64 hex characters as text (D-1), %x; yours is SHA-256 of the 32 bytes they write", text)
	}
	return fmt.Sprintf("the commitment is SHA-256 of the seed's 64 hex characters as text (D-1), %x; yours is neither that nor SHA-256 of the 32 bytes (%x)", text, bytes)
}

// locateColour: the side that plays White and draw 0, whose word decides it
// (CC-1 to CC-3; a bot adds no word, and its client seed is written as its
// reading says, READ-9).
func locateColour(in, want, out strictjson.Object) string {
	seedA, _ := in["seedA"].(string)
	seedB, _ := in["seedB"].(string)
	clientA, _ := in["clientA"].(string)
	clientB, _ := in["clientB"].(string)
	commitA, _ := want["commitA"].(string)
	commitB, _ := want["commitB"].(string)
	if seedA == "" || commitA == "" || commitB == "" || want["white"] == out["white"] {
		return ""
	}
	if seedB == "" {
		name, _ := in["botClientSeed"].(string)
		clientB = reading.BotClientSeed(name).Text()
	}
	prefix := chess.Prefix(commitA, commitB, clientA, clientB)
	a := stream.New(seedA, prefix)
	msg := a.Message(0)
	w, _ := a.Next()
	words := fmt.Sprintf("word(seedA) %016x", w)
	if seedB != "" {
		wb, _ := stream.New(seedB, prefix).Next()
		words += fmt.Sprintf(" XOR word(seedB) %016x = %016x", wb, w^wb)
		w ^= wb
	} else {
		words += " alone (a bot adds no word)"
	}
	return fmt.Sprintf("white: side %v, from draw 0: message %q, %s, int(2) = %d (0: A plays White; CC-3); yours says %s",
		want["white"], msg, words, w%2, theirs(out["white"]))
}

// locateShuffle: the Fisher-Yates shuffle settles position i at its step i,
// from n-1 down to 1, so the highest position that differs is the first
// step that went wrong: the trace's draws whose max is i (NP-3, NP-4).
func locateShuffle(want, got any) string {
	w, _ := want.([]any)
	g, _ := got.([]any)
	if len(w) == 0 || len(w) != len(g) {
		return ""
	}
	for i := len(w) - 1; i > 0; i-- {
		if compactString(w[i]) != compactString(g[i]) {
			return fmt.Sprintf("the shuffle's first step to differ is random_interval(%d), which settles position %d (expected %s, found %s): the trace's draws with max %d show its words, mask and value (NP-3, NP-4)",
				i, i, compactString(w[i]), theirs(g[i]), i)
		}
	}
	return ""
}
