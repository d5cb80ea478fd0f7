package vectors

import (
	"strings"

	"github.com/pfkit/pfkit/go/internal/errcode"
	"github.com/pfkit/pfkit/go/internal/ops"
)

func protocol() (*ProtocolFile, error) {
	f := &ProtocolFile{
		Schema:      SchemaProtocol,
		Description: "Request lines sent exactly as written, to test the envelope of the runner contract: parsing, ids, schemes, ops and limits.",
		Provenance:  provenance,
		Notes:       commonNotes,
		Cases:       []ProtocolCase{},
	}
	var err error
	var addPadded func(comment string, fl, rq []string, raw string, padTo int, respID *string, code errcode.Code)
	id := func(s string) *string { return &s }
	add := func(comment string, fl, rq []string, raw string, respID *string, code errcode.Code) {
		addPadded(comment, fl, rq, raw, 0, respID, code)
	}
	addPadded = func(comment string, fl, rq []string, raw string, padTo int, respID *string, code errcode.Code) {
		c := ProtocolCase{Raw: raw, PadTo: padTo}
		if padTo > 0 && len(c.Line()) != padTo {
			err = errorf("protocol case %q: cannot pad to %d bytes", comment, padTo)
		}
		resp := ops.Eval(c.Line())
		got := errcode.Code("")
		if resp.Error != nil {
			got = resp.Error.Code
		}
		if got != code || !sameID(resp.ID, respID) {
			if err == nil {
				err = errorf("protocol case %q: expected %s with id %v, the reference gave %s with id %v", comment, code, deref(respID), got, deref(resp.ID))
			}
		}
		if fl == nil {
			fl = []string{}
		}
		f.Cases = append(f.Cases, ProtocolCase{ID: len(f.Cases) + 1, Comment: comment, Flags: fl, Requirements: rq, Raw: raw, PadTo: padTo, ResponseID: respID, Error: string(code)})
	}
	seedA := seed("protocol")
	commit := `"scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"` + seedA + `"}`
	rq := reqs("RUN-1", "RUN-3")
	add("not JSON", flags("Encoding"), rq, "hello", nil, errcode.MalformedRequest)
	add("a truncated object", flags("Encoding"), rq, `{"id":"p1","scheme":"match_seed_v2","op":`, nil, errcode.MalformedRequest)
	add("an array instead of an object", flags("Encoding"), rq, `[{"id":"p1"}]`, nil, errcode.MalformedRequest)
	add("data after the object", flags("Encoding"), rq, `{"id":"p1",`+commit+`} {}`, nil, errcode.MalformedRequest)
	add("no id: the response id is null", flags(), rq, `{`+commit+`}`, nil, errcode.MalformedRequest)
	add("a numeric id: ids are strings", flags("Encoding"), rq, `{"id":7,`+commit+`}`, nil, errcode.MalformedRequest)
	add("no scheme: the id is echoed", flags(), rq, `{"id":"p2","op":"commit","input":{}}`, id("p2"), errcode.MalformedRequest)
	add("the op as a number", flags("Encoding"), rq, `{"id":"p3","scheme":"match_seed_v2","op":1,"input":{}}`, id("p3"), errcode.MalformedRequest)
	add("the input as an array", flags("Encoding"), rq, `{"id":"p4","scheme":"match_seed_v2","op":"commit","input":[]}`, id("p4"), errcode.MalformedRequest)
	add("an extra envelope member", flags(), rq, `{"id":"p5",`+commit+`,"expect":{}}`, id("p5"), errcode.MalformedRequest)
	add("a duplicate key in the input: readers disagree on which value wins, so it is refused", flags("Forgery"), reqs("RUN-4"),
		`{"id":"p6","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"`+seedA+`","serverSeed":"`+seed("other")+`"}}`, nil, errcode.MalformedRequest)
	add("a duplicate id", flags("Forgery"), reqs("RUN-4"), `{"id":"p7","id":"p8",`+commit+`}`, nil, errcode.MalformedRequest)
	add("nesting deeper than 32 levels", flags("Limit"), reqs("RUN-5"),
		`{"id":"p9","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":`+strings.Repeat("[", 40)+strings.Repeat("]", 40)+`}}`, nil, errcode.InputTooLarge)
	add("a well-formed commit request, for contrast", flags("Valid"), reqs("RUN-1", "RUN-2"), `{"id":"p10",`+commit+`}`, id("p10"), "")
	add("a scheme nobody registered", flags(), reqs("REG-1"), `{"id":"p11","scheme":"match_seed_v3","op":"commit","input":{}}`, id("p11"), errcode.UnknownScheme)
	add("an op the scheme lacks", flags(), reqs("REG-1"), `{"id":"p12","scheme":"match_seed_v2","op":"verify","input":{}}`, id("p12"), errcode.UnknownOp)
	add("scheme ids are case-sensitive", flags("Encoding"), reqs("REG-1"), `{"id":"p13","scheme":"MATCH_SEED_V2","op":"commit","input":{}}`, id("p13"), errcode.UnknownScheme)
	for i, op := range []string{"draws", "match", "commit", "anything"} {
		add("match_seed_v1 is registered but unspecified: "+op+" gets no answer but that", flags(), reqs("REG-2"),
			`{"id":"v1-`+string(rune('a'+i))+`","scheme":"match_seed_v1","op":"`+op+`","input":{"serverSeed":"`+seedA+`"}}`, id("v1-"+string(rune('a'+i))), errcode.SchemeUnspecified)
	}
	// The request object is level 1 and input level 2: 30 arrays inside make 32
	// levels, read and then refused for their type; 31 make 33, refused unread.
	add("exactly 32 levels of nesting are read", flags("Limit", "EdgeCase"), reqs("RUN-5"),
		`{"id":"p9a","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":`+strings.Repeat("[", 30)+strings.Repeat("]", 30)+`}}`, id("p9a"), errcode.WrongType)
	add("33 levels of nesting are too deep", flags("Limit", "EdgeCase"), reqs("RUN-5"),
		`{"id":"p9b","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":`+strings.Repeat("[", 31)+strings.Repeat("]", 31)+`}}`, nil, errcode.InputTooLarge)
	// A line of exactly 1 MiB is read (and its 1 MiB seed refused as hex); one
	// byte more and it is refused unread.
	big := `{"id":"p20","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"` + PadMarker + `"}}`
	addPadded("a line of exactly 1 MiB is read", flags("Limit", "EdgeCase"), reqs("RUN-5"), big, 1<<20, id("p20"), errcode.InvalidHex)
	addPadded("a line of 1 MiB and one byte is too large", flags("Limit", "EdgeCase"), reqs("RUN-5"), big, 1<<20+1, nil, errcode.InputTooLarge)
	f.Notes = usedNotes(commonNotes, func(yield func([]string)) {
		for _, c := range f.Cases {
			yield(c.Flags)
		}
	}, &err)
	return f, err
}

func sameID(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func deref(s *string) any {
	if s == nil {
		return nil
	}
	return *s
}
