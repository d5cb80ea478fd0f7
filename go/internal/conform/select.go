package conform

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

// Select keeps the cases that match a pattern of only (every case when only is
// empty) and no pattern of skip. A pattern is a scheme ("selfpoker_v1") or a
// scheme and op ("match_seed_v2/draws"); the envelope cases of protocol.json are
// "protocol/envelope". A pattern that matches no case is an error, so that a
// typo never quietly runs nothing, or everything.
func Select(cases []vectors.Runnable, only, skip []string) ([]vectors.Runnable, error) {
	present := map[string]bool{}
	for _, c := range cases {
		present[c.Scheme] = true
		present[c.Scheme+"/"+c.Op] = true
	}
	for _, list := range [][]string{only, skip} {
		for _, p := range list {
			if !present[p] {
				return nil, fmt.Errorf("%s matches no case; expected a scheme or scheme/op among: %s", escape.Quoted(p), strings.Join(known(present), ", "))
			}
		}
	}
	matches := func(c vectors.Runnable, patterns []string) bool {
		for _, p := range patterns {
			if p == c.Scheme || p == c.Scheme+"/"+c.Op {
				return true
			}
		}
		return false
	}
	var out []vectors.Runnable
	for _, c := range cases {
		if (len(only) == 0 || matches(c, only)) && !matches(c, skip) {
			out = append(out, c)
		}
	}
	return out, nil
}

func known(present map[string]bool) []string {
	var out []string
	for k := range present {
		if strings.Contains(k, "/") {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}
