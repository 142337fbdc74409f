package service

import (
	"context"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// contests is the API's ContestBackend: contests in the store, and the
// bell rung when one of their submissions is judged in this process.
type contests struct {
	st   store.Store
	bell *contestBell
}

// apiContest converts a stored contest.
func apiContest(c store.Contest) api.Contest {
	out := api.Contest{ID: c.ID, Name: c.Name, Start: c.Start, End: c.End, Freeze: c.Freeze, Scoring: c.Scoring,
		Penalty: c.Penalty, CountCE: c.CountCE, HideProblems: c.HideProblems, Participants: c.Participants}
	for _, p := range c.Problems {
		out.Problems = append(out.Problems, api.ContestProblem{Label: p.Label, Slug: p.Slug})
	}
	return out
}

// storeContest converts a contest for the store.
func storeContest(c api.Contest) store.Contest {
	out := store.Contest{ID: c.ID, Name: c.Name, Start: c.Start, End: c.End, Freeze: c.Freeze, Scoring: c.Scoring,
		Penalty: c.Penalty, CountCE: c.CountCE, HideProblems: c.HideProblems, Participants: c.Participants}
	for _, p := range c.Problems {
		out.Problems = append(out.Problems, store.ContestProblem{Label: p.Label, Slug: p.Slug})
	}
	return out
}

func (cs *contests) CreateContest(ctx context.Context, c api.Contest) (api.Contest, error) {
	got, err := cs.st.CreateContest(ctx, storeContest(c))
	return apiContest(got), storeErr(err)
}

func (cs *contests) UpdateContest(ctx context.Context, c api.Contest) (api.Contest, error) {
	got, err := cs.st.UpdateContest(ctx, storeContest(c))
	if err == nil {
		// The rules may have changed: the standings are computed anew.
		cs.bell.ring(c.ID)
	}
	return apiContest(got), storeErr(err)
}

func (cs *contests) DeleteContest(ctx context.Context, id string) error {
	return storeErr(cs.st.DeleteContest(ctx, id))
}

func (cs *contests) Contest(ctx context.Context, id string) (api.Contest, error) {
	if !store.ValidContestID(id) {
		return api.Contest{}, api.ErrNotFound
	}
	got, err := cs.st.GetContest(ctx, id)
	return apiContest(got), storeErr(err)
}

func (cs *contests) Contests(ctx context.Context) ([]api.Contest, error) {
	got, err := cs.st.ListContests(ctx)
	if err != nil {
		return nil, storeErr(err)
	}
	out := make([]api.Contest, 0, len(got))
	for _, c := range got {
		out = append(out, apiContest(c))
	}
	return out, nil
}

func (cs *contests) ContestSubmissions(ctx context.Context, id string) ([]api.Submission, error) {
	got, err := cs.st.ContestSubmissions(ctx, id)
	if err != nil {
		return nil, storeErr(err)
	}
	out := make([]api.Submission, 0, len(got))
	for _, s := range got {
		out = append(out, apiSub(s))
	}
	return out, nil
}

func (cs *contests) ContestJudged(id string) (<-chan time.Time, func()) { return cs.bell.listen(id) }

// contestBell wakes the standings streams of a contest when one of its
// submissions is judged, rejudged or the contest changes.
type contestBell struct {
	mu        sync.Mutex
	listeners map[string]map[chan time.Time]bool
}

// ring wakes every listener of contest id ("" is no contest) with the
// time of the ring; a listener not yet woken holds the latest ring only.
func (b *contestBell) ring(id string) {
	if id == "" {
		return
	}
	now := time.Now()
	b.mu.Lock()
	defer b.mu.Unlock()
	for ch := range b.listeners[id] {
		select {
		case <-ch: // an older ring, not yet taken: replaced
		default:
		}
		ch <- now // room: only ring sends, under mu
	}
}

// listen registers for wake-ups about contest id.
func (b *contestBell) listen(id string) (<-chan time.Time, func()) {
	ch := make(chan time.Time, 1)
	b.mu.Lock()
	if b.listeners == nil {
		b.listeners = map[string]map[chan time.Time]bool{}
	}
	if b.listeners[id] == nil {
		b.listeners[id] = map[chan time.Time]bool{}
	}
	b.listeners[id][ch] = true
	b.mu.Unlock()
	return ch, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		delete(b.listeners[id], ch)
		if len(b.listeners[id]) == 0 {
			delete(b.listeners, id)
		}
	}
}
