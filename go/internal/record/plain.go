package record

import (
	"encoding/json"
	"slices"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/ident"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
)

// readPlain reads the records audits see by the million, selfpoker_v1 hands
// and match_seed_v2 matches of the games that need no declared reading,
// straight from their bytes into the typed form the verifier uses, without
// building a JSON tree or running the general JSON Schema validator, which
// together cost more than the verification itself.
//
// It is conservative: it returns a record only when the record is in the
// scanner's plain form and plainly valid, so the general path (readGeneral)
// would read the same typed record from it; a differential test and a fuzz
// target check exactly that, verdict and report alike. Anything else gives nil
// and goes the general way, which gives the verdict and the error message.
func readPlain(data []byte) *Record { return new(plainForm).read(data) }

// read is readPlain into p, which keeps its buffers from read to read: the
// record it returns is p's, valid until p reads again.
func (p *plainForm) read(data []byte) *Record {
	if !p.scan(data) {
		return nil
	}
	return p.record(data)
}

// scan reads data's fields into p, and says whether they are in the plain
// form; record then says whether they make a plain record.
func (p *plainForm) scan(data []byte) bool {
	if len(data) > Limits.MaxBytes {
		return false
	}
	p.reset()
	s := &scanner{b: data}
	s.object(func(k []byte) { p.field(s, k) })
	s.end()
	if s.bad {
		return false
	}
	p.setTexts()
	return true
}

// Fields of the plain records, as bits of a set.
const (
	fScheme = 1 << iota
	fKind
	fCommit
	fFairplay
	fHands
	fBoard
	fGame
	fMatchID
	fCommitment
	fServerSeed
	fClientSeeds
	fSeats
	fDeals
	fGames
)

// plainField is the bit of a field name, or 0 for a name no plain record has.
func plainField(k []byte) uint {
	switch string(k) {
	case "scheme":
		return fScheme
	case "kind":
		return fKind
	case "commit":
		return fCommit
	case "fairplay":
		return fFairplay
	case "hands":
		return fHands
	case "board":
		return fBoard
	case "game":
		return fGame
	case "matchId":
		return fMatchID
	case "commitment":
		return fCommitment
	case "serverSeed":
		return fServerSeed
	case "clientSeeds":
		return fClientSeeds
	case "seats":
		return fSeats
	case "deals":
		return fDeals
	case "games":
		return fGames
	}
	return 0
}

// The exact field sets of the plain records.
const (
	selfpokerFields = fScheme | fKind | fCommit | fFairplay | fHands | fBoard
	matchFields     = fScheme | fKind | fGame | fMatchID | fCommitment | fServerSeed | fClientSeeds | fSeats
)

// plainForm gathers one record's fields as the scanner reads them, into the
// record it returns. Its lists live in buffers it keeps from one read to the
// next, so a form used again (Judge pools them) reads a record without
// allocating them anew.
type plainForm struct {
	seen         uint
	scheme, kind string
	seats, seeds int    // how many the record lists
	seed         uint64 // a selfpoker hand's seed, read once
	// A hand's commitment and seed as written, in the bytes read: the
	// typed form gets them as text only when record makes it, so a hand
	// JudgeBrief verifies is read without copying them.
	commit, seedText []byte
	// A hand's cards as indexes into cardNames, named in record.
	handIDs        [selfpoker.MaxPlayers][2]uint8
	boardIDs       [selfpoker.Board]uint8
	nHands, nBoard int
	deal           selfpoker.Deal // the hand JudgeBrief deals, its room kept
	dealt          Dealt          // what JudgeBrief shows the statistics of a hand
	rec            Record
	spForm         selfpokerRecord
	mForm          matchRecord
	// The buffers the typed forms' lists use.
	hands       [][2]string
	board       []string
	clientSeeds []string
	seatList    []int
	deals       [][4][]string
	cards       []string // the deals' cards, 52 per deal, named by record
	dealIDs     []uint8  // the same cards as indexes into cardNames
	deal52IDs   []uint8  // and as Table52 ids, for the statistics (table52IDs)
	dealer      match.Dealer
	// A match's strings (its id, seeds and commitment) as read, one after
	// another, made one string when the scan ends: one allocation a record,
	// not one a string.
	texts    []byte
	textDsts []textSpan
}

// textSpan is where a string of texts goes: *dst = texts[from:to].
type textSpan struct {
	dst      *string
	from, to int
}

// text sends b, as read, to *dst when the scan ends (setTexts).
func (p *plainForm) text(dst *string, b []byte) {
	p.textDsts = append(p.textDsts, textSpan{dst, len(p.texts), len(p.texts) + len(b)})
	p.texts = append(p.texts, b...)
}

