package vectors

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
)

// The precedence sweep (RUN-6, RUN-9, D-26): for every object an op reads,
// the slots it checks in order (its unknown fields, each field, each element
// of an array, each cross-field check at its point), and for every ordered
// pair of slots (a, b) with a checked before b, one input with a fault in
// each and the answer a's fault. A port that checks in another order (every
// field's presence first, then every type; readings before the other fields;
// a cross-field check at the end) fails such a pair. The pairs are made
// here, from the tables of sweep_*.go, not written one by one, so that every
// pair is there and the count can be read off the tables.

// A loc addresses a value inside an input: object keys (string) and array
// indexes (int).
type loc []any

func (p loc) String() string {
	var sb strings.Builder
	for i, k := range p {
		switch k := k.(type) {
		case int:
			sb.WriteString("[" + strconv.Itoa(k) + "]")
		case string:
			if i > 0 {
				sb.WriteByte('.')
			}
			sb.WriteString(k)
		}
	}
	return sb.String()
}

// grown marks the elements an edit appends to an array: they touch no element
// the input already has, so a fault in an existing element can go with them.
const grown = "#grown"

type editKind int

const (
	editSet  editKind = iota // at = val
	editDel                  // at removed from its object
	editGrow                 // the array at grows to n elements, fill(i) each
	editCopy                 // at = a copy of the value at from
)

type edit struct {
	kind editKind
	at   loc
	val  any
	n    int
	fill func(i int) any
	from loc
}

func put(v any, at ...any) edit       { return edit{kind: editSet, at: at, val: v} }
func del(at ...any) edit              { return edit{kind: editDel, at: at} }
func copyOf(from loc, at ...any) edit { return edit{kind: editCopy, at: at, from: from} }
func grow(n int, fill func(int) any, at ...any) edit {
	return edit{kind: editGrow, at: at, n: n, fill: fill}
}

// touches lists the paths an edit writes or reads.
func (e edit) touches() []loc {
	switch e.kind {
	case editGrow:
		return []loc{append(slices.Clip(e.at), grown)}
	case editCopy:
		return []loc{e.at, e.from}
	}
	return []loc{e.at}
}

// fault is one thing wrong: what is wrong, in words, the code it alone gives,
// and the edits that make it.
type fault struct {
	what  string
	code  errcode.Code
	edits []edit
}

func bad(what string, code errcode.Code, edits ...edit) fault {
	return fault{what: what, code: code, edits: edits}
}

// slot is one thing an object's check order reaches: its faults in the order
// the slot's own checks meet them (missing, type, value; form, range), and the
// requirements beyond RUN-6 that a case with it cites.
type slot struct {
	name   string
	reqs   []string
	faults []fault
}

// sweepLevel is one object's (or array's) slots in check order.
type sweepLevel struct {
	where string
	slots []slot
}

// sweep is an op's base input, valid, and its levels.
type sweep struct {
	base   obj
	reqs   []string
	levels []sweepLevel
}

func clone(v any) any {
	switch v := v.(type) {
	case obj:
		o := obj{}
		for k, x := range v {
			o[k] = clone(x)
		}
		return o
	case []any:
		a := make([]any, len(v))
		for i, x := range v {
			a[i] = clone(x)
		}
		return a
	}
	return v
}

