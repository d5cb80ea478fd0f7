// Package vectors writes, reads and checks the test vectors: one JSON file per
// scheme and op under vectors/, each case a runner request plus the expected
// output or error code (format documented in vectors/README.md). The Go reference
// generates them; every implementation must reproduce them.
package vectors

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// Schema names of the two vector file types (spec/schemas/).
const (
	SchemaOps      = "vectors_v1.json"
	SchemaProtocol = "protocol_v1.json"
)

// Width is the line width of committed files: shorter arrays and objects stay on
// one line.
const Width = 100

// Provenance says where a file's expected values come from.
type Provenance struct {
	Generator   string   `json:"generator"`
	Spec        string   `json:"spec"`
	CrossChecks []string `json:"crossChecks"`
}

// Note explains a flag.
type Note struct {
	BugType     string `json:"bugType,omitempty"`
	Description string `json:"description"`
}

// Accumulate describes an accumulated case: Count requests made by a named
// recipe, answered in order, hashed into one digest (VEC-3).
type Accumulate struct {
	Recipe string `json:"recipe"`
	Count  int    `json:"count"`
}

// Case is one vector. Exactly one of Expect and Error is set; Accumulate cases
// carry no Input and expect {"digest": …}.
type Case struct {
	ID           int         `json:"id"`
	Comment      string      `json:"comment"`
	Flags        []string    `json:"flags"`
	Requirements []string    `json:"requirements"`
	Input        any         `json:"input,omitempty"`
	Accumulate   *Accumulate `json:"accumulate,omitempty"`
	Expect       any         `json:"expect,omitempty"`
	Error        string      `json:"error,omitempty"`
}

// File is a vector file for one scheme and op.
type File struct {
	Schema      string          `json:"schema"`
	Scheme      string          `json:"scheme"`
	Op          string          `json:"op"`
	Description string          `json:"description"`
	Provenance  Provenance      `json:"provenance"`
	Notes       map[string]Note `json:"notes"`
	Cases       []Case          `json:"cases"`
}

// ProtocolCase is a request line sent as it is, to test the envelope.
type ProtocolCase struct {
	ID           int      `json:"id"`
	Comment      string   `json:"comment"`
	Flags        []string `json:"flags"`
	Requirements []string `json:"requirements"`
	// Raw is the line as text; RawHex, used instead when the line is not valid
	// UTF-8 (a JSON string cannot hold such bytes), is its bytes in lowercase hex.
	Raw    string `json:"raw,omitempty"`
	RawHex string `json:"rawHex,omitempty"`
	// PadTo, when set, is the exact length in bytes of the line to send: the
	// one PadMarker in Raw is replaced by that many 'x' characters as make the
	// line PadTo bytes long. It keeps megabyte lines out of the file.
	PadTo      int     `json:"padTo,omitempty"`
	ResponseID *string `json:"responseId"`
	Error      string  `json:"error"`
	// Expect is the output of a case answered with one, when every
	// implementation gives the same; the implementation request's output
	// (each names itself) is held to its schema instead.
	Expect any `json:"expect,omitempty"`
	// Group is the part of the contract the case tests, as --only and --skip
	// name it (protocol/GROUP): "implementation" for the exchange of IMPL-1,
	// empty for the envelope.
	Group string `json:"group,omitempty"`
}

// GroupName returns the case's group: its own, or "envelope".
func (c ProtocolCase) GroupName() string {
	if c.Group == "" {
		return "envelope"
	}
	return c.Group
}

// PadMarker is the placeholder a PadTo case fills.
const PadMarker = "@@PAD@@"

// Line is the request line a protocol case sends.
func (c ProtocolCase) Line() []byte {
	if c.RawHex != "" {
		b, _ := hex.DecodeString(c.RawHex) // the schema allows only hex pairs
		return b
	}
	if c.PadTo == 0 {
		return []byte(c.Raw)
	}
	n := c.PadTo - (len(c.Raw) - len(PadMarker))
	return []byte(strings.Replace(c.Raw, PadMarker, strings.Repeat("x", max(n, 0)), 1))
}

// ProtocolFile holds the envelope cases.
type ProtocolFile struct {
	Schema      string          `json:"schema"`
	Description string          `json:"description"`
	Provenance  Provenance      `json:"provenance"`
	Notes       map[string]Note `json:"notes"`
	Cases       []ProtocolCase  `json:"cases"`
}

// Path is where a file lives under the vectors directory.
func (f *File) Path() string { return filepath.Join(f.Scheme, f.Op+".json") }

// Encode lays a file out byte for byte as committed.
func Encode(v any) ([]byte, error) { return canon.Pretty(v, Width) }

