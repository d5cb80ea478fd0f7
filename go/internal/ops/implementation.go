package ops

import (
	"sort"
	"strings"

	"github.com/pfkit/pfkit/v2"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// RunnerScheme is the scheme of the runner's own exchange (IMPL-1): no scheme
// of the registry, and never one.
const RunnerScheme = "pfkit"

// ImplementationOp is RunnerScheme's one op: the implementation names itself.
const ImplementationOp = "implementation"

// OpRef is one op an implementation implements.
type OpRef struct {
	Scheme string `json:"scheme"`
	Op     string `json:"op"`
}

// Implementation is the answer to the implementation request (IMPL-1).
type Implementation struct {
	Name     string `json:"name"`
	Version  string `json:"version"`
	Language string `json:"language"`
	// Spec is the release of the specification the implementation was
	// written to, MAJOR.MINOR; "" when it names none (IMPL-1).
	Spec string  `json:"spec,omitempty"`
	Ops  []OpRef `json:"ops"`
}

// SpecRelease is the release of the specification a kit version carries:
// its first two numbers (VER-1).
func SpecRelease(version string) string {
	major, rest, _ := strings.Cut(version, ".")
	minor, _, _ := strings.Cut(rest, ".")
	return major + "." + minor
}

// Self is the reference's own answer: every op of the table, sorted by
// scheme, then op.
func Self() Implementation {
	im := Implementation{Name: "pfkit", Version: pfkit.Version, Language: "go", Spec: SpecRelease(pfkit.Version), Ops: []OpRef{}}
	var schemes []string
	for s := range Schemes {
		schemes = append(schemes, s)
	}
	sort.Strings(schemes)
	for _, s := range schemes {
		for _, op := range OpNames(s) {
			im.Ops = append(im.Ops, OpRef{s, op})
		}
	}
	return im
}

// implementation answers a request of RunnerScheme once its envelope is
// read: the op (RUN-6 step 4), then the input, which has no field (step 5).
func implementation(op string, in strictjson.Object) (any, error) {
	if op != ImplementationOp {
		return nil, errcode.New(errcode.UnknownOp, "op: %s defines %s, found %s", RunnerScheme, ImplementationOp, escape.Clipped(op))
	}
	if len(in) > 0 {
		var keys []string
		for k := range in {
			keys = append(keys, k)
		}
		sort.Strings(keys) // Go compares strings by their UTF-8 bytes, as RUN-6 orders them
		return nil, errcode.New(errcode.UnknownField, "input.%s: unknown field; %s takes no field", escape.Clipped(keys[0]), ImplementationOp)
	}
	return Self(), nil
}
