package vectors

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/match"
	"github.com/pfkit/pfkit/v2/go/internal/merkle"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
)

// RecordsDir is where example records live under vectors/. It holds records
// only, so that vectors/records/*.json and an audit of the folder see nothing
// else.
const RecordsDir = "records"

// RecordsIndex is the file, beside RecordsDir, that lists what verifying each
// example record must give; its file names are relative to RecordsDir.
const RecordsIndex = "records-index.json"

// recordKeyOrder lays records out the way a person reads them: what the record
// is, then what was published, then what was played.
var recordKeyOrder = []string{
	"scheme", "kind", "game", "mahjongDraw", "mahjongDeal", "balootDeal", "backgammonOpening", "botClientSeed", "dealing", "firstHand", "sessionCommitment", "matchId", "table", "session", "seat", "rotation", "opened", "closed", "hand",
	"commitment", "serverSeed", "commit", "fairplay", "seedA", "commitA", "clientA", "seedB", "commitB", "clientB", "white",
	"clientSeeds", "seats", "handCommitment", "root", "position", "card", "salt", "path",
	"opening", "first", "rolls", "upcard", "buyer", "final", "deal", "draws", "games", "deals", "hands", "cards", "board", "deck", "mahjongWall", "balootDeck",
}

// RecordEntry is one line of records-index.json: what verifying a file must
// give, in every implementation.
type RecordEntry struct {
	File     string   `json:"file"`
	Comment  string   `json:"comment"`
	Status   string   `json:"status"`             // verified, failed, unreadable, unspecified
	Failures []string `json:"failures,omitempty"` // for failed: the pointers of every mismatch
	Code     string   `json:"code,omitempty"`     // for unreadable: the error code
	// Requirements are the spec ids the record tests.
	Requirements []string `json:"requirements"`
}

// RecordIndex is records-index.json.
type RecordIndex struct {
	Schema      string        `json:"schema"`
	Description string        `json:"description"`
	Records     []RecordEntry `json:"records"`
}

type recordSet struct {
	files []Generated
	index RecordIndex
	err   error
}

func (s *recordSet) failf(format string, args ...any) {
	if s.err == nil {
		s.err = fmt.Errorf(format, args...)
	}
}

// add writes a record (a value, or raw bytes for broken ones) and asserts that
// the reference gives it the expected verdict.
func (s *recordSet) add(name, comment string, rec any, want RecordEntry) {
	var data []byte
	var err error
	if raw, ok := rec.([]byte); ok {
		data = raw
	} else if data, err = canon.PrettyOrdered(rec, Width, recordKeyOrder); err != nil {
		s.failf("%s: %v", name, err)
		return
	}
	want.File, want.Comment, want.Requirements = name, comment, append(recordReqs(name), refusalReqs(data)...)
	if rep, err := record.VerifyBytes(data); err == nil && slices.ContainsFunc(rep.Checks, func(c record.Check) bool { return c.Requirement == "DIST-1" }) {
		want.Requirements = append(want.Requirements, "DIST-1") // a record that shows cards or tiles
	}
	got := verdict(data)
	if got.Status != want.Status || got.Code != want.Code || !slices.Equal(got.Failures, want.Failures) {
		s.failf("record %s: expected %s %v %s, the reference gives %s %v %s", name, want.Status, want.Failures, want.Code, got.Status, got.Failures, got.Code)
	}
	s.files = append(s.files, Generated{Path: path.Join(RecordsDir, name), Data: data})
	s.index.Records = append(s.index.Records, want)
}

