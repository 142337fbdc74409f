package verify

import (
	"context"
	"time"

	"github.com/puzzlejudge/judge/core/compile"
)

// Ranks of the pool's sequences: compiles first, then the slowest runs
// (time_limit_exceeded solutions at 1.5x the limit, the reference and the
// accepted solutions on every test), then the rest, and the short
// validator and generator runs at the end.
const (
	rankCompile = iota
	rankTLE
	rankReference
	rankAccepted
	rankOther
	rankTools
)

// schedule is the work of one Verify call: every aspect of every package
// adds its compiles and its runs to it, and it runs them all on one pool
// of workers. Compiles come first; the runs of a program join the pool as
// soon as it (and what it needs, such as the problem's checker) is
// compiled.
type schedule struct {
	r        *run
	pool     *pool
	compiles []compileTask
	// lastCompile is when the last compile ended (run.mu).
	lastCompile time.Time
}

// compileTask is one compile: the program's language (nil when not known
// before it is compiled) and the job.
type compileTask struct {
	lang *compile.Language
	job  func(ctx context.Context) bool
}

func newSchedule(r *run) *schedule {
	return &schedule{r: r, pool: &pool{workers: r.workers, done: r.step}}
}

// compile adds a compile of a program in lang (nil when not known): job
// compiles it; then, unless ctx has ended, adds the runs it was compiled
// for.
func (s *schedule) compile(lang *compile.Language, job func(ctx context.Context), then func()) {
	s.compiles = append(s.compiles, compileTask{lang, func(ctx context.Context) bool {
		job(ctx)
		s.r.mu.Lock()
		s.lastCompile = time.Now()
		s.r.mu.Unlock()
		if ctx.Err() == nil {
			then()
		}
		return false
	}})
}

// expect counts n runs to come in the progress total: each job of a
// sequence added later, or each run skipped by add.
func (s *schedule) expect(n int) { s.r.expect(n) }

// add adds a sequence of runs with the rank; onDone, if set, is called
// once they have all ended. A nil sequence stands for runs that will not
// be made (the program did not compile): onDone is called at once, and
// its steps are counted done. It may be called while the pool runs.
func (s *schedule) add(seq *sequence, rank int, onDone func(), steps int) {
	if seq == nil {
		if onDone != nil {
			onDone()
		}
		s.r.step(steps)
		return
	}
	seq.onDone = onDone
	s.pool.add(seq, rank)
}

// job adds one run as a sequence of its own.
func (s *schedule) job(rank int, job func(ctx context.Context)) {
	seq := newSequence(false)
	seq.add(func(ctx context.Context) bool { job(ctx); return false })
	s.pool.add(seq, rank)
}

// run runs every compile and every run, including those added
// meanwhile, and returns when all have ended (or ctx has).
func (s *schedule) run(ctx context.Context) {
	start := time.Now()
	// A language with a warm build cache builds it at its first compile,
	// and its other compiles wait for it: meanwhile the other workers
	// compile the other languages.
	warming := map[*compile.Language]bool{}
	key := func(t compileTask) int {
		switch {
		case t.lang == nil || t.lang.Cache == nil:
			return 1
		case !warming[t.lang]:
			warming[t.lang] = true
			return 0
		}
		return 2
	}
	keys := make([]int, len(s.compiles))
	for i, t := range s.compiles {
		keys[i] = key(t)
	}
	compiles := newSequence(false)
	for k := range 3 {
		for i, t := range s.compiles {
			if keys[i] == k {
				compiles.add(t.job)
			}
		}
	}
	s.expect(len(compiles.jobs))
	s.pool.add(compiles, rankCompile)
	s.pool.run(ctx)
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	s.r.stats.JudgeWallMs = time.Since(start).Milliseconds()
	if !s.lastCompile.IsZero() {
		s.r.stats.CompileWallMs = s.lastCompile.Sub(start).Milliseconds()
	}
}
