// Package suggest finds the name a user most likely meant when they
// typed one that is not known ("xwing" for x-wing), for "did you mean"
// hints in error messages.
package suggest

import "strings"

// Distance is the Levenshtein distance between a and b: the fewest
// letters inserted, deleted or changed to make one the other.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Nearest returns the name of names that word most likely means, or ""
// when none is near: the same name but for case and the separators '-',
// '_', '.' and spaces ("X Wing", "xwing" for x-wing), else the one at the
// least edit distance of those at most 2 letters off, when the word is
// longer than that distance (ties to the first in names).
func Nearest(word string, names []string) string {
	w := fold(word)
	if w == "" {
		return ""
	}
	best, bestD := "", 3
	for _, n := range names {
		d := Distance(w, fold(n))
		if d == 0 {
			return n
		}
		if d < bestD {
			best, bestD = n, d
		}
	}
	if bestD < len(w) {
		return best
	}
	return ""
}

// fold is s in lower case without separators.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', '_', '.', ' ':
			return -1
		}
		return r
	}, strings.ToLower(s))
}
