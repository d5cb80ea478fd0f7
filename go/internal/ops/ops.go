// Package ops is the runner contract (spec section "Runner contract"): one JSON
// request per line, {"id","scheme","op","input"}, answered by {"id","output"} or
// {"id","error":{"code","message"}}. The Go reference answers with Eval; other
// implementations are driven over the same lines by package conform.
//
// The runner is a thin layer over the domain packages (games, poker, chess,
// selfpoker), which check every rule of their inputs themselves. It reads the
// JSON, reports missing, unknown and mistyped fields, and checks each value as
// it reads it with the domain's own rule (ident, the domain's bounds), so that
// the first problem is reported in the order RUN-6 fixes; the cross-field rules
// (a registered game, the number of players, a seat taken twice, a bot and a
// player mixed, equal chess commitments) are the domain calls' answers.
package ops

import (
	"encoding/json"
	"errors"
	"sort"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// Op computes one operation from its input object.
type Op func(in strictjson.Object) (any, error)

// Schemes maps each scheme the specification defines (scheme.Specified) to
// its ops: op name -> implementation.
var Schemes = map[string]map[string]Op{
	scheme.MatchSeedV2: {
		"commit": ms2Commit,
		"draws":  ms2Draws,
		"trace":  ms2Trace,
		"inject": ms2Inject,
		"match":  ms2Match,
	},
	scheme.PokerHMACV1: {
		"hand":        pokerHand,
		"proof":       pokerProof,
		"verifyProof": pokerVerifyProof,
	},
	scheme.ChessColourV1: {
		"colour": chessColour,
	},
	scheme.SelfPokerV1: {
		"deal":        selfpokerDeal,
		"permutation": selfpokerPermutation,
		"trace":       selfpokerTrace,
	},
}

// OpNames lists a scheme's ops, sorted.
func OpNames(id string) []string {
	var names []string
	for n := range Schemes[id] {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ErrorBody is the error member of a response.
type ErrorBody struct {
	Code    errcode.Code `json:"code"`
	Message string       `json:"message"`
}

// Response is one answer line. ID is nil when the request line had no usable id.
type Response struct {
	ID     *string
	Output any
	Error  *ErrorBody
}

// MarshalJSON writes {"id":…,"output":…} or {"id":…,"error":…}, id always present.
func (r Response) MarshalJSON() ([]byte, error) {
	if r.Error != nil {
		return json.Marshal(struct {
			ID    *string    `json:"id"`
			Error *ErrorBody `json:"error"`
		}{r.ID, r.Error})
	}
	return json.Marshal(struct {
		ID     *string `json:"id"`
		Output any     `json:"output"`
	}{r.ID, r.Output})
}

func failure(id *string, err error) Response {
	var e *errcode.Error
	if !errors.As(err, &e) {
		e = errcode.New(errcode.MalformedRequest, "%v", err)
	}
	return Response{ID: id, Error: &ErrorBody{Code: e.Code, Message: e.Message}}
}

// TooLong answers a request line longer than the limit, which a reader
// skipped to its end instead of holding it whole (RUN-5, LIM-3).
func TooLong() Response {
	max := strictjson.Default.MaxBytes
	return failure(nil, errcode.New(errcode.InputTooLarge, "request: more than %d bytes, the limit is %d", max, max))
}

// Eval answers one request line (RUN-1 to RUN-7).
func Eval(line []byte) Response {
	v, err := strictjson.Parse(line, strictjson.Default)
	if err != nil {
		if errors.Is(err, strictjson.ErrTooLarge) {
			return failure(nil, errcode.New(errcode.InputTooLarge, "request: %v", err))
		}
		return failure(nil, errcode.New(errcode.MalformedRequest, "request: expected one JSON object per line: %v", err))
	}
	obj, ok := v.(strictjson.Object)
	if !ok {
		return failure(nil, errcode.New(errcode.MalformedRequest, "request: expected a JSON object, found %s", strictjson.TypeName(v)))
	}
	var id *string
	if s, ok := obj["id"].(string); ok {
		id = &s
	}
	var extra []string
	for k := range obj {
		switch k {
		case "id", "scheme", "op", "input":
		default:
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra) // the same message every time, whatever the map order
		return failure(id, errcode.New(errcode.MalformedRequest, "request: unexpected member %s; expected only id, scheme, op, input", escape.Clipped(extra[0])))
	}
	if id == nil {
		return failure(nil, errcode.New(errcode.MalformedRequest, "request.id: expected a string, found %s", describeMember(obj, "id")))
	}
	schemeID, ok := obj["scheme"].(string)
	if !ok {
		return failure(id, errcode.New(errcode.MalformedRequest, "request.scheme: expected a string, found %s", describeMember(obj, "scheme")))
	}
	op, ok := obj["op"].(string)
	if !ok {
		return failure(id, errcode.New(errcode.MalformedRequest, "request.op: expected a string, found %s", describeMember(obj, "op")))
	}
	input, ok := obj["input"].(strictjson.Object)
	if !ok {
		return failure(id, errcode.New(errcode.MalformedRequest, "request.input: expected an object, found %s", describeMember(obj, "input")))
	}
	var out any
	if schemeID == RunnerScheme {
		out, err = implementation(op, input)
	} else {
		out, err = Call(schemeID, op, input)
	}
	if err != nil {
		return failure(id, err)
	}
	return Response{ID: id, Output: out}
}

// Call runs one op on a parsed input.
func Call(schemeID, op string, input strictjson.Object) (any, error) {
	if why, ok := scheme.Unspecified(schemeID); ok {
		return nil, errcode.New(errcode.SchemeUnspecified, "%s", why)
	}
	ops, ok := Schemes[schemeID]
	if !ok {
		return nil, errcode.New(errcode.UnknownScheme, "scheme: expected one of %s, found %s", list(scheme.IDs()), escape.Clipped(schemeID))
	}
	fn, ok := ops[op]
	if !ok {
		return nil, errcode.New(errcode.UnknownOp, "op: %s defines %s, found %s", schemeID, list(OpNames(schemeID)), escape.Clipped(op))
	}
	return fn(input)
}

func describeMember(obj strictjson.Object, name string) string {
	v, ok := obj[name]
	if !ok {
		return "nothing (the member is missing)"
	}
	return strictjson.TypeName(v)
}
