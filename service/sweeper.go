package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/store"
)

// sweeper publishes again the submissions still queued after a grace
// period: a publish that failed after the row was inserted, or a job a
// crash or power loss took from the stream, and a submission whose turn
// in the fair queue came while nobody queued it. The job keeps its
// message id, so a job the stream still holds is not queued twice; such
// a job, or one whose user's turn has not come, is only waiting and is
// logged at debug level, not as published again. A submission whose
// problem is gone from the server can never be judged: it ends as IE.
type sweeper struct {
	st       store.Store
	q        sweepQueue
	hub      *hub
	grace    time.Duration
	interval time.Duration
	log      *slog.Logger
}

// sweepQueue is what the sweeper needs of the queue.
type sweepQueue interface {
	// offer queues a submission when it is its user's turn (see
	// jobs.publish), with its problem's current package when hash is "";
	// sent reports whether a job entered the stream (false when it was
	// not the user's turn, or the stream held it already).
	offer(ctx context.Context, sub store.Submission, hash string) (sent bool, err error)
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
			sent, waiting, err := s.sweep(ctx)
			if err != nil && ctx.Err() == nil {
				s.log.Warn("sweeper", "err", err)
			}
			if sent > 0 {
				s.log.Info("sweeper published again", "submissions", sent)
			}
			if waiting > 0 {
				s.log.Debug("sweeper: submissions waiting in the queue", "submissions", waiting)
			}
		}
	}
}

// sweep offers the stale rows once, oldest first, up to 1000 a pass,
// and stops at a full queue or one that does not answer (the rest would
// wait as long for nothing; the next pass tries again). A row that fails
// for another reason does not hold up those behind it. sent counts the
// jobs that entered the stream, waiting the rows that were only waiting
// (in the stream already, or for their user's turn).
func (s *sweeper) sweep(ctx context.Context) (sent, waiting int, err error) {
	subs, err := s.st.Stale(ctx, time.Now().Add(-s.grace), 1000)
	if err != nil {
		return 0, 0, err
	}
	var errs []error
	for _, sub := range subs {
		ok, err := s.q.offer(ctx, sub, "")
		switch {
		case err == nil && ok:
			sent++
		case err == nil:
			waiting++
		case isQueueFull(err), errors.Is(err, context.DeadlineExceeded), errors.Is(err, jetstream.ErrNoStreamResponse):
			return sent, waiting, err
		case isNoProblem(err):
			if err := s.unjudgeable(ctx, sub, err); err != nil {
				errs = append(errs, err)
			}
		default:
			errs = append(errs, fmt.Errorf("submission %s: %w", sub.ID, err))
		}
	}
	return sent, waiting, errors.Join(errs...)
}

// unjudgeable ends a submission whose problem is gone as IE.
func (s *sweeper) unjudgeable(ctx context.Context, sub store.Submission, why error) error {
	rep := &grade.Report{Problem: sub.Problem, Language: sub.Language, Verdict: verdict.IE, Tests: []grade.TestResult{}, Error: why.Error()}
	done, applied, err := s.st.ApplyResultGet(ctx, sub.ID, sub.Gen, store.Result{Verdict: string(verdict.IE), Report: rep, Error: why.Error()})
	if err != nil {
		return fmt.Errorf("submission %s: %w", sub.ID, err)
	}
	if applied {
		s.hub.publish(done.ID, done.Gen, verdictEvent(done))
	}
	return nil
}
