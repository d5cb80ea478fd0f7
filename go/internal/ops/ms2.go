package ops

import (
	"encoding/hex"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// Bounds of the match_seed_v2 ops (decision D-15); the client seeds' bound is
// match.MaxClientSeeds.
const (
	MaxProgram      = 256
	MaxTraceProgram = 16
	MaxTraceShuffle = 64
	MaxWords        = 4096
)

func ms2Commit(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.MatchSeedV2, "commit")...)
	seed := f.seed("serverSeed")
	if f.err != nil {
		return nil, f.err
	}
	c, err := match.Commit(seed)
	return inInput(struct {
		Commitment string `json:"commitment"`
	}{c}, err)
}

// step is one instruction of a draws program.
type step struct {
	op string // "word", "int" or "shuffle"
	n  uint64
}

func (f *fields) program(name string, maxSteps int, maxShuffle int64) []step {
	a := f.array(name, 1, maxSteps)
	prog := make([]step, 0, len(a))
	for i, v := range a {
		where := f.where(name) + "[" + strconv.Itoa(i) + "]"
		o := f.object(where, v)
		if f.err != nil {
			return nil
		}
		opv, ok := o["op"]
		if !ok {
			f.fail(errcode.MissingField, "%s.op: required field is missing (expected word, int or shuffle)", where)
			return nil
		}
		op, ok := opv.(string)
		if !ok {
			f.fail(errcode.WrongType, "%s.op: expected a string, found %s", where, strictjson.TypeName(opv))
			return nil
		}
		var c *fields
		var n int64
		switch op {
		case "word":
			c = newFields(o, where, "op")
		case "int":
			c = newFields(o, where, "op", "n")
			n = c.int("n", 1, int64(stream.Span))
		case "shuffle":
			c = newFields(o, where, "op", "n")
			n = c.int("n", 1, maxShuffle)
		default:
			f.fail(errcode.UnknownOp, "%s.op: expected word, int or shuffle, found %s", where, escape.Clipped(op))
			return nil
		}
		f.absorb(c)
		if f.err != nil {
			return nil
		}
		prog = append(prog, step{op, uint64(n)})
	}
	return prog
}

// run executes a program; each result is the word, the integer, or the permutation.
func run(sm stream.Sampler, prog []step) ([]any, error) {
	results := make([]any, 0, len(prog))
	for _, st := range prog {
		switch st.op {
		case "word":
			w, err := sm.Src.Next()
			if err != nil {
				return nil, err
			}
			if sm.OnDraw != nil {
				sm.OnDraw(0, 0, w, true)
			}
			results = append(results, w)
		case "int":
			v, err := sm.Int(st.n)
			if err != nil {
				return nil, err
			}
			results = append(results, v)
		case "shuffle":
			p, err := sm.Permutation(int(st.n))
			if err != nil {
				return nil, err
			}
			results = append(results, p)
		}
	}
	return results, nil
}

type matchInput struct {
	serverSeed, game, matchID string
	clientSeeds               []string
}

func (f *fields) match(maxSeeds int) matchInput {
	return matchInput{
		serverSeed:  f.seed("serverSeed"),
		game:        f.id("game"),
		matchID:     f.id("matchId"),
		clientSeeds: f.ids("clientSeeds", 1, maxSeeds),
	}
}

// stream opens the match's stream; match.NewStream checks every field again,
// as it does for any caller.
func (m matchInput) stream() (*stream.Stream, error) {
	s, err := match.NewStream(m.serverSeed, m.game, m.matchID, m.clientSeeds)
	if err != nil {
		return nil, errcode.Within("input", err)
	}
	return s.Source(), nil
}

type drawsOutput struct {
	Results []any  `json:"results"`
	Counter uint64 `json:"counter"`
}

func ms2Draws(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.MatchSeedV2, "draws")...)
	m := f.match(match.MaxClientSeeds)
	prog := f.program("program", MaxProgram, stream.MaxShuffle)
	if f.err != nil {
		return nil, f.err
	}
	s, err := m.stream()
	if err != nil {
		return nil, err
	}
	res, err := run(stream.Sampler{Src: s}, prog)
	if err != nil {
		return nil, err
	}
	return drawsOutput{res, s.Counter()}, nil
}

// TraceDraw is one line of a trace: everything a port needs to find the first
// draw where it parts from the reference.
type TraceDraw struct {
	K        uint64  `json:"k"`
	Message  string  `json:"message"`
	Digest   string  `json:"digest"`
	Word     uint64  `json:"word"`
	N        *uint64 `json:"n"`
	Limit    *uint64 `json:"limit"`
	Accepted bool    `json:"accepted"`
}

type traceOutput struct {
	Results []any       `json:"results"`
	Counter uint64      `json:"counter"`
	Draws   []TraceDraw `json:"draws"`
}

// tracer wraps a stream and records every draw.
type tracer struct {
	s     *stream.Stream
	draws []TraceDraw
}

