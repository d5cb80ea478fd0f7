package conform

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pfkit/pfkit/v2"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// helloID is the id of the implementation request.
const helloID = "pfkit/implementation"

// Hello is the implementation request (IMPL-1), sent before any case.
var Hello = []byte(`{"id":"` + helloID + `","scheme":"` + ops.RunnerScheme + `","op":"` + ops.ImplementationOp + `","input":{}}`)

// Identity is what an implementation said of itself in answer to Hello.
type Identity struct {
	// Says is its answer, nil when it named nothing (IMPL-3).
	Says *ops.Implementation
	// Answered is the error code it gave instead, when it gave one.
	Answered string
	// Problem describes an answer that is neither: a failure of the run.
	Problem string
	// Unknown lists the ops it names that this kit does not define.
	Unknown []string
	// Repeats counts the entries of ops that repeat an earlier one: each op
	// is counted once (IMPL-2).
	Repeats int
}

// Lists reports whether the implementation said it implements scheme/op: an
// implementation that names nothing is taken to implement every op.
func (id Identity) Lists(scheme, op string) bool {
	if id.Says == nil {
		return true
	}
	for _, r := range id.Says.Ops {
		if r.Scheme == scheme && r.Op == op {
			return true
		}
	}
	return false
}

// String is the identity as the header of a report shows it.
func (id Identity) String() string {
	switch {
	case id.Says != nil:
		s := id.Says
		text := fmt.Sprintf("%s %s (%s), %s", s.Name, s.Version, s.Language, countOf(len(s.Ops), "scheme op", "scheme ops"))
		if id.Repeats > 0 {
			text += fmt.Sprintf(" (%s of an op listed before, counted once)", countOf(id.Repeats, "repeat", "repeats"))
		}
		if len(id.Unknown) > 0 {
			text += "; ops this pfkit does not define: " + strings.Join(id.Unknown, ", ")
		}
		return text + specWords(s.Spec)
	case id.Problem != "":
		return "no valid answer to the implementation request: " + id.Problem
	}
	return "nothing (it answered the implementation request with " + id.Answered + ", IMPL-3)"
}

// identify reads the answer to Hello.
func identify(resp []byte) Identity {
	v, err := strictjson.Parse(resp, responseLimits)
	if err != nil {
		return Identity{Problem: fmt.Sprintf("the answer is not one JSON object: %v", err)}
	}
	o, ok := v.(strictjson.Object)
	if !ok {
		return Identity{Problem: "the answer is " + strictjson.TypeName(v) + ", not an object"}
	}
	if o["id"] != helloID {
		return Identity{Problem: fmt.Sprintf("the answer's id is %s, expected %s", theirs(o["id"]), escape.Quoted(helloID))}
	}
	if e, isErr := o["error"]; isErr {
		if eo, ok := e.(strictjson.Object); ok {
			if code, ok := eo["code"].(string); ok && len(o) == 2 {
				return Identity{Answered: escape.Text(escape.Cut(code))}
			}
		}
		return Identity{Problem: "an error that is not {\"code\", \"message\"}: " + theirs(e)}
	}
	set, err := record.Schemas()
	if err != nil {
		return Identity{Problem: err.Error()}
	}
	if err := set.Validate("implementation_response_v1.json", v); err != nil {
		return Identity{Problem: err.Error()}
	}
	out := o["output"].(strictjson.Object)
	says := &ops.Implementation{Name: out["name"].(string), Version: out["version"].(string), Language: out["language"].(string), Ops: []ops.OpRef{}}
	if spec, ok := out["spec"].(string); ok {
		says.Spec = spec
	}
	names := Known()
	id := Identity{Says: says}
	listed := map[ops.OpRef]bool{}
	for _, x := range out["ops"].([]any) {
		r := x.(strictjson.Object)
		ref := ops.OpRef{Scheme: r["scheme"].(string), Op: r["op"].(string)}
		if listed[ref] {
			id.Repeats++
			continue
		}
		listed[ref] = true
		says.Ops = append(says.Ops, ref)
		if k := ref.Scheme + "/" + ref.Op; !names[k] {
			id.Unknown = append(id.Unknown, escape.Text(escape.Cut(k)))
		}
	}
	sort.Strings(id.Unknown)
	return id
}

// countOf is n with the noun in the number n takes: "1 scheme op", "2
// scheme ops".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// specWords says which release of the specification an implementation
// targets, when that is not this pfkit's (IMPL-2).
func specWords(spec string) string {
	own := ops.SpecRelease(pfkit.Version)
	switch spec {
	case own:
		return ""
	case "":
		return "; it names no spec release (this pfkit judges by spec " + own + ")"
	}
	return "; it targets spec " + spec + "; this pfkit judges by spec " + own
}
