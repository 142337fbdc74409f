package api

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// fakeContests is an in-memory ContestBackend: contests by ID, the
// submissions of each, and a bell per contest.
type fakeContests struct {
	mu    sync.Mutex
	all   map[string]Contest
	order []string
	subs  map[string][]Submission
	bells map[string]chan time.Time
}

func newFakeContests() *fakeContests {
	return &fakeContests{all: map[string]Contest{}, subs: map[string][]Submission{}, bells: map[string]chan time.Time{}}
}

func (f *fakeContests) CreateContest(_ context.Context, c Contest) (Contest, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.all[c.ID]; ok {
		return Contest{}, fmt.Errorf("contest %s: %w", c.ID, ErrConflict)
	}
	f.all[c.ID] = c
	f.order = append(f.order, c.ID)
	return c, nil
}

func (f *fakeContests) UpdateContest(_ context.Context, c Contest) (Contest, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.all[c.ID]; !ok {
		return Contest{}, ErrNotFound
	}
	f.all[c.ID] = c
	return c, nil
}

func (f *fakeContests) DeleteContest(_ context.Context, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.subs[id]) > 0 {
		return ErrConflict
	}
	delete(f.all, id)
	for i, o := range f.order {
		if o == id {
			f.order = append(f.order[:i], f.order[i+1:]...)
			break
		}
	}
	return nil
}

func (f *fakeContests) Contest(_ context.Context, id string) (Contest, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.all[id]
	if !ok {
		return Contest{}, ErrNotFound
	}
	return c, nil
}

func (f *fakeContests) Contests(context.Context) ([]Contest, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []Contest
	for _, id := range f.order {
		out = append(out, f.all[id])
	}
	return out, nil
}

func (f *fakeContests) ContestSubmissions(_ context.Context, id string) ([]Submission, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Submission(nil), f.subs[id]...), nil
}

func (f *fakeContests) ContestJudged(id string) (<-chan time.Time, func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	ch := make(chan time.Time, 1)
	f.bells[id] = ch
	return ch, func() {}
}

// add stores a contest as the backend would have it, without the
// checks POST /api/v1/contests makes.
func (f *fakeContests) add(c Contest) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.all[c.ID] = c
	f.order = append(f.order, c.ID)
}

// judged adds a done submission to a contest and rings its bell.
func (f *fakeContests) judged(id string, s Submission) {
	f.mu.Lock()
	s.State, s.Contest = StateDone, id
	f.subs[id] = append(f.subs[id], s)
	ch := f.bells[id]
	f.mu.Unlock()
	if ch != nil {
		select {
		case ch <- time.Now():
		default:
		}
	}
}

// clock is a settable time for the API's contest windows.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// contestRig is the API over fake backends with contests and a clock at
// the start of the rig's day.
type contestRig struct {
	*apiRig
	c     *fakeContests
	clock *clock
}

// day0 is 09:00 on the rig's day; its contests start at 10:00.
var day0 = time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)

func newContestRig(t *testing.T) *contestRig {
	t.Helper()
	fc := newFakeContests()
	r := &contestRig{apiRig: newAPIRig(t, Options{Contests: fc}), c: fc, clock: &clock{t: day0}}
	r.api.now = r.clock.now
	return r
}
