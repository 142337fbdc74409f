package verify

import (
	"fmt"
	"math"

	"github.com/puzzlejudge/judge/grade"
	"github.com/puzzlejudge/judge/problem"
	"github.com/puzzlejudge/judge/problem/kattis"
	"github.com/puzzlejudge/judge/report"
	"github.com/puzzlejudge/judge/verdict"
)

// judgeScoring is expectation.judge for a legacy or 2023-07-draft
// scoring problem under problemtools' rule: the verdict that must be one
// of e.first is the graders' (the report's, see grade.Score), not the
// first failing test's; an accepted submission names no test.
func (e expectation) judgeScoring(rep *grade.Report) (verdict.Verdict, string, string) {
	got, test, wrong := e.judge(rep)
	if rep.Score == nil || e.first == nil || rep.Verdict == verdict.CE || got == verdict.IE {
		return got, test, wrong
	}
	got = kattisVerdict(rep.Verdict)
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
			return fmt.Sprintf("gets score %s, want the full score %s", report.Score(score, nil), report.Score(*rep.MaxScore, nil))
		}
	case kattis.FolderPartiallyAccepted:
		if score <= low+eps || rep.MaxScore != nil && score >= *rep.MaxScore-eps {
			want := fmt.Sprintf("above %s", report.Score(low, nil))
			if rep.MaxScore != nil {
				want = fmt.Sprintf("strictly between %s and %s", report.Score(low, nil), report.Score(*rep.MaxScore, nil))
			}
			return fmt.Sprintf("gets score %s, want a partial score %s", report.Score(score, nil), want)
		}
	}
	return ""
}
