package record

import "fmt"

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