// lookup returns the value at p, and whether p leads anywhere.
func lookup(root any, p loc) (any, bool) {
	cur := root
	for _, k := range p {
		switch c := cur.(type) {
		case obj:
			s, ok := k.(string)
			if !ok {
				return nil, false
			}
			if cur, ok = c[s]; !ok {
				return nil, false
			}
		case []any:
			i, ok := k.(int)
			if !ok || i < 0 || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// apply makes one edit; false when its path leads nowhere.
func (e edit) apply(root obj) bool {
	parent, ok := lookup(root, e.at[:len(e.at)-1])
	if !ok {
		return false
	}
	last := e.at[len(e.at)-1]
	val := e.val
	switch e.kind {
	case editCopy:
		if val, ok = lookup(root, e.from); !ok {
			return false
		}
		val = clone(val)
	case editGrow:
		a, ok := lookupChild(parent, last).([]any)
		if !ok || len(a) >= e.n {
			return false
		}
		for i := len(a); i < e.n; i++ {
			a = append(a, e.fill(i))
		}
		val = a
	}
	switch p := parent.(type) {
	case obj:
		k, ok := last.(string)
		if !ok {
			return false
		}
		if e.kind == editDel {
			if _, had := p[k]; !had {
				return false
			}
			delete(p, k)
			return true
		}
		p[k] = val
		return true
	case []any:
		i, ok := last.(int)
		if !ok || e.kind == editDel || i < 0 || i >= len(p) {
			return false
		}
		p[i] = val
		return true
	}
	return false
}

func lookupChild(parent, key any) any {
	v, _ := lookup(parent, loc{key})
	return v
}

// inputWith applies the faults' edits to a copy of base in order; false when
// one of them has nothing to edit.
func inputWith(base obj, faults ...fault) (obj, bool) {
	in := clone(base).(obj)
	for _, f := range faults {
		for _, e := range f.edits {
			if !e.apply(in) {
				return nil, false
			}
		}
	}
	return in, true
}

func prefix(a, b loc) bool {
	if len(a) > len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// apart reports whether two faults edit separate parts of the input, so that
// each is still there when both are made.
func apart(a, b fault) bool {
	for _, ea := range a.edits {
		for _, eb := range b.edits {
			for _, pa := range ea.touches() {
				for _, pb := range eb.touches() {
					if prefix(pa, pb) || prefix(pb, pa) {
						return false
					}
				}
			}
		}
	}
	return true
}

// pairFaults chooses the faults of a pair of slots: a's last fault that can go
// with b's first (the pair a port that checks every field's presence, or
// every field's type, before any value gets wrong), then, when b's first is
// missing_field, a's fault with b's first wrong_type as well. Faults whose
// codes are equal tell no order apart and are taken only when the pair has
// no other.
func pairFaults(a, b slot) [][2]fault {
	var out [][2]fault
	pick := func(accept func(fa, fb fault) bool) bool {
		for i := len(a.faults) - 1; i >= 0; i-- {
			for _, fb := range b.faults {
				fa := a.faults[i]
				if apart(fa, fb) && accept(fa, fb) {
					out = append(out, [2]fault{fa, fb})
					return true
				}
			}
		}
		return false
	}
	if !pick(func(fa, fb fault) bool { return fa.code != fb.code }) {
		pick(func(fault, fault) bool { return true })
		return out
	}
	if first := out[0]; first[1].code == errcode.MissingField {
		pick(func(fa, fb fault) bool {
			return fb.code == errcode.WrongType && fa.code != fb.code && fa.what == first[0].what
		})
	}
	return out
}

// sweeps adds the two-fault cases of each sweep to the file.
func (b *builder) sweeps(ss ...sweep) {
	for _, s := range ss {
		b.sweepPairs(s)
	}
}

// sweepPairs adds the sweep's two-fault cases, after checking that every fault
// alone gives its own code, so that each case holds two faults indeed. It
// returns the number of cases added.
func (b *builder) sweepPairs(s sweep) int {
	for _, lv := range s.levels {
		for _, sl := range lv.slots {
			for _, f := range sl.faults {
				in, ok := inputWith(s.base, f)
				if !ok {
					b.failf("sweep %s, %s: the edit finds nothing to change", lv.where, f.what)
					continue
				}
				if _, err := b.call(in); errcode.Of(err) != f.code {
					b.failf("sweep %s, %s alone: expected %s, the reference gave %v", lv.where, f.what, f.code, err)
				}
			}
		}
	}
	// A pair whose input a case of the file already holds is pinned there.
	seen := map[string]bool{}
	for _, c := range b.file.Cases {
		seen[canonOf(c.Input)] = true
	}
	added := 0
	for _, lv := range s.levels {
		for i, a := range lv.slots {
			for _, bs := range lv.slots[i+1:] {
				for _, p := range pairFaults(a, bs) {
					in, ok := inputWith(s.base, p[0], p[1])
					if !ok {
						b.failf("sweep %s: %s with %s: an edit finds nothing to change", lv.where, p[0].what, p[1].what)
						continue
					}
					if key := canonOf(in); seen[key] {
						continue
					} else {
						seen[key] = true
					}
					comment := fmt.Sprintf("%s: %s (%s) and %s (%s); first in check order: %s", lv.where, p[0].what, p[0].code, p[1].what, p[1].code, a.name)
					if p[0].code == p[1].code {
						comment += "; both give " + string(p[0].code) + ", which the message tells apart"
					}
					r := plus(s.reqs)
					for _, id := range append(plus(a.reqs), bs.reqs...) {
						if !slices.Contains(r, id) {
							r = append(r, id)
						}
					}
					b.bad(comment, flags("Precedence"), r, in, p[0].code)
					added++
				}
			}
		}
	}
	return added
}
