package escape

import (
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The examples of TXT-2, written out by hand.
func TestText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"selfpoker_v1", "selfpoker_v1"},
		{"selfpoker_v1\r\x1b[2K  VERIFIED: all 4 checks hold", `selfpoker_v1\u{000D}\u{001B}[2K  VERIFIED: all 4 checks hold`},
		{"\u202edne_dnah", `\u{202E}dne_dnah`},
		{"selfpoker_v1\ufffd", `selfpoker_v1\u{FFFD}`},
		{"selfpoker_v1\xff\xfe", `selfpoker_v1\u{FFFD}\u{FFFD}`}, // each invalid byte on its own (RUN-8)
		{"\xe2\x82x", `\u{FFFD}\u{FFFD}x`},                       // a truncated sequence: two bytes, two
		{"\xed\xa0\x80", `\u{FFFD}\u{FFFD}\u{FFFD}`},             // a surrogate encoded in UTF-8 is three invalid bytes
		{`a"b\c`, `a\"b\\c`},
		{`\u{001B}`, `\\u{001B}`}, // text that looks escaped stays distinguishable
		{"hand_end\U000E0001", `hand_end\u{E0001}`},
		{"Ünïcödé 🂡 ♠", "Ünïcödé 🂡 ♠"},
		{"\x00\x1f\x7f\u0080\u009f\u00a0", `\u{0000}\u{001F}\u{007F}\u{0080}\u{009F}` + "\u00a0"},
		{"a\u200bb\u2028c\u2029d\ufeff", `a\u{200B}b\u{2028}c\u{2029}d\u{FEFF}`},
		{"\u2066x\u2069\u061c\u00ad", `\u{2066}x\u{2069}\u{061C}\u{00AD}`},
		{"\u3164\ufe0f\U000E0100", `\u{3164}\u{FE0F}\u{E0100}`},
		{"", ""},
	} {
		assert.Equal(t, c.want, Text(c.in), "Text(%q)", c.in)
		assert.Equal(t, `"`+c.want+`"`, Quoted(c.in), "Quoted(%q)", c.in)
	}
}

func TestLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`at /: additionalProperties 'co\x1bmmit' not allowed`, `at /: additionalProperties 'co\x1bmmit' not allowed`},
		{"invalid escape '\\\x1b'", `invalid escape '\\u{001B}'`},
		{`scheme "a\"b\\u{001B}"`, `scheme "a\"b\\u{001B}"`}, // already escaped: unchanged
		{"open \u202ex.json: no such file", `open \u{202E}x.json: no such file`},
		{"a\nb", `a\u{000A}b`},
	} {
		assert.Equal(t, c.want, Line(c.in), "Line(%q)", c.in)
	}
	for _, s := range []string{"\x1b[2K\r\u202e\xff\"\\", "plain"} {
		assert.Equal(t, Line(Text(s)), Text(s), "Line leaves Text's output alone")
	}
}

// The list is the spec's; on the Unicode version it was taken from it equals
// the union of the categories and properties TXT-1 names, computed here from
// package unicode's tables, an independent source.
func TestHiddenIsTheSpecsList(t *testing.T) {
	named := []*unicode.RangeTable{unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp,
		unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector}
	if unicode.Version != "15.0.0" {
		// Another Unicode version may add format characters; the spec's list
		// stands, and what no version changes is checked.
		named = named[:1]
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		in := unicode.In(r, named...) || r == 0xFFFD
		if in != Hidden(r) && (in || unicode.Version == "15.0.0") {
			t.Fatalf("Hidden(U+%04X) = %v, Unicode %s says %v", r, Hidden(r), unicode.Version, in)
		}
	}
}

