package vectors

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/pfkit/pfkit/v2/go/internal/canon"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// seed is a fixed, documented server seed for a vector: the SHA-256 of a label.
func seed(label string) string {
	d := sha256.Sum256([]byte("pfkit vectors: " + label))
	return hex.EncodeToString(d[:])
}

// obj is shorthand for an input literal.
type obj = map[string]any

// builder collects the cases of one file. Every case is computed by the reference
// as it is added, and the generator fails on any case that does not behave as its
// comment says: an error case must fail with its code, an edge case must reach
// its edge.
type builder struct {
	file *File
	err  error
}

func newFile(scheme, op, description string, notes map[string]Note) *builder {
	return &builder{file: &File{
		Schema:      SchemaOps,
		Scheme:      scheme,
		Op:          op,
		Description: description,
		Provenance:  provenance,
		Notes:       notes,
		Cases:       []Case{},
	}}
}

var provenance = Provenance{
	Generator: "pfkit vectors generate (go/internal/vectors), from the Go reference",
	Spec:      "spec/pfkit.md",
	CrossChecks: []string{
		"go/internal/stream tests: words, int and shuffle against Python's hmac and hashlib",
		"go/internal/numpyrng tests: SeedSequence, PCG64 and permutation against NumPy itself",
		"node and python implementations: every case, byte for byte",
	},
}

func (b *builder) failf(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf("%s/%s case %d: %s", b.file.Scheme, b.file.Op, len(b.file.Cases)+1, fmt.Sprintf(format, args...))
	}
}

// parsed runs the input through the canonical form, so the reference sees exactly
// what a port reading the file sees.
func parsed(input any) (strictjson.Object, error) {
	raw, err := canon.Compact(input)
	if err != nil {
		return nil, err
	}
	v, err := strictjson.Parse(raw, strictjson.Limits{MaxBytes: 64 << 20, MaxDepth: 64})
	if err != nil {
		return nil, err
	}
	o, _ := v.(strictjson.Object)
	return o, nil
}

func (b *builder) call(input any) (any, error) {
	in, err := parsed(input)
	if err != nil {
		b.failf("input does not encode: %v", err)
		return nil, err
	}
	return ops.Call(b.file.Scheme, b.file.Op, in)
}

// ok adds a valid case and returns its output, in parsed form, for edge
// assertions.
func (b *builder) ok(comment string, flags, reqs []string, input any) strictjson.Object {
	out, err := b.call(input)
	if err != nil {
		b.failf("%s: the reference refused a valid case: %v", escape.Quoted(comment), err)
		return strictjson.Object{}
	}
	b.add(Case{Comment: comment, Flags: flags, Requirements: reqs, Input: input, Expect: out})
	o, err := parsed(out)
	if err != nil {
		b.failf("%s: output does not encode: %v", escape.Quoted(comment), err)
	}
	return o
}

// uintField reads an integer member of a parsed output (0 when absent).
func uintField(o strictjson.Object, name string) uint64 {
	n, _ := o[name].(json.Number)
	v, _ := strconv.ParseUint(string(n), 10, 64)
	return v
}

// bad adds an error case; the reference must fail with code.
func (b *builder) bad(comment string, flags, reqs []string, input any, code errcode.Code) {
	_, err := b.call(input)
	if got := errcode.Of(err); got != code {
		b.failf("%s: expected error %s, the reference gave %v", escape.Quoted(comment), code, err)
	}
	b.add(Case{Comment: comment, Flags: flags, Requirements: reqs, Input: input, Error: string(code)})
}

// acc adds an accumulated case, computing its digest with the reference.
func (b *builder) acc(comment string, reqs []string, recipe string, count int) {
	d, err := Digest(recipe, count, func(input any) (any, error) {
		in, err := parsed(input)
		if err != nil {
			return nil, err
		}
		return ops.Call(b.file.Scheme, b.file.Op, in)
	})
	if err != nil {
		b.failf("accumulated %s: %v", recipe, err)
	}
	b.add(Case{Comment: comment, Flags: []string{"Accumulated"}, Requirements: reqs,
		Accumulate: &Accumulate{Recipe: recipe, Count: count}, Expect: obj{"digest": d}})
}

