package vectors

import (
	"encoding/hex"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
)

// protocol is the runner contract's envelope: request lines sent exactly as
// written, in four groups, each case checked against the reference.
func protocol() (*ProtocolFile, error) {
	b := &protocolBuilder{f: &ProtocolFile{
		Schema:      SchemaProtocol,
		Description: "Request lines sent exactly as written, to test the envelope of the runner contract: parsing, ids, schemes, ops and limits.",
		Provenance:  provenance,
		Notes:       commonNotes,
		Cases:       []ProtocolCase{},
	}}
	seedA := seed("protocol")
	commit := `"scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"` + seedA + `"}`
	b.envelopeCases(seedA, commit)
	b.sizeCases()
	b.precedenceCases(seedA, commit)
	b.invalidUTF8Cases(seedA, commit)
	b.countCases(seedA)
	b.implementationCases()
	b.f.Notes = usedNotes(commonNotes, func(yield func([]string)) {
		for _, c := range b.f.Cases {
			yield(c.Flags)
		}
	}, &b.err)
	return b.f, b.err
}

// protocolBuilder collects the protocol cases; err is the first case the
// reference answers otherwise than the case says.
type protocolBuilder struct {
	f     *ProtocolFile
	err   error
	group string // the group of the cases being added ("" for the envelope)
}

// echo is the id a response must echo.
func echo(s string) *string { return &s }

func (b *protocolBuilder) add(comment string, fl, rq []string, raw string, respID *string, code errcode.Code) {
	b.addPadded(comment, fl, rq, raw, 0, respID, code)
}

// addPadded adds a case whose line is padded to padTo bytes (0: as written).
func (b *protocolBuilder) addPadded(comment string, fl, rq []string, raw string, padTo int, respID *string, code errcode.Code) {
	c := ProtocolCase{Raw: raw, PadTo: padTo}
	if padTo > 0 && len(c.Line()) != padTo {
		b.err = errorf("protocol case %s: cannot pad to %d bytes", escape.Quoted(comment), padTo)
	}
	resp := ops.Eval(c.Line())
	got := errcode.Code("")
	if resp.Error != nil {
		got = resp.Error.Code
	}
	if got != code || !sameID(resp.ID, respID) {
		if b.err == nil {
			b.err = errorf("protocol case %s: expected %s with id %v, the reference gave %s with id %v", escape.Quoted(comment), code, deref(respID), got, deref(resp.ID))
		}
	}
	if fl == nil {
		fl = []string{}
	}
	pc := ProtocolCase{ID: len(b.f.Cases) + 1, Comment: comment, Flags: fl, Requirements: rq, Raw: raw, PadTo: padTo, ResponseID: respID, Error: string(code), Group: b.group}
	if resp.Error == nil && b.group != "implementation" {
		pc.Expect = resp.Output
	}
	if !utf8.ValidString(raw) {
		// A JSON string cannot carry these bytes: the file holds them in hex.
		pc.Raw, pc.RawHex = "", hex.EncodeToString([]byte(raw))
	}
	b.f.Cases = append(b.f.Cases, pc)
}

