// Package ident validates the text fields every scheme puts into its messages:
// server seeds and hashes (lowercase hex) and identifiers (client seeds, game,
// match, table and session ids). The rules are the spec's SEED-1, HASH-1 and ID-1.
package ident

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// MaxIDLen is the longest identifier the spec allows (ID-1).
const MaxIDLen = 64

// IDChars describes the identifier alphabet for error messages.
const IDChars = "A-Z a-z 0-9 - _ ."

// IsIDByte reports whether b may appear in an identifier.
func IsIDByte(b byte) bool {
	switch {
	case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		return true
	case b == '-', b == '_', b == '.':
		return true
	}
	return false
}

// IsID reports whether s is an identifier (ID-1), with no message: the check
// ID makes, for paths that only need the answer (the plain record reader,
// the draw stream's set-up); of text or bytes, as IsHex.
func IsID[T ~string | ~[]byte](s T) bool {
	if len(s) == 0 || len(s) > MaxIDLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !IsIDByte(s[i]) {
			return false
		}
	}
	return true
}

// ID checks an identifier: 1 to 64 characters from A-Z a-z 0-9 - _ . (ID-1).
// The separators ':' ',' '=' are outside the alphabet, so a client seed can never
// change how a message splits into fields.
func ID(field, s string) error {
	if IsID(s) {
		return nil
	}
	if len(s) == 0 {
		return errcode.New(errcode.InvalidIdentifier, "%s: expected 1-%d characters from %s, found an empty string", field, MaxIDLen, IDChars)
	}
	for i := 0; i < len(s); {
		if IsIDByte(s[i]) {
			i++
			continue
		}
		r, _ := utf8.DecodeRuneInString(s[i:])
		return errcode.New(errcode.InvalidIdentifier, "%s: expected only characters from %s, found %s at position %d", field, IDChars, describeRune(r), i)
	}
	return errcode.New(errcode.InvalidIdentifier, "%s: expected at most %d characters, found %d", field, MaxIDLen, len(s))
}

// characters is a count of characters in words: "1 character", "0 characters".
func characters(n int) string {
	if n == 1 {
		return "1 character"
	}
	return strconv.Itoa(n) + " characters"
}

func describeRune(r rune) string {
	if r == utf8.RuneError {
		return "U+FFFD (a byte that is not UTF-8, or a replacement character)"
	}
	if r < 0x80 && r >= 0x20 && r != 0x7f {
		return escape.Quoted(string(r))
	}
	return fmt.Sprintf("U+%04X %s", r, escape.Quoted(string(r)))
}

// Hex checks that s is exactly size lowercase hexadecimal characters. Server seeds
// (SEED-1) and every hash and salt the schemes exchange (HASH-1) are 64 characters.
func Hex(field, s string, size int) error {
	if IsHex(s, size) {
		return nil
	}
	if n := utf8.RuneCountInString(s); n != size {
		return errcode.New(errcode.InvalidHex, "%s: expected %d lowercase hex characters, found %s", field, size, characters(n))
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isHexByte(c) {
			continue
		}
		if 'A' <= c && c <= 'F' {
			return errcode.New(errcode.InvalidHex, "%s: expected lowercase hex, found uppercase %s at position %d", field, escape.Quoted(string(rune(c))), i)
		}
		r, _ := utf8.DecodeRuneInString(s[i:])
		return errcode.New(errcode.InvalidHex, "%s: expected lowercase hex, found %s at position %d", field, describeRune(r), i)
	}
	return nil
}

// IsHex reports whether s is exactly size lowercase hexadecimal characters: the
// check Hex makes, without a message. It reads bytes as well, so that a
// reader checks them before it copies them.
func IsHex[T ~string | ~[]byte](s T, size int) bool {
	if len(s) != size {
		return false
	}
	// Eight bytes at a time and no branch on a byte: hex digits are random,
	// so a test per byte's range mispredicts about every other byte, and
	// audits check a seed or hash, or two, in every record.
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if !hex8(uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56) {
			return false
		}
	}
	var bad byte
	for ; i < len(s); i++ {
		bad |= notHex[s[i]]
	}
	return bad == 0
}

// Bytes repeated in each lane of a word, for hex8.
const (
	lanes1    = 0x0101010101010101
	lanesHigh = 0x8080808080808080
)

// hex8 says whether each of the eight bytes of x is 0-9 or a-f. Once no
// byte has its high bit set, adding 0x80 - lo to a byte sets its high bit
// exactly when the byte is at least lo, with no carry into the next byte;
// adding 0x7f - hi, exactly when it is above hi.
func hex8(x uint64) bool {
	if x&lanesHigh != 0 {
		return false
	}
	in := func(lo, hi uint64) uint64 { return (x + (0x80-lo)*lanes1) &^ (x + (0x7f-hi)*lanes1) & lanesHigh }
	return in('0', '9')|in('a', 'f') == lanesHigh
}

// notHex is 1 for every byte but 0-9 a-f.
var notHex = func() (t [256]byte) {
	for c := range t {
		if !isHexByte(byte(c)) {
			t[c] = 1
		}
	}
	return t
}()

func isHexByte(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }

// Seed checks a server seed: the 64-character lowercase hex text of 32 bytes.
func Seed(field, s string) error { return Hex(field, s, 64) }
