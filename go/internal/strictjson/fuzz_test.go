package strictjson

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"testing"
)

// FuzzParse: on any input, Parse agrees with encoding/json on whether it is one
// JSON value and on what it holds, except that Parse also refuses duplicate
// keys and over-deep nesting; and it never panics.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"a":[1,"b",null]}`, `["","x","ab",""]`, `"\ud83d\ude00"`, `{"a":1,"a":2}`, `[[[[1]]]]`, `-0.5e-3`, "\"\xff\"", `{"x":"\\"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Parse(data, Limits{MaxBytes: 1 << 20, MaxDepth: 64})
		var want any
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		wantErr := dec.Decode(&want)
		if wantErr == nil {
			if _, e := dec.Token(); e != io.EOF {
				wantErr = errTrailing // more data after the value, valid or not
			}
		}
		if wantErr != nil {
			if err == nil {
				t.Fatalf("Parse accepted %q, encoding/json refused it: %v", data, wantErr)
			}
			return
		}
		if err != nil {
			if bytes.Contains([]byte(err.Error()), []byte("duplicate key")) || bytes.Contains([]byte(err.Error()), []byte("too large")) {
				return
			}
			t.Fatalf("Parse refused %q, encoding/json accepted it: %v", data, err)
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("Parse(%q) = %#v, encoding/json gives %#v", data, got, want)
		}
	})
}

var errTrailing = jsonError("trailing data")

type jsonError string

func (e jsonError) Error() string { return string(e) }
