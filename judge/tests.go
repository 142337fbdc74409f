package main

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
)

// selectTests returns the names of the problem's tests that the patterns
// (test names or globs, as path.Match reads them) pick, in test order. A
// pattern that picks nothing is a usage error that lists the close names.
func selectTests(p *problem.Problem, patterns []string) ([]string, error) {
	picked := map[string]bool{}
	for _, pat := range patterns {
		if _, err := path.Match(pat, ""); err != nil {
			return nil, usageError(fmt.Errorf("--test %q: bad pattern: %w", pat, err))
		}
		n := 0
		for _, t := range p.Tests {
			if ok, _ := path.Match(pat, t.Name); ok {
				picked[t.Name] = true
				n++
			}
		}
		if n == 0 {
			return nil, usageError(fmt.Errorf("--test %q: %s has no such test%s", pat, p.Slug, closeNames(p, pat)))
		}
	}
	var names []string
	for _, t := range problem.SamplesFirst(p.Tests) {
		if picked[t.Name] {
			names = append(names, t.Name)
		}
	}
	return names, nil
}

// closeNames returns "; did you mean …" with the test names closest to
// name, or the first tests' names when none is close.
func closeNames(p *problem.Problem, name string) string {
	type cand struct {
		name string
		d    int
	}
	var cands []cand
	for _, t := range p.Tests {
		d := editDistance(name, t.Name)
		if d <= max(1, len(name)/3) || strings.Contains(t.Name, name) {
			cands = append(cands, cand{t.Name, d})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].d < cands[j].d })
	var names []string
	for _, c := range cands {
		if len(names) == 5 {
			break
		}
		names = append(names, c.name)
	}
	if len(names) > 0 {
		return "; did you mean " + strings.Join(names, ", ") + "?"
	}
	for _, t := range problem.SamplesFirst(p.Tests) {
		if len(names) == 8 {
			names = append(names, "…")
			break
		}
		names = append(names, t.Name)
	}
	return fmt.Sprintf(" (its %d tests: %s)", len(p.Tests), strings.Join(names, ", "))
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
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
