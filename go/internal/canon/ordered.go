package canon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
)

// orderedValue is a JSON value that remembers the order of object keys, so a
// pretty-printed file keeps the field order its Go types declare.
type orderedValue struct {
	scalar any // string, json.Number, bool, nil
	keys   []string
	fields []orderedValue
	items  []orderedValue
	kind   byte // 's' scalar, 'o' object, 'a' array
}

func (o *orderedValue) decode(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o.kind = 'o'
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				var f orderedValue
				if err := f.decode(dec); err != nil {
					return err
				}
				o.keys = append(o.keys, kt.(string))
				o.fields = append(o.fields, f)
			}
		case '[':
			o.kind = 'a'
			o.items = []orderedValue{}
			for dec.More() {
				var e orderedValue
				if err := e.decode(dec); err != nil {
					return err
				}
				o.items = append(o.items, e)
			}
		}
		_, err := dec.Token() // the closing delimiter
		return err
	default:
		o.kind, o.scalar = 's', t
	}
	return nil
}

func (o *orderedValue) compact(b *bytes.Buffer) {
	switch o.kind {
	case 's':
		compact(b, o.scalar) // a scalar always writes
	case 'o':
		b.WriteByte('{')
		for i, k := range o.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeString(b, k)
			b.WriteString(": ")
			o.fields[i].compact(b)
		}
		b.WriteByte('}')
	case 'a':
		b.WriteByte('[')
		for i := range o.items {
			if i > 0 {
				b.WriteString(", ")
			}
			o.items[i].compact(b)
		}
		b.WriteByte(']')
	}
}

func (o *orderedValue) numbersOnly() bool {
	if o.kind != 'a' {
		return false
	}
	for _, e := range o.items {
		if _, ok := e.scalar.(json.Number); !ok || e.kind != 's' {
			return false
		}
	}
	return true
}

func (o *orderedValue) write(b *bytes.Buffer, indent string, width int) error {
	var line bytes.Buffer
	o.compact(&line)
	if o.kind == 's' || o.numbersOnly() || len(indent)+line.Len() <= width {
		b.Write(line.Bytes())
		return nil
	}
	inner := indent + "  "
	switch o.kind {
	case 'o':
		b.WriteString("{\n")
		for i, k := range o.keys {
			b.WriteString(inner)
			writeString(b, k)
			b.WriteString(": ")
			if err := o.fields[i].write(b, inner, width); err != nil {
				return err
			}
			if i < len(o.keys)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	case 'a':
		b.WriteString("[\n")
		for i := range o.items {
			b.WriteString(inner)
			if err := o.items[i].write(b, inner, width); err != nil {
				return err
			}
			if i < len(o.items)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	default:
		return fmt.Errorf("canon: bad value kind %q", o.kind)
	}
	return nil
}

// reorder moves the keys named in first to the front of every object.
func (o *orderedValue) reorder(first []string) {
	rank := map[string]int{}
	for i, k := range first {
		rank[k] = i
	}
	o.walkReorder(rank, len(first))
}

func (o *orderedValue) walkReorder(rank map[string]int, last int) {
	for i := range o.items {
		o.items[i].walkReorder(rank, last)
	}
	for i := range o.fields {
		o.fields[i].walkReorder(rank, last)
	}
	if o.kind != 'o' {
		return
	}
	idx := make([]int, len(o.keys))
	for i := range idx {
		idx[i] = i
	}
	r := func(i int) int {
		if v, ok := rank[o.keys[i]]; ok {
			return v
		}
		return last
	}
	sort.SliceStable(idx, func(a, b int) bool { return r(idx[a]) < r(idx[b]) })
	keys := make([]string, len(idx))
	fields := make([]orderedValue, len(idx))
	for n, i := range idx {
		keys[n], fields[n] = o.keys[i], o.fields[i]
	}
	o.keys, o.fields = keys, fields
}
