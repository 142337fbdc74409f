package scoring

import (
	"fmt"
	"math"
	"slices"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// scorer2025 scores groups by the 2025-09 rules.
type scorer2025 struct {
	tests  []judging.TestResult
	byName map[string]int
	groups []judging.GroupResult
	// passed holds the groups whose every test was accepted; failed the
	// verdict of the first test of each other group that was not.
	passed map[string]bool
	failed map[string]verdict.Verdict
	// err is the judge's error a group's score made, if any.
	err string
}

// group scores g and the groups below it.
func (s *scorer2025) group(g *problem.ScoreGroup) Item {
	slot := len(s.groups)
	s.groups = append(s.groups, judging.GroupResult{Name: g.Name, MaxScore: finite(g.MaxScore)})
	r := Item{Name: g.Name, Verdict: verdict.AC}
	// Every test of the group, in order, for its verdict; a test not run
	// (--test, --stop-on-fail) cannot pass.
	incomplete := false
	for _, name := range g.Tests() {
		i, ok := s.byName[name]
		switch {
		case !ok:
			incomplete = true
		case s.tests[i].Verdict != verdict.AC && r.Verdict == verdict.AC:
			r.Verdict = s.tests[i].Verdict
		}
	}
	blocked, blockedBy := false, verdict.Verdict("")
	for _, req := range g.RequirePass {
		if !s.passed[req] && !blocked {
			blocked, blockedBy = true, s.failed[req]
		}
	}
	var scores []float64
	n, static := 0, 0.0
	for _, it := range g.Items {
		switch {
		case it.Static:
			static = max(g.StaticScore, 0)
		case it.Test != "":
			n++
		}
	}
	bad := ""
	for _, it := range g.Items {
		if it.Group != nil {
			scores = append(scores, s.group(it.Group).Score)
			continue
		}
		i, ok := s.byName[it.Test]
		if !ok {
			scores = append(scores, 0)
			continue
		}
		t := &s.tests[i]
		most, who := g.MaxScore, "output validator"
		switch {
		case it.Static:
			most, who = max(g.StaticScore, 0), "static validator"
		case g.Aggregation == problem.AggregateSum && n > 0:
			most = (g.MaxScore - static) / float64(n)
		}
		x, msg := testScore2025(g, t, most, who)
		if msg != "" {
			t.Verdict, t.Message = verdict.IE, msg
			bad = msg
			continue
		}
		if g.Aggregation != problem.AggregatePassFail && !g.Sample {
			score := tidy(x)
			t.Score = &score
		}
		scores = append(scores, x)
	}
	if bad != "" {
		r.Verdict = verdict.IE
	}
	switch {
	case g.Sample || r.Verdict == verdict.IE:
	case blocked:
		if r.Verdict == verdict.AC && blockedBy != "" {
			r.Verdict = blockedBy
		}
	case g.Aggregation == problem.AggregatePassFail:
		if r.Verdict == verdict.AC && !incomplete {
			r.Score = g.MaxScore
		}
	case g.Aggregation == problem.AggregateMin:
		if len(scores) > 0 {
			r.Score = slices.Min(scores)
		}
	default:
		for _, x := range scores {
			r.Score += x
		}
	}
	r.Score = tidy(r.Score)
	if r.Score > g.MaxScore+1e-9 && r.Verdict != verdict.IE {
		r.Verdict = verdict.IE
		s.err = fmt.Sprintf("group %s: score %g is past its max_score %g", g.Name, r.Score, g.MaxScore)
	}
	if r.Verdict == verdict.IE {
		r.Score = 0
	}
	if r.Verdict == verdict.AC && !incomplete && !blocked {
		s.passed[g.Name] = true
	} else if r.Verdict != verdict.AC {
		s.failed[g.Name] = r.Verdict
	}
	s.groups[slot].Verdict, s.groups[slot].Score = r.Verdict, r.Score
	return r
}

// testScore2025 is a test's score in group g, where it can score at
// most most, or what is wrong with the score.txt or
// score_multiplier.txt that who (its output or static validator) wrote.
func testScore2025(g *problem.ScoreGroup, t *judging.TestResult, most float64, who string) (float64, string) {
	wrote := t.ValidatorScore != nil || t.ScoreMultiplier != nil
	switch {
	case g.Sample || t.Verdict == verdict.IE:
		return 0, ""
	case wrote && t.Verdict != verdict.AC:
		return 0, who + " wrote a score but did not accept"
	case t.ValidatorScore != nil && t.ScoreMultiplier != nil:
		return 0, who + " wrote both score.txt and score_multiplier.txt"
	case wrote && g.Aggregation == problem.AggregatePassFail:
		return 0, fmt.Sprintf("%s wrote a score in group %s, whose aggregation is pass-fail", who, g.Name)
	case t.Verdict != verdict.AC:
		return 0, ""
	}
	unbounded := math.IsInf(most, 1)
	switch {
	case t.ScoreMultiplier != nil && unbounded:
		return 0, who + " wrote score_multiplier.txt in an unbounded group"
	case t.ScoreMultiplier != nil && (*t.ScoreMultiplier < 0 || *t.ScoreMultiplier > 1):
		return 0, fmt.Sprintf("score_multiplier.txt: %g is not in [0, 1]", *t.ScoreMultiplier)
	case t.ScoreMultiplier != nil:
		return *t.ScoreMultiplier * most, ""
	case t.ValidatorScore != nil && *t.ValidatorScore < 0:
		return 0, fmt.Sprintf("score.txt: %g is negative", *t.ValidatorScore)
	case t.ValidatorScore != nil && *t.ValidatorScore > most+1e-9:
		return 0, fmt.Sprintf("score.txt: %g is past the test's maximum %g", *t.ValidatorScore, most)
	case t.ValidatorScore != nil:
		return *t.ValidatorScore, ""
	case unbounded:
		return 0, who + " wrote no score.txt in an unbounded group"
	}
	return most, ""
}
