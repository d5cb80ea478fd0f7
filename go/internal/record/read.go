// Package record reads and verifies match records: what a site published before
// a deal (commitments, roots) and after it (revealed seeds, the cards, dice and
// tiles as played), checked against the reference (spec section 15).
package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/recordschema"
	"github.com/pfkit/pfkit/v2/go/internal/schema"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// Limits bound a record (REC-1, LIM-5): 16 MiB, 64 levels, 2^20 values and
// 2^16 objects and members.
var Limits = strictjson.Limits{MaxBytes: 16 << 20, MaxDepth: 64, MaxValues: 1 << 20, MaxObjects: 1 << 16, Name: "record"}

// Kind identifies a record format: its scheme, its kind and its schema.
type Kind struct {
	Scheme, Kind, Schema string
}

// The schemas of the formats whose refusals after the schema (REF-4) say
// their place with the schema's words.
const (
	matchSchema     = "record_match_v1.json"
	selfpokerSchema = "record_selfpoker_v1.json"
)

// Kinds lists every record format.
var Kinds = []Kind{
	{scheme.MatchSeedV2, "match", matchSchema},
	{scheme.PokerHMACV1, "leave", "record_poker_leave_v1.json"},
	{scheme.PokerHMACV1, "session", "record_poker_session_v1.json"},
	{scheme.ChessColourV1, "game", "record_chess_v1.json"},
	{scheme.SelfPokerV1, "hand_end", selfpokerSchema},
}

// Record is a parsed, schema-valid record.
type Record struct {
	Kind Kind
	Raw  strictjson.Object // the parsed tree; nil for a record read plainly
	Data []byte            // the bytes the record was read from
	// The typed forms readPlain reads straight from the bytes; nil for a
	// record read the general way, whose typed form comes from Raw.
	match     *matchRecord
	selfpoker *selfpokerRecord
}

// Unreadable is a record that cannot be checked: not JSON, too large, not valid
// against its schema, or of no known kind. Verification exits 2 for it.
type Unreadable struct {
	Code    errcode.Code
	Message string
}

func (u *Unreadable) Error() string { return string(u.Code) + ": " + u.Message }

// Unspecified is a record of a registered scheme that has no specification:
// match_seed_v1 (REG-2). Verification exits 3 for it.
type Unspecified struct{ Scheme, Why string }

func (u *Unspecified) Error() string { return "scheme_unspecified: " + u.Why }

// IsDateTime reports whether s is an RFC 3339 date-time as records write them
// (decision D-23): the checker the record schemas' "date-time" format uses.
func IsDateTime(s string) bool {
	_, ok := parseDateTime(s)
	return ok
}

// Schemas is spec/schemas compiled once for the JSON Schema library, with
// IsDateTime deciding date-times: what validates vector files (VEC-1).
var Schemas = sync.OnceValues(func() (*schema.Set, error) { return schema.Load(IsDateTime) })

// recordSchemas are the record schemas as the kit checks records (SCH-1).
var recordSchemas = sync.OnceValues(func() (map[string]*recordschema.Schema, error) { return recordschema.Load(IsDateTime) })

// Read parses data and validates it against the schema its scheme and kind name.
func Read(data []byte) (*Record, error) {
	if r := readPlain(data); r != nil {
		return r, nil
	}
	return readGeneral(data)
}

