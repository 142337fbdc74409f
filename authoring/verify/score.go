package verify

import (
	"fmt"
	"slices"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/scoring"
	"github.com/puzzlejudge/judge/core/verdict"
)

// scoreCheck checks the score of a native scoring problem's solution (one
// with groups) into c: an accepted solution must get the full score, a
// partially accepted one more than 0 and less than the full score (and
// only a scoring problem may have one). It returns c when that settles
// the check, nil when the verdict checks are still to be made.
func (a *solutionsAspect) scoreCheck(c *Check, sr *solRun, v verdict.Verdict, bad *grade.TestResult) *Check {
	partial := sr.sol.Folder == author.PartialFolder
	sc := a.n.p.Scoring
	if sc == nil {
		return fail(c, fmt.Sprintf("%s: %s is only for scoring problems (problem.yaml has no groups)", sr.sol.Path, author.PartialFolder))
	}
	tests := slices.Clone(sr.judged())
	at1x := slices.Clone(tests)
	for i := range at1x {
		at1x[i].Verdict = sr.at1x(at1x[i])
	}
	res := scoring.Score(sc, at1x, nil)
	c.Solution.Score, c.Solution.MaxScore = &res.Score, res.MaxScore
	score := figures.Score(res.Score, res.MaxScore)
	switch {
	case v == verdict.IE:
		return nil
	case partial && len(tests) < len(a.n.p.Tests):
		return fail(c, fmt.Sprintf("%s: judged on %d of %d tests only: no score", sr.sol.Path, len(tests), len(a.n.p.Tests)))
	case partial && res.Score > 0 && (res.MaxScore == nil || res.Score < *res.MaxScore):
		how := ""
		if bad != nil {
			how = fmt.Sprintf(", %s on test %s", v, bad.Name)
		}
		return pass(c, fmt.Sprintf("score %s as a partial solution should%s", score, how))
	case partial:
		return fail(c, fmt.Sprintf("%s: gets score %s, want more than 0 and less than the full score", sr.sol.Path, score))
	case sr.sol.Expected == verdict.AC && v == verdict.AC && res.MaxScore != nil && res.Score < *res.MaxScore:
		return fail(c, fmt.Sprintf("%s: AC on every test but gets score %s, want the full score", sr.sol.Path, score))
	}
	return nil
}