// setTexts gives the strings text read their values, from one copy.
func (p *plainForm) setTexts() {
	all := string(p.texts)
	for _, t := range p.textDsts {
		*t.dst = all[t.from:t.to]
	}
}

func (p *plainForm) reset() {
	p.seen, p.scheme, p.kind, p.seats, p.seeds, p.seed = 0, "", "", 0, 0, 0
	p.commit, p.seedText = nil, nil
	p.rec, p.spForm, p.mForm = Record{}, selfpokerRecord{}, matchRecord{}
	p.cards, p.dealIDs = p.cards[:0], p.dealIDs[:0]
	p.texts, p.textDsts = p.texts[:0], p.textDsts[:0]
}

// sp and m are the typed form of the record's kind, named at its first field.
func (p *plainForm) sp() *selfpokerRecord {
	p.rec.selfpoker = &p.spForm
	return &p.spForm
}

func (p *plainForm) m() *matchRecord {
	p.rec.match = &p.mForm
	return &p.mForm
}

func (p *plainForm) field(s *scanner, k []byte) {
	f := plainField(k)
	if f == 0 || p.seen&f != 0 { // not a plain field, or a duplicate key
		s.bad = true
		return
	}
	p.seen |= f
	switch f {
	case fScheme:
		p.scheme = known(s.quoted(), scheme.SelfPokerV1, scheme.MatchSeedV2)
	case fKind:
		p.kind = known(s.quoted(), "hand_end", "match")
	case fCommit:
		p.sp()
		if p.commit = s.quoted(); len(p.commit) != 64 { // its digits are checked in record
			s.bad = true
		}
	case fFairplay:
		p.sp()
		s.object(func(k []byte) {
			if string(k) != "seed" || p.seedText != nil {
				s.bad = true
				return
			}
			p.seedText, p.seed = s.seed()
		})
		if p.seedText == nil {
			s.bad = true
		}
	case fHands:
		p.sp()
		p.nHands = s.array(selfpoker.MinPlayers, selfpoker.MaxPlayers, func(i int) { s.cardIndexes(p.handIDs[i][:], 2) })
	case fBoard:
		p.sp()
		p.nBoard = s.cardIndexes(p.boardIDs[:], 0)
	case fGame:
		p.m().Game = known(s.quoted(), "bridge", "tarneeb", "trix", "backgammon", "checkers", "xiangqi")
	case fMatchID:
		p.text(&p.m().MatchID, s.identifier())
	case fCommitment:
		p.text(&p.m().Commitment, s.hex64())
	case fServerSeed:
		p.text(&p.m().ServerSeed, s.hex64())
	case fClientSeeds:
		var seeds [4][]byte
		p.seeds = s.array(1, 4, func(i int) { seeds[i] = s.identifier() })
		p.clientSeeds = slices.Grow(p.clientSeeds[:0], p.seeds)[:p.seeds]
		for i, b := range seeds[:p.seeds] {
			p.text(&p.clientSeeds[i], b)
		}
		p.m().ClientSeeds = p.clientSeeds
	case fSeats:
		var seats [4]int
		p.seats = s.array(1, 4, func(i int) { seats[i] = s.smallInt(0, 3) })
		p.seatList = append(p.seatList[:0], seats[:p.seats]...)
		p.m().Seats = p.seatList
	case fDeals:
		p.readDeals(s)
	case fGames:
		s.array(1, match.MaxBackgammon, func(int) { p.m().Games = append(p.m().Games, s.backgammonGame()) })
	}
}

// readDeals reads the deals of a bridge, tarneeb or trix record: 52 card
// indexes per deal in dealIDs, and the room for their names (nameDeals) in
// the form's block of cards, sliced into its four seats. A block that
// grows leaves the deals before in the old one, which stays as it was.
func (p *plainForm) readDeals(s *scanner) {
	p.deals = p.deals[:0]
	s.array(1, match.MaxDeals, func(d int) {
		start := len(p.cards)
		p.cards = slices.Grow(p.cards, 52)[:start+52]
		p.dealIDs = slices.Grow(p.dealIDs, 52)[:start+52]
		deal, ids := p.cards[start:], p.dealIDs[start:]
		s.array(4, 4, func(seat int) { s.cardIndexes(ids[13*seat:13*seat+13], 13) })
		p.deals = append(p.deals, [4][]string{deal[0:13:13], deal[13:26:26], deal[26:39:39], deal[39:52:52]})
	})
	p.m().Deals = p.deals
}

