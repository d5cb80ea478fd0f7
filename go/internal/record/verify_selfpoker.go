package record

import (
	"encoding/json"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/recordschema"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// selfpokerRecord is the typed form of a selfpoker_v1 hand.
type selfpokerRecord struct {
	Commit   string `json:"commit"`
	Fairplay struct {
		Seed json.Number `json:"seed"` // a string's text or a bare number's digits, as written
	} `json:"fairplay"`
	Dealing string      `json:"dealing"` // the declared reading, "" when none
	Hands   [][2]string `json:"hands"`
	Board   []string    `json:"board"`
}

// selfpokerOf is the typed form of a selfpoker_v1 record.
func selfpokerOf(r *Record) (*selfpokerRecord, error) {
	if r.selfpoker != nil {
		return r.selfpoker, nil
	}
	sp := &selfpokerRecord{}
	return sp, r.decode(sp)
}

// verifySelfpoker checks a selfpoker_v1 hand: the commitment, then the hands
// and board its seed deals (SP-2, SP-4).
func verifySelfpoker(r *Record) (*Report, error) {
	sp, err := selfpokerOf(r)
	if err != nil {
		return nil, err
	}
	seedText := string(sp.Fairplay.Seed)
	seed, err := handSeed(seedText)
	if err != nil {
		return nil, err
	}
	hands, board := sp.Hands, sp.Board
	rep := newReport(r, words.Text("cli.title.selfpoker", "seed", seedText, "players", len(hands)))
	rep.Checks = make([]Check, 0, 4)
	d, err := selfpoker.NewDeal(seed, len(hands), declared(sp.Dealing, reading.Pairs))
	if err != nil {
		return nil, err
	}
	rep.equal(checkName("commitment"), "/commit", "SP-2", d.Commit, sp.Commit,
		words.Text("cli.summary.selfpoker_commitment_matches"), words.Text("cli.summary.selfpoker_commitment_differs"))
	deck := cards.SelfPoker52
	// Run i < len(hands) is player i's two cards, the last run the board.
	var runs [selfpoker.MaxPlayers + 1][]string
	for i := range hands {
		runs[i] = hands[i][:]
	}
	runs[len(hands)] = board
	one := [1][][]string{runs[:len(hands)+1]}
	handsOK := true
	for i, h := range hands {
		for k, c := range h {
			handsOK = handsOK && c == deck.Name(d.Hands[i][k])
		}
	}
	boardOK := true
	for k, c := range board {
		boardOK = boardOK && c == deck.Name(d.Board[k])
	}
	rep.distinct("", deck, false, dealtOr(handsOK && boardOK, shown{one[:], func(_, i, k int) (string, string) {
		if i == len(hands) {
			return ptr("board", k), at("boardCard", k+1)
		}
		return ptr("hands", i, k), place(at("player", i+1), at("card", k+1))
	}}))
	rep.group(checkName("hands"), "/hands", "SP-4", words.Text("cli.summary.hands_in_deck_order"), handsOK, func() []comparison {
		var ls []comparison
		for i := range hands {
			ls = append(ls, list{ptr("hands", i), func(k int) string { return place(at("player", i+1), at("card", k+1)) },
				deck.Names(d.Hands[i][:]), hands[i][:]})
		}
		return ls
	})
	rep.group(checkName("board"), "/board", "SP-4", words.Text("cli.summary.board_after_hands", "count", len(board)), boardOK, func() []comparison {
		return []comparison{list{"/board", func(k int) string { return at("boardCard", k+1) }, deck.Names(d.Board[:len(board)]), board}}
	})
	if sp.Dealing == "" {
		return rep.done(selfpokerNote, selfpokerPairsNote), nil
	}
	return rep.done(selfpokerNote, readingsNote(textReading("dealing", sp.Dealing, string(reading.Pairs)))), nil
}

// handSeed reads a hand's seed, which its schema has checked to be decimal
// digits with no leading zero or a bare non-negative JSON number, refusing
// what a schema cannot say with REF-4's messages: -0, and a seed at or above
// 2^63, whose digits the message shows cut.
func handSeed(text string) (uint64, error) {
	if text == "-0" {
		return 0, &Unreadable{Code: errcode.InvalidInteger, Message: seedRefusal("cli.refusal.seedSign")}
	}
	seed, err := selfpoker.ParseSeed("/fairplay/seed", text)
	if e, ok := err.(*errcode.Error); ok {
		if e.Code == errcode.OutOfRange {
			e.Message = seedRefusal("cli.refusal.seedRange", "found", escape.Cut(text))
		}
		return 0, &Unreadable{Code: e.Code, Message: e.Message}
	}
	return seed, err
}

// seedRefusal is a complaint about the hand's seed, said at its place.
func seedRefusal(code string, args ...any) string {
	return recordschema.Refusal(selfpokerSchema, code, args...).Within("seed").Within("fairplay").Error()
}

// selfpokerPairsNote is readingsNote for the common record that declares no
// dealing, built once: audits read millions of them.
var selfpokerPairsNote = readingsNote(textReading("dealing", "", string(reading.Pairs)))

var selfpokerNote = words.Text("cli.note.selfpoker")
