package verify

import (
	"context"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/core/grade"
)

// run is the state of one Verify call: the verifier's options, the
// stack, and the counters every aspect adds to.
type run struct {
	eng     *engine.Engine
	tools   *author.Tools // the validator's and generator's compiles and runs
	grader  *grade.Grader // judges native solutions, one test at a time
	tmp     string
	workers int

	progress   func(done, total int)
	onCheck    func(problem string, c *Check)
	solutions  []string      // globs selecting the solutions judged
	tests      []string      // globs selecting the tests run
	timeLimit  time.Duration // replaces the problems' time limits
	strict     bool
	stopOnFail bool
	cancel     context.CancelFunc // stops the run (stopOnFail)
	cache      *runcache.Store    // nil without the run cache
	emitMu     sync.Mutex         // guards stopped and every pkg's emitted
	stopped    string             // the first failed check, once stopped

	mu    sync.Mutex // guards what follows, and the aspects' progress flags
	done  int
	total int
	stats Stats
}

// newRun returns the state of a Verify call working in tmp.
func (v *Verifier) newRun(tmp string) *run {
	workers := v.Workers
	if workers <= 0 {
		workers = max(v.Engine.Config.Workers, 1)
	}
	return &run{
		eng:        v.Engine,
		tools:      &author.Tools{Engine: v.Engine},
		grader:     v.Engine.VerifyGrader(tmp, nil),
		tmp:        tmp,
		workers:    workers,
		progress:   v.Progress,
		onCheck:    v.OnCheck,
		solutions:  v.Solutions,
		tests:      v.Tests,
		timeLimit:  v.TimeLimit,
		strict:     v.Strict,
		stopOnFail: v.StopOnFail,
		cache:      v.RunCache,
	}
}

// pruneCache trims the run cache once the results of this run are in.
func (r *run) pruneCache() {
	if r.cache != nil && r.cache.Stored() > 0 {
		_, _ = r.cache.Prune() // a store too big is no fault of the packages
	}
}

// expect adds n steps to the total the progress is measured against.
func (r *run) expect(n int) {
	r.mu.Lock()
	r.total += n
	r.mu.Unlock()
}

// step reports n steps done.
func (r *run) step(n int) {
	if r.progress == nil || n == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done += n
	r.progress(r.done, r.total)
}

// ran records a program run in the stats.
func (r *run) ran(cpu time.Duration) {
	r.mu.Lock()
	r.stats.Runs++
	r.stats.RunCPUMs += cpu.Milliseconds()
	r.mu.Unlock()
}

// hit records a run found in the run cache in the stats.
func (r *run) hit() {
	r.mu.Lock()
	r.stats.CachedRuns++
	r.mu.Unlock()
}

// compiled records a compile in the stats.
func (r *run) compiled(c compile.Compilation) {
	r.mu.Lock()
	r.stats.Compiles++
	if c.Cached {
		r.stats.CachedCompiles++
	} else {
		r.stats.CompileMs += c.Time.Milliseconds()
	}
	r.mu.Unlock()
}
