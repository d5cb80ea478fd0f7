package strictjson_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/record"
	"github.com/pfkit/pfkit/v2/go/internal/strictjson"
)

// count counts what LIM-5 counts in a document, from encoding/json's reading
// of it: every value, and every object and every member.
func count(t *testing.T, doc string) (values, objects int) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	var walk func(v any)
	walk = func(v any) {
		values++
		switch x := v.(type) {
		case map[string]any:
			objects += 1 + len(x)
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return values, objects
}

// repeat joins n copies of item with commas.
func repeat(item string, n int) string { return strings.TrimSuffix(strings.Repeat(item+",", n), ",") }

var (
	hex = strings.Repeat("ab", 32)
	// proof is one card of a leave bundle with its Merkle path.
	proof = `{"position":0,"card":"2c","salt":"` + hex + `","path":[` + repeat(`"`+hex+`"`, 6) + `]}`
)

// The largest records the schemas allow, each at every bound its schema
// gives: the most values (a backgammon match of 100 games, each of 1,000
// opening throws and 1,000 rolls) and the most objects and members (a leave
// bundle of 500 hands, each of ten seats, two cards and five board cards).
var largestRecords = map[string]string{
	"backgammon": `{"scheme":"match_seed_v2","kind":"match","game":"backgammon","matchId":"m","commitment":"` + hex + `","serverSeed":"` + hex +
		`","clientSeeds":["a","b"],"seats":[0,1],"backgammonOpening":"one_die_each","games":[` +
		repeat(`{"opening":[`+repeat("[1,2]", 1000)+`],"first":0,"rolls":[`+repeat("[3,4]", 1000)+`]}`, 100) + `]}`,
	"leave": `{"scheme":"poker_hmac_v1","kind":"leave","table":"t","session":"s","seat":0,"dealing":"pairs","firstHand":1,"hands":[` +
		repeat(`{"hand":1,"seats":[0,1,2,3,4,5,6,7,8,9],"handCommitment":"`+hex+`","root":"`+hex+`","cards":[`+repeat(proof, 2)+`],"board":[`+repeat(proof, 5)+`]}`, 500) + `]}`,
	"session": `{"scheme":"poker_hmac_v1","kind":"session","table":"t","session":"s","sessionCommitment":"published","firstHand":1,"commitment":"` + hex +
		`","serverSeed":"` + hex + `","rotation":"hands","opened":"2026-11-29T20:00:00Z","closed":"2026-11-29T21:00:00Z","hands":[` +
		repeat(`{"hand":1,"seats":[`+repeat(`{"seat":0,"clientSeed":"c"}`, 10)+`],"handCommitment":"`+hex+`","root":"`+hex+`","deck":[`+repeat(`"2c"`, 52)+`]}`, 500) + `]}`,
	"baloot": `{"scheme":"match_seed_v2","kind":"match","game":"baloot","matchId":"m","commitment":"` + hex + `","serverSeed":"` + hex +
		`","clientSeeds":["a","b","c","d"],"seats":[0,1,2,3],"balootDeal":"blocks","balootDeck":[` + repeat(`"7c"`, 32) + `],"hands":[` +
		repeat(`{"first":[`+repeat(`[`+repeat(`"7c"`, 5)+`]`, 4)+`],"upcard":"7c","buyer":0,"final":[`+repeat(`[`+repeat(`"7c"`, 8)+`]`, 4)+`]}`, 1000) + `]}`,
}

// The largest requests the op table allows: the most values (an inject of
// 4,096 words and 256 steps) and the most objects and members (a match of
// 1,000 baloot hands).
var largestRequests = map[string]string{
	"inject": `{"id":"a","scheme":"match_seed_v2","op":"inject","input":{"words":[` + repeat("1", 4096) + `],"program":[` + repeat(`{"op":"int","n":1}`, 256) + `]}}`,
	"baloot": `{"id":"a","scheme":"match_seed_v2","op":"match","input":{"serverSeed":"` + hex + `","game":"baloot","matchId":"m","clientSeeds":["a","b","c","d"],` +
		`"play":{"hands":[` + repeat(`{"buyer":null}`, 1000) + `],"balootDeal":"blocks","balootDeck":["7c","8c","9c","Tc","Jc","Qc","Kc","Ac","7d","8d","9d","Td","Jd","Qd","Kd","Ad",` +
		`"7h","8h","9h","Th","Jh","Qh","Kh","Ah","7s","8s","9s","Ts","Js","Qs","Ks","As"]}}}`,
	"draws": `{"id":"a","scheme":"match_seed_v2","op":"draws","input":{"serverSeed":"` + hex + `","game":"g","matchId":"m","clientSeeds":[` + repeat(`"c"`, 16) +
		`],"program":[` + repeat(`{"op":"shuffle","n":4}`, 256) + `]}}`,
}

// LIM-5's second paragraph: the figures it gives for the largest record and
// request, counted here from the inputs built at every bound of the schemas
// and the op table, and each input accepted by the reference; every figure
// is under its bound, and the reader counts exactly what the figures
// count (one fewer value, object or member allowed and it refuses).
func TestLargestInputsAreUnderTheBounds(t *testing.T) {
	want := map[string][2]int{ // values, objects and members, worked out by hand
		"record backgammon": {600_415, 411},
		"record leave":      {47_009, 21_009},
		"record session":    {44_013, 18_013},
		"record baloot":     {65_052, 5_012},
		"request inject":    {4_871, 776},
		"request baloot":    {2_049, 2_015},
		"request draws":     {794, 779},
	}
	mostValues, mostObjects := map[string]int{}, map[string]int{}
	check := func(name, doc string, lim strictjson.Limits) {
		values, objects := count(t, doc)
		assert.Equal(t, want[name], [2]int{values, objects}, name)
		kind := strings.Fields(name)[0]
		mostValues[kind] = max(mostValues[kind], values)
		mostObjects[kind] = max(mostObjects[kind], objects)
		assert.Less(t, values, lim.MaxValues, name)
		assert.Less(t, objects, lim.MaxObjects, name)
		exact := lim
		exact.MaxValues, exact.MaxObjects = values, objects
		_, err := strictjson.Parse([]byte(doc), exact)
		assert.NoError(t, err, name)
		exact.MaxValues = values - 1
		_, err = strictjson.Parse([]byte(doc), exact)
		assert.ErrorIs(t, err, strictjson.ErrTooLarge, name)
		exact.MaxValues, exact.MaxObjects = values, objects-1
		_, err = strictjson.Parse([]byte(doc), exact)
		assert.ErrorIs(t, err, strictjson.ErrTooLarge, name)
	}
	for name, doc := range largestRecords {
		_, err := record.Read([]byte(doc))
		require.NoError(t, err, "%s: valid against its schema", name)
		check("record "+name, doc, record.Limits)
	}
	for name, doc := range largestRequests {
		resp := ops.Eval([]byte(doc))
		require.Nil(t, resp.Error, "%s: %+v", name, resp.Error)
		check("request "+name, doc, strictjson.Default)
	}
	// The figures LIM-5 gives.
	assert.Equal(t, map[string]int{"record": 600_415, "request": 4_871}, mostValues)
	assert.Equal(t, map[string]int{"record": 21_009, "request": 2_015}, mostObjects)
	assert.True(t, bytes.Contains([]byte(largestRecords["backgammon"]), []byte(`"games":[{"opening":[[1,2],`)))
}
