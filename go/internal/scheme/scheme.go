// Package scheme is the scheme registry (spec section 9): the scheme ids
// (REG-1), which of them the specification defines, and why the one it does
// not define is never checked (REG-2).
//
// It imports nothing of the kit, so that the runner (ops), the record verifier
// (record) and the conformance runs read one registry without importing each
// other: a record names its scheme exactly as a request line does.
package scheme

import "sort"

// The registered scheme ids, compared exactly: case matters (REG-1).
const (
	MatchSeedV2   = "match_seed_v2"   // table-games matches (section 5)
	PokerHMACV1   = "poker_hmac_v1"   // poker hands with Merkle proofs (section 6)
	ChessColourV1 = "chess_colour_v1" // who plays White (section 7)
	SelfPokerV1   = "selfpoker_v1"    // the self-hosted poker room (section 8)
	MatchSeedV1   = "match_seed_v1"   // the legacy table-games scheme, never specified (REG-2)
)

// specified lists the schemes the specification defines, in its section order.
var specified = []string{MatchSeedV2, PokerHMACV1, ChessColourV1, SelfPokerV1}

// unspecified holds the schemes that are registered but never specified, with
// the message every op and every record naming one gets (REG-2).
var unspecified = map[string]string{
	MatchSeedV1: "match_seed_v1 is the legacy table-games scheme; the published pages name it but never define it, so no tool can check a record that uses it",
}

// Specified lists the schemes the specification defines, in its section order:
// the ones the runner has ops for and records can be verified against.
func Specified() []string { return append([]string(nil), specified...) }

// Unspecified reports whether id is registered but never specified, and why:
// every op and every record naming it is answered scheme_unspecified with that
// message, never a guess (REG-2).
func Unspecified(id string) (why string, ok bool) {
	why, ok = unspecified[id]
	return why, ok
}

// IDs lists every registered scheme, specified or not, sorted: the list an
// unknown_scheme message offers (REG-1).
func IDs() []string {
	ids := Specified()
	for id := range unspecified {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
