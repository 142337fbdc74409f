package service

import (
	"context"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/service/store"
)

// shareAge is how long the fair share (the workers' slots) is reused
// before the workers registry is read again.
const shareAge = time.Second

// fairShare is the number of jobs one user may have in the jobs stream
// at once: the slots of the live workers, all together, less one, and at
// least one: wherever there are two slots or more, one is always left to
// the next user's job, so that a user's slow submissions never hold every
// slot while another user's waits. It is read from the workers registry
// at most once per shareAge.
type fairShare struct {
	mu sync.Mutex
	n  int
	at time.Time
}

// share returns the fair share, from the registry of j's queue.
func (j *jobs) share(ctx context.Context) int {
	f := &j.fair
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n > 0 && time.Since(f.at) < shareAge {
		return f.n
	}
	ws, err := j.q.Workers(ctx)
	if err != nil && f.n > 0 {
		return f.n // the last one known, until the registry answers
	}
	n := 0
	for _, w := range ws {
		n += max(w.Slots, 0)
	}
	f.n, f.at = max(n-1, 1), time.Now()
	return f.n
}

// publish queues a submission's current generation (see send) when it
// is its user's turn: when it is among the user's first share
// submissions not done, in the order they were queued. Another waits in
// the store, queued, until one of the user's submissions before it is
// done (next), or the sweeper finds it. A store that cannot say queues
// it: judging comes before fairness.
func (j *jobs) publish(ctx context.Context, sub store.Submission, hash string) error {
	_, err := j.offer(ctx, sub, hash)
	return err
}

// offer is publish that reports whether a job entered the jobs stream:
// false when it is not the user's turn, or the stream held the job
// already.
func (j *jobs) offer(ctx context.Context, sub store.Submission, hash string) (sent bool, err error) {
	if hash == "" {
		// A problem gone from the server is an error now, turn or not:
		// such a submission can never be judged.
		if hash, err = j.cat.packageHash(ctx, sub.Problem); err != nil {
			return false, err
		}
	}
	if !j.inTurn(ctx, sub) {
		return false, nil
	}
	dup, err := j.send(ctx, sub, hash)
	return err == nil && !dup, err
}

// inTurn reports whether sub is among its user's first share
// submissions not done (true when the store cannot tell).
func (j *jobs) inTurn(ctx context.Context, sub store.Submission) bool {
	turn, err := j.st.Unfinished(ctx, sub.User, j.share(ctx))
	if err != nil {
		j.log.Warn("fair queue: queued without a turn", "submission", sub.ID, "err", err)
		return true
	}
	for _, s := range turn {
		if s.ID == sub.ID {
			return true
		}
	}
	return false
}

// next queues the submissions whose turn has come now that one of
// user's is done: the user's first share not done (those in the stream
// already are a no-op there). One that fails to be queued is left to
// the sweeper.
func (j *jobs) next(ctx context.Context, user string) {
	turn, err := j.st.Unfinished(ctx, user, j.share(ctx))
	if err != nil {
		j.log.Warn("fair queue: the next submissions of a user", "user", user, "err", err)
		return
	}
	for _, s := range turn {
		if s.State != store.Queued {
			continue
		}
		if _, err := j.send(ctx, s, s.PackageHash); err != nil {
			j.log.Warn("fair queue: left to the sweeper", "submission", s.ID, "err", err)
		}
	}
}
