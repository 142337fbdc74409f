package verify

import (
	"context"
	"slices"
	"sync"
)

// A sequence is a list of jobs for the pool, each holding one box while
// it runs. Jobs start in order. With stopOnFail, no job starts after one
// fails, and the running jobs after the failed one are cancelled: their
// results are not wanted.
type sequence struct {
	jobs       []func(ctx context.Context) (failed bool)
	stopOnFail bool
	rank       int // lower ranks are served first
	// onDone, if set, is called once when every job has ended or will
	// never start (after a failure that stops the sequence).
	onDone func()

	next      int // next job to start
	active    int // jobs running now
	firstFail int // lowest job that failed, len(jobs) if none
	cancels   []context.CancelFunc
	ended     bool
}

// finished reports, under the pool's lock, whether the sequence has just
// ended: no job runs and none is left to start. It is true once.
func (s *sequence) finished() bool {
	if s.ended || s.active > 0 || (s.next < len(s.jobs) && s.firstFail == len(s.jobs)) {
		return false
	}
	s.ended = true
	return true
}

func newSequence(stopOnFail bool) *sequence {
	return &sequence{stopOnFail: stopOnFail}
}

func (s *sequence) add(job func(ctx context.Context) bool) {
	s.jobs = append(s.jobs, job)
}

// pool runs the jobs of its sequences on a fixed number of workers, so
// that about that many boxes are busy at any time. A worker takes the next
// job of the first sequence, by rank and then in the order added, that
// still has one to start (see pick): the slowest work is ranked first so
// that it ends first, and short jobs fill in at the end. Jobs may add sequences
// while the pool runs (a compile adds the runs of what it compiled).
type pool struct {
	workers int
	// done is called with the number of jobs finished or dropped.
	done func(n int)

	mu      sync.Mutex
	cond    *sync.Cond
	seqs    []*sequence
	running int // jobs running now
}

// add adds a sequence with the given rank; it may be called while the
// pool runs, from a job.
func (p *pool) add(s *sequence, rank int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(s.jobs) == 0 {
		s.ended = true
		if s.onDone != nil {
			p.mu.Unlock()
			s.onDone()
			p.mu.Lock()
		}
		return
	}
	s.rank = rank
	s.firstFail = len(s.jobs)
	s.cancels = make([]context.CancelFunc, len(s.jobs))
	i, _ := slices.BinarySearchFunc(p.seqs, rank+1, func(s *sequence, r int) int { return s.rank - r })
	p.seqs = slices.Insert(p.seqs, i, s)
	if p.cond != nil {
		p.cond.Broadcast()
	}
}

// pick returns the next job to start, or nil. A sequence that stops at its
// first failure wastes the jobs it ran past it, so its jobs run one at a
// time while other work is waiting, and side by side only when nothing
// else is.
func (p *pool) pick() (*sequence, int) {
	for _, idle := range []bool{true, false} {
		for _, s := range p.seqs {
			if s.next < len(s.jobs) && s.firstFail == len(s.jobs) && (!idle || !s.stopOnFail || s.active == 0) {
				i := s.next
				s.next++
				s.active++
				return s, i
			}
		}
	}
	return nil, 0
}

// run runs every job, including those of sequences added meanwhile, and
// returns when all have ended (or ctx has).
func (p *pool) run(ctx context.Context) {
	p.mu.Lock()
	p.cond = sync.NewCond(&p.mu)
	p.mu.Unlock()
	stop := context.AfterFunc(ctx, func() {
		p.mu.Lock()
		p.cond.Broadcast()
		p.mu.Unlock()
	})
	defer stop()
	var wg sync.WaitGroup
	for range max(p.workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.work(ctx)
		}()
	}
	wg.Wait()
}

func (p *pool) work(ctx context.Context) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for ctx.Err() == nil {
		s, i := p.pick()
		if s == nil {
			if p.running == 0 {
				return // nothing runs that could add work
			}
			p.cond.Wait()
			continue
		}
		jctx, cancel := context.WithCancel(ctx)
		s.cancels[i] = cancel
		p.running++
		p.mu.Unlock()

		failed := s.jobs[i](jctx)
		stopped := jctx.Err() != nil
		cancel()

		dropped := 0
		p.mu.Lock()
		p.running--
		s.active--
		if s.stopOnFail && failed && i < s.firstFail && !stopped {
			if s.firstFail == len(s.jobs) {
				dropped = len(s.jobs) - s.next // never to start
			}
			s.firstFail = i
			for j := i + 1; j < len(s.jobs); j++ {
				if s.cancels[j] != nil {
					s.cancels[j]()
				}
			}
		}
		p.cond.Broadcast()
		ended := s.finished() && s.onDone != nil
		if p.done != nil || ended {
			p.mu.Unlock()
			if ended {
				s.onDone()
			}
			if p.done != nil {
				p.done(1 + dropped)
			}
			p.mu.Lock()
		}
	}
}
