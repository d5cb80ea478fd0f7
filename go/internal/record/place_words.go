package record

import (
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/poker"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// The words of a check's name and of a mismatch's place (REC-9) are the
// catalog's, like every report sentence: cli.check.* and cli.at.* in
// spec/catalog/en.po, the same codes node/src/report_words.js and
// python/src/pfkit/report.py word.

// checkName is the name of the check code, args its parameters as name, value pairs.
func checkName(code string, args ...any) string { return words.Text("cli.check."+code, args...) }

// at is the part key of a place with its number: deal 3, seat 2, card 7.
func at(key string, n int) string { return words.Text("cli.at."+key, "n", n) }

// atWord is a part of a place with no number: the turned-up card.
func atWord(key string) string { return words.Text("cli.at." + key) }

// place joins the parts of a place, in the catalog's order of cli.at.
func place(parts ...string) string { return strings.Join(parts, ", ") }

// seatWords is a seat in order, as the pages say it (D-33): a record's seat i,
// numbered from 0, is the (i + 1)th seat ("third seat"); a number no table has
// is said as the record writes it ("seat numbered 12").
func seatWords(n int) string {
	if n >= 0 && n < 10 {
		return words.Text("cli.seat.nth." + strconv.Itoa(n+1))
	}
	return words.Text("cli.seat.other", "n", strconv.Itoa(n))
}

// atSeat is the seat part of a place: "deal 2, third seat, card 7".
func atSeat(n int) string { return words.Text("cli.at.seat", "seat", seatWords(n)) }

// seatList says seats in order, joined by ", ".
func seatList(seats []int) string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = seatWords(s)
	}
	return strings.Join(out, ", ")
}

// handNumber is a poker hand as the pages say it (READ-3). count is the hand
// counted from 1: its place in a session reveal's list, or a leave bundle's
// number from the first hand on. The record's number when the two agree,
// else the count with the record's number beside it ("1 (number 0 in the
// record)"); a hand no session can hold (a count outside 1 to 500) by the
// record's number alone ("numbered 500 in the record"), never as a hand 501.
func handNumber(number, count int) any {
	switch {
	case count < 1 || count > poker.MaxHands:
		return words.Text("cli.hand.numbered", "number", number)
	case count == number:
		return number
	}
	return words.Text("cli.hand.counted", "n", count, "number", number)
}

// atHand is the hand part of a poker place: "hand 1 (number 0 in the record)".
func atHand(number, count int) string {
	return words.Text("cli.at.hand", "n", handNumber(number, count))
}

// deckCard is a deck position said as people count: index i is card i + 1 of the deck.
func deckCard(i int) string { return words.Text("cli.value.deck_card", "n", i+1) }

// readingPart is one reading a verification followed (READ-1): the record's
// field, the rule's key (the value, or "listed" and "kit" for a fixed order),
// the field's value as an implementer reads it, and whether the record
// declared it or left it to our verifier.
type readingPart struct {
	field, rule, value string
	declared           bool
}

// textReading and intReading describe one reading for readingsNote:
// declared by the record, or our verifier's when it declares none.
func textReading(field, value, def string) readingPart {
	if value == "" {
		return readingPart{field, def, words.Text("cli.reading.field", "field", field, "value", escape.Quoted(def)), false}
	}
	return readingPart{field, value, words.Text("cli.reading.field", "field", field, "value", escape.Quoted(value)), true}
}

func intReading(field string, value *int, def int) readingPart {
	v, declared := def, value != nil
	if declared {
		v = *value
	}
	return readingPart{field, strconv.Itoa(v), words.Text("cli.reading.field", "field", field, "value", v), declared}
}

// orderReading describes a fixed order for readingsNote (READ-10, READ-11):
// the record's list, or our verifier's standard order.
func orderReading(field string, names []string) readingPart {
	if names == nil {
		return readingPart{field, "kit", words.Text("cli.reading.field_standard", "field", field), false}
	}
	return readingPart{field, "listed", words.Text("cli.reading.field_listed", "field", field), true}
}

// readingsNote says the readings a verification followed (READ-1) as the
// rules they choose: those the record declared in one sentence, those left to
// our verifier in another, then the record's fields behind them.
func readingsNote(parts ...readingPart) string {
	var record, kit, fields []string
	for _, p := range parts {
		rule := words.Text("cli.reading." + p.field + "." + p.rule)
		if p.declared {
			record = append(record, rule)
		} else {
			kit = append(kit, rule)
		}
		fields = append(fields, p.value)
	}
	var out string
	switch {
	case len(record) == 0:
		out = words.Text("cli.reading.kit_only", "readings", strings.Join(kit, "; "))
	case len(kit) == 0:
		out = words.Text("cli.note.readings", "readings", strings.Join(record, "; "))
	default:
		out = words.Text("cli.note.readings", "readings", strings.Join(record, "; ")) + " " +
			words.Text("cli.reading.kit_too", "readings", strings.Join(kit, "; "))
	}
	return out + " " + words.Text("cli.reading.fields", "fields", strings.Join(fields, ", "))
}

// clientSeeds says a seat order by the client seeds it puts in the seats,
// from the first seat on: "south", "north", "west", "east". seats holds
// indexes into seeds (MS2-4).
func clientSeeds(seats []int, seeds []string) string {
	out := make([]string, len(seats))
	for i, ix := range seats {
		out[i] = seedOf(ix, seeds)
	}
	return strings.Join(out, ", ")
}

// seedValues are a seat order's values as a mismatch shows them: client seed
// "north", or, for an index the list has no seed at, the index as the record
// writes it.
func seedValues(seats []int, seeds []string) []string {
	out := make([]string, len(seats))
	for i, ix := range seats {
		if ix >= 0 && ix < len(seeds) {
			out[i] = words.Text("cli.value.client_seed", "seed", escape.Quoted(seeds[ix]))
		} else {
			out[i] = words.Text("cli.value.client_seed_numbered", "n", ix)
		}
	}
	return out
}

func seedOf(ix int, seeds []string) string {
	if ix >= 0 && ix < len(seeds) {
		return escape.Quoted(seeds[ix])
	}
	return strconv.Itoa(ix)
}
