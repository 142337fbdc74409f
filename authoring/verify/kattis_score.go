package verify

import (
	"fmt"
	"math"
	"path"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/verdict"
)

// judgeScoring is expectation.judge for a legacy or 2023-07-draft
// scoring problem under problemtools' rule: the verdict that must be one
// of e.first is the graders' (the report's, see scoring.Score), not the
// first failing test's, and the test named is the first that got it, as
// judge submit names it (Report.DecidingTest); an accepted submission
// names no test.
func (e expectation) judgeScoring(rep *grade.Report) (verdict.Verdict, string, string) {
	got, test, wrong := e.judge(rep)
	if rep.Score == nil || e.first == nil || rep.Verdict == verdict.CE || got == verdict.IE {
		return got, test, wrong
	}
	got, test = kattisVerdict(rep.Verdict), rep.DecidingTest()
	if got == verdict.AC {
		test = ""
	}
	return e.checkFirst(got, test)
}

// scoreWrong checks a legacy or 2023-07-draft scoring submission's score
// as problemtools does: an accepted one gets the full score (the top of
// data/'s range, when finite), a partially accepted one a score strictly
// between the bottom of the range (0 when it has none) and the top. It
// returns what is wrong, or "".
func scoreWrong(folder string, sc *problem.Scoring, rep *grade.Report) string {
	if rep.Score == nil || sc.Rules != problem.RulesLegacy {
		return ""
	}
	score := *rep.Score
	low := sc.Root.RangeLow
	if math.IsInf(low, -1) {
		low = 0
	}
	const eps = 1e-9
	switch folder {
	case kattis.FolderAccepted:
		if rep.MaxScore != nil && score < *rep.MaxScore-eps {
			return fmt.Sprintf("gets score %s, want the full score %s", figures.Score(score, nil), figures.Score(*rep.MaxScore, nil))
		}
	case kattis.FolderPartiallyAccepted:
		if score <= low+eps || rep.MaxScore != nil && score >= *rep.MaxScore-eps {
			want := fmt.Sprintf("above %s", figures.Score(low, nil))
			if rep.MaxScore != nil {
				want = fmt.Sprintf("strictly between %s and %s", figures.Score(low, nil), figures.Score(*rep.MaxScore, nil))
			}
			return fmt.Sprintf("gets score %s, want a partial score %s", figures.Score(score, nil), want)
		}
	}
	return ""
}

// scoreRulesWrong checks the score requirements of a 2025-09 submission
// (submissions.yaml's score: a number, or an inclusive range [low,
// high]): under a submission's glob, on its score; under a test group
// key, on the aggregated score of each group the key names (not on its
// test cases). It returns what is wrong, or "". A score requirement in a
// pass-fail problem is wrong too: the format allows it only for scoring
// problems.
func scoreRulesWrong(s kattis.Submission, rep *grade.Report) string {
	const eps = 1e-6
	for _, r := range s.Rules {
		if r.Score == nil {
			continue
		}
		lo, hi := r.Score[0], r.Score[1]
		want := figures.Score(lo, nil)
		if hi != lo {
			want = fmt.Sprintf("in [%s, %s]", figures.Score(lo, nil), figures.Score(hi, nil))
		}
		if rep.Score == nil {
			return fmt.Sprintf("score %s (%s): only for scoring problems, and this one is pass-fail", want, r.From)
		}
		if r.Tests == "" {
			if *rep.Score < lo-eps || *rep.Score > hi+eps {
				return fmt.Sprintf("gets score %s, want %s (%s)", figures.Score(*rep.Score, rep.MaxScore), want, r.From)
			}
			continue
		}
		found := false
		for _, g := range rep.Groups {
			if !namesGroup(r.Tests, g.Name) {
				continue
			}
			found = true
			if g.Score < lo-eps || g.Score > hi+eps {
				return fmt.Sprintf("group %s gets score %s, want %s (%s)", g.Name, figures.Score(g.Score, g.MaxScore), want, r.From)
			}
		}
		if !found {
			return fmt.Sprintf("score %s (%s): %s names no test group", want, r.From, r.Tests)
		}
	}
	return ""
}

// namesGroup reports whether a test group glob of submissions.yaml names
// the group itself (not a group above it, which kattis.MatchGlob would
// also take).
func namesGroup(glob, group string) bool {
	return kattis.MatchGlob(glob, group) && !kattis.MatchGlob(glob, path.Dir(group))
}
