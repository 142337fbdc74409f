package grade

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// MinBudget is the least time budget DefaultBudget gives.
const MinBudget = time.Minute

// DefaultBudget is the time budget of a submission's tests that the
// judging service gives by default (Options.Budget): twice the time its
// tests would take if each ran to its CPU limit (the language's
// multiplier applied), and at least MinBudget. A submission within its
// limits never reaches it, whatever it computes, as its tests' CPU time
// is at most half of it, which leaves the other half for starting
// programs, checking outputs and a busy machine; lazy judging
// (Options.StopOnFail) ends a wrong one at its first failure. What the
// budget stops is what neither does: a program that waits on every test
// of a scoring problem (each test then runs to its wall limit, about
// twice its CPU limit), or tests run again after wall stops on a starved
// machine (Options.RecheckWall), so that one submission holds a slot of
// the service for a bounded time.
func DefaultBudget(p *problem.Problem, lang *compile.Language) time.Duration {
	return BudgetFor(Limits(p, lang).CPU, len(p.Tests))
}

// BudgetFor is DefaultBudget's rule for tests tests with the CPU limit
// cpu each.
func BudgetFor(cpu time.Duration, tests int) time.Duration {
	return max(MinBudget, 2*cpu*time.Duration(tests))
}

// errBudget ends the tests of a judging whose budget is used up.
var errBudget = errors.New("the judging's time budget is used up")

// withBudget is ctx ended by errBudget once budget has passed (never for
// budget 0), and a test of whether that happened.
func withBudget(ctx context.Context, budget time.Duration) (context.Context, context.CancelFunc, func() bool) {
	if budget <= 0 {
		return ctx, func() {}, func() bool { return false }
	}
	bctx, cancel := context.WithTimeoutCause(ctx, budget, errBudget)
	return bctx, cancel, func() bool { return ctx.Err() == nil && errors.Is(context.Cause(bctx), errBudget) }
}

// cutAtBudget ends a report whose budget ran out before its tests were
// all judged: the results from the first one missing (a test not started
// or stopped by the budget) on are dropped and named in NotRun (with
// stopOnFail, only when no test failed before it: the tests after a
// failure are not run anyway), and BudgetExceeded is set. The verdict of
// the tests judged then stands, unless they all passed (budgetVerdict).
func cutAtBudget(rep *Report, names []string, results []TestResult, stopOnFail bool) []TestResult {
	for i, r := range results {
		if stopOnFail && r.Verdict != "" && r.Verdict != verdict.AC {
			return results
		}
		if r.Verdict == "" {
			rep.BudgetExceeded = true
			rep.NotRun = append(rep.NotRun, names[i:]...)
			return results[:i]
		}
	}
	return results
}

// budgetVerdict is the verdict of a report whose budget ran out: its
// own, unless that is AC.
func budgetVerdict(rep *Report) verdict.Verdict {
	if rep.BudgetExceeded && rep.Verdict == verdict.AC {
		return verdict.TLE
	}
	return rep.Verdict
}

// scoredTests is what a scoring problem's score is computed from: the
// tests judged and, when the budget ran out, each test it cut as a TLE
// that earned nothing. A scorer that skips a test it has no result for
// (the legacy graders aggregate only the results they are given) would
// otherwise score a submission stopped by the budget as if the tests it
// never passed had not been asked.
func scoredTests(rep *Report) []TestResult {
	if !rep.BudgetExceeded {
		return rep.Tests
	}
	tests := slices.Clip(rep.Tests)
	for _, name := range rep.NotRun {
		tests = append(tests, TestResult{Name: name, Verdict: verdict.TLE, Message: errBudget.Error()})
	}
	return tests
}
