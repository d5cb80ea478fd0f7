package fair

import (
	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
)

// Commit is the commitment a site publishes before a match_seed_v2 match:
// SHA-256 of the server seed's 64 hex characters, in lowercase hex (MS2-1,
// decision D-1). The seed must be 64 lowercase hex characters (SEED-1).
func Commit(serverSeed string) (string, error) {
	c, err := match.Commit(serverSeed)
	return c, public(err)
}

// Stream is a match_seed_v2 draw stream (sections 4 and 5): word k is the top
// 52 bits of HMAC-SHA256(serverSeed, "pf2:{game}:{matchId}:{0=seed0,1=seed1,…}:{k}"),
// and k counts every draw of the match. Use it for draws of your own; the
// games of the table-games page are mapped by [Match].
type Stream struct{ s *match.Stream }

// NewStream opens the stream of a match. serverSeed is 64 lowercase hex
// characters (SEED-1); game and matchID are identifiers, any game id being
// allowed here (decision D-19); clientSeeds lists 1 to 16 identifiers in seat
// order (ID-1, D-15). A client seed holding ':' ',' or '=' is refused with
// invalid_identifier: it could otherwise move the boundary between two seeds
// and give another table the same deal.
func NewStream(serverSeed, game, matchID string, clientSeeds []string) (*Stream, error) {
	s, err := match.NewStream(serverSeed, game, matchID, clientSeeds)
	if err != nil {
		return nil, public(err)
	}
	return &Stream{s}, nil
}

// Word is the next word, a whole number below 2^52 (WORD-1).
func (s *Stream) Word() uint64 { return s.s.Word() }

// Int is int(n): a whole number below n, each equally likely, by rejection
// sampling; 1 <= n <= 2^52 (INT-1 to INT-3). int(1) is 0 and still takes a draw.
func (s *Stream) Int(n uint64) (uint64, error) {
	v, err := s.s.Int(n)
	return v, public(err)
}

// Shuffle is shuffle([0, 1, …, n-1]) by Fisher-Yates from the top, 1 <= n <=
// 4096 (SHUF-1, D-15).
func (s *Stream) Shuffle(n int) ([]int, error) {
	p, err := s.s.Shuffle(n)
	return p, public(err)
}

// Counter is the k of the next draw.
func (s *Stream) Counter() uint64 { return s.s.Counter() }

// Message is the HMAC message of draw k, as a trace shows it.
func (s *Stream) Message(k uint64) string { return s.s.Message(k) }

// Games lists the game ids a [Match] maps (MS2-5, decision D-7): backgammon,
// checkers, xiangqi, tarneeb, trix, bridge, baloot, mahjong.
func Games() []string { return match.Names() }

// Match is a match of one of the table-games page's games: the seat order is
// drawn first (MS2-4), then each call draws the next game, deal or hand on the
// same counter, in the order play happened. Cards and tiles are named as in
// section 5.6 ("As", "Td", "5m", "Rd").
type Match struct{ m *match.Match }

// NewMatch opens a match. The checks are NewStream's, then a registered game
// (unknown_game), then one client seed per player: two for backgammon,
// checkers and xiangqi, four for the others (bad_length).
func NewMatch(serverSeed, game, matchID string, clientSeeds []string) (*Match, error) {
	m, err := match.NewMatch(serverSeed, game, matchID, clientSeeds)
	if err != nil {
		return nil, public(err)
	}
	return &Match{m}, nil
}

// Game is the match's game id.
func (m *Match) Game() string { return m.m.Game.Name }

// Seats is the seat order: Seats()[i] is the index in clientSeeds of the player
// in seat i. In checkers and xiangqi seat 0 moves first (SEAT-1).
func (m *Match) Seats() []int { return m.m.Seats() }

// Counter is the k of the next draw.
func (m *Match) Counter() uint64 { return m.m.Counter() }

// BackgammonGame is one game of backgammon (BG-1, BG-2).
type BackgammonGame struct {
	// Opening lists each opening throw as [seat 0's die, seat 1's die]; with
	// OneDieEach a tie is thrown again, so only the last pair differs.
	Opening [][2]int `json:"opening"`
	First   int      `json:"first"` // the seat that moves first
	Rolls   [][2]int `json:"rolls"` // the two dice of each later turn
}

// BackgammonOpening is how the first move is decided (READ-6): [OneDieEach],
// the kit's reading (decision D-8), or [FirstSeatRolls].
type BackgammonOpening string

// The backgammon openings.
const (
	OneDieEach     BackgammonOpening = "one_die_each"     // one die a side, thrown again on a tie
	FirstSeatRolls BackgammonOpening = "first_seat_rolls" // seat 0, first in turn order, moves first with two dice
)

// Backgammon draws the next game with turns later rolls, 0 to 1000 (BG-1,
// BG-2), opening as the site does. Only a backgammon match draws it
// (unknown_game).
func (m *Match) Backgammon(turns int, opening BackgammonOpening) (BackgammonGame, error) {
	g, err := m.m.Backgammon(turns, reading.BackgammonOpening(opening))
	return BackgammonGame(g), public(err)
}

// Deal draws the next deal of tarneeb, trix or bridge: one 52-card shuffle,
// seat i holding the cards at positions 13i to 13i+12 (DEAL-1).
func (m *Match) Deal() ([4][]string, error) {
	d, err := m.m.Deal()
	if err != nil {
		return [4][]string{}, public(err)
	}
	return names4(m.m.Deck, d), nil
}

