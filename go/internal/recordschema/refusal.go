package recordschema

import "strings"

// Refusal is a complaint the schema check does not make, about a value a
// record's rules refuse (REF-3, REF-4): a number with a fraction, a seed past
// 2^63, a wall that is not an order of the tiles. Its message says the place
// as SCH-2 says a violation's, with the same words (REF-8): schemaFile is the
// record's schema ("record_selfpoker_v1.json"), whose own words for its lists
// come first, or "" when it is not known, when every schema's words and then
// "entry N" say the lists; code and args are the complaint's catalog code
// and its parameters. Within and WithinIndex add the place, innermost first.
// Its steps may be any keys the record holds: the pointer is escaped, and
// one past 40 code points is cut and its place said from its first step
// ("a value inside "deep""), so that the message stays short (REF-5).
func Refusal(schemaFile, code string, args ...any) *Violation {
	v := violation(code, args...)
	v.schema = schemaName(schemaFile)
	v.recordKeys = true
	return v
}

// Within adds the member name around the place of v, and returns v.
func (v *Violation) Within(name string) *Violation { return within(v, name) }

// WithinIndex adds the element i of a list around the place of v, and
// returns v.
func (v *Violation) WithinIndex(i int) *Violation { return withinIndex(v, i) }

// schemaName is a record schema's file name without "record_" and ".json",
// the name by which the catalog gives one schema's lists their own words.
func schemaName(file string) string {
	return strings.TrimSuffix(strings.TrimPrefix(file, "record_"), ".json")
}
