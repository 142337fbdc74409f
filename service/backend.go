package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/store"
)

// backend is the API's Backend: the store holds submissions, the queue
// carries their jobs to workers, the hub wakes those waiting on results.
type backend struct {
	st    store.Store
	q     jobQueue
	hub   *hub
	cat   *catalog
	auth  *authCache
	clar  *clarNotifier
	ready func(ctx context.Context) error
}

// jobQueue is what the backend needs of the queue.
type jobQueue interface {
	// publish queues one generation of a submission with the package
	// hash names, or its problem's current package when hash is "" (with
	// a message id that makes a repeat a no-op); queue.ErrQueueFull when
	// full.
	publish(ctx context.Context, sub store.Submission, hash string) error
	workers(ctx context.Context) ([]api.Worker, error)
	// stats is the queue's figures, at most a second old.
	stats(ctx context.Context) (queue.Stats, error)
}

// apiSub converts a stored submission.
func apiSub(s store.Submission) api.Submission {
	return api.Submission{
		ID: s.ID, User: s.User, Problem: s.Problem, Language: s.Language, Filename: s.Filename,
		State: string(s.State), Gen: s.Gen, Attempt: s.Attempt, Verdict: s.Verdict, Report: s.Report, Error: s.Error,
		CreatedAt: s.CreatedAt, StartedAt: s.StartedAt, FinishedAt: s.FinishedAt, Contest: s.Contest,
	}
}

// storeErr maps the store's sentinel errors to the API's.
func storeErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("%w", api.ErrNotFound)
	case errors.Is(err, store.ErrConflict):
		return fmt.Errorf("%w", api.ErrConflict)
	case errors.Is(err, store.ErrDisabled):
		return disabledErr
	case errors.Is(err, store.ErrUnauthorized):
		return api.ErrUnauthorized
	case errors.Is(err, store.ErrInvalid):
		return api.Errorf(http.StatusUnprocessableEntity, "", "%v", err)
	case errors.Is(err, store.ErrKeyReused):
		return keyReused()
	}
	return err
}

// Authenticate verifies a token with the store, or takes the store's
// word of less than authTTL ago.
func (b *backend) Authenticate(ctx context.Context, token string) (api.Principal, error) {
	return b.auth.authenticate(ctx, token, storeAuth(b.st))
}

// Submit inserts the row, then publishes the job. A publish that fails
// leaves a queued row the sweeper publishes again; a full queue is told
// to the client (503), and the row is cancelled so that nothing waits
// for a job that was never queued.
func (b *backend) Submit(ctx context.Context, who api.Principal, in api.NewSubmission, key string) (api.Submission, error) {
	lang, err := b.cat.language(in.Language, in.Filename)
	if err != nil {
		return api.Submission{}, err
	}
	// One check of the problem's files gives the problem and its package.
	_, hash, err := b.cat.current(ctx, in.Problem)
	if err != nil {
		return api.Submission{}, err
	}
	sub, created, err := b.st.Create(ctx, store.NewSubmission{
		User: who.User, Problem: in.Problem, PackageHash: hash, Language: lang, Filename: in.Filename, Source: in.Source, IdempotencyKey: key,
		IdempotencyHash: requestHash(in, key),
		Contest:         in.Contest,
	})
	if err != nil {
		return api.Submission{}, storeErr(err)
	}
	if !created {
		return apiSub(sub), nil
	}
	// A new pending run in its contest's standings.
	b.hub.contests.ring(sub.Contest)
	// Queued before the job exists, so that a worker's start cannot come
	// first.
	b.hub.publish(sub.ID, sub.Gen, api.Event{Name: "state", Data: stateData(api.StateQueued, 0)})
	if err := b.q.publish(ctx, sub, sub.PackageHash); err != nil {
		if isQueueFull(err) {
			c, cerr := b.st.Cancel(context.WithoutCancel(ctx), sub.ID)
			if cerr != nil {
				return api.Submission{}, fmt.Errorf("queue full, and cancelling %s failed: %w", sub.ID, cerr)
			}
			b.hub.publish(c.ID, c.Gen, verdictEvent(c))
			return api.Submission{}, api.ErrQueueFull
		}
		// The row is queued: the sweeper publishes it again.
	}
	return apiSub(sub), nil
}

func (b *backend) CountQueued(ctx context.Context, user string) (int, error) {
	n, err := b.st.CountQueued(ctx, user)
	return n, storeErr(err)
}

