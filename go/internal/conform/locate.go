package conform

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/match"
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
	case c.Scheme == scheme.MatchSeedV2 && c.Op == "match":
		return locateMatch(in, want, out)
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

// matchDraw is one int(n) of a match as the reference draws it: the counter
// of its first word, every word it read (a word at or above the limit is
// drawn again, INT-2) and the value it gave.
type matchDraw struct {
	k      uint64
	msg    string
	n      uint64
	words  []uint64
	sample uint64
}

// matchUnit is one stage of a match's output: the seat order, a game, a deal
// or a hand, with the int(n) draws it takes in the reference's order, and the
// first of them whose result the port's output contradicts (-1 when none).
type matchUnit struct {
	path  string   // where it sits in the output: "seats", "deals[2]", …
	ns    []uint64 // the n of each draw
	first int      // index in ns of the first draw to differ, or -1
	what  string   // what the draw settles and what differs, or what differs without a draw
}

// maxMatchWords bounds the words shown for one draw: a draw reads a second
// word with a chance below 2^-40 for the n a match uses.
const maxMatchWords = 4

// locateMatch names the game, the stage (seats, game, deal or hand) and the
// draw of the match where the port's output first parts from the reference,
// with that draw's message, words and value (MS2-4, SHUF-1, INT-2). The draws
// are made again on the reference's stream, as many as the expected output
// takes; "" when the output has no such draw or the count disagrees with the
// expected counter.
func locateMatch(in, want, out strictjson.Object) string {
	game, _ := in["game"].(string)
	units := matchUnits(game, in, want, out)
	if units == nil {
		return ""
	}
	var ns []uint64
	for _, u := range units {
		ns = append(ns, u.ns...)
	}
	draws, ok := replayMatch(in, ns, want["counter"])
	if !ok {
		return ""
	}
	at := 0
	for _, u := range units {
		if u.first >= 0 {
			d := draws[at+u.first]
			return fmt.Sprintf("game %s, %s: %s; the first draw to differ is the match's draw %d (from 0), %s",
				game, u.path, u.what, at+u.first, describeDraw(d))
		}
		if u.what != "" {
			return fmt.Sprintf("game %s, %s: %s", game, u.path, u.what)
		}
		at += len(u.ns)
	}
	if c, g := compactString(want["counter"]), compactString(out["counter"]); c != g {
		return fmt.Sprintf("game %s: every card, die and tile agrees; counter: expected %s (the next k after the match's %d draws), found %s", game, c, len(ns), theirs(out["counter"]))
	}
	return ""
}

// describeDraw: the draw's k, HMAC message, words and value.
func describeDraw(d matchDraw) string {
	words := make([]string, 0, len(d.words))
	for i, w := range d.words {
		if i == maxMatchWords {
			words = append(words, fmt.Sprintf("… (%d words in all)", len(d.words)))
			break
		}
		verdict := "kept"
		if i < len(d.words)-1 {
			verdict = "at or above the limit, drawn again"
		}
		words = append(words, fmt.Sprintf("%d (%s)", w, verdict))
	}
	return fmt.Sprintf("k = %d: message %q, word %s, int(%d) = %d (MS2-2, INT-2)", d.k, d.msg, strings.Join(words, ", word "), d.n, d.sample)
}

// replayMatch draws int(n) for each n on the match's stream and checks that
// the counter ends where the expected output says.
func replayMatch(in strictjson.Object, ns []uint64, counter any) ([]matchDraw, bool) {
	seed, _ := in["serverSeed"].(string)
	game, _ := in["game"].(string)
	id, _ := in["matchId"].(string)
	seeds, _ := in["clientSeeds"].([]any)
	names := make([]string, len(seeds))
	for i, s := range seeds {
		names[i], _ = s.(string)
	}
	m, err := match.NewStream(seed, game, id, names)
	if err != nil {
		return nil, false
	}
	src := m.Source()
	draws := make([]matchDraw, 0, len(ns))
	var cur matchDraw
	sm := stream.Sampler{Src: src, OnDraw: func(n, _, w uint64, ok bool) {
		if len(cur.words) == 0 {
			cur.k = src.Counter() - 1
			cur.msg = src.Message(cur.k)
		}
		cur.n, cur.words = n, append(cur.words, w)
		if ok {
			cur.sample = w % n
			draws = append(draws, cur)
			cur = matchDraw{}
		}
	}}
	for _, n := range ns {
		if _, err := sm.Int(n); err != nil {
			return nil, false
		}
	}
	return draws, compactString(counter) == fmt.Sprint(src.Counter())
}

