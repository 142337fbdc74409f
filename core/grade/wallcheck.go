package grade

import (
	"time"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// LongWall is the wall-time limit of a re-run under Options.RecheckWall:
// ten times the CPU limit and ten seconds, so that a program that only
// computes finishes (or passes its CPU limit) even when the machine gives
// it a tenth of a core, and one that waits is still stopped.
func LongWall(cpu time.Duration) time.Duration { return 10*cpu + 10*time.Second }

// WallInconclusive reports whether a test result says nothing about the
// CPU time its program needs: it was stopped by its wall-time limit (TLE,
// runner.WallExceeded) while its CPU time stayed under the CPU limit
// enforced (runLim.CPU). The program either waited (for input, a lock, a
// sleep) or the machine was too loaded to give it its CPU time in time;
// a single run cannot tell which. Every other result is conclusive: a CPU
// stop, a wall stop after the CPU limit was used up anyway, a memory or
// output stop, an exit or a signal.
func WallInconclusive(tr TestResult, runLim runner.Limits) bool {
	return tr.Verdict == verdict.TLE && tr.Status == runner.WallExceeded && tr.CPU < runLim.CPU
}

// stall is the machine's CPU pressure stall over a test's run (see
// cpuStall): the time some runnable task waited for a CPU; ok is false
// where the kernel does not say.
type stall struct {
	d  time.Duration
	ok bool
}

// unstarved reports whether a run stopped by its wall limit waited rather
// than starved: the machine's CPU stall over the run, an upper bound on
// the time the program was runnable but waited for a CPU, is under a
// quarter of the time it did not run (its wall time less its CPU time).
// So for at least three quarters of that time it was not runnable at all:
// it slept, or waited for input, a lock or a child; a longer wall limit
// on a loaded machine would not change that.
func unstarved(tr TestResult, st stall) bool {
	idle := time.Duration(tr.WallMs)*time.Millisecond - tr.CPU
	return st.ok && idle > 0 && 4*st.d < idle
}

// recheckWall runs a test once more with the wall limit LongWall, when
// opt.RecheckWall is set and its result is WallInconclusive: the second
// result stands, marked WallRechecked, and a second wall stop is a TLE of
// a program that really waits. A first wall stop whose run did not
// starve (unstarved, from st, the machine's CPU stall over it) is a
// program that waits already: its TLE stands without a second run,
// marked WallUnstarved. rerun runs the test with a checker and limits.
func recheckWall(tr TestResult, st stall, chk checker.Checker, runLim, lim runner.Limits, opt Options,
	rerun func(chk checker.Checker, runLim, lim runner.Limits) TestResult) TestResult {
	if !opt.RecheckWall || !WallInconclusive(tr, runLim) {
		return tr
	}
	if unstarved(tr, st) {
		tr.WallUnstarved = true
		return tr
	}
	long := LongWall(runLim.CPU)
	runLim.Wall, lim.Wall = long, long
	again := rerun(longerWall(chk, long), runLim, lim)
	again.WallRechecked = true
	return again
}

// longerWall returns chk for a re-run whose submission has the wall limit
// long: an interactive validator, which waits for the submission, gets
// long on top of its own wall limit, so that it does not run out of time
// first (an IE); any other checker runs after the submission, unchanged.
func longerWall(chk checker.Checker, long time.Duration) checker.Checker {
	s, ok := chk.(session)
	if !ok || !s.interactive {
		return chk
	}
	lim := s.Custom.Limits
	if lim == (runner.Limits{}) {
		lim = checker.CustomLimits()
	}
	lim.Wall = lim.WithDefaults().Wall + long
	s.Custom.Limits = lim
	return s
}