func TestJSON(t *testing.T) {
	v := map[string]string{"s": "a\u202eb\u0085c\x7fd\U000E0001e\ufffd\u00e9\u2028", "t": "\x1b[2K"}
	doc, err := json.MarshalIndent(v, "", "  ")
	assert.NoError(t, err)
	got := JSON(doc)
	assert.Equal(t, "{\n  \"s\": \"a\\u202eb\\u0085c\\u007fd\\udb40\\udc01e\\ufffd\u00e9\\u2028\",\n  \"t\": \"\\u001b[2K\"\n}", string(got))
	var back map[string]string
	assert.NoError(t, json.Unmarshal(got, &back))
	assert.Equal(t, v, back, "the escaped document reads back as the same values")
	assert.Equal(t, `"\ufffd"`, string(JSON([]byte("\"\xff\""))), "an invalid byte")
	plain := []byte("{\n  \"a\": \"\u00e9\"\n}")
	assert.Equal(t, plain, JSON(plain))
}

func BenchmarkTextPlain(b *testing.B) {
	s := "no record format has scheme selfpoker_v1 and kind hand_end"
	for b.Loop() {
		Text(s)
	}
}

// REF-1: more than 40 code points are cut to 40 and "…", counted as shown
// (an invalid byte is one U+FFFD); the cut comes before the escaping.
func TestCut(t *testing.T) {
	forty := "0123456789012345678901234567890123456789"
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{forty, forty},
		{forty + "x", forty + "…"},
		{strings.Repeat("é", 41), strings.Repeat("é", 40) + "…"},
		{strings.Repeat("\xff", 45), strings.Repeat("\xff", 40) + "…"},
		{strings.Repeat("🂡", 40), strings.Repeat("🂡", 40)},
	} {
		assert.Equal(t, c.want, Cut(c.in), "Cut(%q)", c.in)
	}
	assert.Equal(t, `"`+strings.Repeat(`\u{001B}`, 40)+`…"`, Clipped(strings.Repeat("\x1b", 50)), "cut, then escaped")
	assert.Equal(t, `"a\"b"`, Clipped(`a"b`))
}

// specList reads TXT-1's code block from the spec: the one source the three
// implementations' lists are held to.
func specList(t *testing.T) [][2]rune {
	data, err := os.ReadFile("../../../spec/pfkit.md")
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(data), "**[TXT-1]**")
	require.True(t, ok)
	_, rest, _ = strings.Cut(rest, "```\n")
	block, _, _ := strings.Cut(rest, "```")
	var out [][2]rune
	for _, f := range strings.Fields(block) {
		lo, hi, found := strings.Cut(f, "-")
		if !found {
			hi = lo
		}
		a, err1 := strconv.ParseUint(lo, 16, 32)
		b, err2 := strconv.ParseUint(hi, 16, 32)
		require.NoError(t, errors.Join(err1, err2), f)
		out = append(out, [2]rune{rune(a), rune(b)})
	}
	return out
}

// The list is the spec's TXT-1 block, range for range, and every code point
// is hidden exactly when the block lists it.
func TestHiddenIsTheSpecBlock(t *testing.T) {
	assert.Equal(t, specList(t), hidden[:])
	spec := specList(t)
	for r := rune(0); r <= unicode.MaxRune; r++ {
		in := false
		for _, rg := range spec {
			in = in || (r >= rg[0] && r <= rg[1])
		}
		if in != Hidden(r) {
			t.Fatalf("Hidden(U+%04X) = %v, the spec's block says %v", r, Hidden(r), in)
		}
	}
}

// The code points whose escaping once depended on each runtime's Unicode
// version come out the same from every implementation: these bytes are
// also what python/tests/test_escape.py and node/test/text.test.js expect.
func TestIssueCodePoints(t *testing.T) {
	in := "A\u0897B\u0cf3C\U00013440D\U0001FAE9E\U0001CC00F\u3164G\ufe0fH\U000e0100I\u180bJ\u17b4K\u034fL\x1bM\u202eN"
	assert.Equal(t, `A`+"\u0897"+`B`+"\u0cf3"+`C`+"\U00013440"+`D`+"\U0001FAE9"+`E`+"\U0001CC00"+`F\u{3164}G\u{FE0F}H\u{E0100}I\u{180B}J\u{17B4}K\u{034F}L\u{001B}M\u{202E}N`, Text(in))
}