// matchUnits lists the stages of a match in draw order, from the expected
// output: the seat order (MS2-4), then each game (BG-1, BG-2), deal (DEAL-1)
// or hand (BAL-1 to BAL-3, MJ-1, MJ-2).
func matchUnits(game string, in, want, out strictjson.Object) []matchUnit {
	g, ok := match.Lookup(game)
	if !ok {
		return nil
	}
	play, _ := in["play"].(strictjson.Object)
	units := []matchUnit{shuffleUnit("seats", g.Players, func(p int) (any, any, bool) {
		return index(want["seats"], p), index(out["seats"], p), true
	})}
	wantList, gotList := want[playList(g.Kind)], out[playList(g.Kind)]
	items, _ := wantList.([]any)
	for i, w := range items {
		path := fmt.Sprintf("%s[%d]", playList(g.Kind), i)
		got := index(gotList, i)
		switch g.Kind {
		case match.Backgammon:
			units = append(units, backgammonUnit(path, w, got))
		case match.Deals52:
			units = append(units, shuffleUnit(path, 52, func(p int) (any, any, bool) {
				return index(index(w, p/13), p%13), index(index(got, p/13), p%13), true
			}))
		case match.Baloot:
			deal, _ := play["balootDeal"].(string)
			units = append(units, balootUnits(path, reading.BalootDeal(deal), w, got)...)
		case match.Mahjong:
			deal, _ := play["mahjongDeal"].(string)
			units = append(units, mahjongUnit(path, reading.MahjongDeal(deal), w, got))
		}
	}
	return units
}

// playList is the output member that lists a game's stages.
func playList(k match.Kind) string {
	switch k {
	case match.Backgammon:
		return "games"
	case match.Deals52:
		return "deals"
	case match.Baloot, match.Mahjong:
		return "hands"
	}
	return ""
}

// index is v[i] for a JSON array or object member path step; nil when absent.
func index(v any, i int) any {
	a, _ := v.([]any)
	if i < 0 || i >= len(a) {
		return nil
	}
	return a[i]
}

func member(v any, name string) any {
	o, _ := v.(strictjson.Object)
	return o[name]
}

// shuffleUnit is a shuffle of n (SHUF-1): step i, from n-1 down to 1, draws
// int(i+1) and settles position i (step 1 settles 0 too), so the highest
// position that differs is the first draw to differ. at(p) gives the expected
// and found value at position p, and whether the output shows it.
func shuffleUnit(path string, n int, at func(p int) (want, got any, shown bool)) matchUnit {
	u := matchUnit{path: path, first: -1}
	for i := n - 1; i > 0; i-- {
		u.ns = append(u.ns, uint64(i)+1)
	}
	for p := n - 1; p >= 0; p-- {
		w, g, shown := at(p)
		if shown && compactString(w) != compactString(g) {
			step := max(p, 1)
			u.first = n - 1 - step
			u.what = fmt.Sprintf("position %d of its shuffle of %d is expected %s, found %s; step i = %d, j = int(%d), settles it", p, n, compactString(w), theirs(g), step, step+1)
			return u
		}
	}
	return u
}

