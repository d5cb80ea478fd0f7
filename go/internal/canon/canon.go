// Package canon writes JSON in the two forms the kit fixes byte for byte: the
// compact canonical form hashed by accumulated vectors (keys sorted, no spaces),
// and the indented layout of committed vector files.
package canon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// Compact is the canonical form of a parsed value (strictjson's types, or any
// value json.Marshal accepts): object keys sorted by byte value, no whitespace,
// numbers as written. Accumulated digests hash this form (VEC-3).
func Compact(v any) ([]byte, error) {
	var b bytes.Buffer
	if err := compact(&b, normalize(v)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// normalize turns structs and typed slices into generic values by a JSON round
// trip, so both forms see only maps, slices, strings, numbers, bools and nil.
func normalize(v any) any {
	switch v.(type) {
	case nil, bool, string, json.Number, map[string]any, []any:
		return v
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("!unmarshalable %T", v)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return fmt.Sprintf("!unmarshalable %T", v)
	}
	return out
}

func compact(b *bytes.Buffer, v any) error {
	switch x := normalize(v).(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			if err := compact(b, x[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := compact(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case string:
		writeString(b, x)
	case json.Number:
		b.WriteString(string(x))
	case bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case nil:
		b.WriteString("null")
	default:
		return fmt.Errorf("canon: unexpected %T", x)
	}
	return nil
}

// writeString escapes only what JSON requires: '"', '\\' and control characters,
// the last as \u00XX. Every other character, ASCII or not, is written as is.
func writeString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r < 0x20:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// Pretty lays a value out for a committed file: two-space indentation, keys in
// the order of the value's struct fields (sorted for maps), and any array or
// object whose compact form fits in width characters kept on one line. Arrays of
// numbers always stay on one line, so a 52-card deck is one line.
func Pretty(v any, width int) ([]byte, error) { return PrettyOrdered(v, width, nil) }

// PrettyOrdered is Pretty with the keys named in first moved to the front of
// every object, in that order; other keys keep their place after them.
func PrettyOrdered(v any, width int, first []string) ([]byte, error) {
	var b bytes.Buffer
	if err := pretty(&b, v, "", width, first); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

func pretty(b *bytes.Buffer, v any, indent string, width int, first []string) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	var ordered orderedValue
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := ordered.decode(dec); err != nil {
		return err
	}
	if len(first) > 0 {
		ordered.reorder(first)
	}
	return ordered.write(b, indent, width)
}
