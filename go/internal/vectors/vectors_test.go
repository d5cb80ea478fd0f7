package vectors

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/go/internal/record"
	"github.com/pfkit/pfkit/go/internal/strictjson"
)

const dir = "../../../vectors"

// The committed files are what the generator writes, byte for byte (VEC-2).
func TestCommittedVectorsRegenerate(t *testing.T) {
	problems, err := Check(dir)
	require.NoError(t, err)
	assert.Empty(t, problems, "run: go run ./go/cmd/pfkit vectors generate")
}

// Every file validates against the schema it names, ids are unique and every
// flag has a note (VEC-1).
func TestVectorFilesAreValid(t *testing.T) {
	files, err := Load(dir)
	require.NoError(t, err)
	require.NotEmpty(t, files)
	schemas, err := record.Schemas()
	require.NoError(t, err)
	for _, f := range files {
		t.Run(filepath.Base(filepath.Dir(f.Path))+"/"+filepath.Base(f.Path), func(t *testing.T) {
			obj := f.Raw.(strictjson.Object)
			require.NoError(t, schemas.Validate(obj["schema"].(string), f.Raw))
			notes, _ := obj["notes"].(strictjson.Object)
			seen := map[string]bool{}
			for _, c := range obj["cases"].([]any) {
				co := c.(strictjson.Object)
				id := co["id"].(json.Number).String()
				assert.False(t, seen[id], "duplicate id %s", id)
				seen[id] = true
				for _, fl := range co["flags"].([]any) {
					assert.Contains(t, notes, fl, "case %s: flag without a note", id)
				}
			}
		})
	}
}

// The schema is not a rubber stamp: a case with a bad output shape is refused.
func TestSchemaRejectsBadVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(dir, "match_seed_v2", "commit.json"))
	require.NoError(t, err)
	schemas, err := record.Schemas()
	require.NoError(t, err)
	for name, mutate := range map[string]func(strictjson.Object){
		"unknown top-level member": func(o strictjson.Object) { o["extra"] = true },
		"uppercase commitment": func(o strictjson.Object) {
			c := o["cases"].([]any)[0].(strictjson.Object)
			c["expect"] = strictjson.Object{"commitment": "ABC"}
		},
		"case with both expect and error": func(o strictjson.Object) {
			c := o["cases"].([]any)[0].(strictjson.Object)
			c["error"] = "invalid_hex"
		},
		"unknown error code": func(o strictjson.Object) {
			c := o["cases"].([]any)[3].(strictjson.Object)
			c["error"] = "bad_seed"
		},
	} {
		v, err := strictjson.Parse(data, strictjson.Limits{MaxBytes: 1 << 24, MaxDepth: 64})
		require.NoError(t, err)
		mutate(v.(strictjson.Object))
		assert.Error(t, schemas.Validate("vectors_v1.json", v), name)
	}
}