func (t *tracer) Next() (uint64, error) {
	k := t.s.Counter()
	d := t.s.Digest(k)
	w, _ := t.s.Next()
	t.draws = append(t.draws, TraceDraw{K: k, Message: t.s.Message(k), Digest: hex.EncodeToString(d[:]), Word: w, Accepted: true})
	return w, nil
}

func (t *tracer) judge(n, limit, _ uint64, accepted bool) {
	d := &t.draws[len(t.draws)-1]
	if n > 0 {
		d.N, d.Limit = &n, &limit
	}
	d.Accepted = accepted
}

func ms2Trace(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.MatchSeedV2, "trace")...)
	m := f.match(match.MaxClientSeeds)
	prog := f.program("program", MaxTraceProgram, MaxTraceShuffle)
	if f.err != nil {
		return nil, f.err
	}
	s, err := m.stream()
	if err != nil {
		return nil, err
	}
	t := &tracer{s: s}
	res, err := run(stream.Sampler{Src: t, OnDraw: t.judge}, prog)
	if err != nil {
		return nil, err
	}
	return traceOutput{res, t.s.Counter(), t.draws}, nil
}

// injected serves a fixed list of words.
type injected struct {
	words []uint64
	used  int
}

func (w *injected) Next() (uint64, error) {
	if w.used == len(w.words) {
		return 0, errcode.New(errcode.WordsExhausted, "words: the program needed more than the %d words given", len(w.words))
	}
	w.used++
	return w.words[w.used-1], nil
}

func ms2Inject(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.MatchSeedV2, "inject")...)
	a := f.array("words", 0, MaxWords)
	words := make([]uint64, len(a))
	for i, v := range a {
		if f.err != nil {
			break
		}
		x, err := integer("input.words["+strconv.Itoa(i)+"]", v, 0, int64(stream.Span-1))
		if err != nil {
			f.err = err
		}
		words[i] = uint64(x)
	}
	prog := f.program("program", MaxProgram, stream.MaxShuffle)
	if f.err != nil {
		return nil, f.err
	}
	src := &injected{words: words}
	res, err := run(stream.Sampler{Src: src}, prog)
	if err != nil {
		return nil, err
	}
	return struct {
		Results []any `json:"results"`
		Used    int   `json:"used"`
	}{res, src.used}, nil
}

type balootHandOut struct {
	First  [4][]string  `json:"first"`
	Upcard string       `json:"upcard"`
	Buyer  *int         `json:"buyer"`
	Rest   []string     `json:"rest,omitempty"`
	Final  *[4][]string `json:"final,omitempty"`
}

type mahjongHandOut struct {
	Deal  [4][]string `json:"deal"`
	Draws []string    `json:"draws"`
}

type matchOutput struct {
	Seats   []int                  `json:"seats"`
	Games   []match.BackgammonGame `json:"games,omitempty"`
	Deals   [][4][]string          `json:"deals,omitempty"`
	Hands   any                    `json:"hands,omitempty"`
	Counter uint64                 `json:"counter"`
}

func names4(d *cards.Deck, h [4][]int) [4][]string {
	var out [4][]string
	for i := range h {
		out[i] = d.Names(h[i])
	}
	return out
}

func ms2Match(in strictjson.Object) (any, error) {
	f := newFields(in, "input", scheme.Inputs(scheme.MatchSeedV2, "match")...)
	m := f.match(match.MaxClientSeeds)
	playRaw, _ := f.get("play")
	if f.err != nil {
		return nil, f.err
	}
	// The registered game and the number of players are the match's own
	// checks (match.NewMatch), made after every field as the op table says.
	ms, err := match.NewMatch(m.serverSeed, m.game, m.matchID, m.clientSeeds)
	if err != nil {
		return nil, errcode.Within("input", err)
	}
	out := matchOutput{}
	switch ms.Game.Kind {
	case match.SeatsOnly:
		err = playSeatsOnly(f, playRaw, ms, &out)
	case match.Backgammon:
		err = playBackgammon(f, playRaw, ms, &out)
	case match.Deals52:
		err = playDeals(f, playRaw, ms, &out)
	case match.Baloot:
		err = playBaloot(f, playRaw, ms, &out)
	case match.Mahjong:
		err = playMahjong(f, playRaw, ms, &out)
	}
	if err != nil {
		return nil, err
	}
	out.Counter = ms.Counter()
	return out, nil
}

// Each play function reads the game's play object, checks it, then fills out:
// the seat order first (MS2-4), then what the play asks for, on the match's
// counter. Errors of the play object come before any draw.

// playSeatsOnly: checkers and xiangqi draw the seat order alone; their play is
// an empty object.
func playSeatsOnly(f *fields, playRaw any, ms *match.Match, out *matchOutput) error {
	p := f.child("input.play", playRaw)
	if p.err != nil {
		return p.err
	}
	out.Seats = ms.Seats()
	return nil
}

