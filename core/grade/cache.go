package grade

import (
	"context"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/runner"
)

// TestCache keeps test results from one judging to the next (the
// verifier's run cache). Grade asks Get before a test runs and, on a
// miss, offers the fresh result to Put, which may decline to keep it
// (one marked WallRechecked was measured under a longer wall limit than
// the run's: the verifier keeps it unless it is a second wall stop).
// Results are the test's own, before a scoring problem's scores are
// worked out (Score is made again from ValidatorScore and
// ScoreMultiplier); a result from Get has no OutputPath, so a cache is
// not asked when Options.OutputDir is set.
type TestCache interface {
	Get(ctx context.Context, run TestRun) (TestResult, bool)
	Put(ctx context.Context, run TestRun, tr TestResult)
}

// TestRun is one program's run on one test: what a TestCache keys a
// result by, with the problem's checker, which the cache knows.
type TestRun struct {
	Program *compile.Program
	Test    problem.Test
	// RunLimits are the limits enforced, Limits those the verdict is
	// stated against (they differ by Options.TimeScale).
	RunLimits, Limits runner.Limits
}

// cachedTest is runTest through g.Cache, when set.
func (g *Grader) cachedTest(ctx context.Context, prog *compile.Program, chk checker.Checker, t problem.Test,
	runLim, lim runner.Limits, outs *outputs, worker int, opt Options) TestResult {
	measure := func(chk checker.Checker, runLim, lim runner.Limits) TestResult {
		return g.runTest(ctx, prog, chk, t, runLim, lim, outs, worker, opt)
	}
	first := func() (TestResult, stall) {
		w := startStall(g.CPUStall)
		tr := measure(chk, runLim, lim)
		if !opt.RecheckWall || !WallInconclusive(tr, runLim) {
			return tr, stall{} // not looked at (see recheckWall)
		}
		d, ok := w.stop()
		return tr, stall{d, ok}
	}
	checked := func(tr TestResult, st stall) TestResult {
		if ctx.Err() != nil {
			return tr
		}
		return recheckWall(tr, st, chk, runLim, lim, opt, measure)
	}
	if g.Cache == nil || opt.OutputDir != "" {
		return checked(first())
	}
	run := TestRun{Program: prog, Test: t, RunLimits: runLim, Limits: lim}
	if tr, ok := g.Cache.Get(ctx, run); ok {
		tr.Name, tr.Sample, tr.OutputPath = t.Name, t.Sample, ""
		return tr
	}
	// A rechecked result is offered too, marked WallRechecked: its limits
	// are not run's, and the cache decides.
	tr := checked(first())
	if ctx.Err() == nil {
		g.Cache.Put(ctx, run, tr)
	}
	return tr
}
