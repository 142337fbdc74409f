package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/puzzlejudge/judge/store"
)

// sweeper publishes again the submissions still queued after a grace
// period: a publish that failed after the row was inserted, or a job a
// crash or power loss took from the stream. The job keeps its message id,
// so a job the stream still holds is not queued twice.
type sweeper struct {
	st       store.Store
	q        jobQueue
	grace    time.Duration
	interval time.Duration
	log      *slog.Logger
}

// run sweeps every interval until ctx ends.
func (s *sweeper) run(ctx context.Context) {
	t := time.NewTicker(s.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := s.sweep(ctx); err != nil && ctx.Err() == nil {
				s.log.Warn("sweeper", "err", err)
			} else if n > 0 {
				s.log.Info("sweeper published again", "submissions", n)
			}
		}
	}
}

// sweep publishes the stale rows once, oldest first, up to 1000 a pass.
func (s *sweeper) sweep(ctx context.Context) (int, error) {
	subs, err := s.st.Stale(ctx, time.Now().Add(-s.grace), 1000)
	if err != nil {
		return 0, err
	}
	for i, sub := range subs {
		if err := s.q.publish(ctx, sub); err != nil {
			return i, err
		}
	}
	return len(subs), nil
}
