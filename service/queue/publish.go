package queue

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// PublishWait bounds how long Publish and PublishEvent keep trying when
// their context has no deadline: long enough for a cluster that lost the
// node leading a stream to elect another leader (a few seconds).
const PublishWait = 15 * time.Second

// attemptWait bounds one publish whose stream took the message but whose
// acknowledgement never came (the leader died in between).
const attemptWait = 5 * time.Second

// retryWait is the pause before a message nobody answered is sent again.
const retryWait = 250 * time.Millisecond

// publish sends a message to a stream and waits for its acknowledgement,
// riding out a leader election: while the stream has no leader nobody
// answers, and the message is sent again every retryWait. A message with a
// message id (dedup) is also sent again when an attempt got no answer,
// since the stream stores it once however often it comes; one without is
// not, as it could be stored twice. All within ctx, or PublishWait when
// ctx has no deadline.
func publish(ctx context.Context, js jetstream.JetStream, subject string, data []byte, dedup bool, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error) {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, PublishWait)
		defer cancel()
	}
	opts = append(opts, jetstream.WithRetryWait(retryWait), jetstream.WithRetryAttempts(int(attemptWait/retryWait)))
	for {
		try, cancel := context.WithTimeout(ctx, attemptWait)
		ack, err := js.Publish(try, subject, data, opts...)
		cancel()
		if err == nil || ctx.Err() != nil || !dedup || !errors.Is(err, context.DeadlineExceeded) {
			return ack, err
		}
	}
}
