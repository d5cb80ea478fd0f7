package conform

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pfkit/pfkit/v2/go/internal/escape"
	"github.com/pfkit/pfkit/v2/go/internal/ops"
	"github.com/pfkit/pfkit/v2/go/internal/vectors"
)

// Select keeps the cases that match a pattern of only (every case when only is
// empty) and no pattern of skip. A pattern is a scheme ("selfpoker_v1") or a
// scheme and op ("match_seed_v2/draws"); the envelope cases of protocol.json are
// "protocol/envelope". A pattern must name a scheme or op this pfkit knows, so
// that a typo never quietly runs nothing, or everything; one that matches no
// case of the chosen files is fine, so that a fixed --skip in CI works on any
// subset of the paths.
func Select(cases []vectors.Runnable, only, skip []string) ([]vectors.Runnable, error) {
	names := Known()
	for _, list := range [][]string{only, skip} {
		for _, p := range list {
			if !names[p] {
				return nil, fmt.Errorf("%s names no scheme or op; expected a scheme or scheme/op among: %s", escape.Quoted(p), strings.Join(known(names), ", "))
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

// Known is every name a pattern may use: each scheme of the op table and each
// of its ops, and protocol.json's group.
func Known() map[string]bool {
	names := map[string]bool{"protocol": true, "protocol/envelope": true, "protocol/implementation": true}
	for s := range ops.Schemes {
		names[s] = true
		for _, op := range ops.OpNames(s) {
			names[s+"/"+op] = true
		}
	}
	return names
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
