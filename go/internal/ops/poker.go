package ops

import (
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/ident"
	"github.com/pfkit/pfkit/v2/go/internal/merkle"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

type handInput struct {
	serverSeed, table, session string
	hand, firstHand            int
	seats                      []poker.Seat
}

func (f *fields) pokerHand() handInput {
	h := handInput{
		serverSeed: f.seed("serverSeed"),
		table:      f.id("table"),
		session:    f.id("session"),
		hand:       int(f.int("hand", 0, poker.MaxHands)), // within the reading's range: handRange
	}
	a := f.array("seats", poker.MinPlayers, poker.MaxPlayers)
	for i, v := range a {
		where := "input.seats[" + strconv.Itoa(i) + "]"
		c := f.child(where, v, "seat", "clientSeed")
		s := poker.Seat{Seat: int(c.int("seat", 0, poker.MaxSeat)), ClientSeed: c.id("clientSeed")}
		f.absorb(c)
		if f.err != nil {
			return h
		}
		// A seat taken twice is reported at the second entry, before the
		// entries after it are read (poker.CheckSeat).
		h.seats = append(h.seats, s)
		if err := poker.CheckSeat(h.seats); err != nil {
			f.err = errcode.Within("input", err)
			return h
		}
	}
	h.firstHand = reading.FirstHand
	if f.has("firstHand") {
		h.firstHand = int(f.int("firstHand", 0, 1))
	}
	return h
}

func (h handInput) deal() (*poker.Hand, error) {
	d, err := poker.Deal(h.serverSeed, h.table, h.session, h.hand, h.seats)
	if err != nil {
		return nil, errcode.Within("input", err)
	}
	return d, nil
}

// handRange is the cross-field check of the hand number against the numbering
// the request declares (PK-8, READ-3): poker.CheckHand.
func (f *fields) handRange(h handInput) {
	if f.err == nil {
		if err := poker.CheckHand(h.firstHand, h.hand); err != nil {
			f.err = errcode.Within("input", err)
		}
	}
}

type handOutput struct {
	HandValue      string           `json:"handValue"`
	HandCommitment string           `json:"handCommitment"`
	Deck           []int            `json:"deck"`
	Salts          []string         `json:"salts"`
	Root           string           `json:"root"`
	Counter        uint64           `json:"counter"`
	Hands          []holeOutput     `json:"hands"`
	Board          [poker.Board]int `json:"board"`
}

// holeOutput is where a seated player's two cards lie in the deck.
type holeOutput struct {
	Seat      int    `json:"seat"`
	Positions [2]int `json:"positions"`
}

func pokerHand(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.PokerHMACV1, "hand")...)
	h := f.pokerHand()
	dealing := reading.Dealing(f.reading("dealing", string(reading.Pairs), reading.Dealings))
	f.handRange(h)
	if f.err != nil {
		return nil, f.err
	}
	d, err := h.deal()
	if err != nil {
		return nil, err
	}
	out := handOutput{HandValue: d.HandValue, HandCommitment: d.HandCommitment, Deck: d.Deck, Salts: d.Salts, Root: d.Tree.Root(),
		Counter: d.Counter, Board: poker.BoardPositions(len(h.seats))}
	for i, s := range poker.SortSeats(h.seats) {
		out.Hands = append(out.Hands, holeOutput{s.Seat, poker.HolePositions(i, len(h.seats), dealing)})
	}
	return out, nil
}

func pokerProof(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.PokerHMACV1, "proof")...)
	h := f.pokerHand()
	pos := int(f.int("position", 0, merkle.Positions-1))
	f.handRange(h)
	if f.err != nil {
		return nil, f.err
	}
	d, err := h.deal()
	if err != nil {
		return nil, err
	}
	p, err := d.Proof(pos)
	return inInput(p, err)
}

func pokerVerifyProof(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.PokerHMACV1, "verifyProof")...)
	root := f.hash("root")
	pos := int(f.int("position", 0, merkle.Positions-1))
	card := int(f.int("card", 0, 51))
	salt := f.hash("salt")
	a := f.array("path", merkle.Depth, merkle.Depth)
	path := make([]string, len(a))
	for i, v := range a {
		if f.err != nil {
			break
		}
		where := "input.path[" + strconv.Itoa(i) + "]"
		s, ok := v.(string)
		if !ok {
			f.fail(errcode.WrongType, "%s: expected a string, found %s", where, strictjson.TypeName(v))
			break
		}
		f.err = ident.Hex(where, s, 64)
		path[i] = s
	}
	if f.err != nil {
		return nil, f.err
	}
	valid, err := poker.VerifyProof(root, pos, card, salt, path)
	return inInput(struct {
		Valid bool `json:"valid"`
	}{valid}, err)
}
