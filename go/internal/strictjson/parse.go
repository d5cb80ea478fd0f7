package strictjson

import (
	"encoding/json"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

type parser struct {
	data     []byte
	i        int
	maxDepth int
	// The LIM-5 counts so far and their bounds.
	values, objects       int
	maxValues, maxObjects int
	name                  string
	scratch               []any // elements of the arrays being read, innermost last
}

func newParser(data []byte, lim Limits) *parser {
	p := &parser{data: data, maxDepth: lim.MaxDepth, maxValues: lim.MaxValues, maxObjects: lim.MaxObjects, name: lim.Name}
	if p.maxDepth <= 0 {
		p.maxDepth = int(^uint(0) >> 1)
	}
	if p.maxValues <= 0 {
		p.maxValues = int(^uint(0) >> 1)
	}
	if p.maxObjects <= 0 {
		p.maxObjects = int(^uint(0) >> 1)
	}
	if p.name == "" {
		p.name = "document"
	}
	if sp, ok := scratchPool.Get().(*[]any); ok {
		p.scratch = (*sp)[:0]
	}
	return p
}

// release keeps small scratch stacks for the next document, cleared so the
// pool holds no values alive.
func (p *parser) release() {
	if cap(p.scratch) <= 1<<12 {
		clear(p.scratch[:cap(p.scratch)])
		s := p.scratch[:0]
		scratchPool.Put(&s)
	}
}

// scratchPool keeps the parsers' scratch stacks between documents: growing a
// new one for every record of an audit cost more than filling it.
var scratchPool sync.Pool

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

// Byte names the byte at offset i of data as REF-2 does: a printable ASCII
// character quoted and escaped by TXT-2 ("x", "\""), any other byte as
// "byte 0xEF", and the end of the bytes as "the end of the input".
func Byte(data []byte, i int) string {
	if i >= len(data) {
		return "the end of the input"
	}
	if c := data[i]; c >= 0x20 && c <= 0x7e {
		return escape.Quoted(string(rune(c)))
	}
	const hex = "0123456789ABCDEF"
	return "byte 0x" + string([]byte{hex[data[i]>>4], hex[data[i]&15]})
}

// expected refuses the byte at the reader's position: "expected WANT, found BYTE".
func (p *parser) expected(want string) error {
	return &Error{Offset: p.i, Message: "expected " + want + ", found " + Byte(p.data, p.i)}
}

// tooLarge refuses what begins at offset at for being over a bound.
func tooLarge(at int, message string) error {
	return &Error{Offset: at, Message: message, TooLarge: true}
}

// begins counts a value that begins at the reader's position, checking in
// LIM-5's order: the depth (for an object or an array, one level deeper than
// depth), the values, then for an object the objects and members. c is the
// value's first byte, one that can begin a value. Far from every bound, as
// nearly every value is, it only counts.
func (p *parser) begins(c byte, depth int) error {
	if p.values < p.maxValues && depth+1 < p.maxDepth && (c != '{' || p.objects < p.maxObjects) {
		p.values++
		if c == '{' {
			p.objects++
		}
		return nil
	}
	return p.beginsNear(c, depth)
}

// beginsNear is begins near a bound.
func (p *parser) beginsNear(c byte, depth int) error {
	if (c == '{' || c == '[') && depth+1 > p.maxDepth {
		return tooLarge(p.i, "nesting deeper than "+strconv.Itoa(p.maxDepth)+" levels")
	}
	if p.values++; p.values > p.maxValues {
		return tooLarge(p.i, "more than "+strconv.Itoa(p.maxValues)+" values")
	}
	if c == '{' {
		return p.member(p.i)
	}
	return nil
}

// member counts an object, or a member whose key begins at offset at.
func (p *parser) member(at int) error {
	if p.objects < p.maxObjects {
		p.objects++
		return nil
	}
	return p.tooManyObjects(at)
}

func (p *parser) tooManyObjects(at int) error {
	return tooLarge(at, "more than "+strconv.Itoa(p.maxObjects)+" objects and members")
}

func (p *parser) value(depth int) (any, error) {
	if p.i >= len(p.data) {
		return nil, p.expected("a value")
	}
	c := p.data[p.i]
	switch {
	case c == '"':
		if err := p.begins(c, depth); err != nil {
			return nil, err
		}
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
		if err := p.begins(c, depth); err != nil {
			return nil, err
		}
		return p.number()
	case c == '{' || c == '[' || c == 't' || c == 'f' || c == 'n':
		if err := p.begins(c, depth); err != nil {
			return nil, err
		}
	default:
		return nil, p.expected("a value")
	}
	switch c {
	case '{':
		return p.object(depth + 1)
	case '[':
		return p.array(depth + 1)
	case 't':
		return true, p.literal("true")
	case 'f':
		return false, p.literal("false")
	}
	return nil, p.literal("null")
}

// literal reads true, false or null, refusing at the first byte that differs.
func (p *parser) literal(word string) error {
	for k := 0; k < len(word); k++ {
		if p.i >= len(p.data) || p.data[p.i] != word[k] {
			return p.expected(word)
		}
		p.i++
	}
	return nil
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
			return nil, p.expected("a string key")
		}
		at := p.i
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if _, dup := obj[key]; dup {
			return nil, &Error{Offset: at, Message: "duplicate key " + escape.Clipped(key)}
		}
		if err := p.member(at); err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, p.expected("':'")
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
		return nil, p.expected("',' or '}'")
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
	defer func() {
		if p.scratch != nil {
			p.scratch = p.scratch[:base]
		}
	}()
	for {
		p.space()
		v, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		p.push(v)
		p.space()
		if p.i < len(p.data) && p.data[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.data) && p.data[p.i] == ']' {
			p.i++
			if n := len(p.scratch); base == 0 && n >= handOver {
				// A large outermost array takes the stack itself rather
				// than a copy, which would hold its elements twice.
				a := p.scratch[:n:n]
				p.scratch = nil
				return a, nil
			}
			return append([]any(nil), p.scratch[base:]...), nil
		}
		return nil, p.expected("',' or ']'")
	}
}

