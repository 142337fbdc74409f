package queue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// RunApplier consumes final events durably and calls apply with each, in
// order, until ctx ends. A final is acknowledged only after apply
// succeeds; when apply fails the final is offered again after retry (so a
// store that is down for a while loses nothing). apply must be
// idempotent: the same final can come twice (a redelivery after a crash),
// and finals of an older generation must be ignored by it.
func (q *Queue) RunApplier(ctx context.Context, retry time.Duration, apply func(context.Context, Final) error) error {
	if retry <= 0 {
		retry = time.Second
	}
	cons, err := q.events.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable:       ApplierDurable,
		Description:   "the server applying final results to the store",
		FilterSubject: eventsPrefix + "*." + KindFinal,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       30 * time.Second,
		MaxAckPending: 1,
		Replicas:      q.cfg.Replicas,
	})
	if err != nil {
		return fmt.Errorf("applier consumer: %w", err)
	}
	for ctx.Err() == nil {
		wait, cancel := context.WithTimeout(ctx, 5*time.Second)
		m, err := cons.Next(jetstream.FetchContext(wait))
		cancel()
		if err != nil {
			if errors.Is(err, jetstream.ErrNoMessages) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) {
				continue
			}
			if ctx.Err() != nil {
				break
			}
			// The connection is down or the server restarting: wait and retry.
			sleep(ctx, retry)
			continue
		}
		ev, err := decodeEvent(m)
		if err != nil || ev.Report == nil {
			_ = m.TermWithReason("undecodable final event")
			continue
		}
		f := Final{SubmissionID: ev.SubmissionID, Gen: ev.Gen, Attempt: ev.Attempt, Worker: ev.Worker, Report: ev.Report}
		if err := apply(ctx, f); err != nil {
			_ = m.NakWithDelay(retry)
			continue
		}
		if err := m.DoubleAck(ctx); err != nil && ctx.Err() == nil {
			// Not acked: it comes again and apply drops it as a duplicate.
			continue
		}
	}
	return nil
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
