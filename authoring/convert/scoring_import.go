package convert

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/scoring"
)

// importedScoring gives the groups key of problem.yaml for the Kattis
// scoring problem p (names maps its tests to their native names) and
// what the native groups say otherwise; groups is "" when p is pass-fail
// or its scores are beyond native groups, which are pass-fail groups of
// tests summed (the problem is then judged pass-fail, as dropped says).
func importedScoring(p *problem.Problem, names map[string]string) (groups string, dropped []string) {
	if p.Scoring == nil {
		return "", nil
	}
	terms, verdicts, err := scoring.Terms(p.Scoring)
	if err != nil {
		return "", []string{fmt.Sprintf("scoring: %v: the native groups cannot say it; the problem's scores are not imported (tests are judged pass-fail)", err)}
	}
	if p.Scoring.Rules != problem.RulesLegacy && p.Checker.Kind == problem.CheckerValidator {
		dropped = append(dropped, "scoring: score.txt and score_multiplier.txt of the output validator: tests score their groups' max_score (the scores differ where the validator writes a score)")
	}
	if len(verdicts) > 0 {
		dropped = append(dropped, fmt.Sprintf("scoring: verdicts: the package's graders (%s) may accept a submission, or give it another verdict, where the native verdict is its first failing test's; the scores are the same", strings.Join(verdicts, ", ")))
	}
	return groupsYAML(p, terms, names), dropped
}

// groupsYAML renders terms as problem.yaml's groups (terms of the same
// tests as one), naming each test by its native name; the tests in no scoring.Term but samples go in a group
// "unscored" of score 0 (every other test must be in a group).
func groupsYAML(p *problem.Problem, terms []scoring.Term, names map[string]string) string {
	covered := map[string]bool{}
	var kept []scoring.Term
	for _, t := range terms {
		if t.Score == 0 {
			continue
		}
		// Terms of the same tests are one group of their total.
		if i := slices.IndexFunc(kept, func(k scoring.Term) bool { return maps.Equal(k.Tests, t.Tests) }); i >= 0 {
			kept[i].Score += t.Score
			kept[i].Name = commonGroup(kept[i].Name, t.Name)
			continue
		}
		kept = append(kept, t)
		for n := range t.Tests {
			covered[n] = true
		}
	}
	rest := scoring.Term{Name: "unscored", Tests: map[string]bool{}}
	for _, tc := range p.Tests {
		if !tc.Sample && !covered[tc.Name] {
			rest.Tests[tc.Name] = true
		}
	}
	if len(rest.Tests) > 0 {
		kept = append(kept, rest)
	}
	var b strings.Builder
	b.WriteString("groups:\n")
	used := map[string]bool{}
	for _, t := range kept {
		var tests []string
		for _, tc := range p.Tests {
			if t.Tests[tc.Name] {
				tests = append(tests, strconv.Quote(globQuote(names[tc.Name])))
			}
		}
		fmt.Fprintf(&b, "  - {name: %s, score: %s, tests: [%s]}\n", strconv.Quote(groupName(t.Name, used)), fmtFloat(t.Score), strings.Join(tests, ", "))
	}
	return b.String()
}

// groupName makes a Kattis group or test path a native group name (no
// slashes or spaces, secret/ left out), unique among used.
func groupName(name string, used map[string]bool) string {
	n := strings.TrimPrefix(name, "secret/")
	if n == "secret" || n == "" {
		n = "all"
	}
	n = strings.NewReplacer("/", "-", " ", "_", "\t", "_").Replace(n)
	out := n
	for i := 2; used[out]; i++ {
		out = fmt.Sprintf("%s-%d", n, i)
	}
	used[out] = true
	return out
}

// commonGroup is the group holding both a and b (paths under data/):
// their common leading folders, "secret" for none.
func commonGroup(a, b string) string {
	pa, pb := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(pa) && n < len(pb) && pa[n] == pb[n] {
		n++
	}
	if n == 0 {
		return "secret"
	}
	return strings.Join(pa[:n], "/")
}

// globQuote escapes the characters path.Match gives a meaning.
func globQuote(s string) string {
	return strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`).Replace(s)
}
