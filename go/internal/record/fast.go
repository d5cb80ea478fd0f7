package record

import (
	"encoding/json"

	"github.com/pfkit/pfkit/v2/go/internal/ident"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// Fast validators accept the common, plainly valid records of the kinds audits
// see by the million without running the general JSON Schema validator, which
// costs more than the verification itself. They are conservative: they accept
// only records the schema accepts (a differential test mutates records and
// checks that), and anything they do not accept goes to the schema, which gives
// the verdict and the error message.
var fastValid = map[string]func(strictjson.Object) bool{
	"record_selfpoker_v1.json": fastSelfpoker,
	"record_match_v1.json":     fastMatch,
}

// exactly reports whether o has exactly the keys named, required first, then
// the optional ones among optional.
func exactly(o strictjson.Object, required []string, optional ...string) bool {
	n := 0
	for _, k := range required {
		if _, ok := o[k]; !ok {
			return false
		}
		n++
	}
	for _, k := range optional {
		if _, ok := o[k]; ok {
			n++
		}
	}
	return n == len(o)
}

// Byte classes of cards as tables: these checks run on every card of every
// record an audit reads.
var rank52, suit [256]bool

func init() {
	for _, c := range "23456789TJQKA" {
		rank52[c] = true
	}
	for _, c := range "cdhs" {
		suit[c] = true
	}
}

// isHex64 is a seed or hash (SEED-1, HASH-1), by the rule ident.Hex applies.
func isHex64(v any) bool {
	s, ok := v.(string)
	return ok && ident.IsHex(s, 64)
}

// isIdentifier is an identifier (ID-1), by the rule ident.ID applies.
func isIdentifier(v any) bool {
	s, ok := v.(string)
	return ok && ident.IsID(s)
}

// card52 reports whether v names a card of the 52-card deck.
func card52(v any) bool {
	s, ok := v.(string)
	return ok && len(s) == 2 && rank52[s[0]] && suit[s[1]]
}

// arrayOf reports whether v is an array of min..max elements, each passing ok.
func arrayOf(v any, min, max int, ok func(any) bool) bool {
	a, isArr := v.([]any)
	if !isArr || len(a) < min || len(a) > max {
		return false
	}
	for _, e := range a {
		if !ok(e) {
			return false
		}
	}
	return true
}

// smallInt reports whether v is a plainly written integer in [min, max].
func smallInt(v any, min, max int64) bool {
	n, ok := v.(json.Number)
	if !ok || len(n) == 0 || len(n) > 4 {
		return false
	}
	var x int64
	for i := 0; i < len(n); i++ {
		if n[i] < '0' || n[i] > '9' || (i == 0 && n[i] == '0' && len(n) > 1) {
			return false
		}
		x = 10*x + int64(n[i]-'0')
	}
	return min <= x && x <= max
}

func fastSelfpoker(o strictjson.Object) bool {
	if !exactly(o, []string{"scheme", "kind", "commit", "fairplay", "hands", "board"}) ||
		o["scheme"] != "selfpoker_v1" || o["kind"] != "hand_end" || !isHex64(o["commit"]) {
		return false
	}
	fp, ok := o["fairplay"].(strictjson.Object)
	if !ok || !exactly(fp, []string{"seed"}) || !plainSeed(fp["seed"]) {
		return false
	}
	return arrayOf(o["hands"], 2, 23, func(h any) bool { return arrayOf(h, 2, 2, card52) }) &&
		arrayOf(o["board"], 0, 5, card52)
}

// plainSeed accepts a seed in canonical decimal below 2^63, as a string or a
// bare number: the rule selfpoker.ParseSeed applies (SP-1, NUM-2).
func plainSeed(v any) bool {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case json.Number:
		s = string(x)
	default:
		return false
	}
	_, err := selfpoker.ParseSeed("seed", s)
	return err == nil
}

func fastMatch(o strictjson.Object) bool {
	if o["scheme"] != "match_seed_v2" || o["kind"] != "match" || !isIdentifier(o["matchId"]) ||
		!isHex64(o["commitment"]) || !isHex64(o["serverSeed"]) {
		return false
	}
	game, _ := o["game"].(string)
	base := []string{"scheme", "kind", "game", "matchId", "commitment", "serverSeed", "clientSeeds", "seats"}
	players := 4
	var extra string
	switch game {
	case "backgammon":
		players, extra = 2, "games"
	case "checkers", "xiangqi":
		players = 2
	case "tarneeb", "trix", "bridge":
		extra = "deals"
	default:
		return false // baloot and mahjong go to the schema
	}
	required := base
	if extra != "" {
		required = append(append([]string(nil), base...), extra)
	}
	if !exactly(o, required) ||
		!arrayOf(o["clientSeeds"], players, players, isIdentifier) ||
		!arrayOf(o["seats"], players, players, func(v any) bool { return smallInt(v, 0, 3) }) {
		return false
	}
	switch extra {
	case "deals":
		return arrayOf(o["deals"], 1, 1000, func(d any) bool {
			return arrayOf(d, 4, 4, func(h any) bool { return arrayOf(h, 13, 13, card52) })
		})
	case "games":
		throw := func(t any) bool { return arrayOf(t, 2, 2, func(v any) bool { return smallInt(v, 1, 6) }) }
		return arrayOf(o["games"], 1, 100, func(g any) bool {
			gm, ok := g.(strictjson.Object)
			return ok && exactly(gm, []string{"opening", "first", "rolls"}) &&
				arrayOf(gm["opening"], 1, 1000, throw) && smallInt(gm["first"], 0, 1) && arrayOf(gm["rolls"], 0, 1000, throw)
		})
	}
	return true
}