// playBackgammon: {"games": [turns, …]} and an optional backgammonOpening
// (BG-1, BG-2, READ-6).
func playBackgammon(f *fields, playRaw any, ms *match.Match, out *matchOutput) error {
	p := f.child("input.play", playRaw, "games", "backgammonOpening")
	a := p.array("games", 1, match.MaxBackgammon)
	turns := make([]int, len(a))
	for i, v := range a {
		x, err := integer("input.play.games["+strconv.Itoa(i)+"]", v, 0, match.MaxTurns)
		if err != nil {
			return err
		}
		turns[i] = int(x)
	}
	opening := reading.BackgammonOpening(p.reading("backgammonOpening", string(reading.OneDieEach), reading.BackgammonOpenings))
	if p.err != nil {
		return p.err
	}
	out.Seats = ms.Seats()
	for _, t := range turns {
		bg, err := ms.Backgammon(t, opening)
		if err != nil {
			return errcode.Within("input.play", err)
		}
		out.Games = append(out.Games, bg)
	}
	return nil
}

// playDeals: {"deals": n} for tarneeb, trix and bridge (DEAL-1).
func playDeals(f *fields, playRaw any, ms *match.Match, out *matchOutput) error {
	p := f.child("input.play", playRaw, "deals")
	n := p.int("deals", 1, match.MaxDeals)
	if p.err != nil {
		return p.err
	}
	out.Seats = ms.Seats()
	for range n {
		d, err := ms.Deal()
		if err != nil {
			return errcode.Within("input.play", err)
		}
		out.Deals = append(out.Deals, names4(ms.Deck, d))
	}
	return nil
}

// playBaloot: {"hands": [{"buyer": seat or null}, …]}, an optional balootDeal
// and balootDeck (BAL-1 to BAL-3, READ-7, READ-11).
func playBaloot(f *fields, playRaw any, ms *match.Match, out *matchOutput) error {
	p := f.child("input.play", playRaw, "hands", "balootDeal", reading.BalootDeck)
	a := p.array("hands", 1, match.MaxDeals)
	buyers := make([]int, len(a))
	for i, v := range a {
		where := "input.play.hands[" + strconv.Itoa(i) + "]"
		h := p.child(where, v, "buyer")
		b, present := h.get("buyer")
		buyers[i] = -1
		if present && b != nil {
			x, err := integer(where+".buyer", b, 0, int64(ms.Game.Players-1))
			if err != nil {
				return err
			}
			buyers[i] = int(x)
		}
		if h.err != nil {
			return h.err
		}
	}
	deal := reading.BalootDeal(p.reading("balootDeal", string(reading.BalootBlocks), reading.BalootDeals))
	deck := p.order(reading.BalootDeck, ms.Deck)
	if p.err != nil {
		return p.err
	}
	out.Seats = ms.Seats()
	hands := make([]balootHandOut, 0, len(buyers))
	for _, b := range buyers {
		h, err := ms.Baloot(b, deal)
		if err != nil {
			return errcode.Within("input.play", err)
		}
		ho := balootHandOut{First: names4(deck, h.First), Upcard: deck.Name(h.Upcard)}
		if b >= 0 {
			bb := b
			final := names4(deck, h.Final)
			ho.Buyer, ho.Rest, ho.Final = &bb, deck.Names(h.Rest), &final
		}
		hands = append(hands, ho)
	}
	out.Hands = hands
	return nil
}

// playMahjong: {"hands": [draws, …]}, an optional mahjongDraw, mahjongDeal and
// mahjongWall (MJ-1, MJ-2, READ-5, READ-8, READ-10).
func playMahjong(f *fields, playRaw any, ms *match.Match, out *matchOutput) error {
	p := f.child("input.play", playRaw, "hands", "mahjongDraw", "mahjongDeal", reading.MahjongWall)
	a := p.array("hands", 1, match.MaxMahjongHands)
	counts := make([]int, len(a))
	for i, v := range a {
		x, err := integer("input.play.hands["+strconv.Itoa(i)+"]", v, match.MahjongDeal, match.MahjongWall)
		if err != nil {
			return err
		}
		counts[i] = int(x)
	}
	model := reading.MahjongDraw(p.reading("mahjongDraw", string(reading.SwapLast), reading.MahjongDraws))
	layout := reading.MahjongDeal(p.reading("mahjongDeal", string(reading.MahjongBlocks), reading.MahjongDeals))
	deck := p.order(reading.MahjongWall, ms.Deck)
	if p.err != nil {
		return p.err
	}
	out.Seats = ms.Seats()
	hands := make([]mahjongHandOut, 0, len(counts))
	for _, c := range counts {
		h, err := ms.Mahjong(c, model, layout)
		if err != nil {
			return errcode.Within("input.play", err)
		}
		hands = append(hands, mahjongHandOut{Deal: names4(deck, h.Deal), Draws: deck.Names(h.Draws)})
	}
	out.Hands = hands
	return nil
}
