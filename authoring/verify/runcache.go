package verify

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// BorderlineShare is how near, as a share of the time limit, a run's CPU
// time may come to a time a check compares it with (see checkTimes) and
// still be cached: a run nearer than that is judged again each time, so
// that the margin checks measure it afresh.
const BorderlineShare = 0.10

// cachedRun is what the run cache keeps of a solution's run on a test:
// everything of grade.TestResult but the test's name and output file.
type cachedRun struct {
	Verdict  verdict.Verdict     `json:"verdict"`
	CPU      time.Duration       `json:"cpu_ns"`
	WallMs   int64               `json:"wall_ms"`
	MemoryKB int64               `json:"memory_kb"`
	ExitCode int                 `json:"exit_code"`
	Signal   string              `json:"signal,omitempty"`
	Message  string              `json:"message,omitempty"`
	Diff     *checker.DiffReport `json:"diff,omitempty"`
	// Score, ValidatorScore and ScoreMultiplier are kept for scoring
	// problems, whose verdict and score are made from them.
	Score           *float64 `json:"score,omitempty"`
	ValidatorScore  *float64 `json:"validator_score,omitempty"`
	ScoreMultiplier *float64 `json:"score_multiplier,omitempty"`
}

func toCached(t grade.TestResult) cachedRun {
	return cachedRun{Verdict: t.Verdict, CPU: t.CPU, WallMs: t.WallMs, MemoryKB: t.MemoryKB,
		ExitCode: t.ExitCode, Signal: t.Signal, Message: t.Message, Diff: t.Diff,
		Score: t.Score, ValidatorScore: t.ValidatorScore, ScoreMultiplier: t.ScoreMultiplier}
}

func (c cachedRun) result(t problem.Test) grade.TestResult {
	return grade.TestResult{Name: t.Name, Sample: t.Sample, Verdict: c.Verdict, CPU: c.CPU, TimeMs: c.CPU.Milliseconds(),
		WallMs: c.WallMs, MemoryKB: c.MemoryKB, ExitCode: c.ExitCode, Signal: c.Signal, Message: c.Message, Diff: c.Diff,
		Score: c.Score, ValidatorScore: c.ValidatorScore, ScoreMultiplier: c.ScoreMultiplier}
}

// cacheable reports whether a solution's result on a test may be kept:
// not the judge's own failure, not a time limit passed on the wall clock
// (the machine may have been busy; a second wall stop of a run again with
// the longer wall limit included), and not a CPU time within
// BorderlineShare of the time limit from one of the times at, which a
// check compares it with (checkTimes, allTimes). lim is the 1x limit,
// scale what the solution's CPU limit was multiplied by.
//
// A result of a run again with the longer wall limit
// (grade.TestResult.WallRechecked) is kept like any other, even when it
// needed the longer limit: it is what verify gives for the test whenever
// the first run is stopped by the wall clock under its CPU limit, and a
// fresh run that is not stopped so (a quiet machine) makes the same
// computation, so it gives the same result.
func cacheable(t grade.TestResult, lim runner.Limits, scale float64, at []time.Duration) bool {
	enforced := time.Duration(float64(lim.CPU) * max(scale, 1))
	switch t.Verdict {
	case verdict.IE, "":
		return false
	case verdict.TLE:
		return t.CPU >= enforced
	}
	near := time.Duration(float64(lim.CPU) * BorderlineShare)
	for _, x := range at {
		if t.CPU > x-near && t.CPU < x+near {
			return false
		}
	}
	return true
}

// allTimes are every time a check may compare a run with: half the
// limit (the accepted margin, the MLE margin), the limit (the verdict)
// and the limit a time_limit_exceeded solution runs under (the TLE
// margin). A run whose solution's folder is not known to the caller
// (a Kattis submission) is kept only clear of all of them.
func allTimes(lim runner.Limits, scale float64) []time.Duration {
	return []time.Duration{time.Duration(float64(lim.CPU) * ACMargin), lim.CPU, time.Duration(float64(lim.CPU) * max(scale, 1))}
}

