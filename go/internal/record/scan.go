package record

import (
	"bytes"
	"encoding/binary"
)

// scanner reads the plain form of JSON that the records audits see by the
// million are written in: printable ASCII strings without escapes, and
// integers without sign, fraction, exponent or leading zero. It reads bytes
// straight into typed fields, with no tree between. Anything outside that
// form marks the scan bad, and the record goes the general way (strictjson,
// the schema), which gives the verdict and the error message. So the scanner
// never decides that a record is unreadable; it only recognises plainly valid
// ones.
type scanner struct {
	b   []byte
	i   int
	bad bool
}

func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// take consumes c, after any space, when it comes next.
func (s *scanner) take(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// expect consumes c, or marks the scan bad.
func (s *scanner) expect(c byte) {
	if !s.take(c) {
		s.bad = true
	}
}

// text reads a string of printable ASCII with no escapes and returns its
// bytes, which alias the input.
func (s *scanner) text() []byte {
	if s.bad || !s.take('"') {
		s.bad = true
		return nil
	}
	start := s.i
	j := start + plainRun(s.b[start:])
	for ; j < len(s.b); j++ {
		c := s.b[j]
		if c == '"' {
			s.i = j + 1
			return s.b[start:j]
		}
		if c < 0x20 || c >= 0x7f || c == '\\' {
			break
		}
	}
	s.bad = true
	return nil
}

// quoted reads a string up to the first '"' without looking at its bytes,
// for a caller that holds them to a closed set it checks itself: a name it
// knows, hex or decimal digits, none of which has '\\', '"' or a control
// byte. A string with an escape then reads as bytes outside the set (and an
// escaped quote ends it early), so the scan is marked bad all the same, with
// a pass over the bytes saved.
func (s *scanner) quoted() []byte {
	if s.bad || !s.take('"') {
		s.bad = true
		return nil
	}
	j := quoteIndex(s.b[s.i:])
	if j < 0 {
		s.bad = true
		return nil
	}
	t := s.b[s.i : s.i+j]
	s.i += j + 1
	return t
}

// quoteIndex is bytes.IndexByte(b, '"'), looking at the first bytes one by
// one: most strings quoted reads are keys and names of a few bytes, shorter
// than what the vector search needs to pay for its call and set-up.
func quoteIndex(b []byte) int {
	n := min(len(b), 16)
	for j, c := range b[:n] {
		if c == '"' {
			return j
		}
	}
	if k := bytes.IndexByte(b[n:], '"'); k >= 0 {
		return n + k
	}
	return -1
}

// Bytes repeated in each lane of a word, for plainRun.
const (
	lanes1    = 0x0101010101010101
	lanesHigh = 0x8080808080808080
)

// plainRun is how many of b's first bytes, a multiple of 8, are printable
// ASCII other than '"' and '\\', tested eight at a time: text spends most of
// its time on 64-digit hashes. A word with a byte of another kind stops it,
// and text looks at that word byte by byte.
func plainRun(b []byte) int {
	n := 0
	for ; n+8 <= len(b); n += 8 {
		x := binary.LittleEndian.Uint64(b[n:])
		// A lane of x is flagged when it is below 0x20 or at or above 0x7f,
		// or is '"' or '\\'. zero(y) flags a zero lane of y; lanes above a
		// flagged lane may be flagged too, which only ends the run sooner.
		bad := x&lanesHigh | below(x, 0x20) | zero(x^(0x7f*lanes1)) | zero(x^('"'*lanes1)) | zero(x^('\\'*lanes1))
		if bad != 0 {
			break
		}
	}
	return n
}

// below flags the lanes of x under c (c <= 0x80), for x with no lane at or
// above 0x80.
func below(x, c uint64) uint64 { return (x - c*lanes1) & ^x & lanesHigh }

func zero(y uint64) uint64 { return below(y, 1) }

// digits reads a plain integer's digits: no sign, fraction, exponent or
// leading zero.
func (s *scanner) digits() []byte {
	s.space()
	start := s.i
	for s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9' {
		s.i++
	}
	if n := s.i - start; s.bad || n == 0 || (n > 1 && s.b[start] == '0') {
		s.bad = true
		return nil
	}
	if s.i < len(s.b) {
		switch s.b[s.i] {
		case '.', 'e', 'E':
			s.bad = true
			return nil
		}
	}
	return s.b[start:s.i]
}

// smallInt reads a plain integer in [lo, hi], hi below 10,000.
func (s *scanner) smallInt(lo, hi int) int {
	d := s.digits()
	if len(d) > 4 {
		s.bad = true
		return 0
	}
	x := 0
	for _, c := range d {
		x = 10*x + int(c-'0')
	}
	if x < lo || x > hi {
		s.bad = true
	}
	return x
}

// array reads an array of lo to hi elements, calling each for element i.
func (s *scanner) array(lo, hi int, each func(i int)) int {
	s.expect('[')
	n := 0
	if !s.bad && !s.take(']') {
		for !s.bad {
			if n == hi {
				s.bad = true
				break
			}
			each(n)
			n++
			if !s.take(',') {
				s.expect(']')
				break
			}
		}
	}
	if n < lo {
		s.bad = true
	}
	return n
}

// object reads an object, calling each for every key; each reads the value.
func (s *scanner) object(each func(key []byte)) {
	s.expect('{')
	if s.bad || s.take('}') {
		return
	}
	for !s.bad {
		k := s.quoted() // each holds keys to the names it knows
		s.expect(':')
		if s.bad {
			return
		}
		each(k)
		if !s.take(',') {
			s.expect('}')
			return
		}
	}
}

// end accepts only space after the value.
func (s *scanner) end() {
	s.space()
	if s.i != len(s.b) {
		s.bad = true
	}
}
