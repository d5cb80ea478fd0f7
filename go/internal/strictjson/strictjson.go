// Package strictjson parses JSON the way the spec requires of every reader
// (RUN-3, RUN-4, RUN-5, REC-1): numbers kept as their exact text, duplicate
// object keys rejected, nesting and size bounded. A record whose "seed" is a
// bare 19-digit number is read exactly, never through a float64, and a record
// with two "seed" keys is refused instead of silently taking one of them.
//
// The parser is written out by hand because audits parse millions of small
// records and encoding/json's token API spends most of its time allocating.
package strictjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// Limits bound what a reader accepts.
type Limits struct {
	MaxBytes int // the whole document
	MaxDepth int // nested arrays and objects
}

// Default limits for one runner request line (RUN-5).
var Default = Limits{MaxBytes: 1 << 20, MaxDepth: 32}

// ErrTooLarge marks a document over a limit.
var ErrTooLarge = errors.New("too large")

// Object is a parsed JSON object.
type Object = map[string]any

// Parse reads one JSON value (RFC 8259). Objects become map[string]any, arrays
// []any, numbers json.Number, strings string, and true, false and null bool and
// nil. Invalid UTF-8 in strings becomes U+FFFD, as encoding/json does.
func Parse(data []byte, lim Limits) (any, error) {
	if lim.MaxBytes > 0 && len(data) > lim.MaxBytes {
		return nil, fmt.Errorf("%w: %d bytes, the limit is %d", ErrTooLarge, len(data), lim.MaxBytes)
	}
	p := parser{data: data, maxDepth: lim.MaxDepth}
	if sp, ok := scratchPool.Get().(*[]any); ok {
		p.scratch = (*sp)[:0]
	}
	defer func() {
		// Keep small stacks only, cleared so the pool holds no values alive.
		if cap(p.scratch) <= 1<<12 {
			clear(p.scratch[:cap(p.scratch)])
			s := p.scratch[:0]
			scratchPool.Put(&s)
		}
	}()
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.data) {
		return nil, fmt.Errorf("unexpected data after the JSON value at offset %d", p.i)
	}
	return v, nil
}

// scratchPool keeps the parsers' scratch stacks between documents: growing a
// new one for every record of an audit cost more than filling it.
var scratchPool sync.Pool

type parser struct {
	data     []byte
	i        int
	maxDepth int
	scratch  []any // elements of the arrays being read, innermost last
}

// Records are mostly short strings (card and tile names) and small integers.
// Boxing each into an interface would allocate; these tables hold them boxed
// once, so reading them allocates nothing.
var (
	shortStrings [128 * 129]any // "" is unused; one or two printable ASCII bytes
	smallNumbers [1000]any      // "0" .. "999"
)

func init() {
	for a := 0x20; a < 0x7f; a++ {
		shortStrings[a*129+128] = string([]byte{byte(a)})
		for b := 0x20; b < 0x7f; b++ {
			shortStrings[a*129+b] = string([]byte{byte(a), byte(b)})
		}
	}
	for i := range smallNumbers {
		smallNumbers[i] = json.Number(strconv.Itoa(i))
	}
}

// plain reports whether c stands for itself inside a JSON string.
func plain(c byte) bool { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\' }

// boxedShort returns the boxed string for one or two plain bytes.
func boxedShort(b []byte) any {
	if len(b) == 1 {
		return shortStrings[int(b[0])*129+128]
	}
	return shortStrings[int(b[0])*129+int(b[1])]
}

func (p *parser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf(format+" at offset %d", append(args, p.i)...)
}

func (p *parser) unexpected(want string) error {
	if p.i >= len(p.data) {
		return fmt.Errorf("unexpected end of JSON input, expected %s", want)
	}
	return p.errorf("invalid character %q, expected %s", p.data[p.i], want)
}

func (p *parser) value(depth int) (any, error) {
	if p.i >= len(p.data) {
		return nil, p.unexpected("a value")
	}
	switch c := p.data[p.i]; {
	case c == '{' || c == '[':
		if depth+1 > p.maxDepth {
			return nil, fmt.Errorf("%w: nesting deeper than %d levels", ErrTooLarge, p.maxDepth)
		}
		if c == '{' {
			return p.object(depth + 1)
		}
		return p.array(depth + 1)
	case c == '"':
		// One or two plain printable characters come boxed from the table.
		j, n := p.i+1, 0
		for n < 3 && j+n < len(p.data) && plain(p.data[j+n]) {
			n++
		}
		if (n == 1 || n == 2) && j+n < len(p.data) && p.data[j+n] == '"' {
			p.i = j + n + 1
			return boxedShort(p.data[j : j+n]), nil
		}
		return p.str()
	case c == '-' || ('0' <= c && c <= '9'):
		return p.number()
	case c == 't':
		return true, p.literal("true")
	case c == 'f':
		return false, p.literal("false")
	case c == 'n':
		return nil, p.literal("null")
	}
	return nil, p.unexpected("a value")
}

func (p *parser) literal(word string) error {
	if len(p.data)-p.i >= len(word) && string(p.data[p.i:p.i+len(word)]) == word {
		p.i += len(word)
		return nil
	}
	return p.errorf("invalid literal, expected %s", word)
}

func (p *parser) object(depth int) (any, error) {
	p.i++ // {
	obj := Object{}
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return obj, nil
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, p.unexpected("a string key")
		}
		at := p.i
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if _, dup := obj[key]; dup {
			return nil, fmt.Errorf("duplicate key %s at offset %d", escape.Quoted(key), at)
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, p.unexpected("':'")
		}
		p.i++
		p.space()
		v, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		obj[key] = v
		p.space()
		if p.i < len(p.data) && p.data[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.data) && p.data[p.i] == '}' {
			p.i++
			return obj, nil
		}
		return nil, p.unexpected("',' or '}'")
	}
}

