// Package match maps a match_seed_v2 draw stream to the randomness of each game on
// the table-games page: seat order first, then the game's rolls, deals or tile
// draws, all on the one counter of the match (spec section 5, "match_seed_v2:
// table games").
package match

import (
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/ident"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// Game describes one registered game.
type Game struct {
	Name    string
	Players int
	Kind    Kind
}

// Kind groups games that draw the same way.
type Kind int

const (
	SeatsOnly  Kind = iota // checkers, xiangqi: the seat order decides who moves first
	Backgammon             // opening roll and two dice a turn
	Deals52                // one 52-card shuffle a deal, 13 cards a seat
	Baloot                 // 32-card shuffle, then a reshuffle of the rest
	Mahjong                // tiles drawn one at a time from the fixed wall
)

// Registry lists every game id a match_seed_v2 message may carry, in the order of
// the spec's table (MS2-5, decision D-7).
var Registry = []Game{
	{"backgammon", 2, Backgammon},
	{"checkers", 2, SeatsOnly},
	{"xiangqi", 2, SeatsOnly},
	{"tarneeb", 4, Deals52},
	{"trix", 4, Deals52},
	{"bridge", 4, Deals52},
	{"baloot", 4, Baloot},
	{"mahjong", 4, Mahjong},
}

// Lookup finds a game by id.
func Lookup(name string) (Game, bool) {
	for _, g := range Registry {
		if g.Name == name {
			return g, true
		}
	}
	return Game{}, false
}

// Limits on how much one match op may ask for (decision D-15).
const (
	MaxClientSeeds    = 16
	MaxDeals          = 1000
	MaxBackgammon     = 100
	MaxTurns          = 1000
	MaxMahjongHands   = 100
	MahjongDeal       = 53 // 13 tiles a seat and the dealer's fourteenth
	MahjongWall       = 136
	BalootFirst       = 5  // cards a seat gets in the first distribution
	BalootUpcard      = 20 // deck position of the card turned up for bidding
	BalootRest        = 11 // cards left for the second distribution
	BalootBuyerSecond = 2  // the buyer also takes the upcard
	BalootOtherSecond = 3
)

// Stream is a match's draw stream with its sampler.
type Stream struct {
	s  *stream.Stream
	sm stream.Sampler
}

// Commit is the commitment to a server seed, published before the match:
// SHA-256 of its 64 hex characters (MS2-1, SEED-1).
func Commit(serverSeed string) (string, error) {
	if err := ident.Seed("serverSeed", serverSeed); err != nil {
		return "", err
	}
	return stream.Commit(serverSeed), nil
}

// NewStream opens the stream of a match (MS2-1, MS2-2). Any game id is accepted
// (decision D-19); the inputs are checked in the order of the draws op: the
// server seed (SEED-1), game and matchId (ID-1), then 1 to 16 client seeds, each
// an identifier, so that no client seed can hold a separator (ID-1, D-15).
func NewStream(serverSeed, game, matchID string, clientSeeds []string) (*Stream, error) {
	if err := checkStream(serverSeed, game, matchID, clientSeeds); err != nil {
		return nil, err
	}
	s := stream.New(serverSeed, stream.MatchPrefix(game, matchID, clientSeeds))
	return &Stream{s: s, sm: stream.Sampler{Src: s}}, nil
}

// checkStream is NewStream's checks, in its order.
func checkStream(serverSeed, game, matchID string, clientSeeds []string) error {
	if err := ident.Seed("serverSeed", serverSeed); err != nil {
		return err
	}
	if err := ident.ID("game", game); err != nil {
		return err
	}
	if err := ident.ID("matchId", matchID); err != nil {
		return err
	}
	if n := len(clientSeeds); n < 1 || n > MaxClientSeeds {
		return errcode.New(errcode.BadLength, "clientSeeds: expected from 1 to %d elements, found %d", MaxClientSeeds, n)
	}
	for i, c := range clientSeeds {
		if !ident.IsID(c) { // the field's name is built only for the error
			return ident.ID("clientSeeds["+strconv.Itoa(i)+"]", c)
		}
	}
	return nil
}

// Source is the underlying word stream, for the runner's programs and traces.
func (m *Stream) Source() *stream.Stream { return m.s }

// Message is the HMAC message of draw k.
func (m *Stream) Message(k uint64) string { return m.s.Message(k) }

// Word is the next word, a whole number below 2^52 (WORD-1).
func (m *Stream) Word() uint64 {
	w, _ := m.s.Next() // the HMAC stream never fails
	return w
}

// Int is int(n) on the stream, 1 <= n <= 2^52 (INT-1 to INT-3).
func (m *Stream) Int(n uint64) (uint64, error) { return m.sm.Int(n) }

// Shuffle is shuffle([0 .. n-1]) on the stream, 1 <= n <= 4096 (SHUF-1, D-15).
func (m *Stream) Shuffle(n int) ([]int, error) {
	if n < 1 || n > stream.MaxShuffle {
		return nil, errcode.New(errcode.OutOfRange, "n: expected an integer from 1 to %d, found %d", stream.MaxShuffle, n)
	}
	return m.sm.Permutation(n)
}

// Counter is the next k.
func (m *Stream) Counter() uint64 { return m.s.Counter() }

func (m *Stream) int(n int) int {
	v, _ := m.sm.Int(uint64(n)) // the HMAC source never fails and n is in range
	return int(v)
}

func (m *Stream) perm(n int) []int {
	p, _ := m.sm.Permutation(n)
	return p
}

func (m *Stream) die() int { return m.int(6) + 1 }

// Seats is the seat order: shuffle([0 .. P-1]), the first draws of a match.
// seats[i] is the index of the client seed that sits in seat i (MS2-4).
func (m *Stream) Seats(players int) []int { return m.perm(players) }

// BackgammonGame is one game of a backgammon match.
type BackgammonGame struct {
	// Opening lists every opening throw as [seat 0's die, seat 1's die]; a tie is
	// thrown again, so only the last pair differs.
	Opening [][2]int `json:"opening"`
	// First is the seat that moves first: the higher opening die. It plays the
	// last opening pair as its first move.
	First int `json:"first"`
	// Rolls are the two dice of each later turn, in turn order.
	Rolls [][2]int `json:"rolls"`
}

// BackgammonGame draws one game: the opening throw and then turns rolls of two
// dice (BG-1, BG-2). The opening follows the reading (READ-6): one die a side,
// thrown again on a tie, the higher moving first; or two dice for seat 0, which
// moves first.
func (m *Stream) BackgammonGame(turns int, opening reading.BackgammonOpening) BackgammonGame {
	g := BackgammonGame{Rolls: make([][2]int, 0, turns)}
	if opening == reading.FirstSeatRolls {
		// Seat 0 moves first with two dice of its own; doubles stand.
		a := m.die()
		b := m.die()
		g.Opening = [][2]int{{a, b}}
	} else {
		for {
			a := m.die()
			b := m.die()
			g.Opening = append(g.Opening, [2]int{a, b})
			if a != b {
				if b > a {
					g.First = 1
				}
				break
			}
		}
	}
	for range turns {
		a := m.die()
		b := m.die()
		g.Rolls = append(g.Rolls, [2]int{a, b})
	}
	return g
}

// Deal52 shuffles a 52-card deck and gives seat i the cards at positions 13i to
// 13i+12 (DEAL-1).
func (m *Stream) Deal52() [4][]int {
	deck := m.perm(52)
	var hands [4][]int
	for i := range hands {
		hands[i] = deck[13*i : 13*i+13]
	}
	return hands
}

// BalootHand is one hand of Baloot.
type BalootHand struct {
	First  [4][]int // five cards a seat from the 32-card shuffle
	Upcard int      // the card turned up for bidding
	Buyer  int      // the seat that took the upcard, or -1 when all passed
	Rest   []int    // the eleven remaining cards after the reshuffle; nil when all passed
	Final  [4][]int // each seat's eight cards; zero when all passed
}

// BalootHand deals one hand (BAL-1..3): a 32-card shuffle; seat i gets the five
// positions the deal reading gives (READ-7: 5i..5i+4 in blocks) and position 20
// is turned up. When a seat buys, the other eleven cards
// are shuffled again and dealt in seat order: two to the buyer, who also takes the
// upcard, three to every other seat. When everyone passes (buyer < 0), the hand
// ends there and the next hand is a new shuffle.
func (m *Stream) BalootHand(buyer int, deal reading.BalootDeal) BalootHand {
	deck := m.perm(32)
	h := BalootHand{Upcard: deck[BalootUpcard], Buyer: buyer}
	for i := range h.First {
		for _, p := range deal.First(i) {
			h.First[i] = append(h.First[i], deck[p])
		}
	}
	if buyer < 0 {
		return h
	}
	rest := append([]int(nil), deck[BalootUpcard+1:]...)
	_ = stream.Shuffle(m.sm, rest)
	h.Rest = rest
	next := 0
	for i := range h.Final {
		hand := append([]int(nil), h.First[i]...)
		take := BalootOtherSecond
		if i == buyer {
			hand = append(hand, h.Upcard)
			take = BalootBuyerSecond
		}
		h.Final[i] = append(hand, rest[next:next+take]...)
		next += take
	}
	return h
}

// MahjongHand is one hand of mahjong.
type MahjongHand struct {
	Deal  [4][]int // seat i holds draws 13i..13i+12; seat 0 also the 53rd draw
	Draws []int    // every later draw, in play order
}

// Wall is the mahjong wall in its fixed order (tile ids 0..135).
func Wall() []int {
	w := make([]int, MahjongWall)
	for i := range w {
		w[i] = i
	}
	return w
}

// DrawTile takes one tile from the wall with the draw model the record follows
// (MJ-1, READ-5): j = int(len(wall)); swap_last swaps the tile at j with the
// last tile and the last tile leaves the wall (drawing the whole wall this way
// is a Fisher-Yates shuffle done one tile at a time); close_gap takes the tile
// at j and the tiles after it move up one place. The last tile still costs a
// draw, int(1).
func (m *Stream) DrawTile(wall []int, model reading.MahjongDraw) (tile int, rest []int) {
	j := m.int(len(wall))
	last := len(wall) - 1
	if model == reading.CloseGap {
		tile = wall[j]
		copy(wall[j:], wall[j+1:])
		return tile, wall[:last]
	}
	wall[j], wall[last] = wall[last], wall[j]
	return wall[last], wall[:last]
}

// MahjongHand draws count tiles from a fresh wall (53 <= count <= 136) with the
// given draw model: the deal, laid out as the deal reading says, then the draws
// of play (MJ-2, READ-5, READ-8).
func (m *Stream) MahjongHand(count int, model reading.MahjongDraw, deal reading.MahjongDeal) MahjongHand {
	wall := Wall()
	drawn := make([]int, 0, count)
	for range count {
		var t int
		t, wall = m.DrawTile(wall, model)
		drawn = append(drawn, t)
	}
	var h MahjongHand
	for i := range h.Deal {
		for _, d := range deal.Seat(i) {
			h.Deal[i] = append(h.Deal[i], drawn[d])
		}
	}
	h.Draws = drawn[MahjongDeal:]
	return h
}

// CheckPlayers reports a client-seed list of the wrong size for g.
func CheckPlayers(g Game, n int) error {
	if n != g.Players {
		return errcode.New(errcode.BadLength, "clientSeeds: %s is played by %d players, expected %d client seeds, found %d", g.Name, g.Players, g.Players, n)
	}
	return nil
}

// Names lists the registered game ids, in the order of the spec's table.
func Names() []string {
	names := make([]string, len(Registry))
	for i, r := range Registry {
		names[i] = r.Name
	}
	return names
}

// DeckOf is the naming of the pieces g deals.
func DeckOf(g Game) *cards.Deck {
	switch g.Kind {
	case Baloot:
		return cards.Baloot32
	case Mahjong:
		return cards.Tiles136
	}
	return cards.Table52
}

// Match is a match of a registered game: its stream, with the seat order
// already drawn, and the draws of the game's own mapping, each refusing what
// the game does not deal.
type Match struct {
	Game  Game
	Deck  *cards.Deck
	seats []int
	*Stream
}

// NewMatch opens a match of a registered game: the stream's checks (NewStream),
// then a registered game (MS2-5, unknown_game), then one client seed per player
// (bad_length), in the order of the match op. The seat order is drawn at once:
// it is the first draws of every match (MS2-4).
func NewMatch(serverSeed, game, matchID string, clientSeeds []string) (*Match, error) {
	s, err := NewStream(serverSeed, game, matchID, clientSeeds)
	if err != nil {
		return nil, err
	}
	g, err := registered(game, len(clientSeeds))
	if err != nil {
		return nil, err
	}
	return &Match{Game: g, Deck: DeckOf(g), seats: s.Seats(g.Players), Stream: s}, nil
}

// registered is NewMatch's checks after the stream's: a registered game,
// and one client seed per player.
func registered(game string, seeds int) (Game, error) {
	g, ok := Lookup(game)
	if !ok {
		return Game{}, errcode.New(errcode.UnknownGame, "game: expected one of %s, found %s", strings.Join(Names(), ", "), escape.Clipped(game))
	}
	return g, CheckPlayers(g, seeds)
}

// Seats is the seat order: Seats()[i] is the index of the client seed in seat i.
func (m *Match) Seats() []int { return append([]int(nil), m.seats...) }

func (m *Match) kind(k Kind, what string) error {
	if m.Game.Kind != k {
		return errcode.New(errcode.UnknownGame, "game: %s does not draw %s", m.Game.Name, what)
	}
	return nil
}

// Backgammon draws the next backgammon game of the match with turns later
// rolls, 0 to 1000 (BG-1, BG-2, D-15), opening as the reading says (READ-6):
// one of reading.BackgammonOpenings, else unknown_reading.
func (m *Match) Backgammon(turns int, opening reading.BackgammonOpening) (BackgammonGame, error) {
	if err := m.kind(Backgammon, "backgammon games"); err != nil {
		return BackgammonGame{}, err
	}
	if turns < 0 || turns > MaxTurns {
		return BackgammonGame{}, errcode.New(errcode.OutOfRange, "turns: expected an integer from 0 to %d, found %d", MaxTurns, turns)
	}
	if err := reading.Check("backgammonOpening", string(opening), reading.BackgammonOpenings); err != nil {
		return BackgammonGame{}, err
	}
	return m.BackgammonGame(turns, opening), nil
}

// Deal draws the next 52-card deal of a tarneeb, trix or bridge match
// (DEAL-1): seat i's 13 card ids.
func (m *Match) Deal() ([4][]int, error) {
	if err := m.kind(Deals52, "52-card deals"); err != nil {
		return [4][]int{}, err
	}
	return m.Deal52(), nil
}

// Baloot draws the next Baloot hand; buyer is the seat that took the upcard,
// 0 to 3, or -1 when every seat passed (BAL-1 to BAL-3); the first distribution
// is dealt as the reading says (READ-7): one of reading.BalootDeals, else
// unknown_reading.
func (m *Match) Baloot(buyer int, deal reading.BalootDeal) (BalootHand, error) {
	h, _, err := m.BalootIn(buyer, deal, nil)
	return h, err
}

// BalootIn is Baloot for a site that numbers the 32 cards in the order names
// lists (READ-11), checked after everything else and before any draw; it also
// returns the deck that names the hand's ids. nil names is the kit's order.
func (m *Match) BalootIn(buyer int, deal reading.BalootDeal, names []string) (BalootHand, *cards.Deck, error) {
	if err := m.kind(Baloot, "Baloot hands"); err != nil {
		return BalootHand{}, nil, err
	}
	if buyer < -1 || buyer >= m.Game.Players {
		return BalootHand{}, nil, errcode.New(errcode.OutOfRange, "buyer: expected a seat from 0 to %d, or -1 when all passed, found %d", m.Game.Players-1, buyer)
	}
	if err := reading.Check("balootDeal", string(deal), reading.BalootDeals); err != nil {
		return BalootHand{}, nil, err
	}
	d, err := Ordered(reading.BalootDeck, m.Deck, names)
	if err != nil {
		return BalootHand{}, nil, err
	}
	return m.BalootHand(buyer, deal), d, nil
}

// Mahjong draws the next mahjong hand of count tiles from a fresh wall, 53 (the
// deal) to 136, with the draw model (READ-5) and the deal layout (READ-8) the
// record follows: each one its reading allows, else unknown_reading (MJ-1, MJ-2).
func (m *Match) Mahjong(count int, model reading.MahjongDraw, layout reading.MahjongDeal) (MahjongHand, error) {
	h, _, err := m.MahjongIn(count, model, layout, nil)
	return h, err
}

// MahjongIn is Mahjong for a site whose wall's fixed order is the one names
// lists (READ-10), checked after everything else and before any draw; it also
// returns the deck that names the hand's ids. nil names is the kit's order.
func (m *Match) MahjongIn(count int, model reading.MahjongDraw, layout reading.MahjongDeal, names []string) (MahjongHand, *cards.Deck, error) {
	if err := m.kind(Mahjong, "mahjong hands"); err != nil {
		return MahjongHand{}, nil, err
	}
	if count < MahjongDeal || count > MahjongWall {
		return MahjongHand{}, nil, errcode.New(errcode.OutOfRange, "count: expected an integer from %d to %d, found %d", MahjongDeal, MahjongWall, count)
	}
	if err := reading.Check("mahjongDraw", string(model), reading.MahjongDraws); err != nil {
		return MahjongHand{}, nil, err
	}
	if err := reading.Check("mahjongDeal", string(layout), reading.MahjongDeals); err != nil {
		return MahjongHand{}, nil, err
	}
	d, err := Ordered(reading.MahjongWall, m.Deck, names)
	if err != nil {
		return MahjongHand{}, nil, err
	}
	return m.MahjongHand(count, model, layout), d, nil
}

// Ordered is base with its pieces in the fixed order names lists (READ-10,
// READ-11): names[i] names id i, and holds every piece as often as base does.
// nil names is base itself. Another list is unknown_reading, under where.
func Ordered(where string, base *cards.Deck, names []string) (*cards.Deck, error) {
	if names == nil {
		return base, nil
	}
	d, err := base.Reordered(names)
	if err != nil {
		return nil, errcode.New(errcode.UnknownReading, "%s: not an order of the %d pieces: %s", where, base.Size, OrderWhy(err))
	}
	return d, nil
}

// OrderWhy words why a list is not an order of a deck's pieces (REF-4), in
// the catalog's words: the name that is no piece, or the piece held too
// often or too seldom, quoted as TXT-2 says; a list of the wrong length as
// the error says it.
func OrderWhy(err error) string {
	oe, ok := err.(*cards.OrderError)
	switch {
	case !ok || oe.Entries != oe.Size:
		return err.Error()
	case oe.Piece == "": // a name of no piece, "" among them
		return words.Text("cli.refusal.noPiece", "piece", escape.Clipped(oe.Unknown))
	}
	return words.Text("cli.refusal.pieceCount", "piece", escape.Clipped(oe.Piece), "want", times(oe.Want), "found", times(oe.Found))
}

// times is a count as REF-4 writes it, in the catalog's words: "once",
// "twice", "N times".
func times(n int) string {
	switch n {
	case 1:
		return words.Text("cli.refusal.once")
	case 2:
		return words.Text("cli.refusal.twice")
	}
	return words.Text("cli.refusal.times", "n", n)
}
