package record

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/cards"
	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/reading"
	"github.com/pfkit/pfkit/v2/go/internal/selfpoker"
)

const dir = "../../../vectors/records"

// Every example record gives the verdict records-index.json lists: its tampered
// twin fails at exactly the pointers the tampering touched.
func TestExampleRecords(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(dir, "..", "records-index.json"))
	require.NoError(t, err)
	var idx struct {
		Records []struct {
			File, Status, Code string
			Failures           []string
		}
	}
	require.NoError(t, json.Unmarshal(data, &idx))
	require.NotEmpty(t, idx.Records)
	twins := 0
	for _, e := range idx.Records {
		t.Run(e.File, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(dir, e.File))
			require.NoError(t, err)
			rep, err := VerifyBytes(raw)
			var un *Unreadable
			var us *Unspecified
			switch e.Status {
			case "unreadable":
				require.True(t, errors.As(err, &un), "expected unreadable, got %v", err)
				assert.Equal(t, errcode.Code(e.Code), un.Code)
			case "unspecified":
				require.True(t, errors.As(err, &us), "expected unspecified, got %v", err)
			default:
				require.NoError(t, err)
				assert.Equal(t, e.Status, rep.Status)
				assert.Equal(t, e.Failures, rep.Failures())
			}
		})
		if strings.HasSuffix(e.File, ".tampered.json") {
			twins++
			assert.Equal(t, "failed", e.Status, "a tampered twin must fail")
		}
	}
	assert.GreaterOrEqual(t, twins, 14, "every scheme and game has a tampered twin")
}

// A 19-digit seed written as a bare JSON number is read digit for digit: the
// hand verifies against the exact seed, and a commit made from the float64
// rounding (…768) is caught.
func TestBareNumberSeedIsExact(t *testing.T) {
	const exact, rounded = 1234567890123456789, 1234567890123456768
	d, err := selfpoker.NewDeal(exact, 2, reading.Pairs)
	require.NoError(t, err)
	body := func(commit string) []byte {
		hands, _ := json.Marshal([][]string{selfpoker.Names(d.Hands[0][:]), selfpoker.Names(d.Hands[1][:])})
		return []byte(`{"scheme":"selfpoker_v1","kind":"hand_end","commit":"` + commit + `","fairplay":{"seed":1234567890123456789},"hands":` + string(hands) + `,"board":[]}`)
	}
	rep, err := VerifyBytes(body(selfpoker.Commit(exact)))
	require.NoError(t, err)
	assert.Equal(t, Verified, rep.Status)
	rep, err = VerifyBytes(body(selfpoker.Commit(rounded)))
	require.NoError(t, err)
	assert.Equal(t, Failed, rep.Status)
	assert.Equal(t, []string{"/commit"}, rep.Failures())
}

func TestUnreadable(t *testing.T) {
	for name, tc := range map[string]struct {
		data string
		code errcode.Code
	}{
		"not json":       {`{"scheme":`, errcode.MalformedRequest},
		"array":          {`[]`, errcode.MalformedRequest},
		"unknown kind":   {`{"scheme":"selfpoker_v1","kind":"hand"}`, errcode.UnknownScheme},
		"schema":         {`{"scheme":"selfpoker_v1","kind":"hand_end"}`, errcode.InvalidRecord},
		"negative seed":  {`{"scheme":"selfpoker_v1","kind":"hand_end","commit":"` + strings.Repeat("0", 64) + `","fairplay":{"seed":-1},"hands":[["2c","3c"],["4c","5c"]],"board":[]}`, errcode.InvalidRecord},
		"seed of 2^63":   {`{"scheme":"selfpoker_v1","kind":"hand_end","commit":"` + strings.Repeat("0", 64) + `","fairplay":{"seed":"9223372036854775808"},"hands":[["2c","3c"],["4c","5c"]],"board":[]}`, errcode.OutOfRange},
		"duplicate keys": {`{"scheme":"selfpoker_v1","scheme":"selfpoker_v1"}`, errcode.MalformedRequest},
		"too deep":       {strings.Repeat("[", 70) + strings.Repeat("]", 70), errcode.InputTooLarge},
	} {
		_, err := VerifyBytes([]byte(tc.data))
		var un *Unreadable
		if assert.True(t, errors.As(err, &un), "%s: %v", name, err) {
			assert.Equal(t, tc.code, un.Code, name)
		}
	}
	_, err := VerifyBytes([]byte(`{"scheme":"match_seed_v1","kind":"anything"}`))
	var us *Unspecified
	assert.True(t, errors.As(err, &us))
}

