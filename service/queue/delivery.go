package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Jobs is a worker's handle on the workers' consumer.
type Jobs struct {
	cons jetstream.Consumer
}

// Bind looks up the workers' consumer the server created.
func Bind(ctx context.Context, js jetstream.JetStream) (*Jobs, error) {
	cons, err := js.Consumer(ctx, JobsStream, JudgesConsumer)
	if err != nil {
		return nil, fmt.Errorf("bind to consumer %s on %s: %w", JudgesConsumer, JobsStream, err)
	}
	return &Jobs{cons: cons}, nil
}

// Delivery is one delivery of a job to a worker.
type Delivery struct {
	Job     Job
	Attempt int // 1 on the first delivery
	msg     jetstream.Msg
	// Bad is set when the message is not a job (Job is then empty).
	Bad error
}

// Next asks for one job and waits up to maxWait for it; it returns nil
// and no error when none came. Call it only with a free slot: nothing is
// fetched ahead.
func (j *Jobs) Next(ctx context.Context, maxWait time.Duration) (*Delivery, error) {
	wait, cancel := context.WithTimeout(ctx, maxWait)
	defer cancel()
	m, err := j.cons.Next(jetstream.FetchContext(wait))
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if errors.Is(err, jetstream.ErrNoMessages) || errors.Is(err, nats.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) {
			return nil, nil
		}
		return nil, fmt.Errorf("next job: %w", err)
	}
	d := &Delivery{msg: m, Attempt: 1}
	if md, err := m.Metadata(); err == nil {
		d.Attempt = int(md.NumDelivered)
	}
	if err := json.Unmarshal(m.Data(), &d.Job); err != nil {
		d.Bad = fmt.Errorf("not a job: %w", err)
	} else if err := d.Job.Validate(); err != nil {
		d.Bad = err
	}
	return d, nil
}

// InProgress tells the server the job is still being judged, which
// restarts its ack wait.
func (d *Delivery) InProgress() error { return d.msg.InProgress() }

// Done acknowledges the job and waits for the server's confirmation; call
// it only after the final event was stored.
func (d *Delivery) Done(ctx context.Context) error { return d.msg.DoubleAck(ctx) }

// Retry hands the job back to be delivered again after delay.
func (d *Delivery) Retry(delay time.Duration) error {
	if delay <= 0 {
		return d.msg.Nak()
	}
	return d.msg.NakWithDelay(delay)
}

// Drop tells the server never to deliver the job again.
func (d *Delivery) Drop(reason string) error { return d.msg.TermWithReason(reason) }
