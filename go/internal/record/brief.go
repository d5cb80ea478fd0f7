package record

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"

	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// JudgeBrief is JudgeSeeing for an audit, which keeps nothing of a verified
// record but its kind. A plain record (readPlain) whose every check passes
// gets the verdict verified with no report, and kind names its format
// ("selfpoker_v1/hand_end"): building the report, its title and summaries,
// costs more than the checks. Any other record, failing or not plain, gets
// JudgeSeeing's verdict, report and all, and kind is "". The two agree: a
// record judged briefly is one JudgeSeeing verifies (a test holds them to
// it over every vector record and tampered variants).
func JudgeBrief(data []byte, see func(*Dealt)) (v Verdict, kind string) {
	p := plainForms.Get().(*plainForm)
	defer func() {
		p.rec.Data = nil
		plainForms.Put(p)
	}()
	plain := p.scan(data)
	if plain && p.isHand() && p.handVerifies() {
		if see != nil {
			p.seeHand(see)
		}
		return Verdict{Status: Verified}, kindNames[4]
	}
	if plain && p.isMatch() && p.matchVerifies() {
		if see != nil {
			seeDealt(p.record(data), p.table52IDs(), see)
		}
		return Verdict{Status: Verified}, kindNames[0]
	}
	var r *Record
	if plain {
		r = p.record(data)
	}
	return judgeRead(r, data, see), ""
}

// seeHand shows see what a hand dealt, as seeDealt does (dealtOf: its
// scheme and hole cards), from the form's own Dealt: an audit with
// statistics shows one a hand, and the pool and clearing a whole Dealt cost
// a tenth of the statistics' time.
func (p *plainForm) seeHand(see func(*Dealt)) {
	p.nameHands()
	p.dealt.Scheme, p.dealt.Hands = Kinds[4].Scheme, p.hands
	see(&p.dealt)
	p.dealt.Hands = nil
}

// handVerifies and matchVerifies say whether every check of the report
// Verify would give on the record p scanned passes, comparing the record with
// what the reference deals in the order Verify does, and building no report.
// False says only that the report has to be built to tell.

// handVerifies is verifySelfpoker's checks, all passing: the commitment
// (SP-2), the hands and the board (SP-4), dealt in pairs, the reading of a
// record that declares none. Cards that are the dealt ones pass the
// distinct-cards check, since the reference deals from a shuffled deck. The
// record's commitment is compared as scanned: when it is the digest in
// lowercase hex, it is a valid one (HASH-1), and otherwise the report tells.
func (p *plainForm) handVerifies() bool {
	d := &p.deal
	if selfpoker.DealInto(d, p.seed, p.nHands, reading.Pairs) != nil {
		return false
	}
	sum := selfpoker.CommitSum(p.seed)
	var commit [2 * sha256.Size]byte
	hex.Encode(commit[:], sum[:])
	if string(commit[:]) != string(p.commit) {
		return false
	}
	for i, h := range p.handIDs[:p.nHands] {
		if h[0] != selfpokerCards[d.Hands[i][0]] || h[1] != selfpokerCards[d.Hands[i][1]] {
			return false
		}
	}
	for k, c := range p.boardIDs[:p.nBoard] {
		if c != selfpokerCards[d.Board[k]] {
			return false
		}
	}
	return true
}

// selfpokerCards maps a card id of the selfpoker deck to the index of its
// name in cardNames, as the scanner reads cards (filled beside cardNames).
var selfpokerCards [52]uint8

// matchVerifies is verifyMatch's checks, all passing, for the games a plain
// record holds: the commitment (MS2-1), the seat order (MS2-4), then each
// 52-card deal (DEAL-1, whose dealt cards are distinct) or each
// backgammon game's opening and rolls (BG-1, BG-2) with the kit's opening,
// the reading of a record that declares none.
func (p *plainForm) matchVerifies() bool {
	m := &p.mForm
	if !stream.IsCommitment(m.ServerSeed, m.Commitment) {
		return false
	}
	if g, ok := match.Lookup(m.Game); ok && g.Kind == match.Deals52 {
		return p.dealsVerify()
	}
	ms, err := match.NewMatch(m.ServerSeed, m.Game, m.MatchID, m.ClientSeeds)
	if err != nil || !slices.Equal(ms.Seats(), m.Seats) {
		return false
	}
	if ms.Game.Kind == match.Backgammon {
		for _, rg := range m.Games {
			want, err := ms.Backgammon(len(rg.Rolls), reading.OneDieEach)
			if err != nil || want.First != rg.First || !slices.Equal(want.Opening, rg.Opening) || !slices.Equal(want.Rolls, rg.Rolls) {
				return false
			}
		}
	}
	return true
}

// dealsVerify is matchVerifies for a game of 52-card deals, on the form's
// own match.Dealer, comparing the cards as read (dealIDs) with the dealt
// ones by index: a record of one deal is read and checked allocating only
// its strings (the stream builds its prefix in room the Dealer keeps).
func (p *plainForm) dealsVerify() bool {
	m, d := &p.mForm, &p.dealer
	if d.Open(m.ServerSeed, m.Game, m.MatchID, m.ClientSeeds) != nil || !slices.Equal(d.Seats, m.Seats) {
		return false
	}
	for k := range m.Deals {
		d.Deal()
		got := p.dealIDs[52*k : 52*k+52]
		for i, id := range d.Deck {
			if table52Cards[id] != got[i] {
				return false
			}
		}
	}
	return true
}

// table52Cards maps a card id of the table games' deck to the index of its
// name in cardNames, as the scanner reads cards (filled beside cardNames).
var table52Cards [52]uint8
