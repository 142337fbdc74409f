package verify

import (
	"fmt"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// at1x returns the verdict a test would have had at the real time limit:
// a solution judged at a scaled limit that used more than the limit is
// TLE.
func (sr *solRun) at1x(t grade.TestResult) verdict.Verdict {
	if sr.scale > 1 && t.Verdict != verdict.TLE && t.CPU > sr.lim.CPU {
		return verdict.TLE
	}
	return t.Verdict
}

// judged returns the tests that count: all that ran, up to the first
// failure for a solution stopped there.
func (sr *solRun) judged() []grade.TestResult {
	if sr.seq == nil {
		return nil
	}
	n := len(sr.results)
	if sr.seq.stopOnFail && sr.seq.firstFail < n {
		n = sr.seq.firstFail + 1
	}
	var out []grade.TestResult
	for _, t := range sr.results[:n] {
		if t.Verdict != "" {
			out = append(out, t)
		}
	}
	return out
}

// outcome returns the solution's verdict at the time limit, the first
// test that was not AC (nil if none) and how many tests were judged.
func (sr *solRun) outcome() (verdict.Verdict, *grade.TestResult) {
	for _, t := range sr.judged() {
		if v := sr.at1x(t); v != verdict.AC {
			return v, &t
		}
	}
	return verdict.AC, nil
}

// matches says whether a verdict is the one a folder expects; a
// presentation error counts as a wrong answer, as in problemtools.
func matches(expected, got verdict.Verdict) bool {
	return got == expected || (expected == verdict.WA && got == verdict.PE)
}

// check checks that a solution gets the verdict its folder
// names; its message says which tests were run again with a longer wall
// limit.
func (a *solutionsAspect) check(sr *solRun) *Check {
	c := a.verdictCheck(sr)
	if n := wallNote(sr.judged()); n != "" && c.Status != Skip {
		c.Message += " (" + n + ")"
	}
	return c
}

func (a *solutionsAspect) verdictCheck(sr *solRun) *Check {
	n := a.n
	c := &Check{Name: SolutionCheck + sr.sol.Rel}
	res := &SolutionResult{
		File:        sr.sol.Rel,
		Language:    sr.sol.Language.Name,
		Expected:    sr.sol.Expected,
		TimeLimitMs: sr.lim.CPU.Milliseconds(),
		Reference:   sr.reference,
	}
	if sr.scale != 1 {
		res.TimeScale = sr.scale
	}
	c.Solution = res
	exp := sr.sol.Expected
	switch {
	case n.runnable != "":
		return skip(c, n.runnable)
	case sr.compErr != nil:
		return internal(c, "internal error: "+sr.compErr.Error())
	case !sr.comp.OK:
		res.Verdict = verdict.CE
		if exp == verdict.CE {
			return pass(c, "CE as expected")
		}
		return fail(c, fmt.Sprintf("%s: expected %s, got CE: %s", sr.sol.Path, exp, author.FirstLines(sr.comp.Output, 2)))
	case exp == verdict.CE:
		res.Verdict = verdict.AC
		return fail(c, fmt.Sprintf("%s: expected CE, but it compiles", sr.sol.Path))
	case a.checker.err != nil:
		return skip(c, "the checker does not compile")
	}
	c.TimeMs = sr.comp.Time.Milliseconds()
	var maxCPU time.Duration
	for _, t := range sr.judged() {
		c.TimeMs += t.WallMs
		res.Tests++
		maxCPU = max(maxCPU, t.CPU)
	}
	res.MaxTimeMs = maxCPU.Milliseconds()
	v, bad := sr.outcome()
	res.Verdict = v
	if n.p.Scoring != nil || sr.sol.Folder == author.PartialFolder {
		if c := a.scoreCheck(c, sr, v, bad); c != nil {
			return c
		}
	}
	how, msg := "", ""
	if bad != nil {
		res.Test = bad.Name
		msg = bad.Message
		if bad.Verdict == verdict.AC || (bad.Verdict != verdict.TLE && v == verdict.TLE) {
			msg = fmt.Sprintf("used %s, over the time limit of %s", ms(bad.CPU), ms(sr.lim.CPU))
		}
		how = fmt.Sprintf("%s on test %s", v, bad.Name)
		if msg != "" {
			msg = ": " + firstLine(msg)
		}
	}
	switch {
	case v == verdict.IE:
		return internal(c, fmt.Sprintf("%s: internal error on test %s: %s", sr.sol.Path, bad.Name, bad.Message))
	case exp == verdict.AC && v == verdict.AC && res.Tests == len(n.p.Tests):
		return pass(c, fmt.Sprintf("AC on %s, at most %s of %s", all(res.Tests, "test"), ms(maxCPU), ms(sr.lim.CPU)))
	case exp == verdict.AC && v == verdict.AC:
		return fail(c, fmt.Sprintf("%s: judged on %d of %d tests only", sr.sol.Path, res.Tests, len(n.p.Tests)))
	case v == verdict.AC:
		return fail(c, fmt.Sprintf("%s: expected %s, got AC on every test", sr.sol.Path, exp))
	case matches(exp, v):
		return pass(c, how+" as expected"+msg)
	}
	return fail(c, fmt.Sprintf("%s: expected %s, got %s%s", sr.sol.Path, exp, how, msg))
}
