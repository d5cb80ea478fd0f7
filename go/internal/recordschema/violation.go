package recordschema

import (
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/words"
)

// The catalog's codes of SCH-2's complaints (spec/catalog/en.po, cli.schema.*).
const (
	codeRefusal       = "cli.schema.refusal"
	codeExpected      = "cli.schema.expected"
	codeEnum          = "cli.schema.enum"
	codePattern       = "cli.schema.pattern"
	codeDateTime      = "cli.schema.dateTime"
	codeMinimum       = "cli.schema.minimum"
	codeMaximum       = "cli.schema.maximum"
	codeMinItems      = "cli.schema.minItems"
	codeMaxItems      = "cli.schema.maxItems"
	codeMissing       = "cli.schema.missing"
	codeMissingBeside = "cli.schema.missingBeside"
	codeUnknown       = "cli.schema.unknown"
	codeForbidden     = "cli.schema.forbidden"
	codeItem          = "cli.schema.item"
	codeItems         = "cli.schema.items"
	// inner is the suffix of a complaint's code for an object inside the
	// record ("is not one of its fields"), where the record's own says
	// "is not a field of this record".
	inner = ".inner"
)

// Violation is the first violation SCH-1's order finds: where, and SCH-2's
// complaint as a catalog code and its parameters. The words are composed
// only when Error is called, so a record that fails builds one sentence.
type Violation struct {
	// path is where the value is, innermost first: the steps are gathered
	// as the check returns, so a record that passes builds none.
	path   []step
	code   string
	args   []any  // name, value pairs of the complaint's parameters
	count  int    // minItems or maxItems, said with what the list holds
	schema string // the record schema's name without "record_" and ".json": "poker_leave_v1"
	// recordKeys is set for a Refusal, whose steps may be any keys the
	// record holds, where a violation's are names its schema gives.
	recordKeys bool
}

// step is one step of a pointer: a member the schema names, or an element.
type step struct {
	name  string
	index int // -1 for a member
}

func violation(code string, args ...any) *Violation {
	return &Violation{code: code, args: args}
}

// counted is a list with too few or too many elements: the bound, counted
// with what the list holds once its place is known, and the count found.
func counted(code string, bound, found int) *Violation {
	return &Violation{code: code, args: []any{"found", found}, count: bound}
}

// forbidden is a member whose schema is false: words that say why when the
// catalog has them for its name (cli.schema.forbidden.NAME).
func forbidden(name string) *Violation {
	code := codeForbidden + "." + name
	if !known(code) {
		code = codeForbidden
	}
	return violation(code, "name", escape.Clipped(name))
}

// patternWords is what a pattern allows, in the catalog's words, found by the
// pattern as the schema writes it (every pattern of spec/schemas has words:
// TestEveryPatternHasWords).
func patternWords(pattern string) string {
	if code := codePattern + ":" + pattern; known(code) {
		return words.Text(code)
	}
	return words.Text(codePattern + ".unworded")
}

// known reports whether the catalog has the code (Text gives back a code it
// does not have).
func known(code string) bool { return words.Text(code) != code }

// within adds a member to a violation found inside its value, or passes nil on.
func within(v *Violation, name string) *Violation {
	if v != nil {
		v.path = append(v.path, step{name, -1})
	}
	return v
}

// withinIndex adds an element's index to a violation found inside it.
func withinIndex(v *Violation, i int) *Violation {
	if v != nil {
		v.path = append(v.path, step{"", i})
	}
	return v
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// Pointer is the JSON pointer (RFC 6901) of the value the complaint concerns.
func (v *Violation) Pointer() string {
	var b strings.Builder
	for i := len(v.path) - 1; i >= 0; i-- {
		b.WriteByte('/')
		if s := v.path[i]; s.index >= 0 {
			b.WriteString(strconv.Itoa(s.index))
		} else {
			b.WriteString(pointerEscaper.Replace(s.name))
		}
	}
	return b.String()
}

// Code is the catalog code of the complaint.
func (v *Violation) Code() string { return v.code }

// Error is SCH-2's message: where, in words, with the pointer after it in
// parentheses, then the complaint; or, for a member the other members rule
// out, one sentence that names the place itself.
func (v *Violation) Error() string {
	place, key := v.place()
	where := place
	if len(v.path) > 0 {
		pointer := v.Pointer()
		if v.recordKeys {
			// The record's own keys, escaped, and a pointer past REF-1's
			// 40 code points cut, its place said from its first step, so
			// that the message stays short (REF-3, REF-5).
			if cut := escape.Cut(pointer); cut != pointer {
				outer := &Violation{path: v.path[len(v.path)-1:], schema: v.schema}
				first, _ := outer.place()
				place, pointer = words.Text("cli.schema.inside", "place", first), cut
			}
			pointer = escape.Text(pointer)
		}
		where = words.Text("cli.schema.where", "place", place, "pointer", pointer)
	}
	if strings.HasPrefix(v.code, codeForbidden) {
		return words.Text(v.code, append([]any{"where", where}, v.args...)...)
	}
	code, args := v.code, v.args
	switch {
	case len(v.path) > 0 && (code == codeUnknown || code == codeMissingBeside):
		code += inner
	case code == codeMinItems || code == codeMaxItems:
		args = append([]any{"items", words.Text(v.listWords(codeItems, key), "n", v.count)}, args...)
	}
	return words.Text(codeRefusal, "where", where, "complaint", words.Text(code, args...))
}

// listWords is the code of the words for the elements of the list at key
// (prefix cli.schema.item) or for their count (cli.schema.items): the
// schema's own first, then every schema's, then prefix alone ("entry N").
func (v *Violation) listWords(prefix, key string) string {
	if key != "" {
		for _, code := range []string{prefix + "." + v.schema + "." + key, prefix + "." + key} {
			if known(code) {
				return code
			}
		}
	}
	return prefix
}

// place is where the value is, in words, counted from 1 (D-33): "the record",
// "deal 1", "card 6 of hand 2 of deal 1", a member by its name, quoted, with
// what holds it ("seed" of "fairplay"); and the key by which the catalog
// words the elements of a list there: its members' names, its elements "n"
// ("deals.n" for the hands of a deal).
func (v *Violation) place() (string, string) {
	if len(v.path) == 0 {
		return words.Text("cli.schema.record"), ""
	}
	var parts, key []string
	for i := len(v.path) - 1; i >= 0; i-- {
		s := v.path[i]
		if s.index < 0 {
			parts = append(parts, escape.Clipped(s.name))
			key = append(key, s.name)
			continue
		}
		code := v.listWords(codeItem, strings.Join(key, "."))
		if code != codeItem && i+1 < len(v.path) && v.path[i+1].index < 0 {
			// An element named by what it is stands for its list: "deal 1", not "deal 1 of "deals"".
			parts = parts[:len(parts)-1]
		}
		parts = append(parts, words.Text(code, "n", s.index+1))
		key = append(key, "n")
	}
	place := parts[0]
	for _, p := range parts[1:] {
		place = words.Text("cli.schema.of", "inner", p, "outer", place)
	}
	return place, strings.Join(key, ".")
}
