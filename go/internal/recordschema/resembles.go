package recordschema

import "github.com/pfkit/pfkit/v2/go/internal/escape"

// missingBeside is SCH-2's complaint of a missing property when a member the
// schema does not name resembles it (REF-7): both named, the guess last.
// Node and Python word it alike.
func missingBeside(name, unknown string) *Violation {
	return violation(codeMissingBeside, "name", escape.Clipped(name), "unknown", escape.Clipped(unknown))
}

// resembling is the member of o that properties does not name and that
// resembles name (REF-7): at the least edit distance from it, counting an
// insertion, a deletion, a substitution or a swap of two neighbouring
// characters as one, at most 1 for a name of 2 to 5 characters and 2 for a
// longer one (a name of one character resembles nothing); of several, the first in code point order. Only members
// within 2 characters of the name's length are measured, so the cost does
// not grow with what a hostile key holds.
func resembling(n *node, o object, name string) (string, bool) {
	target := []rune(name)
	limit := min(1, len(target)-1)
	if len(target) > 5 {
		limit = 2
	}
	best, bestD := "", limit+1
	for k := range o {
		if n.names(k) || len(k) > 4*(len(target)+2) {
			continue
		}
		key := []rune(k)
		if len(key) < len(target)-2 || len(key) > len(target)+2 {
			continue
		}
		if d := swapDistance(key, target); d < bestD || (d == bestD && k < best) {
			best, bestD = k, d
		}
	}
	return best, bestD <= limit
}

// swapDistance is the optimal string alignment distance: Levenshtein's, with
// a swap of two neighbouring characters as one edit.
func swapDistance(a, b []rune) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
