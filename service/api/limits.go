package api

import (
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Kinds of long requests, named in errors and metrics.
const (
	KindStream = "stream" // a live event stream
	KindWait   = "wait"   // a request holding for ?wait=
)

// quota caps the long requests of one kind open at once: over everyone
// (503 past it) and for one user (429).
type quota struct {
	kind         string
	field        string // the field named in a refusal
	max, userMax int    // negative: no cap
	mu           sync.Mutex
	open         int
	users        map[string]int
	taken, given func() // told of a place taken and given back
	refused      func() // told of a refusal
}

func newQuota(kind, field string, max, userMax int, m Metrics) *quota {
	s := &quota{kind: kind, field: field, max: max, userMax: userMax, users: map[string]int{}}
	s.taken, s.given, s.refused = func() {}, func() {}, func() {}
	if m != nil {
		s.taken = func() { m.Long(kind, 1) }
		s.given = func() { m.Long(kind, -1) }
		s.refused = func() { m.Refused(kind) }
	}
	return s
}

// quotaRetry is the Retry-After of a refusal.
const quotaRetry = 5 * time.Second

// take takes a place in the quota for user, or says why not; release gives it back.
func (s *quota) take(user string) (release func(), err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.userMax >= 0 && s.users[user] >= s.userMax:
		s.refused()
		return nil, &Error{Status: http.StatusTooManyRequests, Field: s.field, RetryAfter: quotaRetry,
			Msg: fmt.Sprintf("you have %d %s requests open, the most one user may; try again shortly", s.users[user], s.kind)}
	case s.max >= 0 && s.open >= s.max:
		s.refused()
		return nil, &Error{Status: http.StatusServiceUnavailable, Field: s.field, RetryAfter: quotaRetry,
			Msg: fmt.Sprintf("the server has %d %s requests open, its most; try again shortly", s.open, s.kind)}
	}
	s.open++
	s.users[user]++
	s.taken()
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.open--
			if s.users[user]--; s.users[user] <= 0 {
				delete(s.users, user)
			}
			s.given()
		})
	}, nil
}
