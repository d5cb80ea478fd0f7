package match

import "github.com/pfkit/pfkit/v2/go/internal/stream"

// Dealer is a match of a game that deals 52-card decks (tarneeb, trix,
// bridge), held by value and opened again for each match: what NewMatch and
// Deal draw, into arrays it keeps, so that an audit checking a match per
// record allocates nothing for it after the first. It draws the same words
// in the same order as a Match does.
type Dealer struct {
	Game  Game
	Seats []int               // the seat order (MS2-4), as Match.Seats; valid until the next Open
	Deck  [52]int             // the last deal: seat i holds Deck[13i : 13i+13] (DEAL-1)
	seats [MaxClientSeeds]int // Seats' room
	st    stream.Stream
}

// Open is NewMatch into d for a game that deals 52-card decks: NewMatch's
// checks in its order, then unknown_game for a registered game that deals
// something else. It draws the seat order.
func (d *Dealer) Open(serverSeed, game, matchID string, clientSeeds []string) error {
	if err := checkStream(serverSeed, game, matchID, clientSeeds); err != nil {
		return err
	}
	g, err := registered(game, len(clientSeeds))
	if err != nil {
		return err
	}
	d.Game = g
	m := Match{Game: g}
	if err := m.kind(Deals52, "52-card deals"); err != nil {
		return err
	}
	d.st.ResetMatch(serverSeed, game, matchID, clientSeeds)
	d.Seats = d.seats[:g.Players]
	// The seat order and the first deal take at least one word a swap,
	// drawn side by side in one batch: a Dealer is opened to deal.
	d.st.Ahead(g.Players - 1 + 51)
	d.shuffle(d.Seats)
	return nil
}

// Deal draws the next deal into d.Deck, as Match.Deal does.
func (d *Dealer) Deal() {
	d.shuffle(d.Deck[:])
}

// shuffle is shuffle([0 .. len(a)-1]) on the match's stream, into a
// (Sampler.Permutation).
func (d *Dealer) shuffle(a []int) {
	for i := range a {
		a[i] = i
	}
	_ = stream.Shuffle(stream.Sampler{Src: &d.st}, a) // the HMAC stream never fails
}
