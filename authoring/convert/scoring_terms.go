package convert

import (
	"fmt"
	"maps"
	"slices"
)

// term is one native scored group: score when every test in tests is
// accepted, else 0. A native problem's score is the sum of its terms.
type term struct {
	name  string
	score float64
	tests map[string]bool // Kattis test names
}

// with returns t needing the tests of extra too.
func (t term) with(extra map[string]bool) term {
	out := term{name: t.name, score: t.score, tests: maps.Clone(t.tests)}
	maps.Copy(out.tests, extra)
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
func minTerms(name string, kids [][]term) ([]term, error) {
	out := term{name: name, tests: map[string]bool{}}
	for i, k := range kids {
		switch {
		case len(k) == 0:
			return nil, nil
		case len(k) > 1:
			return nil, fmt.Errorf("group %s: min over a part that sums several scores", name)
		}
		if i == 0 || k[0].score < out.score {
			out.score = k[0].score
		}
		maps.Copy(out.tests, k[0].tests)
	}
	if len(kids) == 0 {
		return nil, nil
	}
	return []term{out}, nil
}