// envelopeCases: lines that are not one request object, and requests naming
// schemes and ops the registry does not hold (RUN-1, RUN-3, RUN-4, REG-1,
// REG-2).
func (b *protocolBuilder) envelopeCases(seedA, commit string) {
	rq := reqs("RUN-1", "RUN-3")
	b.add("not JSON", flags("Encoding"), rq, "hello", nil, errcode.MalformedRequest)
	b.add("a truncated object", flags("Encoding"), rq, `{"id":"p1","scheme":"match_seed_v2","op":`, nil, errcode.MalformedRequest)
	b.add("an array instead of an object", flags("Encoding"), rq, `[{"id":"p1"}]`, nil, errcode.MalformedRequest)
	b.add("data after the object", flags("Encoding"), rq, `{"id":"p1",`+commit+`} {}`, nil, errcode.MalformedRequest)
	b.add("no id: the response id is null", flags(), rq, `{`+commit+`}`, nil, errcode.MalformedRequest)
	b.add("a numeric id: ids are strings", flags("Encoding"), rq, `{"id":7,`+commit+`}`, nil, errcode.MalformedRequest)
	b.add("no scheme: the id is echoed", flags(), rq, `{"id":"p2","op":"commit","input":{}}`, echo("p2"), errcode.MalformedRequest)
	b.add("the op as a number", flags("Encoding"), rq, `{"id":"p3","scheme":"match_seed_v2","op":1,"input":{}}`, echo("p3"), errcode.MalformedRequest)
	b.add("the input as an array", flags("Encoding"), rq, `{"id":"p4","scheme":"match_seed_v2","op":"commit","input":[]}`, echo("p4"), errcode.MalformedRequest)
	b.add("an extra envelope member", flags(), rq, `{"id":"p5",`+commit+`,"expect":{}}`, echo("p5"), errcode.MalformedRequest)
	b.add("a duplicate key in the input: readers disagree on which value wins, so it is refused", flags("Forgery"), reqs("RUN-4"),
		`{"id":"p6","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"`+seedA+`","serverSeed":"`+seed("other")+`"}}`, nil, errcode.MalformedRequest)
	b.add("a duplicate id", flags("Forgery"), reqs("RUN-4"), `{"id":"p7","id":"p8",`+commit+`}`, nil, errcode.MalformedRequest)
	b.add("nesting deeper than 32 levels", flags("Limit"), reqs("RUN-5"),
		`{"id":"p9","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":`+strings.Repeat("[", 40)+strings.Repeat("]", 40)+`}}`, nil, errcode.InputTooLarge)
	b.add("a well-formed commit request, for contrast", flags("Valid"), reqs("RUN-1", "RUN-2"), `{"id":"p10",`+commit+`}`, echo("p10"), "")
	b.add("a scheme nobody registered", flags(), reqs("REG-1"), `{"id":"p11","scheme":"match_seed_v3","op":"commit","input":{}}`, echo("p11"), errcode.UnknownScheme)
	b.add("an op the scheme lacks", flags(), reqs("REG-1"), `{"id":"p12","scheme":"match_seed_v2","op":"verify","input":{}}`, echo("p12"), errcode.UnknownOp)
	b.add("scheme ids are case-sensitive", flags("Encoding"), reqs("REG-1"), `{"id":"p13","scheme":"MATCH_SEED_V2","op":"commit","input":{}}`, echo("p13"), errcode.UnknownScheme)
	for i, op := range []string{"draws", "match", "commit", "anything"} {
		b.add("match_seed_v1 is registered but unspecified: "+op+" gets no answer but that", flags(), reqs("REG-2"),
			`{"id":"v1-`+string(rune('a'+i))+`","scheme":"match_seed_v1","op":"`+op+`","input":{"serverSeed":"`+seedA+`"}}`, echo("v1-"+string(rune('a'+i))), errcode.SchemeUnspecified)
	}
}

// sizeCases: the depth and size limits, at the limit and one past it (RUN-5).
func (b *protocolBuilder) sizeCases() {
	// The request object is level 1 and input level 2: 30 arrays inside make 32
	// levels, read and then refused for their type; 31 make 33, refused unread.
	b.add("exactly 32 levels of nesting are read", flags("Limit", "EdgeCase"), reqs("RUN-5"),
		`{"id":"p9a","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":`+strings.Repeat("[", 30)+strings.Repeat("]", 30)+`}}`, echo("p9a"), errcode.WrongType)
	b.add("33 levels of nesting are too deep", flags("Limit", "EdgeCase"), reqs("RUN-5"),
		`{"id":"p9b","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":`+strings.Repeat("[", 31)+strings.Repeat("]", 31)+`}}`, nil, errcode.InputTooLarge)
	// A line of exactly 1 MiB is read (and its 1 MiB seed refused as hex); one
	// byte more and it is refused unread.
	big := `{"id":"p20","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"` + PadMarker + `"}}`
	b.addPadded("a line of exactly 1 MiB is read", flags("Limit", "EdgeCase"), reqs("RUN-5"), big, 1<<20, echo("p20"), errcode.InvalidHex)
	b.addPadded("a line of 1 MiB and one byte is too large", flags("Limit", "EdgeCase"), reqs("RUN-5"), big, 1<<20+1, nil, errcode.InputTooLarge)
}