// Numbers a schema library cannot even read are refused, not crashed on.
func TestLooseNumbersAreRefused(t *testing.T) {
	for _, n := range []string{"12345678e90123456789", "1e1000000000", "1.0", "-0.0", "6E0"} {
		_, err := VerifyBytes([]byte(`{"scheme":"selfpoker_v1","kind":"hand_end","commit":"` + strings.Repeat("0", 64) + `","fairplay":{"seed":` + n + `},"hands":[["2c","3c"],["4c","5c"]],"board":[]}`))
		var un *Unreadable
		if assert.True(t, errors.As(err, &un), n) {
			assert.Equal(t, errcode.InvalidInteger, un.Code, n)
			assert.Contains(t, un.Message, "/fairplay/seed", n)
		}
	}
}

func TestSessionTimes(t *testing.T) {
	for _, tc := range []struct {
		opened, closed string
		ok             bool
		code           string // non-empty: the record is unreadable with this code
	}{
		{"2026-11-29T20:00:00Z", "2026-11-30T20:00:00Z", true, ""},                             // exactly 24 hours
		{"2026-11-29T20:00:00Z", "2026-11-30T20:00:00.0000000001Z", false, ""},                 // 24 h and 0.1 ns
		{"2026-11-29t20:00:00z", "2026-11-29t21:00:00z", true, ""},                             // lower-case t and z
		{"2016-12-31T23:59:60Z", "2017-01-01T00:00:00Z", true, ""},                             // a leap second
		{"2026-11-29T21:00:00+01:00", "2026-11-29T20:30:00Z", true, ""},                        // offsets
		{"2026-11-29T20:00:00Z", "2026-11-29T19:59:59.999Z", false, ""},                        // closed before opened
		{"2026-11-29T+1:00:00Z", "2026-11-29T21:00:00Z", false, string(errcode.InvalidRecord)}, // a sign in a field
		{"2026-11-29T12:59:60Z", "2026-11-29T21:00:00Z", false, string(errcode.InvalidRecord)}, // a leap second mid-day
		{"2026-02-30T12:00:00Z", "2026-11-29T21:00:00Z", false, string(errcode.InvalidRecord)}, // no such day
	} {
		data, err := os.ReadFile(filepath.Join(dir, "poker-session.json"))
		require.NoError(t, err)
		s := strings.Replace(string(data), `"2026-11-29T20:00:00Z"`, `"`+tc.opened+`"`, 1)
		s = strings.Replace(s, `"2026-11-29T20:41:07Z"`, `"`+tc.closed+`"`, 1)
		rep, err := VerifyBytes([]byte(s))
		if tc.code != "" {
			var un *Unreadable
			if assert.True(t, errors.As(err, &un), "%s %s: %v", tc.opened, tc.closed, err) {
				assert.Equal(t, errcode.Code(tc.code), un.Code)
			}
			continue
		}
		require.NoError(t, err, "%s %s", tc.opened, tc.closed)
		var times *Check
		for i := range rep.Checks {
			if rep.Checks[i].Name == "session times" {
				times = &rep.Checks[i]
			}
		}
		require.NotNil(t, times)
		assert.Equal(t, tc.ok, times.OK, "%s %s: %s", tc.opened, tc.closed, times.Summary)
	}
}

