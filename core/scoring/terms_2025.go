package scoring

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"path"

	"github.com/puzzlejudge/judge/core/problem"
)

// terms2025 gives the terms of a 2025-09 scoring problem (see Terms). A
// group that require_pass names other groups'
// tests needs them accepted too (a required group is pass-fail, so it
// passes when its tests and its own requirements do). It returns an
// error naming what native groups cannot say: an unbounded group (whose
// tests' scores come from score.txt) and a min over groups that sum
// several scores.
func terms2025(sc *problem.Scoring) ([]Term, error) {
	a := &analysis2025{passes: map[string]map[string]bool{}}
	var secret *problem.ScoreGroup
	for _, it := range sc.Root.Items {
		switch {
		case it.Group == nil:
		case it.Group.Name == "secret":
			secret = it.Group
		case it.Group.Sample:
			a.passes[it.Group.Name] = set(it.Group.Tests())
		}
	}
	if secret == nil {
		return nil, errors.New("no data/secret")
	}
	return a.group(secret)
}

// analysis2025 walks the groups of a 2025-09 scoring problem.
type analysis2025 struct {
	// passes holds, per group seen, the tests that must be accepted for
	// it to pass (its own and those it requires).
	passes map[string]map[string]bool
}

// group gives the terms of g.
func (a *analysis2025) group(g *problem.ScoreGroup) ([]Term, error) {
	req := map[string]bool{}
	for _, r := range g.RequirePass {
		need, ok := a.passes[r]
		if !ok {
			return nil, fmt.Errorf("group %s: require_pass: %q is not a group before it", g.Name, r)
		}
		maps.Copy(req, need)
	}
	a.passes[g.Name] = set(g.Tests())
	maps.Copy(a.passes[g.Name], req)
	n := 0
	for _, it := range g.Items {
		if it.Group == nil {
			n++
		}
	}
	bounded := !math.IsInf(g.MaxScore, 1)
	var terms []Term
	switch g.Aggregation {
	case problem.AggregatePassFail:
		terms = []Term{{Name: g.Name, Score: g.MaxScore, Tests: set(g.Tests())}}
	case problem.AggregateSum, problem.AggregateMin:
		var parts [][]Term
		ti := 0 // the test items so far
		for _, it := range g.Items {
			if it.Group != nil {
				sub, err := a.group(it.Group)
				if err != nil {
					return nil, err
				}
				parts = append(parts, sub)
				continue
			}
			if !bounded {
				return nil, fmt.Errorf("group %s: no max_score (its tests' scores come from the output validator's score.txt)", g.Name)
			}
			score := g.MaxScore
			if g.Aggregation == problem.AggregateSum {
				score = share(g.MaxScore, n, ti)
			}
			ti++
			name := path.Join(g.Name, path.Base(it.Test))
			parts = append(parts, []Term{{Name: name, Score: score, Tests: map[string]bool{it.Test: true}}})
		}
		if g.Aggregation == problem.AggregateSum {
			for _, p := range parts {
				terms = append(terms, p...)
			}
			break
		}
		var err error
		if terms, err = minTerms(g.Name, parts); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("group %s: score_aggregation %q", g.Name, g.Aggregation)
	}
	for i, t := range terms {
		terms[i] = t.with(req)
	}
	return terms, nil
}

// share is test i's (0-based, of n) part of total in a sum group: total/n
// rounded to nine decimals, as native groups' scores are, the last test
// taking what is left so that the parts add up to total exactly.
func share(total float64, n, i int) float64 {
	part := math.Round(total/float64(n)*1e9) / 1e9
	if i < n-1 {
		return part
	}
	return math.Round((total-part*float64(n-1))*1e9) / 1e9
}

// set makes a set of names.
func set(names []string) map[string]bool {
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out
}
