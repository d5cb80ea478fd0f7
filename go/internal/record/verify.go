package record

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
)

// Verify checks a record against the reference and reports every check.
func Verify(r *Record) (*Report, error) {
	switch r.Kind.Kind {
	case "match":
		return verifyMatch(r)
	case "leave":
		return verifyLeave(r)
	case "session":
		return verifySession(r)
	case "game":
		return verifyChess(r)
	case "hand_end":
		return verifySelfpoker(r)
	}
	return nil, fmt.Errorf("no verifier for %s/%s", r.Kind.Scheme, r.Kind.Kind)
}

// VerifyBytes reads and verifies in one step.
func VerifyBytes(data []byte) (*Report, error) {
	r, err := Read(data)
	if err != nil {
		return nil, err
	}
	return Verify(r)
}

func newReport(r *Record, title string) *report {
	return &report{Report{Scheme: r.Kind.Scheme, Kind: r.Kind.Kind, Title: title}}
}

// declared is the reading a record declares in a text field, or def, the
// kit's reading, when it declares none (READ-1). The schema has checked the value.
func declared[T ~string](value string, def T) T {
	if value == "" {
		return def
	}
	return T(value)
}

// textReading and intReading describe one reading a verification followed,
// for readingsNote: declared by the record, or the kit's when it declares none.
func textReading(field, value, def string) string {
	if value == "" {
		return field + " " + escape.Quoted(def) + " (the kit's reading)"
	}
	return field + " " + escape.Quoted(value) + " (declared)"
}

func intReading(field string, value *int, def int) string {
	if value == nil {
		return field + " " + strconv.Itoa(def) + " (the kit's reading)"
	}
	return field + " " + strconv.Itoa(*value) + " (declared)"
}

// readingsNote names the readings a verification followed (READ-1).
func readingsNote(parts ...string) string {
	return "Readings followed: " + strings.Join(parts, "; ") + "."
}
