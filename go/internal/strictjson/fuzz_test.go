package strictjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
	"io"
	"reflect"
	"strings"
	"testing"
)

// small are bounds a fuzzer reaches in a few dozen bytes.
var small = strictjson.Limits{MaxBytes: 1 << 20, MaxDepth: 6, MaxValues: 24, MaxObjects: 10, Name: "record"}

// FuzzParse: on any input, Parse agrees with encoding/json on whether it is one
// JSON value and on what it holds. Where encoding/json accepts a document,
// Parse refuses it only for what encoding/json's tokens show independently: a
// duplicate key, nesting too deep, or a value, object or member past LIM-5's
// bounds, whichever comes first in the text. It never panics.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"a":[1,"b",null]}`, `["","x","ab",""]`, `"\ud83d\ude00"`, `{"a":1,"a":2}`, `[[[[1]]]]`, `-0.5e-3`, "\"\xff\"", `{"x":"\\"}`,
		`[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23]`, `{"a":{},"b":{},"c":{},"d":{}}`, `[[[[[[[]]]]]]]`, `{"a":0,"b":[{"a":1,"a":2}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := strictjson.Parse(data, small)
		var want any
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		wantErr := dec.Decode(&want)
		if wantErr == nil {
			if _, e := dec.Token(); e != io.EOF {
				wantErr = errors.New("trailing data") // more data after the value, valid or not
			}
		}
		if wantErr != nil {
			if err == nil {
				t.Fatalf("Parse accepted %q, encoding/json refused it: %v", data, wantErr)
			}
			return
		}
		problem := firstProblem(t, data, small)
		if err == nil {
			if problem != "" {
				t.Fatalf("Parse accepted %q, which has %s", data, problem)
			}
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("Parse(%q) = %#v, encoding/json gives %#v", data, got, want)
			}
			return
		}
		var e *strictjson.Error
		if !errors.As(err, &e) || problem == "" || !strings.Contains(e.Message, problem) {
			t.Fatalf("Parse refused %q with %v; encoding/json accepts it and its tokens show %q first", data, err, problem)
		}
	})
}

// firstProblem walks a valid document's tokens and names the first thing
// LIM-5's order refuses in it: "duplicate key", "nesting", " values" or
// "objects and members"; "" for none.
func firstProblem(t *testing.T, data []byte, lim strictjson.Limits) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct {
		object bool
		keys   map[string]bool
		key    bool // the next string token of an object is a key
	}
	var stack []*frame
	values, objects := 0, 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return ""
		}
		if err != nil {
			t.Fatalf("tokens of a valid document: %v", err)
		}
		top := (*frame)(nil)
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].key = true
			}
			continue
		}
		if top != nil && top.object && top.key {
			k := tok.(string)
			if top.keys[k] {
				return "duplicate key"
			}
			top.keys[k] = true
			if objects++; objects > lim.MaxObjects {
				return "objects and members"
			}
			top.key = false
			continue
		}
		if top != nil && top.object {
			top.key = true
		}
		if d, ok := tok.(json.Delim); ok {
			if len(stack)+1 > lim.MaxDepth {
				return "nesting"
			}
			if values++; values > lim.MaxValues {
				return " values"
			}
			if d == '{' {
				if objects++; objects > lim.MaxObjects {
					return "objects and members"
				}
			}
			stack = append(stack, &frame{object: d == '{', keys: map[string]bool{}, key: d == '{'})
			continue
		}
		if values++; values > lim.MaxValues {
			return " values"
		}
	}
}