// backgammonGame reads one game of a backgammon record: exactly opening,
// first and rolls, in any order.
func (s *scanner) backgammonGame() backgammonGame {
	var g backgammonGame
	var seen uint
	s.object(func(k []byte) {
		var bit uint
		switch string(k) {
		case "opening":
			bit = 1
		case "first":
			bit = 2
		case "rolls":
			bit = 4
		}
		if bit == 0 || seen&bit != 0 {
			s.bad = true
			return
		}
		seen |= bit
		switch bit {
		case 1:
			g.Opening = s.throws(1)
		case 2:
			g.First = s.smallInt(0, 1)
		case 4:
			g.Rolls = s.throws(0)
		}
	})
	if seen != 7 {
		s.bad = true
	}
	return g
}

// handCards is the hand's record with its cards named: the last step of
// record.
func (p *plainForm) handCards(data []byte) *Record {
	p.nameHands()
	if p.board == nil {
		p.board = make([]string, 0, selfpoker.Board) // an empty board is an empty list, not none
	}
	p.board = p.board[:0]
	for _, c := range p.boardIDs[:p.nBoard] {
		p.board = append(p.board, cardNames[c])
	}
	p.spForm.Hands, p.spForm.Board = p.hands, p.board
	p.rec.Kind, p.rec.Data, p.rec.match = Kinds[4], data, nil
	return &p.rec
}

// nameHands names the hand's hole cards, in p.hands.
func (p *plainForm) nameHands() {
	p.hands = p.hands[:0]
	for _, h := range p.handIDs[:p.nHands] {
		p.hands = append(p.hands, [2]string{cardNames[h[0]], cardNames[h[1]]})
	}
}

// isHand says whether the fields are exactly those of a selfpoker hand.
func (p *plainForm) isHand() bool {
	return p.scheme == scheme.SelfPokerV1 && p.kind == "hand_end" && p.seen == selfpokerFields
}

// record is the record the fields make, or nil when they are not exactly the
// fields of a plain record.
func (p *plainForm) record(data []byte) *Record {
	switch {
	case p.isHand():
		if p.spForm.Commit = string(p.commit); !ident.IsHex(p.spForm.Commit, 64) { // HASH-1
			return nil
		}
		p.spForm.Fairplay.Seed = json.Number(p.seedText)
		return p.handCards(data)
	case p.isMatch():
		p.nameDeals()
		p.rec.Kind, p.rec.Data, p.rec.selfpoker = Kinds[0], data, nil
		return &p.rec
	}
	return nil
}

// isMatch says whether the fields are exactly those of a plain match: one
// of a game that needs no declared reading, with a client seed and a seat a
// player.
func (p *plainForm) isMatch() bool {
	if p.scheme != scheme.MatchSeedV2 || p.kind != "match" {
		return false
	}
	players, extra := 4, uint(0)
	switch p.m().Game {
	case "bridge", "tarneeb", "trix":
		extra = fDeals
	case "backgammon":
		players, extra = 2, fGames
	case "checkers", "xiangqi":
		players = 2
	default:
		return false // baloot and mahjong go the general way
	}
	return p.seen == matchFields|extra && p.seeds == players && p.seats == players
}

// nameDeals names the deals' cards, read as indexes (readDeals): a match
// JudgeBrief verifies compares the indexes and needs no names.
// Each deal is named through its own slices: a block of cards that grew
// left the deals before in the old one.
func (p *plainForm) nameDeals() {
	for k, deal := range p.mForm.Deals { // p.deals may be another record's
		for seat, cards := range deal {
			for i, c := range p.dealIDs[52*k+13*seat : 52*k+13*seat+13] {
				cards[i] = cardNames[c]
			}
		}
	}
}

// table52IDs is the deals' cards as Table52 ids (Dealt.Deal52IDs), for the
// statistics, in room the form keeps.
func (p *plainForm) table52IDs() []uint8 {
	p.deal52IDs = p.deal52IDs[:0]
	for _, c := range p.dealIDs[:52*len(p.mForm.Deals)] {
		p.deal52IDs = append(p.deal52IDs, cardTable52[c])
	}
	return p.deal52IDs
}

// known returns the one of names that b spells, or "" when none does.
func known(b []byte, names ...string) string {
	for _, n := range names {
		if string(b) == n {
			return n
		}
	}
	return ""
}

// hex64 reads a seed or hash (SEED-1, HASH-1), as the bytes read: nil when
// it is none.
func (s *scanner) hex64() []byte {
	if b := s.quoted(); ident.IsHex(b, 64) {
		return b
	}
	s.bad = true
	return nil
}

// identifier reads an identifier (ID-1), as hex64 does.
func (s *scanner) identifier() []byte {
	if b := s.text(); ident.IsID(b) {
		return b
	}
	s.bad = true
	return nil
}

