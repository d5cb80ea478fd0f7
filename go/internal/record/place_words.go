package record

import (
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
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

// textReading and intReading describe one reading a verification followed,
// for readingsNote: declared by the record, or the kit's when it declares none.
func textReading(field, value, def string) string {
	if value == "" {
		return words.Text("cli.reading.default", "field", field, "value", escape.Quoted(def))
	}
	return words.Text("cli.reading.declared", "field", field, "value", escape.Quoted(value))
}

func intReading(field string, value *int, def int) string {
	if value == nil {
		return words.Text("cli.reading.default", "field", field, "value", def)
	}
	return words.Text("cli.reading.declared", "field", field, "value", *value)
}

// orderReading describes a fixed order for readingsNote (READ-10, READ-11):
// the record's list, or the kit's order, which the spec's rule names.
func orderReading(field string, names []string, kits string) string {
	if names == nil {
		return words.Text("cli.reading.order_default", "field", field, "order", kits)
	}
	return words.Text("cli.reading.order_declared", "field", field)
}

// readingsNote names the readings a verification followed (READ-1).
func readingsNote(parts ...string) string {
	return words.Text("cli.note.readings", "readings", strings.Join(parts, "; "))
}