func (b *builder) add(c Case) {
	c.ID = len(b.file.Cases) + 1
	if c.Flags == nil {
		c.Flags = []string{}
	}
	b.file.Cases = append(b.file.Cases, c)
}

// expect asserts an edge property of the last output.
func (b *builder) expect(cond bool, format string, args ...any) {
	if !cond {
		b.failf("edge not reached: "+format, args...)
	}
}

// done keeps only the notes of flags the file uses, and fails on a flag with no
// note.
func (b *builder) done() (*File, error) {
	b.file.Notes = usedNotes(b.file.Notes, func(yield func([]string)) {
		for _, c := range b.file.Cases {
			yield(c.Flags)
		}
	}, &b.err)
	return b.file, b.err
}

func usedNotes(all map[string]Note, flagLists func(func([]string)), err *error) map[string]Note {
	used := map[string]Note{}
	flagLists(func(fl []string) {
		for _, f := range fl {
			n, ok := all[f]
			if !ok && *err == nil {
				*err = fmt.Errorf("flag %s has no note", escape.Quoted(f))
			}
			used[f] = n
		}
	})
	return used
}

// reqs is shorthand for a requirement list.
func reqs(ids ...string) []string { return ids }

// flags is shorthand for a flag list.
func flags(names ...string) []string { return names }

// plus returns base with more appended, never sharing base's array, so lists
// built from one base stay independent.
func plus(base []string, more ...string) []string { return append(slices.Clip(base), more...) }

// fixed unwraps a domain call on the generator's own inputs, which are valid by
// construction: an error here is a bug in the generator, never in a vector.
func fixed[T any](v T, err error) T {
	if err != nil {
		panic("vectors: a generator's own input was refused: " + err.Error())
	}
	return v
}

var commonNotes = map[string]Note{
	"Valid":              {"", "An ordinary case that every implementation must reproduce."},
	"EdgeCase":           {"EdgeCase", "A boundary of a range or a size limit: the smallest or largest value accepted, or the first refused."},
	"Rejection":          {"OffByOne", "The sampler discards at least one word here; an implementation that keeps words at or above the limit, or computes the limit wrongly, fails."},
	"SeparatorInjection": {"Forgery", "An identifier carries a message separator (: , =). Accepting it would let one seed list be read as another, so it must be refused."},
	"LookAlike":          {"Forgery", "A Unicode character that looks like an allowed ASCII one. Identifiers are ASCII only."},
	"Encoding":           {"MalformedInput", "The value has the right meaning but the wrong encoding (case, length, type, number form)."},
	"Precedence":         {"ErrorPrecedence", "Several things are wrong; the spec's order decides which code is reported (RUN-6)."},
	"CommitOverText":     {"Encoding", "Commitments hash the 64-character hex text, not the 32 bytes it encodes; an implementation that decodes the hex first fails."},
	"CounterDigits":      {"Encoding", "The counter crosses a power of ten (9 to 10, 99 to 100): it is written in decimal with no padding."},
	"Accumulated":        {"", "Thousands of requests made by a recipe and hashed into one digest (vectors/README.md)."},
	"ShuffleDirection":   {"WrongAlgorithm", "Fisher-Yates runs from the top: i from n-1 down to 1 with j = int(i+1). A loop from the bottom, or Sattolo's j = int(i), gives another permutation."},
	"Forgery":            {"Forgery", "Input a dishonest party could send to pass off one deal as another; it must be refused or judged false."},
	"Limit":              {"ResourceLimit", "Input over a documented size bound (decision D-15) is refused, not processed."},
	"InvalidBytes":       {"Encoding", "The line holds bytes that are not UTF-8 (so the file gives it in hex, rawHex) or lone surrogate escapes. Each byte outside a well-formed sequence is one U+FFFD (RUN-8); a decoder that replaces a cut-short sequence with a single U+FFFD, or keeps encoded surrogates, reads other keys and gives another code."},
	"Reading":            {"WrongReading", "The request declares a reading of a rule the pages leave open (READ-1); the output follows the declared reading, and an implementation that applies the kit's reading regardless fails."},
}