// handOver is the length from which an array with nothing below it on the
// scratch stack takes the stack's room as its own.
const handOver = 1 << 12

// push adds an element to the scratch stack, doubling its room when full:
// append grows a large slice by a quarter at a time, and the trail of old
// copies a million-element array leaves would be several times its size.
func (p *parser) push(v any) {
	if len(p.scratch) == cap(p.scratch) {
		grown := make([]any, len(p.scratch), max(64, 2*cap(p.scratch)))
		copy(grown, p.scratch)
		p.scratch = grown
	}
	p.scratch = append(p.scratch, v)
}

// digits reads a run of digits and says how many there were.
func (p *parser) digits() int {
	n := 0
	for p.i < len(p.data) && '0' <= p.data[p.i] && p.data[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}

func (p *parser) number() (any, error) {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.data) && p.data[p.i] == '0' {
		p.i++
	} else if p.digits() == 0 {
		return nil, p.expected("a digit")
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			return nil, p.expected("a digit after '.'")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return nil, p.expected("a digit in the exponent")
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
			return "", p.expected("a character of a string")
		case c == '\\':
			var err error
			if buf, err = p.escaped(buf); err != nil {
				return "", err
			}
		case c < 0x80:
			buf = append(buf, c)
			p.i++
		default:
			r, size := utf8.DecodeRune(p.data[p.i:])
			buf = utf8.AppendRune(buf, r) // RuneError for each invalid byte
			p.i += size
		}
	}
	return "", p.expected("a character of a string")
}

// escaped reads the escape at the reader's backslash onto buf.
func (p *parser) escaped(buf []byte) ([]byte, error) {
	p.i++ // backslash
	if p.i >= len(p.data) {
		return nil, p.expected(`an escape (one of " \ / b f n r t u)`)
	}
	e := p.data[p.i]
	switch e {
	case '"', '\\', '/':
		p.i++
		return append(buf, e), nil
	case 'b':
		p.i++
		return append(buf, '\b'), nil
	case 'f':
		p.i++
		return append(buf, '\f'), nil
	case 'n':
		p.i++
		return append(buf, '\n'), nil
	case 'r':
		p.i++
		return append(buf, '\r'), nil
	case 't':
		p.i++
		return append(buf, '\t'), nil
	case 'u':
		p.i++
	default:
		return nil, p.expected(`an escape (one of " \ / b f n r t u)`)
	}
	r, err := p.hex4()
	if err != nil {
		return nil, err
	}
	if utf16.IsSurrogate(r) {
		r2 := rune(-1)
		if p.i+1 < len(p.data) && p.data[p.i] == '\\' && p.data[p.i+1] == 'u' {
			save := p.i
			p.i += 2
			if r2, err = p.hex4(); err != nil {
				return nil, err
			}
			if utf16.DecodeRune(r, r2) == utf8.RuneError {
				p.i, r2 = save, -1 // read on its own next
			}
		}
		if r2 < 0 {
			r = utf8.RuneError
		} else {
			r = utf16.DecodeRune(r, r2)
		}
	}
	return utf8.AppendRune(buf, r), nil
}

// hex4 reads the four hex digits after \u.
func (p *parser) hex4() (rune, error) {
	var v rune
	for k := 0; k < 4; k++ {
		if p.i >= len(p.data) {
			return 0, p.expected("four hex digits")
		}
		c := p.data[p.i]
		switch {
		case '0' <= c && c <= '9':
			v = v<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			v = v<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			v = v<<4 | rune(c-'A'+10)
		default:
			return 0, p.expected("four hex digits")
		}
		p.i++
	}
	return v, nil
}
