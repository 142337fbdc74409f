// Package scoring holds the rules by which a scoring problem
// (problem.Problem.Scoring) scores a submission: the pure computation from
// the problem's tree of score groups and its tests' results to the
// submission's verdict, score and group results (Score), the protocol of
// a Kattis package's custom grader, which the caller runs (CustomGrader),
// and the same rules read as a sum of pass-fail terms, which say what
// native groups can express (Terms). It runs no programs: package grade
// runs the custom grader and scores its reports here; authoring/convert
// translates the terms to and from problem.yaml's groups.
package scoring

import (
	"math"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// Result is a scoring problem's result for a submission.
type Result struct {
	Verdict  verdict.Verdict
	Score    float64
	MaxScore *float64
	Groups   []judging.GroupResult
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
// package's grader program instead (custom, see CustomGrader), with its
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
// custom grades the groups with grading: custom; when it is nil (no
// program can run, as where scores are computed without a grader: judge
// verify), a group that needs it is IE.
func Score(sc *problem.Scoring, tests []judging.TestResult, custom CustomGrader) Result {
	byName := make(map[string]int, len(tests))
	for i, t := range tests {
		byName[t.Name] = i
	}
	if sc.Rules == problem.RulesLegacy {
		l := &legacyScorer{sc: sc, tests: tests, byName: byName, custom: custom}
		r := l.group(sc.Root)
		if r == nil {
			return Result{Verdict: verdict.AC, Groups: l.groups}
		}
		res := Result{Verdict: r.Verdict, Score: r.Score, Groups: l.groups, Error: l.err}
		if r.Verdict != verdict.AC {
			res.Score = 0
		}
		res.MaxScore = finite(sc.Root.RangeHigh)
		return res
	}
	s := &scorer2025{tests: tests, byName: byName, passed: map[string]bool{}, failed: map[string]verdict.Verdict{}}
	var res Result
	if sc.Native {
		// The root sums the groups; the report lists only the groups.
		r := s.group(sc.Root)
		res.Score, res.MaxScore = r.Score, finite(sc.Root.MaxScore)
		s.groups = s.groups[1:]
	}
	for _, it := range sc.Root.Items {
		if it.Group == nil || sc.Native {
			continue
		}
		r := s.group(it.Group)
		if it.Group.Name == "secret" {
			res.Score, res.MaxScore = r.Score, finite(it.Group.MaxScore)
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