// checkTimes are the times whose side a run of a solution of a native
// package may change the outcome of a check by: a time kept although it
// lies near another one changes no check, whichever side of it a fresh
// run would fall.
//
//   - accepted (not the reference): half the limit, which the accepted
//     margin check compares the slowest test with. The limit itself is
//     not: a run within BorderlineShare of it is far past half the limit,
//     so the accepted margin fails whether a fresh run is accepted or
//     stopped there.
//   - time_limit_exceeded (run at TLEScale × the limit, stopped at its
//     first test that ends otherwise than accepted): the scaled limit,
//     which decides whether the run is that first failure and the TLE
//     margin check's "still exceeds 1.5x". Neither half the limit (no
//     check compares a TLE solution's time with it) nor the limit: a run
//     near the limit is accepted at the scaled limit either way, so it
//     does not stop the solution, and the solution's verdict at 1x is TLE
//     whenever its run stops at a test past the scaled limit (whichever
//     earlier test was past the limit); when no test is, the TLE margin
//     check fails whatever the tests near the limit gave.
//   - memory_limit_exceeded: half the limit (the MLE margin check) and
//     the limit (the verdict).
//   - every other folder, and the reference solution (judged on every
//     test, its outputs compared): the limit, past which a run is TLE
//     rather than its verdict.
func checkTimes(sr *solRun) []time.Duration {
	lim := sr.lim.CPU
	half := time.Duration(float64(lim) * ACMargin)
	switch {
	case sr.reference:
		return []time.Duration{half, lim}
	case sr.sol.Expected == verdict.AC:
		return []time.Duration{half}
	case sr.sol.Expected == verdict.TLE:
		return []time.Duration{time.Duration(float64(lim) * max(sr.scale, 1))}
	case sr.sol.Expected == verdict.MLE:
		return []time.Duration{half, lim}
	}
	return []time.Duration{lim}
}

// checkerSettings is what a run's key takes from the problem's checker
// settings, native or Kattis: its kind, tolerances, interaction and
// passes.
func checkerSettings(p *problem.Problem) string {
	return fmt.Sprintf("%s abs %g rel %g interactive %v passes %d", p.Checker.Kind, p.Checker.FloatAbs, p.Checker.FloatRel, p.Interactive, p.Passes)
}

// keys makes the run cache's keys of a package's solution runs: what is
// common to every run is found once.
type keys struct {
	once    sync.Once
	err     error
	checker string   // the checker's kind, tolerances and program hash
	inputs  []string // hashes of the tests' inputs, by test
	answers []string // and of their answers
}

// prepare hashes the tests and the checker of p; checkerFiles are the
// compiled custom checker's or interactor's, nil for a built-in one,
// whose hash cache remembers.
func (k *keys) prepare(cache *runcache.Store, p *problem.Problem, checkerFiles []runner.File) error {
	k.once.Do(func() {
		k.checker = checkerSettings(p)
		if len(checkerFiles) > 0 {
			h, err := cache.HashFiles(checkerFiles)
			if err != nil {
				k.err = err
				return
			}
			k.checker += " program " + h
		}
		k.inputs = make([]string, len(p.Tests))
		k.answers = make([]string, len(p.Tests))
		for i, t := range p.Tests {
			if k.inputs[i], k.err = runcache.HashFile(t.Input); k.err != nil {
				return
			}
			if k.answers[i], k.err = runcache.HashFile(t.Output); k.err != nil {
				return
			}
		}
	})
	return k.err
}

// key returns the key of sr's run on test i, and false when the run is
// not to be cached (its files could not be hashed: the run will say
// why).
func (a *solutionsAspect) key(ctx context.Context, sr *solRun, i int) (runcache.Key, bool) {
	r, p := a.n.r, a.n.p
	if r.cache == nil {
		return runcache.Key{}, false
	}
	if err := a.keys.prepare(r.cache, p, a.checker.files()); err != nil {
		return runcache.Key{}, false
	}
	sr.keyOnce.Do(func() {
		if h, err := r.cache.HashFiles(sr.prog.Files); err == nil {
			sr.progHash = h
			sr.runtime = r.eng.Compiler.Identity(ctx, sr.sol.Language)
		}
	})
	if sr.progHash == "" {
		return runcache.Key{}, false
	}
	lang := sr.sol.Language
	enforced := sr.lim
	enforced.CPU = time.Duration(float64(sr.lim.CPU) * sr.scale)
	enforced.Wall = grade.WallLimit(p, enforced.CPU)
	t := p.Tests[i]
	return runcache.Key{
		Kind:        "solution",
		Program:     sr.progHash,
		Runtime:     sr.runtime,
		Run:         lang.Run,
		Env:         lang.Env,
		Input:       a.keys.inputs[i],
		Answer:      a.keys.answers[i],
		Limits:      lang.Limits(enforced),
		TimeLimit:   int64(sr.lim.CPU),
		Checker:     a.keys.checker,
		CheckerArgs: t.CheckerArgs,
		Sandbox:     r.eng.Sandbox.Mode(),
	}, true
}