// backgammonUnit: every die is one int(6) in throw order, the opening's
// pairs then the turns' (BG-1, BG-2); who moves first follows from the dice.
func backgammonUnit(path string, want, got any) matchUnit {
	u := matchUnit{path: path, first: -1}
	dice := func(g any) []any {
		var all []any
		for _, part := range []string{"opening", "rolls"} {
			pairs, _ := member(g, part).([]any)
			for _, p := range pairs {
				pair, _ := p.([]any)
				all = append(all, pair...)
			}
		}
		return all
	}
	w, g := dice(want), dice(got)
	for i := range w {
		u.ns = append(u.ns, 6)
		if u.first < 0 && (i >= len(g) || compactString(w[i]) != compactString(g[i])) {
			u.first = i
			u.what = fmt.Sprintf("die %d of the game's throws (the opening's, then the turns') is expected %s, found %s", i, compactString(w[i]), theirs(index(g, i)))
		}
	}
	if u.first < 0 && len(g) != len(w) {
		u.what = fmt.Sprintf("the game throws %d dice, found %d", len(w), len(g))
	} else if u.first < 0 && compactString(member(want, "first")) != compactString(member(got, "first")) {
		u.what = fmt.Sprintf("every die agrees and first is expected %s, found %s: the higher opening die moves first (BG-1)", compactString(member(want, "first")), theirs(member(got, "first")))
	}
	return u
}

// balootUnits: the 32-card shuffle, whose positions the first five cards of
// each seat (as the deal reading lays them out, READ-7) and the upcard
// (position 20) show; then, when a seat bought, the shuffle of the other
// eleven, which rest shows (BAL-1 to BAL-3).
func balootUnits(path string, deal reading.BalootDeal, want, got any) []matchUnit {
	seatOf := map[int][2]int{}
	for s := range 4 {
		for j, p := range deal.First(s) {
			seatOf[p] = [2]int{s, j}
		}
	}
	first := shuffleUnit(path+" (its first shuffle)", 32, func(p int) (any, any, bool) {
		if p == match.BalootUpcard {
			return member(want, "upcard"), member(got, "upcard"), true
		}
		at, ok := seatOf[p]
		return index(index(member(want, "first"), at[0]), at[1]), index(index(member(got, "first"), at[0]), at[1]), ok
	})
	units := []matchUnit{first}
	if member(want, "buyer") == nil {
		return units
	}
	rest := shuffleUnit(path+" (the reshuffle of the eleven after the upcard)", 11, func(p int) (any, any, bool) {
		return index(member(want, "rest"), p), index(member(got, "rest"), p), true
	})
	if rest.first < 0 && compactString(member(want, "final")) != compactString(member(got, "final")) {
		rest.what = fmt.Sprintf("every draw agrees and final is expected %s, found %s: the buyer takes the upcard and two of rest, every other seat three, in seat order (BAL-3)",
			compactString(member(want, "final")), theirs(member(got, "final")))
	}
	return append(units, rest)
}

// mahjongUnit: each tile is one draw, int of the wall's size, 136 first; the
// deal reading says which draw each seat's tiles are (READ-8), draws lists the
// rest in order (MJ-1, MJ-2).
func mahjongUnit(path string, deal reading.MahjongDeal, want, got any) matchUnit {
	u := matchUnit{path: path, first: -1}
	drawn := func(h any) map[int]any {
		m := map[int]any{}
		for s := range 4 {
			for j, d := range deal.Seat(s) {
				if t := index(index(member(h, "deal"), s), j); t != nil {
					m[d] = t
				}
			}
		}
		rest, _ := member(h, "draws").([]any)
		for i, t := range rest {
			m[match.MahjongDeal+i] = t
		}
		return m
	}
	w, g := drawn(want), drawn(got)
	for t := range len(w) {
		u.ns = append(u.ns, uint64(match.MahjongWall-t))
		if u.first < 0 && compactString(w[t]) != compactString(g[t]) {
			u.first = t
			u.what = fmt.Sprintf("tile draw %d of the hand (int(%d) on a wall of %d) is expected %s, found %s", t, match.MahjongWall-t, match.MahjongWall-t, compactString(w[t]), theirs(g[t]))
		}
	}
	return u
}
