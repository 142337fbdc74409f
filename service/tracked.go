package service

import "sync"

// tracked is one problem of the catalog: the entry its last check found,
// and the checks (walks of its folder) under way. A check answers with a
// walk that started after it was asked for, so an edit finished before a
// submission arrives is always seen; the calls that arrive while a walk
// runs share the next one, so a burst of submissions to one problem costs
// a few walks, not one each.
type tracked struct {
	load func(old *entry) (*entry, error)

	mu   sync.Mutex
	cond *sync.Cond
	// started and finished count the walks; walking is set while one runs.
	started, finished int
	walking           bool
	waiting           int // calls waiting for a walk (for tests)
	e                 *entry
	err               error
}

func newTracked(load func(old *entry) (*entry, error)) *tracked {
	s := &tracked{load: load}
	s.cond = sync.NewCond(&s.mu)
	return s
}

// check is the result of the first walk that starts after the call: it
// runs that walk itself when none is running, and otherwise waits for
// the running one to end and the next one (run by one of its waiters).
func (s *tracked) check() (*entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	need := s.started + 1
	for s.finished < need {
		if s.walking {
			s.waiting++
			s.cond.Wait()
			s.waiting--
			continue
		}
		s.walking = true
		s.started++
		n, old := s.started, s.e
		s.mu.Unlock()
		e, err := s.load(old)
		s.mu.Lock()
		s.e, s.err, s.finished, s.walking = e, err, n, false
		s.cond.Broadcast()
	}
	return s.e, s.err
}
