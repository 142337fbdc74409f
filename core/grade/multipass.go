package grade

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// runSession judges a test of an interactive or multi-pass problem: one
// pass (interactive: the submission against the validator; else the
// submission on the input, then the validator on its output), and for a
// multi-pass problem, while the validator accepts and leaves nextpass.in
// in the feedback folder (which stays from pass to pass), another pass on
// that input, up to s.passes. A validator that leaves nextpass.in without
// accepting, or still asks for another pass after the last, is the
// judge's failure (IE), as in problemtools. The test's time and memory
// are the largest of its passes; the message of a later pass says which.
func (g *Grader) runSession(ctx context.Context, prog *compile.Program, s session, t problem.Test, out string,
	runLim, lim runner.Limits, tr TestResult) TestResult {
	s.Args = t.CheckerArgs
	dir, err := os.MkdirTemp(g.TempDir, "judge-session-")
	if err != nil {
		return internalTest(tr, err)
	}
	defer os.RemoveAll(dir)
	feedback := filepath.Join(dir, "feedback")
	if err := os.Mkdir(feedback, 0o755); err != nil {
		return internalTest(tr, err)
	}
	next := filepath.Join(feedback, checker.NextPassFile)
	input := t.Input
	var worst TestResult
	for pass := 1; ; pass++ {
		var r TestResult
		if s.interactive {
			r = g.interactPass(ctx, prog, s.Validator, input, t.Output, feedback, runLim, lim, tr)
		} else {
			r = g.batchPass(ctx, prog, s.Validator, input, t.Output, out, feedback, runLim, lim, tr)
		}
		worst.CPU, worst.TimeMs = max(worst.CPU, r.CPU), max(worst.TimeMs, r.TimeMs)
		worst.WallMs, worst.MemoryKB = max(worst.WallMs, r.WallMs), max(worst.MemoryKB, r.MemoryKB)
		r.CPU, r.TimeMs, r.WallMs, r.MemoryKB = worst.CPU, worst.TimeMs, worst.WallMs, worst.MemoryKB
		if s.passes == 0 {
			return r
		}
		if pass > 1 {
			r.Message = join(fmt.Sprintf("pass %d", pass), r.Message)
		}
		_, err := os.Stat(next)
		asks := err == nil
		switch {
		case r.Verdict != verdict.AC && asks && r.Verdict != verdict.IE:
			r.Verdict, r.Message = verdict.IE, fmt.Sprintf("output validator wrote %s but did not accept (pass %d): %s", checker.NextPassFile, pass, r.Message)
			return r
		case r.Verdict != verdict.AC || !asks:
			return r
		case pass == s.passes:
			r.Verdict = verdict.IE
			r.Message = fmt.Sprintf("output validator still asks for another pass after %d (limits.validation_passes)", pass)
			return r
		}
		input = filepath.Join(dir, "pass"+strconv.Itoa(pass+1)+".in")
		if err := os.Rename(next, input); err != nil {
			return internalTest(tr, err)
		}
	}
}

// batchPass runs one pass of a test that is not interactive: the
// submission on input, writing out, then the output validator on out,
// with the feedback folder kept.
func (g *Grader) batchPass(ctx context.Context, prog *compile.Program, v checker.Validator, input, answer, out, feedback string,
	runLim, lim runner.Limits, tr TestResult) TestResult {
	res, err := g.Sandbox.Run(ctx, prog.Spec(input, out, runLim))
	if err != nil {
		return internalTest(tr, err)
	}
	fill(&tr, res)
	if tr.Verdict, tr.Message = Classify(res, lim); tr.Verdict != verdict.AC {
		return tr
	}
	cr, err := v.CheckIn(ctx, input, out, answer, feedback)
	if err != nil {
		return internalTest(tr, err)
	}
	tr.Verdict, tr.Message, tr.TeamMessage = cr.Verdict, cr.Message, cr.TeamMessage
	tr.ValidatorScore, tr.ScoreMultiplier = cr.Score, cr.Multiplier
	return tr
}
