// Package scheme is the scheme registry (spec section 9): the scheme ids
// (REG-1), which of them the specification defines, and why the one it does
// not define is never checked (REG-2); and the op table's orders (section
// 10.1). Both tables are the spec's, written into tables_gen.go by
// tools/gen/tables_gen.py (make tables).
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

// Specified lists the schemes the specification defines, in its section order:
// the ones the runner has ops for and records can be verified against.
func Specified() []string {
	var ids []string
	for _, r := range registry {
		if r.unspecified == "" {
			ids = append(ids, r.id)
		}
	}
	return ids
}

// Unspecified reports whether id is registered but never specified, and why:
// every op and every record naming it is answered scheme_unspecified with that
// message, never a guess (REG-2).
func Unspecified(id string) (why string, ok bool) {
	for _, r := range registry {
		if r.id == id && r.unspecified != "" {
			return r.unspecified, true
		}
	}
	return "", false
}

// IDs lists every registered scheme, specified or not, sorted: the list an
// unknown_scheme message offers (REG-1).
func IDs() []string {
	ids := make([]string, len(registry))
	for i, r := range registry {
		ids[i] = r.id
	}
	sort.Strings(ids)
	return ids
}

// Inputs lists the input fields of scheme's op in check order (section 10.1),
// the only fields it accepts; nil for an op the table does not hold.
func Inputs(scheme, op string) []string { return opInputs[scheme+"/"+op] }

// OutputOrder lists the members of an op's output in the order they are
// written (section 10.1), key "scheme/op"; an object inside the output is
// named by the members that lead to it, "scheme/op.member". nil for a key the
// table does not hold.
func OutputOrder(key string) []string { return outputOrders[key] }

// OutputOrders lists every key OutputOrder knows, sorted.
func OutputOrders() []string {
	keys := make([]string, 0, len(outputOrders))
	for k := range outputOrders {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
