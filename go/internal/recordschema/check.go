package recordschema

import (
	"encoding/json"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// Check checks a record, parsed by strictjson with its fractions and
// exponents already refused (REC-1), against s, and returns the first
// violation, or nil when the record is valid.
func (s *Schema) Check(doc any) *Violation {
	c := checker{dateTime: s.dateTime}
	v := c.check(s.root, doc)
	if v != nil {
		v.schema = schemaName(s.Name)
	}
	return v
}

type checker struct {
	dateTime func(string) bool
}

// check is SCH-1's steps for v against n.
func (c *checker) check(n *node, v any) *Violation {
	for n.ref != nil {
		n = n.ref
	}
	if len(n.types) > 0 && !hasType(n.types, v) {
		return violation(codeExpected, "expected", n.typeText, "found", typeOf(v))
	}
	if n.hasConst && !equal(n.constant, v) {
		return violation(codeExpected, "expected", shown(n.constant), "found", shown(v))
	}
	if n.enum != nil && !inEnum(n.enum, v) {
		return violation(codeEnum, "values", shownList(n.enum), "found", shown(v))
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
		return violation(codePattern, "allowed", patternWords(n.patternText), "found", escape.Clipped(s))
	}
	if n.dateTime && !c.dateTime(s) {
		return violation(codeDateTime, "found", escape.Clipped(s))
	}
	return nil
}

// number is step 4: minimum, then maximum, compared exactly (LIM-1).
func number(n *node, text string) *Violation {
	if n.minimum != "" && compareIntegers(text, n.minimum) < 0 {
		return violation(codeMinimum, "min", n.minimum, "found", escape.Cut(text))
	}
	if n.maximum != "" && compareIntegers(text, n.maximum) > 0 {
		return violation(codeMaximum, "max", n.maximum, "found", escape.Cut(text))
	}
	return nil
}

// array is step 5: minItems, maxItems, then each element in index order.
func (c *checker) array(n *node, a []any) *Violation {
	if n.minItems >= 0 && len(a) < n.minItems {
		return counted(codeMinItems, n.minItems, len(a))
	}
	if n.maxItems >= 0 && len(a) > n.maxItems {
		return counted(codeMaxItems, n.maxItems, len(a))
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
			return withinIndex(bad, i)
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
			return violation(codeMissing, "name", escape.Clipped(name))
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
			return violation(codeUnknown, "name", escape.Clipped(first))
		}
	}
	for _, m := range n.props {
		e, ok := o[m.name]
		if !ok {
			continue
		}
		if m.schema.never {
			return forbidden(m.name)
		}
		if bad := c.check(m.schema, e); bad != nil {
			return within(bad, m.name)
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
