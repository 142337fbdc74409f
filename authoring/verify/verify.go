package verify

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/core/problem/kattis"
)

// Verifier verifies problem packages.
type Verifier struct {
	// Engine gives the configuration, sandbox and compiler, the graders
	// that judge the solutions and submissions, and the author's tools
	// that run the validators and generators.
	Engine *engine.Engine
	// Workers is how many boxes are kept busy at once; 0 means the
	// configuration's workers.
	Workers int
	// Progress, if set, is called as work advances with the number of
	// steps done and their total. Calls never overlap.
	Progress func(done, total int)
	// OnCheck, if set, is called with each check as soon as it is final
	// (a solution's when it has run on every test), with the problem it
	// belongs to; the checks left are given at the end. Calls never
	// overlap; the report holds the same checks.
	OnCheck func(problem string, c *Check)
	// Strict fails the warnings of native packages.
	Strict bool
	// StopOnFail stops at the first failed check: the checks not final
	// by then are skipped.
	StopOnFail bool
	// Solutions, if set, selects the solutions judged: those whose path
	// under solutions/<slug>/ ("accepted/bfs.go") or file name matches
	// one of these globs (path.Match).
	Solutions []string
	// Tests, if set, selects the tests run (validator, solutions): those
	// whose name matches one of these globs.
	Tests []string
	// TimeLimit, if set, replaces every problem's time limit.
	TimeLimit time.Duration
	// RunCache, if set, keeps the results of the runs: a run whose key is
	// found there is not made again (see cacheable for what is kept).
	RunCache *runcache.Store
}

// Verify checks the problem packages in dirs (each as given, for
// messages). Every fault of a package is a failed check in the report;
// the error is non-nil only when ctx ends or the verifier cannot work at
// all.
func (v *Verifier) Verify(ctx context.Context, dirs []string) (*Report, error) {
	start := time.Now()
	tmp, err := os.MkdirTemp("", "judge-verify-")
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	defer os.RemoveAll(tmp)
	r := v.newRun(tmp)
	pkgs := make([]*pkg, len(dirs))
	for i, d := range dirs {
		if kattis.IsPackage(d) {
			pkgs[i] = r.kattisPackage(d)
		} else if pkgs[i], err = r.nativePackage(d, i); err != nil {
			return nil, err
		}
	}
	rep, err := r.verify(ctx, pkgs)
	if err != nil {
		return nil, err
	}
	rep.Stats.WallMs = time.Since(start).Milliseconds()
	return rep, nil
}

// verify schedules the aspects of every package on one pool, runs them,
// and makes the report, with the packages in the order given.
func (r *run) verify(ctx context.Context, pkgs []*pkg) (*Report, error) {
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.cancel = cancel
	defer r.pruneCache()
	// The checks final before anything runs are given first, the native
	// packages' before the Kattis ones'.
	s := newSchedule(r)
	for _, second := range []bool{false, true} {
		for _, pk := range pkgs {
			if pk.kattis != second {
				continue
			}
			r.emitEarly(pk)
			for _, a := range pk.aspects {
				a.schedule(s)
			}
		}
	}
	s.run(runCtx)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	rep := &Report{Problems: make([]*ProblemReport, len(pkgs))}
	for i, pk := range pkgs {
		rep.Problems[i] = r.report(pk)
	}
	rep.summarize()
	rep.Stats = r.stats
	rep.Stats.Workers = r.workers
	return rep, nil
}