// seed reads a selfpoker seed, a string or a bare number, in the canonical
// decimal selfpoker.ParseSeed accepts (SP-1, NUM-2): as written, and its value.
func (s *scanner) seed() ([]byte, uint64) {
	s.space()
	var t []byte
	if s.i < len(s.b) && s.b[s.i] == '"' {
		t = s.quoted() // ParseSeed holds it to digits
	} else {
		t = s.digits()
	}
	if s.bad || len(t) > 19 { // 2^63 - 1 has 19 digits
		s.bad = true
		return nil, 0
	}
	v, err := selfpoker.ParseSeed("seed", t)
	if err != nil {
		s.bad = true
		return nil, 0
	}
	return t, v
}

// cardIndexes reads an array of cards of the 52-card deck into dst, as
// indexes into cardNames, at least lo and at most len(dst) of them, and
// returns how many.
// Records are mostly cards, so this is the scanner's one loop written out:
// the compact form, where a card is followed by a comma or the bracket with
// no space between, is read with the place in a local, and anything else
// (space, a bad card) the careful way, from where the compact form stopped.
func (s *scanner) cardIndexes(dst []uint8, lo int) int {
	s.expect('[')
	if s.bad {
		return 0
	}
	b, i, n := s.b, s.i, 0
	for n < len(dst) && i+5 <= len(b) && b[i] == '"' && b[i+3] == '"' {
		r, u := rankIndex[b[i+1]], suitIndex[b[i+2]]
		if r == 0 || u == 0 {
			break
		}
		dst[n] = uint8(4*(r-1) + u - 1)
		n++
		if b[i+4] != ',' {
			// The end, or space after the card: the careful loop takes
			// it from the card's end.
			s.i = i + 4
			return s.afterCard(dst, n, lo)
		}
		i += 5
	}
	s.i = i
	if n == 0 && s.take(']') {
		return s.atLeast(n, lo)
	}
	return s.moreCards(dst, n, lo)
}

// moreCards reads cards into dst from card n on, up to the closing bracket.
func (s *scanner) moreCards(dst []uint8, n, lo int) int {
	b := s.b
	for {
		s.space()
		i := s.i
		if n == len(dst) || i+4 > len(b) || b[i] != '"' || b[i+3] != '"' {
			s.bad = true
			return n
		}
		r, u := rankIndex[b[i+1]], suitIndex[b[i+2]]
		if r == 0 || u == 0 {
			s.bad = true
			return n
		}
		dst[n] = uint8(4*(r-1) + u - 1)
		n++
		s.i = i + 4
		if !s.take(',') {
			s.expect(']')
			return s.atLeast(n, lo)
		}
	}
}

// afterCard reads what follows card n-1: a comma and more cards, or the
// closing bracket.
func (s *scanner) afterCard(dst []uint8, n, lo int) int {
	if s.take(',') {
		return s.moreCards(dst, n, lo)
	}
	s.expect(']')
	return s.atLeast(n, lo)
}

// atLeast returns n, marking the scan bad when it is below lo.
func (s *scanner) atLeast(n, lo int) int {
	if n < lo {
		s.bad = true
	}
	return n
}

// throws reads backgammon throws: at least lo pairs of dice and at most
// match.MaxTurns, the bound the schema puts on a game's turns and on its
// opening throws (D-15).
func (s *scanner) throws(lo int) [][2]int {
	out := [][2]int{}
	s.array(lo, match.MaxTurns, func(int) {
		var t [2]int
		s.array(2, 2, func(j int) { t[j] = s.smallInt(1, 6) })
		out = append(out, t)
	})
	return out
}

// Card names by rank and suit, each numbered from 1 (0: not a card byte).
var (
	rankIndex, suitIndex [256]int
	cardNames            [52]string
	cardTable52          [52]uint8 // the Table52 id of each name (the inverse of table52Cards)
)

func init() {
	const ranks, suits = "23456789TJQKA", "cdhs"
	for r := range ranks {
		rankIndex[ranks[r]] = r + 1
		for u := range suits {
			suitIndex[suits[u]] = u + 1
			// The decks' own copy of the name, so that comparing a record's
			// card with a dealt one finds them equal by address.
			ids, _ := cards.Table52.Lookup(ranks[r:r+1] + suits[u:u+1])
			cardNames[4*r+u] = cards.Table52.Name(ids[0])
		}
	}
	for i, n := range cardNames {
		ids, _ := cards.SelfPoker52.Lookup(n)
		selfpokerCards[ids[0]] = uint8(i)
		ids, _ = cards.Table52.Lookup(n)
		table52Cards[ids[0]] = uint8(i)
		cardTable52[i] = uint8(ids[0])
	}
}
