package ops

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/errcode"
	"github.com/pfkit/pfkit/v2/go/internal/scheme"
)

func eval(t *testing.T, line string) (map[string]any, *ErrorBody) {
	t.Helper()
	r := Eval([]byte(line))
	if r.Error != nil {
		return nil, r.Error
	}
	b, err := json.Marshal(r.Output)
	require.NoError(t, err)
	var out map[string]any
	require.NoError(t, json.Unmarshal(b, &out))
	return out, nil
}

// Shuffles worked by hand from the spec's loop: i from n-1 down to 1,
// j = word mod (i+1), swap a[i] and a[j].
func TestInjectShufflesWorkedByHand(t *testing.T) {
	for _, tc := range []struct {
		words string
		n     int
		want  []any
	}{
		{"[0,0,0]", 4, []any{1.0, 2.0, 3.0, 0.0}},
		{"[3,2,1]", 4, []any{0.0, 1.0, 2.0, 3.0}},
		{"[1,1,1,1]", 5, []any{0.0, 2.0, 3.0, 4.0, 1.0}},
		// limit(4) = 2^52, so 2^52-1 is kept: j = 3, no swap; then 0, 0.
		{"[4503599627370495,0,0]", 4, []any{1.0, 2.0, 0.0, 3.0}},
		// limit(3) = 2^52-1, so 2^52-1 is discarded before j = 0 is drawn.
		{"[4503599627370495,0,0]", 3, []any{1.0, 2.0, 0.0}},
	} {
		out, e := eval(t, `{"id":"x","scheme":"match_seed_v2","op":"inject","input":{"words":`+tc.words+`,"program":[{"op":"shuffle","n":`+string(rune('0'+tc.n))+`}]}}`)
		require.Nil(t, e, "%v", e)
		assert.Equal(t, []any{tc.want}, out["results"], "words %s", tc.words)
	}
}

func TestErrorsNameWhatWasExpectedAndFound(t *testing.T) {
	for _, tc := range []struct {
		line string
		code errcode.Code
		has  []string
	}{
		{`{"id":"1","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"ABC"}}`, errcode.InvalidHex, []string{"serverSeed", "expected 64", "found 3"}},
		{`{"id":"1","scheme":"match_seed_v2","op":"draws","input":{"serverSeed":"` + strings.Repeat("a", 64) + `","game":"g","matchId":"m","clientSeeds":["a,1=b"],"program":[{"op":"word"}]}}`,
			errcode.InvalidIdentifier, []string{"clientSeeds[0]", "\",\"", "at position 1"}},
		{`{"id":"1","scheme":"match_seed_v2","op":"draws","input":{"serverSeed":"` + strings.Repeat("a", 64) + `","game":"g","matchId":"m","clientSeeds":["a"],"program":[{"op":"int","n":0}]}}`,
			errcode.OutOfRange, []string{"program[0].n", "found 0"}},
		{`{"id":"1","scheme":"selfpoker_v1","op":"deal","input":{"seed":1234567890123456789,"players":2}}`, errcode.WrongType, []string{"decimal string", "a number"}},
		{`{"id":"1","scheme":"selfpoker_v1","op":"deal","input":{"seed":"+5","players":2}}`, errcode.InvalidInteger, []string{`"+"`}},
		{`{"id":"1","scheme":"nope","op":"x","input":{}}`, errcode.UnknownScheme, []string{"match_seed_v2", `"nope"`}},
		{`{"id":"1","scheme":"match_seed_v1","op":"draws","input":{}}`, errcode.SchemeUnspecified, []string{"not yet published", "until the site publishes the scheme"}},
	} {
		_, e := eval(t, tc.line)
		require.NotNil(t, e, tc.line)
		assert.Equal(t, tc.code, e.Code, tc.line)
		for _, h := range tc.has {
			assert.Contains(t, e.Message, h, tc.line)
		}
	}
}

func TestLimits(t *testing.T) {
	big := `{"id":"1","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"` + strings.Repeat("a", 1<<20) + `"}}`
	_, e := eval(t, big)
	require.NotNil(t, e)
	assert.Equal(t, errcode.InputTooLarge, e.Code)
	deep := `{"id":"1","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":` + strings.Repeat("[", 31) + strings.Repeat("]", 31) + `}}`
	_, e = eval(t, deep)
	require.NotNil(t, e)
	assert.Equal(t, errcode.InputTooLarge, e.Code, "33 levels")
	deep = `{"id":"1","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":` + strings.Repeat("[", 30) + strings.Repeat("]", 30) + `}}`
	_, e = eval(t, deep)
	require.NotNil(t, e)
	assert.Equal(t, errcode.WrongType, e.Code, "32 levels parse; the array is just the wrong type")
}

// Responses always carry the id member, null when the request had none.
func TestResponseShape(t *testing.T) {
	b, err := Eval([]byte("not json")).MarshalJSON()
	require.NoError(t, err)
	assert.JSONEq(t, `{"id":null,"error":{"code":"malformed_request","message":"request: expected one JSON object per line: at offset 1: expected null, found \"o\""}}`, string(b))
	b, err = Eval([]byte(`{"id":"q","scheme":"match_seed_v2","op":"commit","input":{"serverSeed":"` + strings.Repeat("0", 64) + `"}}`)).MarshalJSON()
	require.NoError(t, err)
	// sha256 of 64 ASCII zeros, as printed by `printf %064d 0 | sha256sum`.
	assert.JSONEq(t, `{"id":"q","output":{"commitment":"60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55"}}`, string(b))
}

// The runner has ops for exactly the schemes the registry calls specified, and
// none for the one it does not (REG-1, REG-2).
func TestOpsCoverTheSpecifiedSchemes(t *testing.T) {
	var have []string
	for id := range Schemes {
		have = append(have, id)
	}
	assert.ElementsMatch(t, scheme.Specified(), have)
	for _, id := range scheme.IDs() {
		_, specified := Schemes[id]
		_, unspecified := scheme.Unspecified(id)
		assert.True(t, specified != unspecified, "%s is either specified or not", id)
	}
}
