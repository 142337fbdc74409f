package api

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"time"
)

// fakeClar is the fake backend's clarifications. It hands every viewer
// every clarification, in listings and streams alike, so the tests see
// the API's own filter (ShowClarification) at work.
type fakeClar struct {
	cmu     sync.Mutex
	clars   map[int64]*Clarification
	seq     int64
	queries []ClarQuery
	// followers get every change; a closed one is skipped.
	followers []chan Clarification
}

// change gives c the next seq, stores it and sends it to the followers.
func (f *fakeClar) change(c Clarification) Clarification {
	f.seq++
	c.Seq = f.seq
	if c.ID == 0 {
		c.ID = f.seq
	}
	if f.clars == nil {
		f.clars = map[int64]*Clarification{}
	}
	f.clars[c.ID] = &c
	for _, ch := range f.followers {
		select {
		case ch <- c:
		default:
		}
	}
	return c
}

func (f *fakeClar) AskClarification(_ context.Context, who Principal, in NewClarification) (Clarification, error) {
	if in.Problem != "" && in.Problem != "a-plus-b" {
		return Clarification{}, Errorf(http.StatusNotFound, "problem", "no problem %q", in.Problem)
	}
	f.cmu.Lock()
	defer f.cmu.Unlock()
	return f.change(Clarification{Contest: in.Contest, Problem: in.Problem, From: who.User, Question: in.Text, CreatedAt: time.Now()}), nil
}

func (f *fakeClar) AnswerClarification(_ context.Context, who Principal, id int64, in ClarAnswer) (Clarification, error) {
	f.cmu.Lock()
	defer f.cmu.Unlock()
	c, ok := f.clars[id]
	switch {
	case !ok:
		return Clarification{}, fmt.Errorf("clarification %d: %w", id, ErrNotFound)
	case c.From == "":
		return Clarification{}, fmt.Errorf("clarification %d: %w", id, ErrConflict)
	}
	a := *c
	a.Answer, a.ToAll, a.AnsweredBy, a.AnsweredAt = in.Text, in.ToAll, who.User, time.Now()
	return f.change(a), nil
}

func (f *fakeClar) Announce(_ context.Context, who Principal, in NewClarification) (Clarification, error) {
	f.cmu.Lock()
	defer f.cmu.Unlock()
	now := time.Now()
	return f.change(Clarification{Contest: in.Contest, Problem: in.Problem, Answer: in.Text, AnsweredBy: who.User,
		ToAll: true, CreatedAt: now, AnsweredAt: now}), nil
}

// sorted is every clarification by seq.
func (f *fakeClar) sorted() []Clarification {
	out := make([]Clarification, 0, len(f.clars))
	for _, c := range f.clars {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Seq < out[j].Seq })
	return out
}

func (f *fakeClar) Clarifications(_ context.Context, q ClarQuery) ([]Clarification, error) {
	f.cmu.Lock()
	defer f.cmu.Unlock()
	f.queries = append(f.queries, q)
	out := f.sorted()
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out, nil
}

func (f *fakeClar) ClarificationEvents(ctx context.Context, q ClarQuery) (<-chan Clarification, int64, error) {
	f.cmu.Lock()
	defer f.cmu.Unlock()
	f.queries = append(f.queries, q)
	start := q.After
	if start < 0 {
		start = f.seq
	}
	ch := make(chan Clarification, 64)
	for _, c := range f.sorted() {
		if c.Seq > start {
			ch <- c
		}
	}
	f.followers = append(f.followers, ch)
	return ch, start, nil
}

// lastClarQuery is the last query the API made.
func (f *fakeClar) lastClarQuery() ClarQuery {
	f.cmu.Lock()
	defer f.cmu.Unlock()
	if len(f.queries) == 0 {
		return ClarQuery{}
	}
	return f.queries[len(f.queries)-1]
}

// clarCount is how many clarifications the backend holds.
func (f *fakeClar) clarCount() int {
	f.cmu.Lock()
	defer f.cmu.Unlock()
	return len(f.clars)
}