func (p *parser) array(depth int) (any, error) {
	p.i++ // [
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return []any{}, nil
	}
	// Elements gather on the shared scratch stack and are copied out once the
	// array is closed, so each array costs one allocation of its exact size.
	base := len(p.scratch)
	defer func() { p.scratch = p.scratch[:base] }()
	for {
		p.space()
		v, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		p.scratch = append(p.scratch, v)
		p.space()
		if p.i < len(p.data) && p.data[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.data) && p.data[p.i] == ']' {
			p.i++
			return append([]any(nil), p.scratch[base:]...), nil
		}
		return nil, p.unexpected("',' or ']'")
	}
}

func (p *parser) number() (any, error) {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.data) && '0' <= p.data[p.i] && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i < len(p.data) && p.data[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return nil, p.unexpected("a digit")
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, p.unexpected("a digit after '.'")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, p.unexpected("a digit in the exponent")
		}
	}
	if n := p.i - start; n <= 3 && p.data[start] != '-' && (n == 1 || p.data[start] != '0') {
		v := 0
		for _, c := range p.data[start:p.i] {
			if c < '0' || c > '9' {
				return json.Number(p.data[start:p.i]), nil
			}
			v = 10*v + int(c-'0')
		}
		return smallNumbers[v], nil
	}
	return json.Number(p.data[start:p.i]), nil
}

func (p *parser) str() (string, error) {
	p.i++ // opening quote
	start := p.i
	// Fast path: plain ASCII with no escapes, the shape of every id and hash.
	for p.i < len(p.data) {
		c := p.data[p.i]
		if c == '"' {
			s := string(p.data[start:p.i])
			p.i++
			return s, nil
		}
		if c == '\\' || c < 0x20 || c >= 0x80 {
			break
		}
		p.i++
	}
	buf := append([]byte(nil), p.data[start:p.i]...)
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return string(buf), nil
		case c < 0x20:
			return "", p.errorf("invalid control character %q in a string", c)
		case c == '\\':
			if p.i+1 >= len(p.data) {
				return "", p.unexpected("an escape")
			}
			e := p.data[p.i+1]
			p.i += 2
			switch e {
			case '"', '\\', '/':
				buf = append(buf, e)
			case 'b':
				buf = append(buf, '\b')
			case 'f':
				buf = append(buf, '\f')
			case 'n':
				buf = append(buf, '\n')
			case 'r':
				buf = append(buf, '\r')
			case 't':
				buf = append(buf, '\t')
			case 'u':
				r, err := p.hex4()
				if err != nil {
					return "", err
				}
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if p.i+1 < len(p.data) && p.data[p.i] == '\\' && p.data[p.i+1] == 'u' {
						save := p.i
						p.i += 2
						if r2, err = p.hex4(); err != nil {
							return "", err
						}
						if utf16.DecodeRune(r, r2) == utf8.RuneError {
							p.i, r2 = save, -1
						}
					}
					if r2 < 0 {
						r = utf8.RuneError
					} else {
						r = utf16.DecodeRune(r, r2)
					}
				}
				buf = utf8.AppendRune(buf, r)
			default:
				return "", p.errorf("invalid escape '\\%c' in a string", e)
			}
		case c < 0x80:
			buf = append(buf, c)
			p.i++
		default:
			r, size := utf8.DecodeRune(p.data[p.i:])
			buf = utf8.AppendRune(buf, r) // RuneError for invalid bytes
			p.i += size
		}
	}
	return "", fmt.Errorf("unexpected end of JSON input in a string")
}

func (p *parser) hex4() (rune, error) {
	if p.i+4 > len(p.data) {
		return 0, p.unexpected("four hex digits")
	}
	v, err := strconv.ParseUint(string(p.data[p.i:p.i+4]), 16, 16)
	if err != nil {
		return 0, p.errorf("invalid \\u escape %q", p.data[p.i:p.i+4])
	}
	p.i += 4
	return rune(v), nil
}

// TypeName names the JSON type of a parsed value for error messages.
func TypeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case Object:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// IsInteger reports whether a number token is written as an integer: an optional
// minus and digits, with no fraction and no exponent.
func IsInteger(n json.Number) bool {
	s := string(n)
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
