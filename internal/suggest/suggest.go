// Package suggest finds the known name closest to a misspelt one, for "did
// you mean" hints.
package suggest

import "strings"

// Closest returns the option nearest to word by edit distance (case
// insensitive), when it is near enough to be a likely misspelling: at
// most a third of the word's length away (and at least 1), or one that
// starts with word. It returns "" when none is.
func Closest(word string, options []string) string {
	w := strings.ToLower(word)
	best, bestD := "", -1
	for _, o := range options {
		lo := strings.ToLower(o)
		if lo == w {
			return o
		}
		d := distance(w, lo)
		if len(w) >= 2 && strings.HasPrefix(lo, w) {
			d = min(d, 1)
		}
		if bestD < 0 || d < bestD {
			best, bestD = o, d
		}
	}
	if bestD < 0 || bestD > max(1, len([]rune(w))/3) {
		return ""
	}
	return best
}

// Hint returns " (did you mean X?)" for the closest option, or "".
func Hint(word string, options []string) string {
	if c := Closest(word, options); c != "" {
		return " (did you mean " + c + "?)"
	}
	return ""
}

// distance is the Damerau-Levenshtein distance (with adjacent
// transpositions) between a and b, in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
