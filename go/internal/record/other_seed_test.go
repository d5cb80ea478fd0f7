package record

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// otherSeedRecord is bridge.json with the last digit of its server seed
// changed; edit adjusts it further before it is verified.
func otherSeedRecord(t *testing.T, edit func(rec map[string]any)) *Report {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "bridge.json"))
	require.NoError(t, err)
	var rec map[string]any
	require.NoError(t, json.Unmarshal(raw, &rec))
	srv := rec["serverSeed"].(string)
	last := "0"
	if strings.HasSuffix(srv, "0") {
		last = "1"
	}
	rec["serverSeed"] = srv[:len(srv)-1] + last
	edit(rec)
	data, err := json.Marshal(rec)
	require.NoError(t, err)
	rep, err := VerifyBytes(data)
	require.NoError(t, err)
	return rep
}

// recommit makes the record's commitment the SHA-256 of its (edited) seed,
// computed here with crypto/sha256, so the commitment check passes.
func recommit(rec map[string]any) {
	sum := sha256.Sum256([]byte(rec["serverSeed"].(string)))
	rec["commitment"] = hex.EncodeToString(sum[:])
}

func checkNamed(t *testing.T, rep *Report, name string) Check {
	t.Helper()
	for _, c := range rep.Checks {
		if c.Name == name {
			return c
		}
	}
	require.Failf(t, "no check", "%q", name)
	return Check{}
}

// REC-11: an edited server seed fails its commitment and every deal; the
// deals then say in one line that they follow from another seed, with the
// count the ordinary listing gives (the same seed with its own commitment).
// When the commitment holds, or one deal matches, every check lists as usual.
func TestOtherSeedSaysSoInOneLine(t *testing.T) {
	listed := otherSeedRecord(t, recommit) // the commitment holds: deals listed
	for _, deal := range []string{"deal 1", "deal 2"} {
		c := checkNamed(t, listed, deal)
		require.False(t, c.OK)
		require.NotEmpty(t, c.Mismatches, deal)
		n := len(c.Mismatches) + c.More

		c = checkNamed(t, otherSeedRecord(t, func(map[string]any) {}), deal)
		assert.False(t, c.OK, deal)
		assert.Empty(t, c.Mismatches, deal)
		assert.Zero(t, c.More, deal)
		assert.Equal(t, strconv.Itoa(n)+" values differ, all following from a server seed other than the committed one", c.Summary, deal)
	}
	rep := otherSeedRecord(t, func(map[string]any) {})
	assert.Equal(t, Failed, rep.Status)
	assert.NotEmpty(t, checkNamed(t, rep, "commitment").Mismatches, "the commitment keeps its mismatch")
	assert.Equal(t, []string{"/commitment", "/seats/0", "/seats/1", "/seats/2", "/seats/3", "/deals/0", "/deals/1"}, rep.Failures())

	// Deal 1 made what the edited seed deals (the listed report's expected
	// values), the commitment left failing: deal 2 lists its mismatches.
	fixed := checkNamed(t, listed, "deal 1").Mismatches
	rep = otherSeedRecord(t, func(rec map[string]any) {
		for _, m := range fixed {
			var d, s, i int
			_, err := sscanPointer(m.Pointer, &d, &s, &i)
			require.NoError(t, err)
			rec["deals"].([]any)[d].([]any)[s].([]any)[i] = m.Expected
		}
	})
	assert.True(t, checkNamed(t, rep, "deal 1").OK)
	c := checkNamed(t, rep, "deal 2")
	assert.False(t, c.OK)
	assert.NotEmpty(t, c.Mismatches)
	assert.Equal(t, checkNamed(t, listed, "deal 2").Summary, c.Summary)
}

// sscanPointer reads /deals/D/S/I.
func sscanPointer(p string, d, s, i *int) (int, error) {
	parts := strings.Split(strings.TrimPrefix(p, "/deals/"), "/")
	for k, dst := range []*int{d, s, i} {
		v, err := strconv.Atoi(parts[k])
		if err != nil {
			return k, err
		}
		*dst = v
	}
	return 3, nil
}