// precedenceCases: two or more faults on one line, where the order of RUN-6
// decides the code.
func (b *protocolBuilder) precedenceCases(seedA, commit string) {
	// Two or more faults on one line: the order of RUN-6 decides the code.
	pr := reqs("RUN-6")
	deep := strings.Repeat("[", 31) + strings.Repeat("]", 31)
	b.add("a repeated key whose value nests too deep: the repeat is met first", flags("Precedence", "Limit"), plus(pr, "RUN-4", "RUN-5"),
		`{"id":"q1","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"`+seedA+`","serverSeed":`+deep+`}}`, nil, errcode.MalformedRequest)
	b.add("a value nesting too deep, then a repeated key: the depth is met first", flags("Precedence", "Limit"), plus(pr, "RUN-4", "RUN-5"),
		`{"id":"q2","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":`+deep+`,"serverSeed":"`+seedA+`"}}`, nil, errcode.InputTooLarge)
	b.add("a syntax error before a value nesting too deep", flags("Precedence", "Limit"), plus(pr, "RUN-5"),
		`{"id":"q3","scheme":"match_seed_v2","op":"commit","input":{"x":tru,"serverSeed":`+deep+`}}`, nil, errcode.MalformedRequest)
	b.addPadded("a line over 1 MiB that also repeats a key: the size comes first", flags("Precedence", "Limit"), plus(pr, "RUN-5"),
		`{"id":"q4","id":"q4","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"`+PadMarker+`"}}`, 1<<20+1, nil, errcode.InputTooLarge)
	// The request object is level 1 (RUN-5): 31 arrays in an envelope member
	// make 32 levels, read and refused for the member; 32 make 33, refused unread.
	b.add("an extra envelope member holding 31 nested arrays: 32 levels are read, then the member is refused", flags("Precedence", "Limit", "EdgeCase"), plus(pr, "RUN-5", "RUN-3"),
		`{"id":"q7","scheme":"match_seed_v2","op":"commit","input":{},"extra":`+strings.Repeat("[", 31)+strings.Repeat("]", 31)+`}`, echo("q7"), errcode.MalformedRequest)
	b.add("an extra envelope member holding 32 nested arrays: 33 levels, too deep before the member is looked at", flags("Precedence", "Limit", "EdgeCase"), plus(pr, "RUN-5", "RUN-3"),
		`{"id":"q8","scheme":"match_seed_v2","op":"commit","input":{},"extra":`+strings.Repeat("[", 32)+strings.Repeat("]", 32)+`}`, nil, errcode.InputTooLarge)
	b.add("an extra member beside an id that is not a string: malformed, and no id to echo", flags("Precedence"), plus(pr, "RUN-3"),
		`{"id":7,`+commit+`,"expect":{}}`, nil, errcode.MalformedRequest)
	b.add("an unknown scheme with an unknown op and a bad input: the scheme comes first", flags("Precedence"), plus(pr, "REG-1"),
		`{"id":"q5","scheme":"match_seed_v9","op":"shuffle","input":{"x":null}}`, echo("q5"), errcode.UnknownScheme)
	b.add("an unknown op with a bad input: the op comes before the input", flags("Precedence"), plus(pr, "REG-1"),
		`{"id":"q6","scheme":"match_seed_v2","op":"verify","input":{"serverSeed":5,"x":1}}`, echo("q6"), errcode.UnknownOp)
	// match_seed_v1 answers scheme_unspecified whatever the op or the input
	// holds, but only once the envelope is well formed (REG-2, RUN-6).
	v1 := reqs("REG-2", "RUN-6")
	b.add("match_seed_v1 with an unknown op and unknown fields is still only unspecified", flags("Precedence"), v1,
		`{"id":"v1-e","scheme":"match_seed_v1","op":"nope","input":{"x":null,"y":[1,2]}}`, echo("v1-e"), errcode.SchemeUnspecified)
	b.add("match_seed_v1 with an input that is not an object: the envelope comes first", flags("Precedence"), plus(v1, "RUN-3"),
		`{"id":"v1-f","scheme":"match_seed_v1","op":"draws","input":[]}`, echo("v1-f"), errcode.MalformedRequest)
	b.add("match_seed_v1 with no id: the envelope comes first", flags("Precedence"), plus(v1, "RUN-3"),
		`{"scheme":"match_seed_v1","op":"draws","input":{}}`, nil, errcode.MalformedRequest)
	b.add("match_seed_v1 with an extra envelope member", flags("Precedence"), plus(v1, "RUN-3"),
		`{"id":"v1-h","scheme":"match_seed_v1","op":"draws","input":{},"trace":true}`, echo("v1-h"), errcode.MalformedRequest)
	b.add("match_seed_v1 with an op that is not a string", flags("Precedence"), plus(v1, "RUN-3"),
		`{"id":"v1-i","scheme":"match_seed_v1","op":null,"input":{}}`, echo("v1-i"), errcode.MalformedRequest)
	b.add("match_seed_v1 on a line with a repeated key", flags("Precedence"), plus(v1, "RUN-4"),
		`{"id":"v1-j","scheme":"match_seed_v1","op":"draws","input":{"a":1,"a":1}}`, nil, errcode.MalformedRequest)
}

