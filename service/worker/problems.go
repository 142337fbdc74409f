package worker

import (
	"sync"

	"github.com/puzzlejudge/judge/core/problem"
)

// maxLoaded bounds the problems a worker keeps loaded.
const maxLoaded = 64

// loaded keeps the problems a worker loaded, by package hash: a package
// is content-addressed and its unpacked folder never changes, so it is
// loaded once, not for every job (problem.Load reads and checks every
// file's name, problem.yaml and the checker's settings).
type loaded struct {
	mu sync.Mutex
	m  map[string]*problem.Problem
}

// get returns a copy of the problem of package hash unpacked in dir,
// loading it on first use; the copy is the caller's to change (its
// limits, its slug).
func (l *loaded) get(hash, dir string) (*problem.Problem, error) {
	l.mu.Lock()
	p, ok := l.m[hash]
	l.mu.Unlock()
	if !ok || p.Dir != dir {
		var err error
		if p, err = problem.Load(dir); err != nil {
			return nil, err
		}
		l.mu.Lock()
		if l.m == nil || len(l.m) >= maxLoaded {
			l.m = map[string]*problem.Problem{}
		}
		l.m[hash] = p
		l.mu.Unlock()
	}
	cp := *p
	return &cp, nil
}
