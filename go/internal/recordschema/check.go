package recordschema

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// Violation is the first violation SCH-1's order finds: where, and SCH-2's
// complaint.
type Violation struct {
	// path is the pointer's tokens, innermost first: they are gathered as
	// the check returns, so a record that passes builds none.
	path      []string
	Complaint string
}

// Pointer is the JSON pointer (RFC 6901) of the value the complaint concerns.
func (v *Violation) Pointer() string {
	var b strings.Builder
	for i := len(v.path) - 1; i >= 0; i-- {
		b.WriteByte('/')
		b.WriteString(v.path[i])
	}
	return b.String()
}

// Error is "at P: COMPLAINT", P quoted and cut as REF-1 says.
func (v *Violation) Error() string { return "at " + escape.Clipped(v.Pointer()) + ": " + v.Complaint }

// Check checks a record, parsed by strictjson with its fractions and
// exponents already refused (REC-1), against s, and returns the first
// violation, or nil when the record is valid.
func (s *Schema) Check(doc any) *Violation {
	c := checker{dateTime: s.dateTime}
	return c.check(s.root, doc)
}

type checker struct {
	dateTime func(string) bool
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// within adds a token to a violation found inside a value, or passes nil on.
func within(v *Violation, token string) *Violation {
	if v != nil {
		v.path = append(v.path, token)
	}
	return v
}

func violation(format string, args ...string) *Violation {
	return &Violation{Complaint: complaint(format, args...)}
}

// complaint fills %s in format with args, in order.
func complaint(format string, args ...string) string {
	var b strings.Builder
	for _, a := range args {
		i := strings.Index(format, "%s")
		b.WriteString(format[:i])
		b.WriteString(a)
		format = format[i+2:]
	}
	b.WriteString(format)
	return b.String()
}

// check is SCH-1's steps for v against n.
func (c *checker) check(n *node, v any) *Violation {
	for n.ref != nil {
		n = n.ref
	}
	if len(n.types) > 0 && !hasType(n.types, v) {
		return violation("expected %s, found %s", n.typeText, typeOf(v))
	}
	if n.hasConst && !equal(n.constant, v) {
		return violation("expected %s, found %s", shown(n.constant), shown(v))
	}
	if n.enum != nil && !inEnum(n.enum, v) {
		return violation("expected one of %s, found %s", shownList(n.enum), shown(v))
	}
	var bad *Violation
	switch x := v.(type) {
	case string:
		bad = c.text(n, x)
	case json.Number:
		bad = number(n, string(x))
	case []any:
		bad = c.array(n, x)
	case object:
		bad = c.object(n, x)
	}
	if bad != nil {
		return bad
	}
	for _, s := range n.allOf {
		if bad := c.check(s, v); bad != nil {
			return bad
		}
	}
	if n.ifS != nil {
		if c.check(n.ifS, v) == nil {
			if n.thenS != nil {
				return c.check(n.thenS, v)
			}
		} else if n.elseS != nil {
			return c.check(n.elseS, v)
		}
	}
	return nil
}

// text is step 3: pattern, then format.
func (c *checker) text(n *node, s string) *Violation {
	if n.pattern != nil && !n.pattern.MatchString(s) {
		return violation("expected a string matching %s, found %s", n.patternText, escape.Clipped(s))
	}
	if n.dateTime && !c.dateTime(s) {
		return violation("expected an RFC 3339 date-time, found %s", escape.Clipped(s))
	}
	return nil
}

// number is step 4: minimum, then maximum, compared exactly (LIM-1).
func number(n *node, text string) *Violation {
	if n.minimum != "" && compareIntegers(text, n.minimum) < 0 {
		return violation("expected at least %s, found %s", n.minimum, escape.Cut(text))
	}
	if n.maximum != "" && compareIntegers(text, n.maximum) > 0 {
		return violation("expected at most %s, found %s", n.maximum, escape.Cut(text))
	}
	return nil
}

// array is step 5: minItems, maxItems, then each element in index order.
func (c *checker) array(n *node, a []any) *Violation {
	if n.minItems >= 0 && len(a) < n.minItems {
		return violation("expected at least %s items, found %s", strconv.Itoa(n.minItems), strconv.Itoa(len(a)))
	}
	if n.maxItems >= 0 && len(a) > n.maxItems {
		return violation("expected at most %s items, found %s", strconv.Itoa(n.maxItems), strconv.Itoa(len(a)))
	}
	for i, e := range a {
		s := n.items
		if i < len(n.prefixItems) {
			s = n.prefixItems[i]
		}
		if s == nil {
			continue
		}
		if bad := c.check(s, e); bad != nil {
			return within(bad, strconv.Itoa(i))
		}
	}
	return nil
}

// object is step 6: required in the order listed, then the first unknown
// member in UTF-8 byte order when additionalProperties is false, then the
// members properties names, in that order.
func (c *checker) object(n *node, o object) *Violation {
	for _, name := range n.required {
		if _, ok := o[name]; !ok {
			if n.closed {
				if near, ok := resembling(n, o, name); ok {
					return missingBeside(name, near)
				}
			}
			return violation("missing property %s", escape.Clipped(name))
		}
	}
	if n.closed {
		first, found := "", false
		for k := range o {
			if !n.names(k) && (!found || k < first) {
				first, found = k, true
			}
		}
		if found {
			return violation("unknown property %s", escape.Clipped(first))
		}
	}
	for _, m := range n.props {
		e, ok := o[m.name]
		if !ok {
			continue
		}
		if m.schema.never {
			return violation("property %s is not allowed here", escape.Clipped(m.name))
		}
		if bad := c.check(m.schema, e); bad != nil {
			return within(bad, pointerEscaper.Replace(m.name))
		}
	}
	return nil
}

// names reports whether properties names k.
func (n *node) names(k string) bool {
	lo, hi := 0, len(n.props)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case n.props[m].name == k:
			return true
		case n.props[m].name < k:
			lo = m + 1
		default:
			hi = m
		}
	}
	return false
}