func (b *backend) Get(ctx context.Context, id string) (api.Submission, error) {
	if !store.ValidID(id) {
		return api.Submission{}, fmt.Errorf("submission %q: %w", id, api.ErrNotFound)
	}
	s, err := b.st.Get(ctx, id)
	if err != nil {
		return api.Submission{}, storeErr(err)
	}
	return apiSub(s), nil
}

// waitRecheck is how often a waiting request reads its submission even
// without a verdict from the hub (one applied where this process did not
// see it).
const waitRecheck = 2 * time.Second

// Wait holds until the submission is done or ctx ends. It takes the
// caller's fresh read of the row instead of reading it again: a verdict
// this process applied since is in the hub, and one applied elsewhere
// is found by the recheck, as one applied while waiting is. It reads the
// row when the hub has its verdict (not at every test's event), and every
// waitRecheck in case the hub missed it; when ctx ends it answers with
// the row as it is then.
func (b *backend) Wait(ctx context.Context, s api.Submission) (api.Submission, error) {
	id := s.ID
	wake, stop := b.hub.listen(id, true)
	defer stop()
	if s.State == api.StateDone {
		return s, nil
	}
	if done, ok := b.hub.result(id); ok && done.Gen >= s.Gen {
		return done, nil
	}
	recheck := time.NewTicker(waitRecheck)
	defer recheck.Stop()
	var err error
	for {
		select {
		case <-wake:
			if !b.hub.finished(id) {
				continue
			}
			if done, ok := b.hub.result(id); ok {
				return done, nil
			}
		case <-recheck.C:
		case <-ctx.Done():
			now, err := b.Get(context.WithoutCancel(ctx), id)
			if err != nil {
				return s, nil
			}
			return now, nil
		}
		if s, err = b.Get(ctx, id); err != nil || s.State == api.StateDone {
			return s, err
		}
	}
}

func (b *backend) List(ctx context.Context, q api.ListQuery) (api.Page, error) {
	p, err := b.st.List(ctx, store.ListQuery{User: q.User, Problem: q.Problem, Contest: q.Contest, Cursor: q.Cursor, Limit: q.Limit})
	if err != nil {
		if errors.Is(err, store.ErrInvalid) {
			return api.Page{}, api.Errorf(http.StatusBadRequest, "cursor", "not a cursor this server gave")
		}
		return api.Page{}, storeErr(err)
	}
	out := api.Page{Next: p.Next, Items: make([]api.Submission, 0, len(p.Submissions))}
	for _, s := range p.Submissions {
		out.Items = append(out.Items, apiSub(s))
	}
	return out, nil
}

func (b *backend) Cancel(ctx context.Context, id string) error {
	s, err := b.st.Cancel(ctx, id)
	if err != nil {
		return storeErr(err)
	}
	b.hub.publish(s.ID, s.Gen, verdictEvent(s))
	return nil
}

func (b *backend) Rejudge(ctx context.Context, id string) (api.Submission, error) {
	if !store.ValidID(id) {
		return api.Submission{}, fmt.Errorf("submission %q: %w", id, api.ErrNotFound)
	}
	old, err := b.st.Get(ctx, id)
	if err != nil {
		return api.Submission{}, storeErr(err)
	}
	// The row names the package its new judging uses, as a problem
	// rejudge's rows do; a problem gone from the server cannot be judged
	// again.
	_, hash, err := b.cat.current(ctx, old.Problem)
	if err != nil {
		return api.Submission{}, err
	}
	s, err := b.st.Rejudge(ctx, id, hash)
	if err != nil {
		return api.Submission{}, storeErr(err)
	}
	b.hub.publish(s.ID, s.Gen, api.Event{Name: "state", Data: stateData(api.StateQueued, 0)})
	b.hub.contests.ring(s.Contest)
	// A failed publish leaves the row queued for the sweeper.
	_ = b.q.publish(ctx, s, s.PackageHash)
	return apiSub(s), nil
}

func (b *backend) RejudgeProblem(ctx context.Context, slug string) (int, error) {
	// The rows name the package their new judging uses.
	p, hash, err := b.cat.current(ctx, slug)
	if err != nil {
		return 0, err
	}
	rs, err := b.st.RejudgeProblem(ctx, p.Slug, hash)
	if err != nil {
		return 0, storeErr(err)
	}
	for _, r := range rs {
		if s, err := b.st.Get(ctx, r.ID); err == nil {
			_ = b.q.publish(ctx, s, s.PackageHash)
			b.hub.contests.ring(s.Contest)
		}
	}
	return len(rs), nil
}