// invalidUTF8Cases: invalid UTF-8 and lone surrogates, read byte by byte
// (RUN-8).
func (b *protocolBuilder) invalidUTF8Cases(seedA, commit string) {
	// Invalid UTF-8, read byte by byte (RUN-8). A reader that replaces a
	// truncated sequence with one U+FFFD (maximal subpart) gives another code on
	// several of these lines; the file stores them in hex.
	u := reqs("RUN-8", "RUN-4")
	inputKeys := func(idv, k1, k2 string) string {
		return `{"id":"` + idv + `","scheme":"match_seed_v2","op":"commit","input":{"` + k1 + `":1,"` + k2 + `":2}}`
	}
	b.add(`the line {"\xE2\x82":1,"\xE2":2}: two U+FFFD and one, two different keys, neither a request member`, flags("InvalidBytes"), plus(u, "RUN-3"),
		"{\"\xE2\x82\":1,\"\xE2\":2}", nil, errcode.MalformedRequest)
	b.add(`input keys E2 82 and E2: two U+FFFD and one are different keys, so unknown_field (one and one would be a repeated key)`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u1", "\xE2\x82", "\xE2"), echo("u1"), errcode.UnknownField)
	b.add(`input keys E2 82 and FF FF: two U+FFFD each, a repeated key (one and two would be unknown_field)`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u2", "\xE2\x82", "\xFF\xFF"), nil, errcode.MalformedRequest)
	b.add(`input keys F0 9F 98 (a four-byte sequence cut short) and FF FF FF: three U+FFFD each, a repeated key`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u3", "\xF0\x9F\x98", "\xFF\xFF\xFF"), nil, errcode.MalformedRequest)
	b.add(`input keys C0 AF (an overlong '/') and FF FF: two U+FFFD each, a repeated key (a reader that decodes overlong forms sees '/')`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u4", "\xC0\xAF", "\xFF\xFF"), nil, errcode.MalformedRequest)
	b.add(`input keys E0 80 AF (an overlong '/' in three bytes) and 80 80 80: three U+FFFD each, a repeated key`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u5", "\xE0\x80\xAF", "\x80\x80\x80"), nil, errcode.MalformedRequest)
	b.add(`input keys ED A0 80 (the surrogate U+D800 encoded) and FF FF FF: three U+FFFD each, a repeated key`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u6", "\xED\xA0\x80", "\xFF\xFF\xFF"), nil, errcode.MalformedRequest)
	b.add(`input keys ED A0 80 and the escape \ud800: three U+FFFD against one, different keys (a reader that keeps surrogates sees U+D800 twice)`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u7", "\xED\xA0\x80", `\ud800`), echo("u7"), errcode.UnknownField)
	b.add(`input keys F4 90 80 80 (beyond U+10FFFF) and FF FF FF FF: four U+FFFD each, a repeated key`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u8", "\xF4\x90\x80\x80", "\xFF\xFF\xFF\xFF"), nil, errcode.MalformedRequest)
	b.add(`input keys E2 82 AC (the euro sign, well formed) and the escape \u20ac: the same key`, flags("Precedence"), u,
		inputKeys("u9", "\xE2\x82\xAC", `\u20ac`), nil, errcode.MalformedRequest)
	b.add(`input keys \ud800 and \udc00, two lone surrogate escapes: one U+FFFD each, a repeated key`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u10", `\ud800`, `\udc00`), nil, errcode.MalformedRequest)
	b.add(`input keys \ud800\u0041 and \ufffdA: a lone high surrogate, then the next escape read on its own`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u11", `\ud800\u0041`, `\ufffdA`), nil, errcode.MalformedRequest)
	b.add(`input keys \udc00\ud800\udc00 and \ufffd\ud800\udc00: a lone low surrogate, then a pair`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u12", `\udc00\ud800\udc00`, `\ufffd\ud800\udc00`), nil, errcode.MalformedRequest)
	b.add(`input keys \ud800\udc00 (a pair, U+10000) and \ufffd\ufffd: different keys`, flags("InvalidBytes", "Precedence"), u,
		inputKeys("u13", `\ud800\udc00`, `\ufffd\ufffd`), echo("u13"), errcode.UnknownField)
	b.add(`an id holding E2 82: echoed as two U+FFFD`, flags("InvalidBytes"), reqs("RUN-8", "RUN-3"),
		"{\"id\":\"\xE2\x82\","+commit+"}", echo("\uFFFD\uFFFD"), "")
	b.add(`an id holding F0 9F 98 then E2: echoed as four U+FFFD`, flags("InvalidBytes"), reqs("RUN-8", "RUN-3"),
		"{\"id\":\"\xF0\x9F\x98\xE2\","+commit+"}", echo("\uFFFD\uFFFD\uFFFD\uFFFD"), "")
	b.add(`an invalid byte outside a string is a syntax error`, flags("InvalidBytes"), reqs("RUN-8", "RUN-3"),
		"{\"id\":\"u14\",\xFF"+commit+"}", nil, errcode.MalformedRequest)
	b.add(`a line cut inside a sequence, inside a string`, flags("InvalidBytes"), reqs("RUN-8", "RUN-3"),
		`{"id":"u15","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"`+"\xE2", nil, errcode.MalformedRequest)
	b.add(`a server seed of 62 hex digits and the bytes E2 82: 64 bytes but not 64 hex characters`, flags("InvalidBytes"), reqs("RUN-8", "SEED-1"),
		`{"id":"u16","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"`+seedA[:62]+"\xE2\x82"+`"}}`, echo("u16"), errcode.InvalidHex)
}

// countCases: LIM-5's bounds on a line, 65,536 values and 4,096 objects and
// members, at the bound and one past it, and what a reader meets first. A
// line past the bound on values takes 128 KiB however it is written, so the
// file holds one; the line at that bound, and lines past it in every field,
// are go/internal/ops's tests and tools/cross/differential.py's. Objects take three
// bytes each, and the order of checks is pinned with them.
func (b *protocolBuilder) countCases(seedA string) {
	rq := reqs("LIM-5", "RUN-5")
	pr := plus(rq, "RUN-6")
	zeros := func(n int) string { return strings.TrimSuffix(strings.Repeat("0,", n), ",") }
	objects := func(n int) string { return strings.TrimSuffix(strings.Repeat("{},", n), ",") }
	seedOf := func(idv, value string) string {
		return `{"id":"` + idv + `","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":` + value + `}}`
	}
	// The request, id, scheme, op, input and serverSeed are six values: an
	// array of 65,531 numbers makes 65,537.
	b.add("65,537 values, one past the bound for a line: refused where the last begins", flags("Limit", "EdgeCase"), rq,
		seedOf("c1", "["+zeros(65531)+"]"), nil, errcode.InputTooLarge)
	// The request and its four members, input and its one member are seven
	// objects and members: 4,089 objects make 4,096.
	b.add("4,096 objects and members, the bound for a line: read, then the seed refused for its type", flags("Limit", "EdgeCase"), rq,
		seedOf("c2", "["+objects(4089)+"]"), echo("c2"), errcode.WrongType)
	b.add("4,097 objects and members: refused where the object past the bound begins", flags("Limit", "EdgeCase"), rq,
		seedOf("c3", "["+objects(4090)+"]"), nil, errcode.InputTooLarge)
	many := func(idv string, n int, extra string) string {
		var m strings.Builder
		for k := range n {
			m.WriteString(`,"` + strconv.FormatInt(int64(k), 36) + `":0`)
		}
		return `{"id":"` + idv + `","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"` + seedA + `"` + m.String() + extra + `}}`
	}
	// The request, its four members, input and serverSeed are seven: 4,090
	// more members make 4,097.
	b.add("4,097 objects and members, the last a member: refused where its key begins", flags("Limit", "EdgeCase"), rq,
		many("c5", 4090, ""), nil, errcode.InputTooLarge)
	b.add("a key that is both a repeat and the member past the bound: the repeat is checked first", flags("Limit", "Precedence"), plus(pr, "RUN-4"),
		many("c6", 4089, `,"0":1`), nil, errcode.MalformedRequest)
	b.add("a repeated key, then more objects than the bound: the repeat is met first", flags("Limit", "Precedence"), plus(pr, "RUN-4"),
		`{"id":"c7","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":0,"serverSeed":[`+objects(5000)+`]}}`, nil, errcode.MalformedRequest)
	b.add("a syntax error, then more objects than the bound: the error is met first", flags("Limit", "Precedence"), pr,
		seedOf("c8", "[{},nul,"+objects(5000)+"]"), nil, errcode.MalformedRequest)
	b.add("the object past the bound is not finished: counted where it begins, so too large", flags("Limit", "Precedence"), pr,
		seedOf("c9", "["+objects(4089)+`,{"a"]`), nil, errcode.InputTooLarge)
	b.add("past the bound a byte that begins no value: a syntax error, not a value", flags("Limit", "Precedence"), pr,
		seedOf("c10", "["+objects(4089)+",x]"), nil, errcode.MalformedRequest)
	b.add("the object past the bound is also one level too deep: too large either way, the depth checked first", flags("Limit", "Precedence"), pr,
		seedOf("c11", "["+objects(4089)+","+strings.Repeat("[", 29)+"{}"+strings.Repeat("]", 29)+"]"), nil, errcode.InputTooLarge)
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

// implementationCases: the exchange in which an implementation names itself
// (IMPL-1), checked as RUN-6 checks any request. Their group is
// protocol/implementation: an adapter that does not answer the exchange
// lacks them (IMPL-3).
func (b *protocolBuilder) implementationCases() {
	b.group = "implementation"
	defer func() { b.group = "" }()
	rq := reqs("IMPL-1")
	b.add("the implementation request: the adapter names itself and its ops", flags("Valid"), rq,
		`{"id":"i1","scheme":"pfkit","op":"implementation","input":{}}`, echo("i1"), "")
	b.add("the implementation request takes no field", flags(), plus(rq, "RUN-6"),
		`{"id":"i2","scheme":"pfkit","op":"implementation","input":{"protocol":1}}`, echo("i2"), errcode.UnknownField)
	b.add("pfkit's one op is implementation", flags(), plus(rq, "RUN-6"),
		`{"id":"i3","scheme":"pfkit","op":"version","input":{}}`, echo("i3"), errcode.UnknownOp)
	b.add("the runner's scheme is case-sensitive like every other", flags("Encoding"), plus(rq, "REG-1"),
		`{"id":"i4","scheme":"PFKIT","op":"implementation","input":{}}`, echo("i4"), errcode.UnknownScheme)
	b.add("an unknown op with a field: the op comes before the input", flags("Precedence"), plus(rq, "RUN-6"),
		`{"id":"i5","scheme":"pfkit","op":"who","input":{"x":1}}`, echo("i5"), errcode.UnknownOp)
	b.add("the implementation request with an input that is not an object: the envelope comes first", flags("Precedence"), plus(rq, "RUN-3", "RUN-6"),
		`{"id":"i6","scheme":"pfkit","op":"implementation","input":[]}`, echo("i6"), errcode.MalformedRequest)
	b.add("the implementation request with an extra envelope member", flags("Precedence"), plus(rq, "RUN-3", "RUN-6"),
		`{"id":"i7","scheme":"pfkit","op":"implementation","input":{},"protocol":1}`, echo("i7"), errcode.MalformedRequest)
}