// recordReqs names the requirements a record tests, from its kind.
func recordReqs(name string) []string {
	r := []string{"REC-1", "REC-2", "REC-9"}
	if strings.HasPrefix(name, "hostile") {
		return []string{"REC-1", "TXT-1", "TXT-2", "TXT-3"}
	}
	switch {
	case strings.HasPrefix(name, "limits-session"):
		r = append(r, "REC-5", "PK-8", "LIM-2")
	case strings.HasPrefix(name, "backgammon-long"):
		r = append(r, "REC-3", "REC-10")
	case strings.HasPrefix(name, "limits-budget"):
		r = append(r, "LIM-5")
	case strings.HasPrefix(name, "limits"):
		r = append(r, "LIM-1")
	case strings.HasPrefix(name, "poker-leave"), strings.HasPrefix(name, "forgery-proof"), strings.HasPrefix(name, "forgery-root"):
		r = append(r, "REC-4", "PK-7", "PK-10")
	case strings.HasPrefix(name, "poker-session"):
		r = append(r, "REC-5", "PK-11", "PK-8")
	case strings.HasPrefix(name, "chess"):
		r = append(r, "REC-6", "CC-4")
	case strings.HasPrefix(name, "selfpoker"):
		r = append(r, "REC-7", "NUM-2")
	case strings.HasPrefix(name, "legacy"):
		r = []string{"REC-8", "REG-2"}
	case strings.HasPrefix(name, "forgery-separator"):
		r = append(r, "ID-1", "MS2-2")
	case strings.HasPrefix(name, "forgery-server"):
		r = append(r, "REC-3", "REC-11", "MS2-1")
	case strings.HasPrefix(name, "forgery-client"):
		r = append(r, "REC-3", "MS2-2")
	case strings.HasPrefix(name, "broken"):
		r = []string{"REC-1", "RUN-4"}
	default:
		r = append(r, "REC-3")
	}
	for _, rd := range []struct{ marks, ids string }{
		{"close-gap swap-last reading-mahjong-undeclared", "READ-1 READ-5 MJ-1"},
		{"mahjong-rounds reading-mahjong-deal", "READ-1 READ-8 MJ-2"},
		{"first-seat-rolls reading-backgammon", "READ-1 READ-6 BG-1"},
		{"three-two reading-baloot-undeclared", "READ-1 READ-7 BAL-1"},
		{"bot-empty reading-bot reading-unknown-for-players", "READ-1 READ-9 CC-2"},
		{"wall-sets reading-wall", "READ-1 READ-10 CARD-3"},
		{"deck-by-rank reading-baloot-deck", "READ-1 READ-11 CARD-2"},
		{"round-robin reading-dealing", "READ-1 READ-2"},
		{"from-0 reading-first-hand", "READ-1 READ-3"},
		{"no-commitment reading-session", "READ-1 READ-4"},
		{"reading-unknown", "READ-1"},
	} {
		for _, mark := range strings.Fields(rd.marks) {
			if strings.Contains(name, mark) {
				r = append(r, strings.Fields(rd.ids)...)
				break
			}
		}
	}
	return r
}

// refusalReqs names the rules that word a record's refusal (REF-1 to REF-8,
// SCH-1 to SCH-3), from the refusal the reference gives; none for a record
// it reads.
func refusalReqs(data []byte) []string {
	v := record.Judge(data)
	if v.Status != record.StatusUnreadable {
		return nil
	}
	r := []string{"REF-1"}
	// A listed order that is not one is refused after the schema (REF-4).
	order := strings.Contains(v.Message, "): not an order of the ")
	switch {
	case strings.HasPrefix(v.Message, "the record is not readable JSON: "):
		r = append(r, "REF-2", "REF-6")
	case v.Code == "invalid_record" && !order && strings.Contains(v.Message, "(did you mean "):
		r = append(r, "REF-3", "SCH-1", "SCH-2", "SCH-3", "REF-7")
	case v.Code == "invalid_record" && !order:
		r = append(r, "REF-3", "SCH-1", "SCH-2", "SCH-3")
	case v.Code == "out_of_range" || v.Code == "invalid_record" || strings.Contains(v.Message, "with no sign"):
		r = append(r, "REF-4", "REF-8")
	case v.Code == "invalid_integer":
		r = append(r, "REF-3", "REF-8") // a loose number, said at its place
	default:
		r = append(r, "REF-3")
	}
	if len(data) > 200 && len(v.Message) < 300 {
		r = append(r, "REF-5") // a long record, a short message
	}
	return r
}

// verdict is what the reference makes of a record, in index form.
func verdict(data []byte) RecordEntry {
	v := record.Judge(data)
	switch {
	case v.Status == record.StatusUnreadable:
		return RecordEntry{Status: v.Status, Code: string(v.Code)}
	case v.Report == nil:
		return RecordEntry{Status: v.Status}
	}
	return RecordEntry{Status: v.Status, Failures: v.Report.Failures()}
}

// pair adds a record and its tampered twin, made by tamper, which must fail at
// exactly the pointers given.
func (s *recordSet) pair(name, comment string, rec map[string]any, tamperComment string, tamper func(map[string]any), failures ...string) {
	s.add(name+".json", comment, rec, RecordEntry{Status: record.Verified})
	twin := deepCopy(rec)
	tamper(twin)
	s.add(name+".tampered.json", tamperComment, twin, RecordEntry{Status: record.Failed, Failures: failures})
}

func deepCopy(v map[string]any) map[string]any {
	b, _ := json.Marshal(v)
	var out map[string]any
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	_ = dec.Decode(&out)
	return out
}

