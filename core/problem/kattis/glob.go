package kattis

import (
	"path"
	"strings"
)

// MatchGlob reports whether a glob of submissions.yaml matches name, a
// slash-separated path (a submission under submissions/, or a test case
// under data/ without .in), or one of the folders above it. "*" does not
// match "/"; braces expand ("{a,b}.py"), nested too.
func MatchGlob(glob, name string) bool {
	parts := strings.Split(name, "/")
	for _, g := range expandBraces(glob) {
		gp := strings.Split(strings.TrimSuffix(g, "/"), "/")
		if len(gp) > len(parts) {
			continue
		}
		ok := true
		for i, seg := range gp {
			if m, err := path.Match(seg, parts[i]); err != nil || !m {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// expandBraces expands the first outermost {a,b,...} of a glob, then the
// rest recursively. A glob without balanced braces is itself.
func expandBraces(glob string) []string {
	open := strings.IndexByte(glob, '{')
	if open < 0 {
		return []string{glob}
	}
	depth, start := 0, open+1
	var alts []string
	for i := open; i < len(glob); i++ {
		switch glob[i] {
		case '{':
			depth++
		case ',':
			if depth == 1 {
				alts = append(alts, glob[start:i])
				start = i + 1
			}
		case '}':
			depth--
			if depth == 0 {
				alts = append(alts, glob[start:i])
				var out []string
				for _, a := range alts {
					out = append(out, expandBraces(glob[:open]+a+glob[i+1:])...)
				}
				return out
			}
		}
	}
	return []string{glob}
}
