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

	"pfkit/go/errcode"
	"pfkit/go/selfpoker"
)

const dir = "../../vectors/records"

// Every example record gives the verdict records/index.json lists: its tampered
// twin fails at exactly the pointers the tampering touched.
func TestExampleRecords(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(dir, "index.json"))
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
	d := selfpoker.NewDeal(exact, 2)
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