// readGeneral reads any record: the JSON tree, then the schema, refusing in
// REC-1's order with REF-2's and REF-3's messages.
func readGeneral(data []byte) (*Record, error) {
	if len(data) > Limits.MaxBytes {
		return nil, &Unreadable{errcode.InputTooLarge, fmt.Sprintf("the record has %d bytes, the limit is %d", len(data), Limits.MaxBytes)}
	}
	v, err := strictjson.Parse(data, Limits)
	if err != nil {
		code := errcode.MalformedRequest
		if errors.Is(err, strictjson.ErrTooLarge) {
			code = errcode.InputTooLarge
		}
		var se *strictjson.Error
		if errors.As(err, &se) {
			return nil, &Unreadable{code, notReadableJSON(data, se)}
		}
		return nil, &Unreadable{code, "the record is not readable JSON: " + err.Error()}
	}
	obj, ok := v.(strictjson.Object)
	if !ok {
		return nil, &Unreadable{errcode.MalformedRequest, "a record is a JSON object, found " + typeName(v)}
	}
	schemeID, _ := obj["scheme"].(string)
	if why, ok := scheme.Unspecified(schemeID); ok {
		return nil, &Unspecified{schemeID, why}
	}
	kind, _ := obj["kind"].(string)
	var k Kind
	for _, c := range Kinds {
		if c.Scheme == schemeID && c.Kind == kind {
			k = c
		}
	}
	if k.Schema == "" {
		return nil, &Unreadable{errcode.UnknownScheme, fmt.Sprintf("no record format has scheme %s and kind %s; expected one of %s", escape.Clipped(schemeID), escape.Clipped(kind), kindList())}
	}
	// Every number a record holds is an integer (NUM-1); one written with a
	// fraction or an exponent is refused before the schema, which would read
	// 6.0 as the integer 6 and cannot read 1e1000000000 at all.
	if bad := looseNumber(obj, k.Schema); bad != nil {
		return nil, &Unreadable{errcode.InvalidInteger, bad.Error()}
	}
	schemas, err := recordSchemas()
	if err != nil {
		return nil, err // the embedded schemas do not compile: a bug, never a verdict
	}
	if bad := schemas[k.Schema].Check(obj); bad != nil {
		return nil, &Unreadable{errcode.InvalidRecord, bad.Error()}
	}
	return &Record{Kind: k, Raw: obj, Data: data}, nil
}

// typeName names a value's JSON type as REF-1 does: in a record every number
// is an integer (REC-1 refuses the others).
func typeName(v any) string {
	if _, ok := v.(json.Number); ok {
		return "an integer"
	}
	return strictjson.TypeName(v)
}

// kindNames are the formats' names, "scheme/kind", in the order of Kinds,
// made once: audits name the kind of every record they read.
var kindNames = func() []string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = k.Scheme + "/" + k.Kind
	}
	return names
}()

// KindName is "scheme/kind", the name summaries count records by.
func KindName(scheme, kind string) string {
	for i, k := range Kinds {
		if k.Scheme == scheme && k.Kind == kind {
			return kindNames[i]
		}
	}
	return scheme + "/" + kind
}

func kindList() string {
	var b bytes.Buffer
	for i := range Kinds {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(kindNames[i])
	}
	return b.String()
}

// decode fills a typed form of the record from its parsed tree; numbers stay
// exact.
func (r *Record) decode(v any) error { return fromTree(r.Raw, v) }

// looseNumber finds the first number not written as a plain integer (keys in
// sorted order) and says where it is as SCH-2 says a place, with the words of
// the record's schema (REF-3), or returns nil. The place is built only for the
// number found: audits run this on every record.
func looseNumber(v any, schemaFile string) *recordschema.Violation {
	switch x := v.(type) {
	case json.Number:
		if !strictjson.IsInteger(x) {
			return recordschema.Refusal(schemaFile, "cli.refusal.fraction", "found", escape.Cut(string(x)))
		}
	case strictjson.Object:
		var buf [8]string // on the stack for the objects records hold
		keys := buf[:0]
		for k, e := range x {
			if mayHoldLoose(e) {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			if bad := looseNumber(x[k], schemaFile); bad != nil {
				return bad.Within(k)
			}
		}
	case []any:
		for i, e := range x {
			if bad := looseNumber(e, schemaFile); bad != nil {
				return bad.WithinIndex(i)
			}
		}
	}
	return nil
}

// mayHoldLoose skips the strings and other scalars that make up most records.
func mayHoldLoose(v any) bool {
	switch x := v.(type) {
	case json.Number:
		return !strictjson.IsInteger(x)
	case strictjson.Object, []any:
		return true
	}
	return false
}