// at walks a decoded record: at(rec, "deals", 0, 2) is rec["deals"][0][2].
func at(v any, keys ...any) any {
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

func set(v any, value any, keys ...any) {
	parent := at(v, keys[:len(keys)-1]...)
	switch k := keys[len(keys)-1].(type) {
	case string:
		parent.(map[string]any)[k] = value
	case int:
		parent.([]any)[k] = value
	}
}

func names4(d *cards.Deck, h [4][]int) [][]string {
	out := make([][]string, 4)
	for i := range h {
		out[i] = d.Names(h[i])
	}
	return out
}

// balootHandRecord is one Baloot hand as a record shows it, its cards named
// from d: the final hands only when a seat bought.
func balootHandRecord(d *cards.Deck, h match.BalootHand) map[string]any {
	hand := map[string]any{"first": names4(d, h.First), "upcard": d.Name(h.Upcard), "buyer": nil}
	if h.Buyer >= 0 {
		hand["buyer"], hand["final"] = h.Buyer, names4(d, h.Final)
	}
	return hand
}

// mahjongHandRecord is one mahjong hand as a record shows it.
func mahjongHandRecord(h match.MahjongHand) map[string]any {
	return map[string]any{"deal": names4(cards.Tiles136, h.Deal), "draws": cards.Tiles136.Names(h.Draws)}
}

func matchRecord(label, game string, seeds []string, fill func(*match.Stream, map[string]any)) map[string]any {
	g, _ := match.Lookup(game)
	srv := seed("record " + label)
	ms := fixed(match.NewStream(srv, game, label, seeds))
	rec := map[string]any{"scheme": "match_seed_v2", "kind": "match", "game": game, "matchId": label,
		"commitment": stream.Commit(srv), "serverSeed": srv, "clientSeeds": seeds, "seats": ms.Seats(g.Players)}
	fill(ms, rec)
	return deepCopy(rec)
}

// Records builds every example record, its tampered twin and the index.
func Records() ([]Generated, error) {
	s := &recordSet{index: RecordIndex{
		Schema:      "records_index_v1",
		Description: "Example records (the files in vectors/records/) and what verifying each must give: verified, failed at exactly the listed pointers, unreadable with a code, or unspecified. Every implementation's record verifier is checked against this list.",
	}}
	bridge := s.matchRecords()
	s.pokerRecords()
	s.chessRecords()
	s.selfpokerRecords()
	s.limitRecords(bridge)
	s.budgetRecords()
	s.readingRecords()
	s.forgeryRecords(bridge)
	s.brokenRecords(bridge)
	if s.err != nil {
		return nil, s.err
	}
	idx, err := Encode(s.index)
	if err != nil {
		return nil, err
	}
	return append(s.files, Generated{Path: RecordsIndex, Data: idx}), nil
}

// matchRecords are the match_seed_v2 records of every game, with tampered
// twins and twins that show a card or tile twice; it returns the bridge record
// the limit, forgery and broken records are made from.
func (s *recordSet) matchRecords() map[string]any {
	four := []string{"north", "east", "south", "west"}
	two := []string{"anna", "boris"}

	bridge := matchRecord("bridge-club-7", "bridge", four, func(ms *match.Stream, r map[string]any) {
		var deals [][][]string
		for range 2 {
			deals = append(deals, names4(cards.Table52, ms.Deal52()))
		}
		r["deals"] = deals
	})
	s.pair("bridge", "A Bridge match of two deals.", bridge,
		"Deal 2, seat 2, card 7 replaced by another card of the deal, which the record then shows twice.", func(r map[string]any) {
			set(r, unlike(at(r, "deals", 1, 2, 6), "2c", "3c"), "deals", 1, 2, 6)
		}, "/deals/1/2/6", "/deals/1/2/6")
	s.duplicate("bridge", "Deal 1: seat 3's last card replaced by seat 0's first, so the deal shows that card twice.", bridge, func(r map[string]any) {
		set(r, at(r, "deals", 0, 0, 0), "deals", 0, 3, 12)
	}, "/deals/0/3/12", "/deals/0/3/12")
	for _, game := range []string{"tarneeb", "trix"} {
		rec := matchRecord(game+"-1", game, four, func(ms *match.Stream, r map[string]any) {
			r["deals"] = [][][]string{names4(cards.Table52, ms.Deal52())}
		})
		s.pair(game, "A "+game+" match of one deal.", rec, "The seat order edited: seats 0 and 1 exchanged.", func(r map[string]any) {
			a, b := at(r, "seats", 0), at(r, "seats", 1)
			set(r, b, "seats", 0)
			set(r, a, "seats", 1)
		}, "/seats/0", "/seats/1")
	}
	bg := matchRecord("backgammon-1", "backgammon", two, func(ms *match.Stream, r map[string]any) {
		r["games"] = []match.BackgammonGame{ms.BackgammonGame(6, reading.OneDieEach), ms.BackgammonGame(4, reading.OneDieEach)}
	})
	s.pair("backgammon", "A backgammon match of two games, with the opening throws and every turn's dice.", bg,
		"Game 2, turn 3: the first die changed.", func(r map[string]any) {
			d, _ := at(r, "games", 1, "rolls", 2, 0).(json.Number).Int64()
			set(r, json.Number(fmt.Sprint(d%6+1)), "games", 1, "rolls", 2, 0)
		}, "/games/1/rolls/2")
	s.manyMismatches(two)
	for _, game := range []string{"checkers", "xiangqi"} {
		rec := matchRecord(game+"-1", game, two, func(*match.Stream, map[string]any) {})
		s.pair(game, "A "+game+" match: only the seat order is drawn.", rec, "The commitment shown before the match belongs to another seed.", func(r map[string]any) {
			set(r, stream.Commit(seed("another seed")), "commitment")
		}, "/commitment")
	}
	baloot := matchRecord("baloot-1", "baloot", four, func(ms *match.Stream, r map[string]any) {
		var hands []map[string]any
		for _, buyer := range []int{-1, 2} {
			hands = append(hands, balootHandRecord(cards.Baloot32, ms.BalootHand(buyer, reading.BalootBlocks)))
		}
		r["hands"] = hands
	})
	s.pair("baloot", "A Baloot match: everyone passes the first hand; seat 2 buys the second.", baloot,
		"Hand 2: the turned-up card replaced by a card of the first distribution, which the hand then shows twice.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 1, "upcard"), "7c", "8c"), "hands", 1, "upcard")
		}, "/hands/1/upcard", "/hands/1/upcard")
	s.duplicate("baloot", "Hand 2: after the second distribution seat 3's last card is seat 0's first, shown twice among the final hands.", baloot, func(r map[string]any) {
		set(r, at(r, "hands", 1, "final", 0, 0), "hands", 1, "final", 3, 7)
	}, "/hands/1/final/3/7", "/hands/1/final/3/7")
	mahjong := matchRecord("mahjong-1", "mahjong", four, func(ms *match.Stream, r map[string]any) {
		h := ms.MahjongHand(70, reading.SwapLast, reading.MahjongBlocks)
		r["hands"] = []map[string]any{mahjongHandRecord(h)}
	})
	s.pair("mahjong", "A mahjong hand: the 53-tile deal and 17 draws of play.", mahjong,
		"Draw 5 after the deal replaced by another tile.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "draws", 4), "1m", "2m"), "hands", 0, "draws", 4)
		}, "/hands/0/draws/4")
	s.duplicate("mahjong", "The last draw replaced by a fifth tile of a kind the hand has shown four times.", mahjong, func(r map[string]any) {
		set(r, fullKind(r), "hands", 0, "draws", 16)
	}, "/hands/0/draws/16", "/hands/0/draws/16")
	return bridge
}

