package record

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/chess"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
	"github.com/pfkit/pfkit/v2/go/internal/stream"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// Verify checks a record against the reference and reports every check.
func Verify(r *Record) (*Report, error) {
	switch r.Kind.Kind {
	case "match":
		return verifyMatch(r)
	case "leave":
		return verifyLeave(r)
	case "session":
		return verifySession(r)
	case "game":
		return verifyChess(r)
	case "hand_end":
		return verifySelfpoker(r)
	}
	return nil, fmt.Errorf("no verifier for %s/%s", r.Kind.Scheme, r.Kind.Kind)
}

// VerifyBytes reads and verifies in one step.
func VerifyBytes(data []byte) (*Report, error) {
	r, err := Read(data)
	if err != nil {
		return nil, err
	}
	return Verify(r)
}

func newReport(r *Record, title string) *report {
	return &report{Report{Scheme: r.Kind.Scheme, Kind: r.Kind.Kind, Title: title}}
}

// declared is the reading a record declares in a text field, or def, the
// kit's reading, when it declares none (READ-1). The schema has checked the value.
func declared[T ~string](value string, def T) T {
	if value == "" {
		return def
	}
	return T(value)
}

// textReading and intReading describe one reading a verification followed,
// for readingsNote: declared by the record, or the kit's when it declares none.
func textReading(field, value, def string) string {
	if value == "" {
		return field + " " + escape.Quoted(def) + " (the kit's reading)"
	}
	return field + " " + escape.Quoted(value) + " (declared)"
}

func intReading(field string, value *int, def int) string {
	if value == nil {
		return field + " " + strconv.Itoa(def) + " (the kit's reading)"
	}
	return field + " " + strconv.Itoa(*value) + " (declared)"
}

// readingsNote names the readings a verification followed (READ-1).
func readingsNote(parts ...string) string {
	return "Readings followed: " + strings.Join(parts, "; ") + "."
}

func verifyChess(r *Record) (*Report, error) {
	var c struct {
		SeedA   string  `json:"seedA"`
		CommitA string  `json:"commitA"`
		ClientA string  `json:"clientA"`
		SeedB   *string `json:"seedB"`
		// BotClientSeed is the declared reading of a bot's client seed (READ-9).
		BotClientSeed string  `json:"botClientSeed"`
		CommitB       string  `json:"commitB"`
		ClientB       *string `json:"clientB"`
		White         string  `json:"white"`
	}
	if err := r.decode(&c); err != nil {
		return nil, err
	}
	seedB, clientB, title := "", "", words.Text("cli.title.chess_bot")
	if c.SeedB != nil {
		seedB, clientB, title = *c.SeedB, *c.ClientB, words.Text("cli.title.chess_players")
	}
	rep := newReport(r, title)
	rep.equal("A's commitment", "/commitA", "CC-1", stream.Commit(c.SeedA), c.CommitA, words.Text("cli.summary.side_commitment_matches", "side", "A"))
	if c.SeedB != nil {
		rep.equal("B's commitment", "/commitB", "CC-1", stream.Commit(seedB), c.CommitB, words.Text("cli.summary.side_commitment_matches", "side", "B"))
	}
	if chess.CheckCommitments(c.CommitA, c.CommitB) != nil {
		rep.fail("distinct commitments", "/commitB", "CC-4", words.Text("cli.summary.same_seed"),
			Mismatch{Pointer: "/commitB", Where: "B's commitment", Expected: words.Text("cli.value.other_commitment"), Found: c.CommitB})
		return rep.done(), nil
	}
	want := chess.Draw(c.SeedA, c.ClientA, seedB, clientB, declared(c.BotClientSeed, reading.Dash))
	rep.equal("White", "/white", "CC-3", want.White, c.White, words.Text("cli.summary.white_by_xor", "side", want.White))
	notes := []string{words.Text("cli.note.chess_players")}
	if c.SeedB == nil {
		notes = []string{words.Text("cli.note.chess_bot"),
			readingsNote(textReading("botClientSeed", c.BotClientSeed, string(reading.Dash)))}
	}
	return rep.done(notes...), nil
}

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
	rep.equal("commitment", "/commit", "SP-2", d.Commit, sp.Commit,
		words.Text("cli.summary.selfpoker_commitment_matches"))
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
			return ptr("board", k), fmt.Sprintf("board card %d", k+1)
		}
		return ptr("hands", i, k), fmt.Sprintf("player %d, card %d", i+1, k+1)
	}}))
	rep.group("hands", "/hands", "SP-4", words.Text("cli.summary.hands_in_deck_order"), handsOK, func() []comparison {
		var ls []comparison
		for i := range hands {
			ls = append(ls, list{ptr("hands", i), func(k int) string { return fmt.Sprintf("player %d, card %d", i+1, k+1) },
				deck.Names(d.Hands[i][:]), hands[i][:]})
		}
		return ls
	})
	rep.group("board", "/board", "SP-4", words.Text("cli.summary.board_after_hands", "count", len(board)), boardOK, func() []comparison {
		return []comparison{list{"/board", func(k int) string { return fmt.Sprintf("board card %d", k+1) }, deck.Names(d.Board[:len(board)]), board}}
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
		return 0, &Unreadable{Code: errcode.InvalidInteger, Message: `at "/fairplay/seed": expected an integer with no sign, found -0`}
	}
	seed, err := selfpoker.ParseSeed("/fairplay/seed", text)
	if e, ok := err.(*errcode.Error); ok {
		if e.Code == errcode.OutOfRange {
			e.Message = `at "/fairplay/seed": expected 0 <= seed < 2^63 (9223372036854775808), found ` + escape.Cut(text)
		}
		return 0, &Unreadable{Code: e.Code, Message: e.Message}
	}
	return seed, err
}

// selfpokerPairsNote is readingsNote for the common record that declares no
// dealing, built once: audits read millions of them.
var selfpokerPairsNote = readingsNote(textReading("dealing", "", string(reading.Pairs)))

var selfpokerNote = words.Text("cli.note.selfpoker")