// A loose number is refused at its place, said as SCH-2 says a violation's
// with the words of the record's schema (REF-3): a member by its name, an
// element of a list the catalog words by what it is, others as "entry N",
// the pointer after it with "~" and "/" escaped (RFC 6901); a pointer longer
// than 40 code points cut, its place said from the first step (REF-5). The
// expected messages are written out by hand.
func TestLooseNumberSaysItsPlace(t *testing.T) {
	n := func(s string) json.Number { return json.Number(s) }
	deep := any(n("1.5"))
	for range 20 {
		deep = []any{deep}
	}
	const complaint = ": expected an integer with no fraction or exponent, found "
	cases := []struct {
		name, schema string
		doc          map[string]any
		want         string
	}{
		{"escaped keys", "", map[string]any{"a/b~c": []any{n("1"), n("1.5")}, "z": "x"},
			`entry 2 of "a/b~c" (/a~1b~0c/1)` + complaint + "1.5"},
		{"a card of a bridge deal", "record_match_v1.json", map[string]any{"deals": []any{[]any{[]any{n("1"), n("2.0")}}}},
			`card 2 of hand 1 of deal 1 (/deals/0/0/1)` + complaint + "2.0"},
		{"a poker hand's own words", "record_poker_leave_v1.json", map[string]any{"hands": []any{map[string]any{"x": n("1e0")}}},
			`"x" of hand 1 of the record's list (/hands/0/x)` + complaint + "1e0"},
		{"the seed", "record_selfpoker_v1.json", map[string]any{"fairplay": map[string]any{"seed": n("1.0")}},
			`"seed" of "fairplay" (/fairplay/seed)` + complaint + "1.0"},
		{"sorted keys first", "", map[string]any{"b": n("2.5"), "a": map[string]any{"c": n("1E2")}},
			`"c" of "a" (/a/c)` + complaint + "1E2"},
		{"a hidden character", "", map[string]any{"\x1b[2K": n("0.0")},
			`"\u{001B}[2K" (/\u{001B}[2K)` + complaint + "0.0"},
		{"too deep to say", "", map[string]any{"deep": deep},
			`a value inside "deep" (/deep` + strings.Repeat("/0", 17) + "/…)" + complaint + "1.5"},
	}
	for _, tc := range cases {
		bad := looseNumber(tc.doc, tc.schema)
		if assert.NotNil(t, bad, tc.name) {
			assert.Equal(t, tc.want, bad.Error(), tc.name)
		}
	}
	assert.Nil(t, looseNumber(map[string]any{"a": []any{n("-0"), "1.5"}}, ""))
}

// A selfpoker seed past 2^63 - 1 or written -0, and a listed wall or deck
// that is not an order of the set, are refused at their place (REF-4).
func TestRefusalsAfterTheSchemaSayThePlace(t *testing.T) {
	_, err := handSeed("-0")
	assert.Equal(t, &Unreadable{errcode.InvalidInteger, `"seed" of "fairplay" (/fairplay/seed): expected an integer with no sign, found -0`}, err)
	_, err = handSeed("9223372036854775808")
	assert.Equal(t, &Unreadable{errcode.OutOfRange, `"seed" of "fairplay" (/fairplay/seed): expected an integer from 0 to 9223372036854775807 (2^63 - 1), found 9223372036854775808`}, err)
	seed, err := handSeed("9223372036854775807")
	require.NoError(t, err)
	assert.Equal(t, uint64(1)<<63-1, seed)

	ids := func(n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	wall := cards.Tiles136.Names(ids(136))
	wall[4] = "1m" // a fifth 1m where the first 2m was
	_, err = declaredOrder(cards.Tiles136, "mahjongWall", wall)
	assert.Equal(t, &Unreadable{errcode.InvalidRecord, `"mahjongWall" (/mahjongWall): not an order of the 136 tiles: expected "1m" 4 times, found it 5 times`}, err)
	deck := cards.Baloot32.Names(ids(32))
	deck[0] = deck[1] // the first card gone, the second twice
	_, err = declaredOrder(cards.Baloot32, "balootDeck", deck)
	assert.Equal(t, &Unreadable{errcode.InvalidRecord, `"balootDeck" (/balootDeck): not an order of the 32 cards: expected "` + cards.Baloot32.Name(0) + `" once, found it 0 times`}, err)
}