// Events replays what the hub holds of the current generation after
// lastID and follows it live; a submission already done that the hub no
// longer holds is replayed from its stored report.
func (b *backend) Events(ctx context.Context, id, lastID string) (<-chan api.Event, error) {
	sub, err := b.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	gen, n, _ := parseEventID(lastID)
	ch := make(chan api.Event, 16)
	wake, stop := b.hub.listen(id, false)
	go func() {
		defer close(ch)
		defer stop()
		send := func(ev api.Event) bool {
			select {
			case ch <- ev:
				return true
			case <-ctx.Done():
				return false
			}
		}
		if _, held := b.hub.since(id, gen, n); held < sub.Gen {
			// This process has seen nothing of the current generation.
			if sub.State == api.StateDone {
				for _, ev := range replay(sub, gen, n) {
					if !send(ev) {
						return
					}
				}
				return
			}
			// Where it stands now; no id, so a resume is not moved by it.
			if !send(api.Event{Name: "state", Data: stateData(sub.State, sub.Attempt)}) {
				return
			}
		}
		for {
			evs, held := b.hub.since(id, gen, n)
			if held != gen {
				gen, n = held, 0
			}
			for _, ev := range evs {
				if !send(ev) {
					return
				}
				n++
				if ev.Name == "verdict" {
					return
				}
			}
			select {
			case <-wake:
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch, nil
}

// replay makes the events of a done submission from its stored report:
// state, compile, every test, verdict, numbered as the live ones are.
func replay(sub api.Submission, gen, after int) []api.Event {
	var evs []api.Event
	add := func(ev api.Event) {
		ev.ID = eventID(sub.Gen, len(evs)+1)
		evs = append(evs, ev)
	}
	add(api.Event{Name: "state", Data: stateData(api.StateJudging, sub.Attempt)})
	if rep := sub.Report; rep != nil {
		add(compileEvent(&rep.Compile))
		for i := range rep.Tests {
			add(api.Event{Name: "test", Test: &rep.Tests[i]})
		}
	}
	add(api.Event{Name: "verdict", Result: &sub})
	if gen == sub.Gen && after > 0 && after < len(evs) {
		// Resuming: the verdict carries the whole report in any case.
		return evs[after:]
	}
	if gen == sub.Gen && after >= len(evs) {
		return evs[len(evs)-1:]
	}
	return evs
}

// stateData is a state event's JSON.
func stateData(state string, attempt int) []byte {
	b, _ := json.Marshal(map[string]any{"state": state, "attempt": attempt})
	return b
}

// verdictEvent is the verdict event of a submission done.
func verdictEvent(s store.Submission) api.Event {
	done := apiSub(s)
	return api.Event{Name: "verdict", Result: &done}
}

// viewData is a done submission's whole view as JSON, encoded once for
// its verdict event and the requests waiting for it (see
// api.Submission.Encoded).
func viewData(s api.Submission) []byte {
	return api.Encode(api.Show(feedback.Viewer{Admin: true}, s))
}

func (b *backend) Problems(ctx context.Context) ([]api.Problem, error) { return b.cat.Problems(ctx) }

// Feedback is the problem's feedback level as its files say now; a
// problem gone or broken gets the default, the least a contestant sees.
func (b *backend) Feedback(ctx context.Context, slug string) feedback.Level {
	p, err := b.cat.problem(slug)
	if err != nil || p.Feedback == "" {
		return feedback.Default
	}
	return p.Feedback
}
func (b *backend) Languages(ctx context.Context) ([]api.Language, error) { return b.cat.Languages(ctx) }
func (b *backend) Workers(ctx context.Context) ([]api.Worker, error)     { return b.q.workers(ctx) }
func (b *backend) Ready(ctx context.Context) error                       { return b.ready(ctx) }

func (b *backend) Queue(ctx context.Context) (api.QueueStats, error) {
	st, err := b.q.stats(ctx)
	if err != nil {
		return api.QueueStats{}, err
	}
	return api.QueueStats{Depth: st.Depth, InFlight: st.InFlight}, nil
}
