package api

import (
	"sync"
	"time"
)

// standingsShare lets the standings streams of a contest, woken together
// by one judging, share one computation of its table per view instead of
// reading the contest's submissions once each.
type standingsShare struct {
	mu   sync.Mutex
	last map[shareKey]*sharedTable
}

type shareKey struct {
	contest string
	jury    bool
}

// sharedTable is one computation, done once done is closed.
type sharedTable struct {
	started time.Time
	done    chan struct{}
	v       StandingsView
	err     error
}

// get returns the table of key from a computation that started at or
// after since (so it saw every judging before since), joining one under
// way or starting one with compute.
func (s *standingsShare) get(key shareKey, since time.Time, compute func() (StandingsView, error)) (StandingsView, error) {
	s.mu.Lock()
	if sh := s.last[key]; sh != nil && !sh.started.Before(since) {
		s.mu.Unlock()
		<-sh.done
		return sh.v, sh.err
	}
	sh := &sharedTable{started: time.Now(), done: make(chan struct{})}
	if s.last == nil {
		s.last = map[shareKey]*sharedTable{}
	}
	s.last[key] = sh
	s.mu.Unlock()
	sh.v, sh.err = compute()
	close(sh.done)
	return sh.v, sh.err
}
