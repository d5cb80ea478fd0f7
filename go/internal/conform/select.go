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
	for _, list := range [][]string{only, skip} {
		if err := CheckPatterns(list); err != nil {
			return nil, err
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

// kitOps is every scheme/op of this kit's op table, sorted: what a port
// implements in full.
func kitOps() []string {
	var out []string
	for s := range ops.Schemes {
		for _, op := range ops.OpNames(s) {
			out = append(out, s+"/"+op)
		}
	}
	sort.Strings(out)
	return out
}

// CheckPatterns refuses a pattern that names no scheme or op of this kit.
func CheckPatterns(patterns []string) error {
	names := Known()
	for _, p := range patterns {
		if !names[p] {
			return fmt.Errorf("%s names no scheme or op; expected a scheme or scheme/op among: %s", escape.Quoted(p), strings.Join(known(names), ", "))
		}
	}
	return nil
}

// Files counts the files the cases come from (a case's name is its file's
// path, "#" and its id).
func Files(cases []vectors.Runnable) int {
	seen := map[string]bool{}
	for _, c := range cases {
		if i := strings.LastIndexByte(c.Name, '#'); i >= 0 {
			seen[c.Name[:i]] = true
		} else {
			seen[c.Name] = true
		}
	}
	return len(seen)
}

// CasesFrom is "18 cases from 1 file", in the number each count takes.
func CasesFrom(cases, files int) string {
	return countOf(cases, "case", "cases") + " from " + countOf(files, "file", "files")
}