// forgeryRecords are forgeries a record can try, each caught by the check
// named in the index.
func (s *recordSet) forgeryRecords(bridge map[string]any) {
	edited := deepCopy(bridge)
	set(edited, "east2", "clientSeeds", 1)
	s.add("forgery-client-seed-edited.json", "The bridge record with one client seed edited after the fact: the seat order and both deals no longer follow.",
		edited, RecordEntry{Status: record.Failed, Failures: failuresOf(edited)})
	other := deepCopy(bridge)
	srv := other["serverSeed"].(string)
	set(other, srv[:len(srv)-1]+unlike(srv[len(srv)-1:], "0", "1"), "serverSeed")
	s.add("forgery-server-seed-edited.json", "The bridge record with the last digit of its server seed changed: the commitment fails, and both deals, "+
		"differing throughout, are each said in one line to follow from another seed (REC-11).",
		other, RecordEntry{Status: record.Failed, Failures: []string{"/commitment", "/seats/0", "/seats/1", "/seats/2", "/seats/3", "/deals/0", "/deals/1"}})
	injected := deepCopy(bridge)
	set(injected, "north,1=east", "clientSeeds", 0)
	s.add("forgery-separator.json", "A client seed carrying a separator (north,1=east) to pass one seat list off as another: refused before any check.",
		injected, RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
}

// brokenRecords are records of the legacy scheme, and records that are not
// JSON, not valid against their schema, or hold a seed that is not an integer.
func (s *recordSet) brokenRecords(bridge map[string]any) {
	s.add("legacy-v1.json", "A match of the legacy scheme: named by the pages, never specified, so never verified or failed.",
		map[string]any{"scheme": "match_seed_v1", "kind": "match", "game": "bridge", "serverSeed": seed("legacy")}, RecordEntry{Status: record.StatusUnspecified})
	s.add("broken-truncated.json", "Not JSON: the file stops in the middle.", []byte(`{"scheme": "selfpoker_v1", "kind": "hand_end", "commit": "`), RecordEntry{Status: record.StatusUnreadable, Code: "malformed_request"})
	s.add("broken-duplicate-key.json", "The seed twice: readers disagree on which one counts, so the record is refused.",
		[]byte(`{"scheme": "selfpoker_v1", "kind": "hand_end", "commit": "`+selfpoker.Commit(1)+`", "fairplay": {"seed": "1", "seed": "2"}, "hands": [["2c", "3c"], ["4c", "5c"]], "board": []}`+"\n"),
		RecordEntry{Status: record.StatusUnreadable, Code: "malformed_request"})
	s.add("broken-schema.json", "A bridge record with three hands in a deal: not valid against record_match_v1.json.",
		func() map[string]any {
			r := deepCopy(bridge)
			d := at(r, "deals", 0).([]any)
			set(r, d[:3], "deals", 0)
			return r
		}(), RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
	s.add("broken-key-typo.json", "A bridge record whose game is spelled gmae: the missing member is named beside the unknown one it resembles (REF-7).",
		func() map[string]any {
			r := deepCopy(bridge)
			r["gmae"] = r["game"]
			delete(r, "game")
			return r
		}(), RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
	s.add("broken-float-seed.json", "A selfpoker seed written as a float: not an integer, so not a seed.",
		[]byte(`{"scheme": "selfpoker_v1", "kind": "hand_end", "commit": "`+selfpoker.Commit(1)+`", "fairplay": {"seed": 1.0}, "hands": [["2c", "3c"], ["4c", "5c"]], "board": []}`+"\n"),
		RecordEntry{Status: record.StatusUnreadable, Code: "invalid_integer"})
}

// duplicate adds the twin of a verified record that shows a card or tile more
// often than its deck holds it (DIST-1), made by tamper, which must fail at
// exactly the pointers given.
func (s *recordSet) duplicate(name, comment string, rec map[string]any, tamper func(map[string]any), failures ...string) {
	twin := deepCopy(rec)
	tamper(twin)
	s.add(name+".duplicate.json", comment, twin, RecordEntry{Status: record.Failed, Failures: failures})
}

// fullKind is the first tile kind the mahjong record's first hand shows four
// times before its last draw.
func fullKind(r map[string]any) string {
	count := map[any]int{}
	var shown []any
	for s := range 4 {
		shown = append(shown, at(r, "hands", 0, "deal", s).([]any)...)
	}
	draws := at(r, "hands", 0, "draws").([]any)
	for _, t := range append(shown, draws[:len(draws)-1]...) {
		if count[t]++; count[t] == 4 {
			return t.(string)
		}
	}
	panic("no tile kind shown four times")
}

// hostile adds a record whose text tries to steer the terminal it is shown on
// (TXT-1 to TXT-3): the selfpoker example with text replaced, pairs of what
// and with what.
func (s *recordSet) hostile(name, comment string, data []byte, want RecordEntry, replace ...string) {
	text := string(data)
	for i := 0; i < len(replace); i += 2 {
		if !strings.Contains(text, replace[i]) {
			s.failf("%s: %s is not in the record", name, escape.Quoted(replace[i]))
		}
		text = strings.Replace(text, replace[i], replace[i+1], 1)
	}
	s.add(name, comment, []byte(text), want)
}

// limitRecords are records holding values far longer than any they may hold:
// every implementation refuses them with the code a short value out of range
// gets, and in time proportional to their length (LIM-1).
func (s *recordSet) limitRecords(bridge map[string]any) {
	digits := "9" + strings.Repeat("1234567890", 30)
	seat := deepCopy(bridge)
	set(seat, json.Number(digits), "seats", 0)
	s.add("limits-long-seat.json", "A bridge record whose first seat is a number of 301 digits: out of the schema's range, and named in the complaint by its first 40 digits.", seat,
		RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
	negative := deepCopy(bridge)
	set(negative, json.Number("-"+digits), "seats", 1)
	s.add("limits-long-negative-seat.json", "The same with a seat of minus 301 digits.", negative,
		RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
	const seedText = "1234567890123456789"
	seed, _ := selfpoker.ParseSeed("seed", seedText)
	d := fixed(selfpoker.NewDeal(seed, 2, reading.Pairs))
	hand := func(seed any) map[string]any {
		return map[string]any{"scheme": "selfpoker_v1", "kind": "hand_end", "commit": d.Commit, "fairplay": map[string]any{"seed": seed},
			"hands": [][]string{selfpoker.Names(d.Hands[0][:]), selfpoker.Names(d.Hands[1][:])}, "board": []string{}}
	}
	s.add("limits-long-seed.json", "A selfpoker seed written as a bare number of 301 digits: valid for the schema, at or above 2^63 when read.",
		hand(json.Number(digits)), RecordEntry{Status: record.StatusUnreadable, Code: "out_of_range"})
	s.add("limits-long-seed-string.json", "A selfpoker seed written as a string of 301 digits.",
		hand(digits), RecordEntry{Status: record.StatusUnreadable, Code: "out_of_range"})
	s.add("limits-long-negative-seed.json", "A selfpoker seed of minus 301 digits: below the schema's minimum of 0.",
		hand(json.Number("-"+digits)), RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
	s.add("limits-long-card.json", "A card name of 301 characters.", func() map[string]any {
		r := deepCopy(hand(seedText))
		set(r, digits, "hands", 0, 1)
		return r
	}(), RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
}

// budgetRecords are records at and past LIM-5's bound on objects and members,
// which a reader counts as it reads: 65,536 are read (and the record then
// refused by its schema), one more is refused where it begins, and a key that
// is both the one past the bound and a repeat is refused for the repeat, the
// check that comes first where a key has been read. The bound on values
// takes a record of two mebibytes or more to reach, too large to keep here:
// a test of the record package and tools/cross/differential.py pin it.
func (s *recordSet) budgetRecords() {
	const head = `{"scheme":"selfpoker_v1","kind":"hand_end","x":[`
	objects := func(n int) string { return strings.TrimSuffix(strings.Repeat("{},", n), ",") }
	// The record object and its three members count four.
	s.add("limits-budget-objects.json", "65,536 objects and members, LIM-5's bound for a record: read, then refused by the schema.",
		[]byte(head+objects(1<<16-4)+"]}\n"), RecordEntry{Status: record.StatusUnreadable, Code: "invalid_record"})
	s.add("limits-budget-objects-over.json", "65,537 objects and members: refused where the object past the bound begins, read no further.",
		[]byte(head+objects(1<<16-3)+"]}\n"), RecordEntry{Status: record.StatusUnreadable, Code: "input_too_large"})
	s.add("limits-budget-repeat-at-bound.json", "65,536 objects and members, then a key that repeats one of its object: refused for the repeat, which is checked before the count.",
		[]byte(head+objects(1<<16-4)+`],"x":0}`+"\n"), RecordEntry{Status: record.StatusUnreadable, Code: "malformed_request"})
}

// manyMismatches is a backgammon game of 100 turns and its twin with every
// turn's first die changed, so that one check finds 100 mismatches: REC-10
// lists the first 64, turns 1 to 64 in the record's order, and counts the
// other 36.
func (s *recordSet) manyMismatches(players []string) {
	const turns = 100
	rec := matchRecord("backgammon-long-1", "backgammon", players, func(ms *match.Stream, r map[string]any) {
		r["games"] = []match.BackgammonGame{ms.BackgammonGame(turns, reading.OneDieEach)}
	})
	listed := make([]string, record.MaxMismatches)
	for i := range listed {
		listed[i] = fmt.Sprintf("/games/0/rolls/%d", i)
	}
	s.pair("backgammon-long", "A backgammon match of one game of 100 turns.", rec,
		"Every turn's first die changed: 100 values differ in one check, which lists the first 64 and counts the other 36.", func(r map[string]any) {
			for t := range turns {
				d, _ := at(r, "games", 0, "rolls", t, 0).(json.Number).Int64()
				set(r, json.Number(fmt.Sprint(d%6+1)), "games", 0, "rolls", t, 0)
			}
		}, listed...)
}

// unlike is first, or second when the value is first already: a tampered
// value that certainly differs from the genuine one.
func unlike(value any, first, second string) string {
	if value == first {
		return second
	}
	return first
}

// failuresOf is what the reference reports for a record, for forgeries whose
// exact list of mismatches follows from the recomputation (an edited client
// seed changes nearly every card); the index pins it so every implementation
// must list the same.
func failuresOf(rec map[string]any) []string {
	data, _ := canon.Compact(rec)
	return verdict(data).Failures
}

func (s *recordSet) pokerRecords() {
	srv := seed("record poker session")
	table, session := "table-3", "s-2026-11-29-a"
	seated := []poker.Seat{{Seat: 1, ClientSeed: "ana"}, {Seat: 4, ClientSeed: "ben"}, {Seat: 8, ClientSeed: "cy"}}
	var hands []map[string]any
	var leave []map[string]any
	for n := 1; n <= 3; n++ {
		d := fixed(poker.Deal(srv, table, session, n, seated))
		hands = append(hands, map[string]any{"hand": n, "seats": seated, "handCommitment": d.HandCommitment, "root": d.Tree.Root(), "deck": cards.Table52.Names(d.Deck)})
		// ben sits at index 1 of the ascending seats: positions 2 and 3.
		proof := func(pos int) map[string]any {
			p := fixed(d.Proof(pos))
			return map[string]any{"position": pos, "card": cards.Table52.Name(p.Card), "salt": p.Salt, "path": p.Path}
		}
		var board []map[string]any
		shown := []int{5, 3, 0}[n-1] // the river, the flop only, nobody saw a flop
		for i := range shown {
			board = append(board, proof(poker.BoardPositions(len(seated))[i]))
		}
		if board == nil {
			board = []map[string]any{}
		}
		leave = append(leave, map[string]any{"hand": n, "seats": []int{1, 4, 8}, "handCommitment": d.HandCommitment, "root": d.Tree.Root(),
			"cards": []map[string]any{proof(2), proof(3)}, "board": board})
	}
	sess := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "session", "table": table, "session": session,
		"commitment": stream.Commit(srv), "serverSeed": srv, "rotation": "empty",
		"opened": "2026-11-29T20:00:00Z", "closed": "2026-11-29T20:41:07Z", "hands": hands})
	s.pair("poker-session", "A poker session reveal after the table emptied: three hands with full decks.", sess,
		"Hand 2's revealed deck has positions 0 and 1 swapped.", func(r map[string]any) {
			a, b := at(r, "hands", 1, "deck", 0), at(r, "hands", 1, "deck", 1)
			set(r, b, "hands", 1, "deck", 0)
			set(r, a, "hands", 1, "deck", 1)
		}, "/hands/1/deck/0", "/hands/1/deck/1", "/hands/1/root")
	s.duplicate("poker-session", "Hand 1's revealed deck ends with its first card again, and its root is recomputed from it.", sess, func(r map[string]any) {
		set(r, at(r, "hands", 0, "deck", 0), "hands", 0, "deck", 51)
	}, "/hands/0/deck/51", "/hands/0/deck/51", "/hands/0/root")
	// Session times compare to their last digit (LIM-2): 10^-4001 s past 24
	// hours is too long, and a fraction of 4001 digits on both sides is exactly
	// 24 hours, however many zeros follow.
	tiny := "." + strings.Repeat("0", 4000) + "1"
	long := deepCopy(sess)
	long["opened"], long["closed"] = "2026-11-29T20:00:00Z", "2026-11-30T20:00:00"+tiny+"Z"
	s.add("limits-session-24h-and-a-tiny-fraction.json", "A session that lasted 24 hours and 10^-4001 seconds: too long, as every digit counts.", long,
		RecordEntry{Status: record.Failed, Failures: []string{"/closed"}})
	exact := deepCopy(sess)
	exact["opened"], exact["closed"] = "2026-11-29T20:00:00"+tiny+"Z", "2026-11-30T20:00:00"+tiny+"000Z"
	s.add("limits-session-exactly-24h.json", "A session that lasted exactly 24 hours, both times written with 4001 fraction digits (and trailing zeros, which do not count).", exact,
		RecordEntry{Status: record.Verified})
	lv := deepCopy(map[string]any{"scheme": "poker_hmac_v1", "kind": "leave", "table": table, "session": session, "seat": 4, "hands": leave})
	moved := deepCopy(lv)
	set(moved, json.Number("7"), "hands", 0, "board", 0, "position")
	s.add("forgery-proof-moved.json", "Hand 1: the first board card's proof presented as position 7, the next board position.", moved,
		RecordEntry{Status: record.Failed, Failures: []string{"/hands/0/board/0/position"}})
	otherRoot := deepCopy(lv)
	set(otherRoot, at(lv, "hands", 1, "root"), "hands", 0, "root")
	s.add("forgery-root-of-another-hand.json", "Hand 1 checked against the root of hand 2: none of its seven proofs reaches it.", otherRoot,
		RecordEntry{Status: record.Failed, Failures: []string{"/hands/0/cards/0", "/hands/0/cards/1", "/hands/0/board/0", "/hands/0/board/1", "/hands/0/board/2", "/hands/0/board/3", "/hands/0/board/4"}})
	s.pair("poker-leave", "What the player in seat 4 receives on leaving: three hands, their two cards each and the board as far as it was dealt.", lv,
		"Hand 1: the player's second card replaced by a better one.", func(r map[string]any) {
			set(r, unlike(at(r, "hands", 0, "cards", 1, "card"), "As", "Ah"), "hands", 0, "cards", 1, "card")
		}, "/hands/0/cards/1")
	// A site can build a tree over any list of 52 cards: one whose deck holds
	// the player's first card three times proves every position it shows.
	d := fixed(poker.Deal(srv, table, session, 1, seated))
	deck := slices.Clone(d.Deck)
	deck[3], deck[6] = deck[2], deck[2]
	leaves := make([]string, merkle.Positions)
	for i := range leaves {
		leaves[i] = merkle.Leaf(i, deck[i], d.Salts[i])
	}
	tree := merkle.Build(leaves)
	s.duplicate("poker-leave", "Hand 1 on a tree the site built itself over a deck that holds the player's first card three times: every proof reaches the root, and only DIST-1 catches it.", lv, func(r map[string]any) {
		set(r, tree.Root(), "hands", 0, "root")
		for _, p := range []struct {
			part string
			i    int
		}{{"cards", 0}, {"cards", 1}, {"board", 0}, {"board", 1}, {"board", 2}, {"board", 3}, {"board", 4}} {
			n, _ := at(r, "hands", 0, p.part, p.i, "position").(json.Number).Int64()
			pos := int(n)
			set(r, cards.Table52.Name(deck[pos]), "hands", 0, p.part, p.i, "card")
			set(r, tree.Path(pos), "hands", 0, p.part, p.i, "path")
		}
	}, "/hands/0/cards/1/card", "/hands/0/board/0/card")
}

func (s *recordSet) chessRecords() {
	a, b := seed("record chess A"), seed("record chess B")
	r := fixed(chess.Colour(a, "anna", b, "boris", reading.Dash))
	game := deepCopy(map[string]any{"scheme": "chess_colour_v1", "kind": "game", "seedA": a, "commitA": r.CommitA, "clientA": "anna",
		"seedB": b, "commitB": r.CommitB, "clientB": "boris", "white": r.White})
	s.pair("chess-players", "The colour draw of a game between two players.", game, "The colours swapped.", func(g map[string]any) {
		set(g, map[string]string{"A": "B", "B": "A"}[g["white"].(string)], "white")
	}, "/white")
	r = fixed(chess.Colour(a, "anna", "", "", reading.Dash))
	bot := deepCopy(map[string]any{"scheme": "chess_colour_v1", "kind": "game", "seedA": a, "commitA": r.CommitA, "clientA": "anna",
		"seedB": nil, "commitB": "-", "clientB": nil, "white": r.White})
	s.pair("chess-bot", "The colour draw of a game against a bot, which brings no seed.", bot,
		"A's revealed seed is not the one A committed to.", func(g map[string]any) {
			set(g, seed("record chess other"), "seedA")
		}, "/commitA")
	same := deepCopy(game)
	same["seedB"], same["commitB"] = a, r.CommitA
	s.add("chess-equal-commitments.json", "Both sides committed to the same seed: the XOR cancels and A would always be White, so the record fails.", same,
		RecordEntry{Status: record.Failed, Failures: []string{"/commitB"}})
}

func (s *recordSet) selfpokerRecords() {
	const seedText = "1234567890123456789"
	seed, _ := selfpoker.ParseSeed("seed", seedText)
	d := fixed(selfpoker.NewDeal(seed, 3, reading.Pairs))
	var hands [][]string
	for _, h := range d.Hands {
		hands = append(hands, selfpoker.Names(h[:]))
	}
	rec := deepCopy(map[string]any{"scheme": "selfpoker_v1", "kind": "hand_end", "commit": d.Commit,
		"fairplay": map[string]any{"seed": seedText}, "hands": hands, "board": selfpoker.Names(d.Board[:])})
	s.pair("selfpoker", "A self-hosted hand of three players, as the hand_end message reveals it.", rec,
		"The turn card replaced.", func(r map[string]any) {
			set(r, unlike(at(r, "board", 3), "2c", "3c"), "board", 3)
		}, "/board/3")
	s.duplicate("selfpoker", "The first board card replaced by player 1's first card, which the hand then shows twice.", rec, func(r map[string]any) {
		set(r, at(r, "hands", 0, 0), "board", 0)
	}, "/board/0", "/board/0")
	data, _ := canon.PrettyOrdered(rec, Width, recordKeyOrder)
	unknown := RecordEntry{Status: "unreadable", Code: "unknown_scheme"}
	s.hostile("hostile-fake-verified.json", "A scheme that returns to the start of the line, erases it and draws a fake verdict (CR, then ANSI escapes), then hides what follows: shown escaped.", data, unknown,
		`"scheme": "selfpoker_v1"`, `"scheme": "selfpoker_v1\r\u001b[2K  VERIFIED: all 4 checks hold\u001b[8m"`)
	s.hostile("hostile-bidi.json", "A scheme with a zero-width space and a kind that U+202E (right-to-left override) shows as hand_end: both shown escaped.", data, unknown,
		`"scheme": "selfpoker_v1"`, `"scheme": "selfpoker\u200b_v1"`, `"kind": "hand_end"`, `"kind": "\u202edne_dnah"`)
	s.hostile("hostile-lone-surrogate.json", "A scheme ending in the escape of a lone surrogate, \\ud800: read as U+FFFD (RUN-8) and shown escaped.", data, unknown,
		`"scheme": "selfpoker_v1"`, `"scheme": "selfpoker_v1\ud800"`)
	s.hostile("hostile-duplicate-key.json", "A key holding an ANSI escape and a carriage return, given twice: refused, the key shown escaped.", data,
		RecordEntry{Status: "unreadable", Code: "malformed_request"}, `"kind": "hand_end",`, `"kind": "hand_end", "\u001b[1A\r": 1, "\u001b[1A\r": 2,`)
	s.hostile("hostile-schema-value.json", "A commitment carrying an ANSI colour and U+2066 (left-to-right isolate): not valid against the schema, any quotation of it escaped.", data,
		RecordEntry{Status: "unreadable", Code: "invalid_record"}, `"commit": "`, `"commit": "\u001b[32m\u2066`)
	s.hostile("hostile-schema-key.json", "A member the schema does not define, named with an ANSI escape that moves up a line and a carriage return: refused, the name escaped wherever a message shows it.", data,
		RecordEntry{Status: "unreadable", Code: "invalid_record"}, `"kind": "hand_end",`, `"kind": "hand_end", "\u001b[1A\rVERIFIED": {"x": 1},`)
	s.hostile("hostile-bad-escape.json", "A backslash followed by a raw escape character (27) inside a string: not JSON, and the character quoted in the complaint is escaped.", data,
		RecordEntry{Status: "unreadable", Code: "malformed_request"}, `"kind": "hand_end"`, "\"kind\": \"hand_end\\\x1b[2K\"")
	num := deepCopy(rec)
	set(num, json.Number(seedText), "fairplay", "seed")
	num["board"] = at(num, "board").([]any)[:3]
	s.pair("selfpoker-number-seed", "The same hand ended on the flop, its seed written as a bare JSON number: read digit for digit, never rounded to 1234567890123456768.", num,
		"The commit of another seed: the one a float64 reader would compute.", func(r map[string]any) {
			set(r, selfpoker.Commit(1234567890123456768), "commit")
		}, "/commit")
}
