package vectors

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// Slots of the kinds the op table knows, each with its faults in the order the
// slot's own checks meet them (RUN-6 step 6): missing, type, then value.

func pth(p ...any) loc { return p }

// sub is p and then more, never sharing p's array.
func sub(p loc, more ...any) loc { return append(slices.Clip(p), more...) }

func missing(p loc) fault {
	return bad(p.String()+" missing", errcode.MissingField, del(p...))
}

func aNumber(p loc) fault { return bad(p.String()+" a number", errcode.WrongType, put(7, p...)) }

// unknownSlot adds a field the object does not define: a reading of another op
// or game where one exists, which READ-1 makes an unknown field like any other.
func unknownSlot(parent loc, key string, val any) slot {
	p := sub(parent, key)
	return slot{name: "the unknown fields", faults: []fault{
		bad(quoteField(parent, key)+", which it does not define", errcode.UnknownField, put(val, p...)),
	}}
}

func quoteField(parent loc, key string) string {
	if len(parent) == 0 {
		return "the field " + key
	}
	return parent.String() + " holding " + key
}

func seedSlot(p loc) slot {
	return slot{name: p.String(), faults: []fault{
		missing(p), aNumber(p),
		bad(p.String()+" in upper case", errcode.InvalidHex, put(strings.ToUpper(seed("sweep")), p...)),
	}}
}

// hashSlot is seedSlot for a hash (HASH-1).
func hashSlot(p loc) slot {
	s := seedSlot(p)
	s.reqs = reqs("HASH-1")
	return s
}

func idSlot(p loc) slot {
	return slot{name: p.String(), reqs: reqs("ID-1"), faults: []fault{
		missing(p), aNumber(p), bad(p.String()+" a:b", errcode.InvalidIdentifier, put("a:b", p...)),
	}}
}

// intFaults: an integer of the range [.., max], optional when it has a
// default; a string, a fraction, then max + 1.
func intFaults(p loc, max int64, required bool) []fault {
	var out []fault
	if required {
		out = append(out, missing(p))
	}
	return append(out,
		bad(p.String()+" a string", errcode.WrongType, put(strconv.FormatInt(max, 10), p...)),
		bad(p.String()+" written "+strconv.FormatInt(max, 10)+".5", errcode.InvalidInteger, put(jsonNum(strconv.FormatInt(max, 10)+".5"), p...)),
		bad(p.String()+" "+strconv.FormatInt(max+1, 10), errcode.OutOfRange, put(max+1, p...)),
	)
}

func intSlot(p loc, max int64) slot {
	return slot{name: p.String(), reqs: reqs("NUM-1"), faults: intFaults(p, max, true)}
}

// arraySlot: missing, not an array, one element too many (grown with fill),
// then the faults deepest in it, in the order they are met.
func arraySlot(p loc, max int, fill func(int) any, deep ...fault) slot {
	faults := []fault{missing(p), aNumber(p),
		bad(p.String()+" of "+strconv.Itoa(max+1)+" elements", errcode.BadLength, grow(max+1, fill, p...))}
	return slot{name: p.String(), faults: append(faults, deep...)}
}

// readingSlot: an optional reading (READ-1), a number, then a name of no
// reading.
func readingSlot(p loc, ids ...string) slot {
	return slot{name: p.String(), reqs: plus(reqs("READ-1"), ids...), faults: []fault{
		aNumber(p), bad(p.String()+" \"bogus\"", errcode.UnknownReading, put("bogus", p...)),
	}}
}

// elementLevels: an array's length before its first element, and its
// elements in index order, each element's faults given by of (RUN-6: type,
// length, then each element whole). The length is paired with the first
// element only: an array one element too long is as long as the bound.
func elementLevels(where string, p loc, max int, fill func(int) any, of func(i int) []fault, indexes ...int) []sweepLevel {
	length := slot{name: "the length", faults: []fault{
		bad(p.String()+" of "+strconv.Itoa(max+1)+" elements", errcode.BadLength, grow(max+1, fill, p...)),
	}}
	var elements []slot
	for _, i := range indexes {
		elements = append(elements, slot{name: "element " + strconv.Itoa(i), faults: of(i)})
	}
	return []sweepLevel{{where, []slot{length, elements[0]}}, {where, elements}}
}

// cross is a check across fields, at the point the op table gives it.
func cross(name string, ids []string, f fault) slot {
	return slot{name: name, reqs: ids, faults: []fault{f}}
}
