package convert

import (
	"strings"
	"unicode"
)

// splitDigits splits a name into the text before its trailing digits and
// those digits ("sample12" → "sample", "12").
func splitDigits(name string) (string, string) {
	i := strings.LastIndexFunc(name, func(r rune) bool { return !unicode.IsDigit(r) }) + 1
	return name[:i], name[i:]
}

// paddedNames maps each name to one whose trailing number is zero-padded
// to the widest such number among names with the same prefix, so that
// the lexicographic order of the Kattis format is the natural order of
// the native one ("2" before "10" becomes "02" before "10").
func paddedNames(names []string) map[string]string {
	width := map[string]int{}
	for _, n := range names {
		p, d := splitDigits(n)
		width[p] = max(width[p], len(d))
	}
	out := make(map[string]string, len(names))
	for _, n := range names {
		p, d := splitDigits(n)
		if d == "" {
			out[n] = n
			continue
		}
		out[n] = p + strings.Repeat("0", width[p]-len(d)) + d
	}
	return out
}
