package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/verdict"
)

// maxDeliveriesAdvisory is the server's advisory subject for a job of the
// workers' consumer delivered MaxDeliver times without an ack.
const maxDeliveriesAdvisory = "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES." + JobsStream + "." + JudgesConsumer

// advisory is the part of the server's max-deliveries advisory used here.
type advisory struct {
	StreamSeq  uint64 `json:"stream_seq"`
	Deliveries uint64 `json:"deliveries"`
}

// GiveUp is called for a job given up after too many deliveries, after
// its IE final has been published.
type GiveUp func(j Job, deliveries int)

// RunGiveUp listens for jobs delivered MaxDeliver times without a result
// until ctx ends. For each, it publishes a final IE report ("judging
// failed N times"; with the final's message id, so a late real result of
// the same generation and this one are stored once), then deletes the job
// from the stream (a work queue keeps such jobs otherwise), so the queue
// moves on. onGiveUp, if set, is told after.
func (q *Queue) RunGiveUp(ctx context.Context, onGiveUp GiveUp) error {
	nc := q.js.Conn()
	ch := make(chan *nats.Msg, 64)
	sub, err := nc.ChanSubscribe(maxDeliveriesAdvisory, ch)
	if err != nil {
		return fmt.Errorf("subscribe to max-deliveries advisories: %w", err)
	}
	defer sub.Unsubscribe()
	for {
		select {
		case <-ctx.Done():
			return nil
		case m := <-ch:
			var adv advisory
			if json.Unmarshal(m.Data, &adv) != nil || adv.StreamSeq == 0 {
				continue
			}
			j, err := q.giveUp(ctx, adv)
			if err != nil {
				continue // gone already (another server handled it) or unreadable
			}
			if onGiveUp != nil {
				onGiveUp(j, int(adv.Deliveries))
			}
		}
	}
}

func (q *Queue) giveUp(ctx context.Context, adv advisory) (Job, error) {
	raw, err := q.jobs.GetMsg(ctx, adv.StreamSeq)
	if err != nil {
		return Job{}, fmt.Errorf("job #%d: %w", adv.StreamSeq, err)
	}
	var j Job
	if err := json.Unmarshal(raw.Data, &j); err != nil || ValidID(j.SubmissionID) != nil {
		// Not a job anyone can judge: drop it.
		_ = q.jobs.DeleteMsg(ctx, adv.StreamSeq)
		return Job{}, errors.New("undecodable job")
	}
	rep := &judging.Report{
		Problem:  j.Problem,
		Language: j.Language,
		Verdict:  verdict.IE,
		Tests:    []judging.TestResult{},
		Error:    fmt.Sprintf("judging failed %d times", adv.Deliveries),
	}
	ev := Event{Kind: KindFinal, SubmissionID: j.SubmissionID, Gen: j.Gen, Attempt: int(adv.Deliveries), Report: rep}
	if err := PublishEvent(ctx, q.js, ev); err != nil {
		return j, err // the job stays; the next advisory or a restart retries
	}
	if err := q.jobs.DeleteMsg(ctx, adv.StreamSeq); err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
		return j, fmt.Errorf("delete job %s: %w", j.MsgID(), err)
	}
	return j, nil
}
