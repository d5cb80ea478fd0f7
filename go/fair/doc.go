// Package fair is pfkit's Go API: the one package a site, a player's tool or an
// auditor imports to compute and check provably-fair randomness exactly as the
// specification (spec/pfkit.md) defines it.
//
//	import "github.com/pfkit/pfkit/v2/go/fair"
//
// Everything else in the module is the kit's own machinery under go/internal
// (the runner, vector generation, conformance runs, archives) or the pfkit
// command in go/cmd/pfkit; none of it is meant to be imported.
//
// The package covers every scheme of the specification:
//
//   - match_seed_v2 (section 5): [Commit], the raw draw stream [NewStream]
//     (words, int(n), shuffles), and [NewMatch] for the games of the
//     table-games page: the seat order, backgammon dice, checkers and xiangqi
//     (seats only), tarneeb, trix and bridge deals, Baloot hands and mahjong
//     tiles.
//   - poker_hmac_v1 (section 6): [DealPokerHand] gives the hand value, its
//     commitment, the deck, the salts and the Merkle root; [PokerHand.Proof]
//     gives a position's proof and [VerifyProof] checks one.
//   - chess_colour_v1 (section 7): [ChessColours].
//   - selfpoker_v1 (section 8): [DealSelfPoker].
//   - records (section 15): [VerifyRecord] reads a record's bytes and gives its
//     [Verdict], a [Status] with a [Report] of every check; [ExitCode] is the
//     exit status of a run over many records.
//
// Where the published pages leave a rule open, the call takes the reading the
// site follows, as a record declares it (READ-1 to READ-11): the dealing
// layout ([Pairs] or [RoundRobin], [DealSelfPoker], READ-2), the first hand
// number of a poker session ([DealPokerHand], READ-3), the mahjong draw model,
// deal layout and the wall's fixed order ([Match.Mahjong], READ-5, READ-8 and
// READ-10), the backgammon opening ([Match.Backgammon], READ-6), Baloot's first
// distribution and the order of its cards ([Match.Baloot], READ-7 and READ-11)
// and a chess bot's client seed ([ChessColours], READ-9). One more a record
// alone declares, and [VerifyRecord] follows it: a poker session that
// published no commitment to its seed (READ-4). So every reading the verifier
// accepts, this package deals. The kit's reading of each is named in its
// documentation and in section 13 of the specification.
//
// # Errors
//
// Every call checks its input with the specification's rules before computing
// anything: server seeds and hashes are 64 lowercase hex characters (SEED-1,
// HASH-1), identifiers and client seeds 1 to 64 characters of A-Z a-z 0-9 - _ .
// (ID-1, so that no client seed can hold a separator), chess commitments differ
// (CC-4), seats are distinct (PK-9), and counts stay within the bounds of
// decision D-15. Bad input gives an [*Error] whose [Code] is the specification's
// error code (section 11) and whose message says what was expected and what was
// found. Inspect it with errors.As, or match a code with errors.Is and the
// sentinel of that code:
//
//	if errors.Is(err, fair.ErrInvalidIdentifier) { … }
//
// The same rules, written once in the kit's domain code, are what the pfkit
// runner, its record verifier and its command line apply, so a value this
// package accepts or refuses is accepted or refused there too, with the same
// code.
//
// # The public surface
//
// Every name this package exports is listed, with its type, in
// testdata/api.txt, which a test compares with the package: a change to the
// surface is a diff there, made on purpose with
//
//	go test ./go/fair -run TestAPI -update
package fair
