package grade

import (
	"fmt"
	"math"
	"slices"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// ScoreResult is a scoring problem's result for a submission.
type ScoreResult struct {
	Verdict  verdict.Verdict
	Score    float64
	MaxScore *float64
	Groups   []GroupResult
	// Error is the judge's error the scores made (a group past its
	// max_score, a custom grader that failed), with Verdict IE.
	Error string
}

// Score scores a submission of a scoring problem from its tests' results
// (in test order; tests not run are missing). It sets each test's Score
// where the rules give tests one, and turns a test whose score.txt breaks
// the rules into IE.
//
// A scoring problem (problem.Problem.Scoring) gives a submission a score
// besides its verdict, by one of two sets of rules.
//
// Legacy and 2023-07-draft Kattis packages follow problemtools: a test
// scores its output validator's score.txt, else its group's accept_score
// (when accepted) or reject_score; each group grades its items in order
// (with on_reject: break, none after the first that is not accepted) by
// the default grader's flags: verdict worst_error (the default: the
// first of IE RE MLE TLE OLE WA PE present), first_error or
// always_accept, accept_if_any_accepted, score sum (the default), avg,
// min or max, and at the root ignore_sample; the group's score is then
// clamped to its range. A group with grading: custom is graded by the
// package's grader program instead (see Grader.Grade), with its
// grader_flags as arguments. The submission's verdict and score are the
// root's; a submission whose verdict is not AC scores 0 (the format:
// "for non-Accepted results the score is ignored").
//
// 2025-09 packages, and native problems with groups, follow the 2025-09
// format: secret (max_score 100, sum by default) over its test cases or
// its groups (pass-fail by default; max_score needed); a failed test
// scores 0, an accepted one its score.txt, its score_multiplier.txt ×
// its maximum, or its maximum (in a sum group max_score / N, in a min
// group max_score); a group that require_pass names groups that did not
// pass scores 0. Samples never score. A group's
// static validation test case (problem.ScoreItem.Static) scores like a
// test with its static_validation_score as its maximum, and the other
// tests of a sum group share max_score less it. The submission's verdict stays that
// of its first failing test (every test must pass to be accepted); its
// score is secret's. A score.txt where the rules forbid one, a missing
// one where they need one, or a score past a maximum is the judge's
// error (IE), as the format says.
//
// Where problemtools and the 2025-09 text differ, 2025-09 packages get
// the text: problemtools 2023-07 support reads testdata.yaml with the
// legacy graders, and lets samples score accept_score; 2025-09 samples
// score nothing, and a score past max_score is a judge error rather than
// clamped to range.
//
// Score cannot run a custom grader (grading: custom): a group that needs
// one is IE. Grader.Grade runs it.
func Score(sc *problem.Scoring, tests []TestResult) ScoreResult {
	return score(sc, tests, nil)
}

// score is Score with the custom grader's runner (nil for none).
func score(sc *problem.Scoring, tests []TestResult, custom groupGrader) ScoreResult {
	byName := make(map[string]int, len(tests))
	for i, t := range tests {
		byName[t.Name] = i
	}
	if sc.Rules == problem.RulesLegacy {
		l := &legacyScorer{sc: sc, tests: tests, byName: byName, custom: custom}
		r := l.group(sc.Root)
		if r == nil {
			return ScoreResult{Verdict: verdict.AC, Groups: l.groups}
		}
		res := ScoreResult{Verdict: r.verdict, Score: r.score, Groups: l.groups, Error: l.err}
		if r.verdict != verdict.AC {
			res.Score = 0
		}
		res.MaxScore = finite(sc.Root.RangeHigh)
		return res
	}
	s := &scorer2025{tests: tests, byName: byName, passed: map[string]bool{}, failed: map[string]verdict.Verdict{}}
	var res ScoreResult
	if sc.Native {
		// The root sums the groups; the report lists only the groups.
		r := s.group(sc.Root)
		res.Score, res.MaxScore = r.score, finite(sc.Root.MaxScore)
		s.groups = s.groups[1:]
	}
	for _, it := range sc.Root.Items {
		if it.Group == nil || sc.Native {
			continue
		}
		r := s.group(it.Group)
		if it.Group.Name == "secret" {
			res.Score, res.MaxScore = r.score, finite(it.Group.MaxScore)
		}
	}
	res.Score = tidy(res.Score)
	res.Groups = s.groups
	res.Verdict = verdict.AC
	for _, t := range tests {
		if t.Verdict != verdict.AC {
			res.Verdict = t.Verdict
			break
		}
	}
	if s.err != "" {
		res.Verdict, res.Error = verdict.IE, s.err
	}
	return res
}

// result is a test's or group's verdict and score.
type result struct {
	name    string
	verdict verdict.Verdict
	score   float64
}

// scorer2025 scores groups by the 2025-09 rules.
type scorer2025 struct {
	tests  []TestResult
	byName map[string]int
	groups []GroupResult
	// passed holds the groups whose every test was accepted; failed the
	// verdict of the first test of each other group that was not.
	passed map[string]bool
	failed map[string]verdict.Verdict
	// err is the judge's error a group's score made, if any.
	err string
}

// group scores g and the groups below it.
func (s *scorer2025) group(g *problem.ScoreGroup) result {
	slot := len(s.groups)
	s.groups = append(s.groups, GroupResult{Name: g.Name, MaxScore: finite(g.MaxScore)})
	r := result{name: g.Name, verdict: verdict.AC}
	// Every test of the group, in order, for its verdict; a test not run
	// (--test, --stop-on-fail) cannot pass.
	incomplete := false
	for _, name := range g.Tests() {
		i, ok := s.byName[name]
		switch {
		case !ok:
			incomplete = true
		case s.tests[i].Verdict != verdict.AC && r.verdict == verdict.AC:
			r.verdict = s.tests[i].Verdict
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
			scores = append(scores, s.group(it.Group).score)
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
		r.verdict = verdict.IE
	}
	switch {
	case g.Sample || r.verdict == verdict.IE:
	case blocked:
		if r.verdict == verdict.AC && blockedBy != "" {
			r.verdict = blockedBy
		}
	case g.Aggregation == problem.AggregatePassFail:
		if r.verdict == verdict.AC && !incomplete {
			r.score = g.MaxScore
		}
	case g.Aggregation == problem.AggregateMin:
		if len(scores) > 0 {
			r.score = slices.Min(scores)
		}
	default:
		for _, x := range scores {
			r.score += x
		}
	}
	r.score = tidy(r.score)
	if r.score > g.MaxScore+1e-9 && r.verdict != verdict.IE {
		r.verdict = verdict.IE
		s.err = fmt.Sprintf("group %s: score %g is past its max_score %g", g.Name, r.score, g.MaxScore)
	}
	if r.verdict == verdict.IE {
		r.score = 0
	}
	if r.verdict == verdict.AC && !incomplete && !blocked {
		s.passed[g.Name] = true
	} else if r.verdict != verdict.AC {
		s.failed[g.Name] = r.verdict
	}
	s.groups[slot].Verdict, s.groups[slot].Score = r.verdict, r.score
	return r
}

// testScore2025 is a test's score in group g, where it can score at
// most most, or what is wrong with the score.txt or
// score_multiplier.txt that who (its output or static validator) wrote.
func testScore2025(g *problem.ScoreGroup, t *TestResult, most float64, who string) (float64, string) {
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

// finite returns &x, or nil when x is infinite (unknown or unbounded).
func finite(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	return &x
}

// tidy rounds a score to nine decimals, so that 100/3 × 3 is 100.
func tidy(x float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	return math.Round(x*1e9) / 1e9
}
