package ops

import (
	"strconv"

	"github.com/pfkit/pfkit/go/internal/errcode"
	"github.com/pfkit/pfkit/go/internal/ident"
	"github.com/pfkit/pfkit/go/internal/merkle"
	"github.com/pfkit/pfkit/go/internal/poker"
	"github.com/pfkit/pfkit/go/internal/strictjson"
)

type handInput struct {
	serverSeed, table, session string
	hand                       int
	seats                      []poker.Seat
}

func (f *fields) pokerHand() handInput {
	h := handInput{
		serverSeed: f.seed("serverSeed"),
		table:      f.id("table"),
		session:    f.id("session"),
		hand:       int(f.int("hand", 1, poker.MaxHands)),
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
	return h
}

func (h handInput) deal() (*poker.Hand, error) {
	d, err := poker.Deal(h.serverSeed, h.table, h.session, h.hand, h.seats)
	if err != nil {
		return nil, errcode.Within("input", err)
	}
	return d, nil
}

var handFields = []string{"serverSeed", "table", "session", "hand", "seats"}

type handOutput struct {
	HandValue      string   `json:"handValue"`
	HandCommitment string   `json:"handCommitment"`
	Deck           []int    `json:"deck"`
	Salts          []string `json:"salts"`
	Root           string   `json:"root"`
	Counter        uint64   `json:"counter"`
}

func pokerHand(in strictjson.Object) (any, error) {
	f := newFields(in, "input", handFields...)
	h := f.pokerHand()
	if f.err != nil {
		return nil, f.err
	}
	d, err := h.deal()
	if err != nil {
		return nil, err
	}
	return handOutput{d.HandValue, d.HandCommitment, d.Deck, d.Salts, d.Tree.Root(), d.Counter}, nil
}

func pokerProof(in strictjson.Object) (any, error) {
	f := newFields(in, "input", append(append([]string{}, handFields...), "position")...)
	h := f.pokerHand()
	pos := int(f.int("position", 0, merkle.Positions-1))
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
	f := newFields(in, "input", "root", "position", "card", "salt", "path")
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
