// Package escape shows text that comes from a record or a command line on a
// terminal (spec TXT-1 to TXT-3): nothing such text holds can move the
// cursor, erase or recolour a line, reorder what follows, hide itself, or end
// a quotation early and pass for the verifier's own words.
package escape

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// hidden lists TXT-1's hidden characters as inclusive ranges, in order. The
// list is the spec's, written out rather than taken from package unicode, so
// that it does not change with Go's Unicode version.
var hidden = [...][2]rune{
	{0x0000, 0x001F}, {0x007F, 0x009F}, {0x00AD, 0x00AD}, {0x034F, 0x034F},
	{0x0600, 0x0605}, {0x061C, 0x061C}, {0x06DD, 0x06DD}, {0x070F, 0x070F},
	{0x0890, 0x0891}, {0x08E2, 0x08E2}, {0x115F, 0x1160}, {0x17B4, 0x17B5},
	{0x180B, 0x180F}, {0x200B, 0x200F}, {0x2028, 0x202E}, {0x2060, 0x206F},
	{0x3164, 0x3164}, {0xFE00, 0xFE0F}, {0xFEFF, 0xFEFF}, {0xFFA0, 0xFFA0},
	{0xFFF0, 0xFFFB}, {0xFFFD, 0xFFFD}, {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
	{0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF},
}

// Hidden reports whether r is one of TXT-1's hidden characters.
func Hidden(r rune) bool {
	if r < 0x7F {
		return r < 0x20
	}
	lo, hi := 0, len(hidden)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case r < hidden[m][0]:
			hi = m
		case r > hidden[m][1]:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

// Text is s as TXT-2 shows it: each invalid UTF-8 byte read as U+FFFD, every
// hidden character written \u{XXXX}, a backslash \\ and a double quote \".
func Text(s string) string { return write(s, true) }

// Quoted is Text(s) between double quotes: how a message quotes a record's text.
func Quoted(s string) string { return `"` + write(s, true) + `"` }

// MaxShown is how many code points of a record's text a refusal shows (REF-1).
const MaxShown = 40

// Cut is s cut to its first MaxShown code points and "…" (U+2026) when it is
// longer (REF-1). An invalid UTF-8 byte counts as one code point, the U+FFFD
// it is shown as. However long s is, Cut reads at most MaxShown+1 of them.
func Cut(s string) string {
	n := 0
	for i := range s {
		if n == MaxShown {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// Clipped is Quoted(Cut(s)): how a refusal writes a key, a string or a
// pointer taken from a record (REF-1).
func Clipped(s string) string { return Quoted(Cut(s)) }

// Line escapes the hidden characters of one line of output and nothing else
// (TXT-3): text already escaped by Text passes unchanged, and a message the
// verifier did not compose (a schema library's, the system's) loses its
// control and format characters too.
func Line(s string) string { return write(s, false) }

func write(s string, quotes bool) string {
	if plain(s, quotes) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for _, r := range s { // an invalid byte comes as utf8.RuneError, one per byte
		switch {
		case Hidden(r):
			b.WriteString(`\u{`)
			h := strconv.FormatInt(int64(r), 16)
			for i := len(h); i < 4; i++ {
				b.WriteByte('0')
			}
			b.WriteString(strings.ToUpper(h))
			b.WriteByte('}')
		case quotes && (r == '\\' || r == '"'):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plain reports whether s needs no escaping: printable ASCII (without \ and "
// when quoting) and valid UTF-8 with no hidden character.
func plain(s string, quotes bool) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7F || (quotes && (c == '\\' || c == '"')) {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || Hidden(r) { // RuneError: invalid, or U+FFFD itself
			return false
		}
		i += n
	}
	return true
}

// JSON escapes, in an encoded JSON document, every hidden character as a
// JSON escape \uXXXX (lowercase hex; a surrogate pair above U+FFFF), and each
// invalid UTF-8 byte as \ufffd (TXT-3). Outside strings an encoder writes only
// ASCII, and the line feeds between members are left alone; inside strings
// the encoder has escaped C0 already, so the result reads back as the same
// document.
func JSON(doc []byte) []byte {
	if plainJSON(doc) {
		return doc
	}
	out := make([]byte, 0, len(doc)+32)
	for i := 0; i < len(doc); {
		c := doc[i]
		if c < utf8.RuneSelf {
			if jsonHidden(c) {
				out = appendU(out, rune(c))
			} else {
				out = append(out, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(doc[i:])
		if Hidden(r) {
			out = appendU(out, r)
		} else {
			out = append(out, doc[i:i+n]...)
		}
		i += n
	}
	return out
}

func plainJSON(doc []byte) bool {
	for i := 0; i < len(doc); {
		c := doc[i]
		if c < utf8.RuneSelf {
			if jsonHidden(c) {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(doc[i:])
		if Hidden(r) {
			return false
		}
		i += n
	}
	return true
}

// jsonHidden reports whether an ASCII byte of an encoded document is hidden:
// DEL, or a C0 control other than the whitespace between members.
func jsonHidden(c byte) bool {
	return c == 0x7F || (c < 0x20 && c != '\n' && c != '\t' && c != '\r')
}

func appendU(out []byte, r rune) []byte {
	if r > 0xFFFF {
		r -= 0x10000
		out = appendU4(out, 0xD800+(r>>10))
		return appendU4(out, 0xDC00+(r&0x3FF))
	}
	return appendU4(out, r)
}

func appendU4(out []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	return append(out, '\\', 'u', hex[r>>12&15], hex[r>>8&15], hex[r>>4&15], hex[r&15])
}
