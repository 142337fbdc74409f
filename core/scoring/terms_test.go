package scoring

import (
	"math"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// TestTermsAgreeWithScore reads scoring trees as terms and checks, for
// every pattern of accepted tests, that the terms whose tests are all
// accepted add up to the score Score gives; trees whose scores terms
// cannot say are refused with the reason.
func TestTermsAgreeWithScore(t *testing.T) {
	legacy := func(root problem.ScoreItem) *problem.Scoring {
		return &problem.Scoring{Rules: problem.RulesLegacy, Root: root.Group}
	}
	r2025 := func(secret problem.ScoreItem) *problem.Scoring {
		return &problem.Scoring{Rules: problem.Rules2025, Root: ng("data", "", 0, nil,
			ng("sample", problem.AggregatePassFail, 0, nil, tc("sample/1")), secret).Group}
	}
	rejecting := lg("secret", "", "break", 2, tc("secret/1"))
	rejecting.Group.RejectScore = 1
	cases := []struct {
		name     string
		sc       *problem.Scoring
		verdicts string // the rules Terms says make verdicts differ
		err      string // Terms' error, "" when it can say the scores
	}{
		{"legacy defaults: break, sum", legacy(lg("data", "", "break", 1,
			lg("sample", "", "break", 1, tc("sample/1")),
			lg("secret", "", "break", 1, tc("secret/1"), tc("secret/2"), tc("secret/3")))), "", ""},
		{"legacy subtasks: min, any accepted, sample ignored", legacy(lg("data", "ignore_sample", "continue", 1,
			lg("sample", "", "continue", 1, tc("sample/1")),
			lg("secret", "first_error accept_if_any_accepted", "continue", 1,
				lg("secret/g1", "min", "break", 50, tc("secret/g1/1"), tc("secret/g1/2")),
				lg("secret/g2", "min", "break", 50, tc("secret/g2/1"))))), "accept_if_any_accepted, ignore_sample", ""},
		{"legacy avg of groups", legacy(lg("data", "", "continue", 1,
			lg("secret", "avg", "continue", 40,
				lg("secret/a", "min", "break", 40, tc("secret/a/1"), tc("secret/a/2")),
				lg("secret/b", "min", "break", 40, tc("secret/b/1"))))), "worst_error with on_reject: continue", ""},
		{"legacy max over several scores", legacy(lg("data", "", "continue", 1,
			lg("secret", "max", "continue", 1, tc("secret/1"), tc("secret/2")))), "", "max over several scores"},
		{"legacy reject_score", legacy(lg("data", "", "break", 1, rejecting)), "", "reject_score 1"},
		{"2025 pass-fail groups and require_pass", r2025(ng("secret", problem.AggregateSum, 100, []string{"sample"},
			ng("secret/a", problem.AggregatePassFail, 30, nil, tc("secret/a/1"), tc("secret/a/2")),
			ng("secret/b", problem.AggregateSum, 40, []string{"secret/a"}, tc("secret/b/1"), tc("secret/b/2")),
			ng("secret/c", problem.AggregateMin, 30, nil, tc("secret/c/1"), tc("secret/c/2")))), "", ""},
		{"2025 thirds", r2025(ng("secret", problem.AggregateSum, 100, nil, tc("secret/1"), tc("secret/2"), tc("secret/3"))), "", ""},
		{"2025 unbounded", r2025(ng("secret", problem.AggregateSum, math.Inf(1), nil, tc("secret/1"))), "", "no max_score"},
		{"2025 min of sums", r2025(ng("secret", problem.AggregateMin, 100, nil,
			ng("secret/a", problem.AggregateSum, 100, nil, tc("secret/a/1"), tc("secret/a/2")))), "", "min over a part that sums several scores"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			terms, verdicts, err := Terms(c.sc)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(verdicts, ", "); got != c.verdicts {
				t.Errorf("verdicts %q, want %q", got, c.verdicts)
			}
			names := c.sc.Root.Tests()
			for mask := 0; mask < 1<<len(names); mask++ {
				tests := make([]judging.TestResult, len(names))
				accepted := map[string]bool{}
				for i, n := range names {
					tests[i] = judging.TestResult{Name: n, Verdict: verdict.AC}
					if mask&(1<<i) != 0 {
						tests[i].Verdict = verdict.WA
					} else {
						accepted[n] = true
					}
				}
				sum := 0.0
				for _, term := range terms {
					all := true
					for n := range term.Tests {
						all = all && accepted[n]
					}
					if all {
						sum += term.Score
					}
				}
				if want := Score(c.sc, tests, nil).Score; math.Abs(sum-want) > 1e-6 {
					t.Errorf("failing tests %0*b: terms give %g, Score %g", len(names), mask, sum, want)
				}
			}
		})
	}
}