// BalootHand is one hand of Baloot (decision D-9): First holds each seat's five
// cards and Upcard the card turned up. When a seat bought (Buyer >= 0), Rest is
// the reshuffled eleven cards and Final each seat's eight; when all passed,
// Buyer is -1 and Rest and Final are empty.
type BalootHand struct {
	First  [4][]string
	Upcard string
	Buyer  int
	Rest   []string
	Final  [4][]string
}

// BalootDeal is the layout of Baloot's first distribution (READ-7):
// [BalootBlocks], the kit's reading (decision D-9), or [ThreeTwo].
type BalootDeal string

// The Baloot first-distribution layouts.
const (
	BalootBlocks BalootDeal = "blocks"    // five consecutive cards a seat
	ThreeTwo     BalootDeal = "three_two" // three cards a seat, then two
)

// Baloot draws the next Baloot hand; buyer is the seat that took the upcard,
// 0 to 3, or -1 when every seat passed (BAL-1 to BAL-3); deal is the first
// distribution's layout. A site that numbers the 32 cards in an order of its
// own passes it as deck (READ-11): deck[c] names card id c, each card of
// [BalootCards] once, and the hand's cards are named by it; without deck the
// kit's order, [BalootCards], names them. A deck that is no such order is
// unknown_reading, and nothing is drawn.
func (m *Match) Baloot(buyer int, deal BalootDeal, deck ...string) (BalootHand, error) {
	h, d, err := m.m.BalootIn(buyer, reading.BalootDeal(deal), order(deck))
	if err != nil {
		return BalootHand{}, public(err)
	}
	out := BalootHand{First: names4(d, h.First), Upcard: d.Name(h.Upcard), Buyer: buyer}
	if buyer >= 0 {
		out.Rest, out.Final = d.Names(h.Rest), names4(d, h.Final)
	}
	return out, nil
}

// BalootCards is the kit's order of Baloot's 32 cards (decision D-11): card
// id c is rank "789TJQKA"[c % 8] of suit "cdhs"[c / 8], from "7c" to "As".
func BalootCards() []string { return cards.Baloot32.Names(ids(cards.Baloot32.Size)) }

// MahjongTiles is the kit's fixed order of the 136 tiles of the wall
// (decision D-11): tile id t is kind t / 4 of the 34 kinds 1m to 9m, 1p to 9p,
// 1s to 9s, E, S, W, N, Wd, Gd, Rd, so the four copies of each kind follow
// each other.
func MahjongTiles() []string { return cards.Tiles136.Names(ids(cards.Tiles136.Size)) }

// order is a fixed order as games takes it: nil for none given.
func order(names []string) []string {
	if len(names) == 0 {
		return nil
	}
	return names
}

func ids(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// MahjongHand is one hand of mahjong: Deal holds each seat's tiles (seat 0 has
// the dealer's fourteenth, draw 52) and Draws every later draw in play order.
type MahjongHand struct {
	Deal  [4][]string
	Draws []string
}

// MahjongDraw is how a drawn tile leaves the wall (READ-5): [SwapLast], the
// kit's reading (decision D-10), or [CloseGap]. A record declares the one it
// follows in its mahjongDraw field.
type MahjongDraw string

// The mahjong draw models.
const (
	SwapLast MahjongDraw = "swap_last" // the tile at j swaps with the last, which leaves the wall
	CloseGap MahjongDraw = "close_gap" // the tile at j leaves and the wall keeps its order
)

// MahjongDeal is the layout of the 53 tiles of a mahjong deal (READ-8):
// [MahjongBlocks], the kit's reading (decision D-10), or [Rounds].
type MahjongDeal string

// The mahjong deal layouts.
const (
	MahjongBlocks MahjongDeal = "blocks" // 13 consecutive tiles a seat, the dealer's fourteenth last
	Rounds        MahjongDeal = "rounds" // four tiles a seat three times round, then one a seat, then the dealer's last
)

// Mahjong draws the next hand of tiles tiles from a fresh wall, 53 (the deal
// alone) to 136 (the whole wall), one int(remaining) a tile, removed by the draw
// model and dealt by the layout given (MJ-1, MJ-2); a reading the pages do not
// allow is unknown_reading. A site whose wall's fixed order is its own passes
// it as wall (READ-10): wall[t] names tile id t, each of the 34 kinds four
// times, and the hand's tiles are named by it; without wall the kit's order,
// [MahjongTiles], names them. A wall that is no such order is unknown_reading,
// and nothing is drawn.
func (m *Match) Mahjong(tiles int, draw MahjongDraw, deal MahjongDeal, wall ...string) (MahjongHand, error) {
	h, d, err := m.m.MahjongIn(tiles, reading.MahjongDraw(draw), reading.MahjongDeal(deal), order(wall))
	if err != nil {
		return MahjongHand{}, public(err)
	}
	return MahjongHand{Deal: names4(d, h.Deal), Draws: d.Names(h.Draws)}, nil
}

func names4(d *cards.Deck, h [4][]int) [4][]string {
	var out [4][]string
	for i := range h {
		out[i] = d.Names(h[i])
	}
	return out
}