// Load reads every vector file below dir (or the file dir itself). It returns
// op files and protocol files separately, sorted by path.
func Load(paths ...string) ([]Loaded, error) {
	var out []Loaded
	for _, p := range paths {
		if p == StdinName {
			l, err := loadStdin()
			if err != nil {
				return nil, err
			}
			out = append(out, l)
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			l, err := loadFile(p)
			if err != nil {
				return nil, err
			}
			out = append(out, l)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != p && (d.Name() == "records" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir // records and their index are not vectors (they belong to pfkit verify)
			}
			if d.IsDir() || d.Name() == RecordsIndex || !(strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".jsonl")) {
				return nil
			}
			l, err := loadFile(path)
			if err != nil {
				return err
			}
			out = append(out, l)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// Loaded is a parsed file: its raw value (for schema validation) and its cases
// turned into runnable form.
type Loaded struct {
	Path  string
	Raw   any
	Cases []Runnable
}

// Runnable is a case ready to send: a request line, or an accumulated recipe.
type Runnable struct {
	Name         string // path#id, the request id
	Scheme, Op   string
	Comment      string   // why the case exists
	Flags        []string // the kinds of bug it catches (the file's notes)
	Requirements []string
	Line         []byte      // the request line; nil for accumulated cases
	Accumulate   *Accumulate // set for accumulated cases
	Expect       any         // parsed expected output
	Error        string      // expected error code
	ResponseID   *string     // protocol cases: the id the response must carry
	Protocol     bool
}

// StdinName is the path that stands for standard input, read as a case
// file (.jsonl), one request a line (TXT-4).
const StdinName = "-"

// maxStdin bounds the case file read from standard input, as a vector
// file is bounded.
const maxStdin = 64 << 20

func loadStdin() (Loaded, error) {
	data, err := io.ReadAll(io.LimitReader(os.Stdin, maxStdin+1))
	if err != nil {
		return Loaded{}, &fs.PathError{Op: "read", Path: StdinName, Err: err}
	}
	if len(data) > maxStdin {
		return Loaded{}, fmt.Errorf("%s: standard input has more than %d bytes, the limit of a case file", StdinName, maxStdin)
	}
	return loadJSONL(StdinName, data)
}

func loadFile(path string) (Loaded, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Loaded{}, err
	}
	if strings.HasSuffix(path, ".jsonl") {
		return loadJSONL(path, data)
	}
	raw, err := strictjson.Parse(data, strictjson.Limits{MaxBytes: 64 << 20, MaxDepth: 64})
	if err != nil {
		return Loaded{}, fmt.Errorf("%s: %v", path, err)
	}
	l := Loaded{Path: path, Raw: raw}
	obj, _ := raw.(strictjson.Object)
	schema, _ := obj["schema"].(string)
	switch schema {
	case SchemaOps:
		var f File
		if err := decode(data, &f); err != nil {
			return l, fmt.Errorf("%s: %v", path, err)
		}
		for _, c := range f.Cases {
			r := Runnable{
				Name: fmt.Sprintf("%s#%d", filepath.ToSlash(path), c.ID), Scheme: f.Scheme, Op: f.Op,
				Comment: c.Comment, Flags: c.Flags, Requirements: c.Requirements, Accumulate: c.Accumulate, Expect: c.Expect, Error: c.Error,
			}
			if c.Expect != nil {
				r.Expect = reparse(c.Expect)
			}
			if c.Accumulate == nil {
				r.Line, err = requestLine(r.Name, f.Scheme, f.Op, c.Input)
				if err != nil {
					return l, err
				}
			}
			l.Cases = append(l.Cases, r)
		}
	case SchemaProtocol:
		var f ProtocolFile
		if err := decode(data, &f); err != nil {
			return l, fmt.Errorf("%s: %v", path, err)
		}
		for _, c := range f.Cases {
			l.Cases = append(l.Cases, Runnable{
				Name: fmt.Sprintf("%s#%d", filepath.ToSlash(path), c.ID), Scheme: "protocol", Op: c.GroupName(),
				Comment: c.Comment, Flags: c.Flags, Requirements: c.Requirements, Line: c.Line(), Error: c.Error, ResponseID: c.ResponseID, Protocol: true,
				Expect: reparse(c.Expect),
			})
		}
	default:
		return l, fmt.Errorf("%s: unknown schema %s (expected %s or %s)", path, escape.Quoted(schema), SchemaOps, SchemaProtocol)
	}
	return l, nil
}

// loadJSONL reads a case file: one request per line, each with "expect" or
// "error" beside id, scheme, op and input.
func loadJSONL(path string, data []byte) (Loaded, error) {
	l := Loaded{Path: path}
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var c struct {
			ID     string          `json:"id"`
			Scheme string          `json:"scheme"`
			Op     string          `json:"op"`
			Input  json.RawMessage `json:"input"`
			Expect json.RawMessage `json:"expect"`
			Error  string          `json:"error"`
			// Optional, shown with a failure.
			Comment string `json:"comment"`
		}
		if err := decode([]byte(line), &c); err != nil {
			return l, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		name := c.ID
		if name == "" {
			name = fmt.Sprintf("%s:%d", filepath.ToSlash(path), i+1)
		}
		r := Runnable{Name: name, Scheme: c.Scheme, Op: c.Op, Comment: c.Comment, Error: c.Error}
		if len(c.Expect) > 0 {
			v, err := strictjson.Parse(c.Expect, strictjson.Limits{MaxBytes: 64 << 20, MaxDepth: 64})
			if err != nil {
				return l, fmt.Errorf("%s:%d: expect: %v", path, i+1, err)
			}
			r.Expect = v
		}
		if r.Expect == nil && r.Error == "" {
			return l, fmt.Errorf("%s:%d: a case needs \"expect\" or \"error\"", path, i+1)
		}
		line, err := requestLine(name, c.Scheme, c.Op, c.Input)
		if err != nil {
			return l, err
		}
		r.Line = line
		l.Cases = append(l.Cases, r)
	}
	return l, nil
}

// decode reads JSON keeping numbers exact: an input such as 2^53+1 must reach the
// implementation under test as written.
func decode(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

func requestLine(id, scheme, op string, input any) ([]byte, error) {
	return canon.Compact(map[string]any{"id": id, "scheme": scheme, "op": op, "input": input})
}

// reparse turns a value decoded by encoding/json into strictjson's types.
func reparse(v any) any {
	b, err := canon.Compact(v)
	if err != nil {
		return v
	}
	out, err := strictjson.Parse(b, strictjson.Limits{MaxBytes: 64 << 20, MaxDepth: 64})
	if err != nil {
		return v
	}
	return out
}
