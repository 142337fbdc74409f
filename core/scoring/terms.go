package scoring

import (
	"fmt"
	"maps"
	"slices"

	"github.com/puzzlejudge/judge/core/problem"
)

// Term is one pass-fail part of a score: Score when every test of Tests
// is accepted, else 0; a native problem's groups are such terms, and its
// score their sum.
type Term struct {
	// Name is the group or test the term comes from (a path under data/
	// in a Kattis package).
	Name  string
	Score float64
	Tests map[string]bool // test names
}

// Terms reads a Kattis scoring problem's rules (see Score) as terms: for
// every pattern of accepted tests, the submission's score (secret's, by
// the 2025-09 rules) is the sum of the terms whose tests are all
// accepted, with the default scores of tests (no score.txt or
// score_multiplier.txt). The error names what terms cannot say: a custom
// grader or score.txt, a reject_score, avg or max of several scores, a
// range that clamps, a score that needs one of several groups, an
// unbounded group, a min over parts that sum several scores.
//
// verdicts, for the legacy rules, are the graders' rules by which the
// package's verdict may differ from the first failing test's (which is a
// native problem's), each once, in the order met; none when they give
// the same.
func Terms(sc *problem.Scoring) (terms []Term, verdicts []string, err error) {
	if sc.Rules == problem.RulesLegacy {
		return legacyTerms(sc)
	}
	terms, err = terms2025(sc)
	return terms, nil, err
}

// with returns t needing the tests of extra too.
func (t Term) with(extra map[string]bool) Term {
	out := Term{Name: t.Name, Score: t.Score, Tests: maps.Clone(t.Tests)}
	maps.Copy(out.Tests, extra)
	return out
}

// cond says when a Kattis group (or test) is accepted, as its graders
// give the verdict: a test when it is accepted; all or any of some
// conditions; always.
type cond struct {
	op   string // "test", "all", "any", "true"
	test string
	kids []*cond
}

func testCond(name string) *cond { return &cond{op: "test", test: name} }

// implied reports whether c holds whenever every test of tests is
// accepted.
func (c *cond) implied(tests map[string]bool) bool {
	switch c.op {
	case "test":
		return tests[c.test]
	case "all":
		for _, k := range c.kids {
			if !k.implied(tests) {
				return false
			}
		}
		return true
	case "any":
		return slices.ContainsFunc(c.kids, func(k *cond) bool { return k.implied(tests) })
	}
	return true
}

// need returns tests to add to tests so that c holds whenever all are
// accepted, or an error when no set of tests does (an any of which tests
// implies no part: a term cannot say "this or that").
func (c *cond) need(tests map[string]bool) (map[string]bool, error) {
	out := map[string]bool{}
	switch c.op {
	case "test":
		if !tests[c.test] {
			out[c.test] = true
		}
	case "all":
		for _, k := range c.kids {
			n, err := k.need(tests)
			if err != nil {
				return nil, err
			}
			maps.Copy(out, n)
		}
	case "any":
		if !c.implied(tests) {
			return nil, fmt.Errorf("a score needs one of several groups accepted")
		}
	}
	return out, nil
}

// minTerms is the terms of the least of the children's scores, each
// child's terms given (a test is one term): the least is a term when
// every child is one, and nothing when a child scores nothing. A child
// of several terms makes it inexpressible.
func minTerms(name string, kids [][]Term) ([]Term, error) {
	out := Term{Name: name, Tests: map[string]bool{}}
	for i, k := range kids {
		switch {
		case len(k) == 0:
			return nil, nil
		case len(k) > 1:
			return nil, fmt.Errorf("group %s: min over a part that sums several scores", name)
		}
		if i == 0 || k[0].Score < out.Score {
			out.Score = k[0].Score
		}
		maps.Copy(out.Tests, k[0].Tests)
	}
	if len(kids) == 0 {
		return nil, nil
	}
	return []Term{out}, nil
}
