package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/judging"
)

// Kinds of events, the last token of their subject.
const (
	KindState   = "state"   // the job was taken up (State, Attempt, Worker)
	KindCompile = "compile" // the compile step finished (Compile)
	KindTest    = "test"    // a test finished (Test, TestIndex), in test order
	KindFinal   = "final"   // the verdict (Report, whose Error says why on IE)
)

// States of a submission as events tell them.
const (
	StateJudging = "judging"
)

// Event is what workers report about one judging of a submission.
type Event struct {
	Kind         string `json:"kind"`
	SubmissionID string `json:"submission_id"`
	Gen          int64  `json:"gen"`
	Attempt      int    `json:"attempt"`
	Worker       string `json:"worker,omitempty"`

	State     string                 `json:"state,omitempty"`
	Compile   *judging.CompileReport `json:"compile,omitempty"`
	Test      *judging.TestResult    `json:"test,omitempty"`
	TestIndex int                    `json:"test_index,omitempty"`
	Report    *judging.Report        `json:"report,omitempty"`

	// Seq is the event's sequence in the EVENTS stream, set on received
	// events (Subscribe resumes after it); not sent.
	Seq uint64 `json:"-"`
}

// Final is a final result as the applier hands it to the store.
type Final struct {
	SubmissionID string
	Gen          int64
	Attempt      int
	Worker       string
	Report       *judging.Report
}

// Subject is the subject an event of this kind for this submission is
// published on.
func Subject(id, kind string) string { return eventsPrefix + id + "." + kind }

// PublishEvent publishes an event and waits for the stream's
// acknowledgement, through a leader election of a cluster (see
// PublishWait). A final event carries the message id
// "<id>:<gen>:final", so a repeated final of one generation (a worker that
// crashed after publishing it, or the give-up after too many deliveries
// racing a late result) is stored once.
func PublishEvent(ctx context.Context, js jetstream.JetStream, ev Event) error {
	if err := ValidID(ev.SubmissionID); err != nil {
		return err
	}
	if ev.Kind == KindFinal && ev.Report == nil {
		return fmt.Errorf("final event of %s without a report", ev.SubmissionID)
	}
	data, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("event of %s: %w", ev.SubmissionID, err)
	}
	if len(data) > MaxMessage && ev.Report != nil {
		if data, err = shrink(ev); err != nil {
			return err
		}
	}
	opts := []jetstream.PublishOpt{jetstream.WithExpectStream(EventsStream)}
	if ev.Kind == KindFinal {
		opts = append(opts, jetstream.WithMsgID(fmt.Sprintf("%s:%d:final", ev.SubmissionID, ev.Gen)))
	}
	if _, err := publish(ctx, js, Subject(ev.SubmissionID, ev.Kind), data, ev.Kind == KindFinal, opts...); err != nil {
		return fmt.Errorf("publish %s event of %s: %w", ev.Kind, ev.SubmissionID, err)
	}
	return nil
}

// shrink drops the bulky parts of a final report (diffs, then compile
// output) that would not fit in one message; it returns the JSON of the
// event so shrunk.
func shrink(ev Event) ([]byte, error) {
	rep := *ev.Report
	rep.Tests = append([]judging.TestResult(nil), rep.Tests...)
	for i := range rep.Tests {
		rep.Tests[i].Diff = nil
	}
	ev.Report = &rep
	data, err := json.Marshal(ev)
	if err == nil && len(data) > MaxMessage {
		rep.Compile.Output = rep.Compile.Output[:min(len(rep.Compile.Output), 4096)]
		data, err = json.Marshal(ev)
	}
	if err == nil && len(data) > MaxMessage {
		err = fmt.Errorf("final event of %s: %d bytes, more than %d", ev.SubmissionID, len(data), MaxMessage)
	}
	return data, err
}

// decodeEvent reads an event from a stream message.
func decodeEvent(m jetstream.Msg) (Event, error) {
	var ev Event
	if err := json.Unmarshal(m.Data(), &ev); err != nil {
		return ev, fmt.Errorf("event on %s: %w", m.Subject(), err)
	}
	if md, err := m.Metadata(); err == nil {
		ev.Seq = md.Sequence.Stream
	}
	if ev.Kind == "" {
		ev.Kind = m.Subject()[strings.LastIndexByte(m.Subject(), '.')+1:]
	}
	return ev, nil
}

// Subscribe calls fn with every event of one submission stored after
// stream sequence after (0 for all that are kept), then with new ones as
// they come, in order, until ctx ends or fn returns an error. It is what
// a live view (server-sent events, resumed with Last-Event-ID = Seq)
// reads.
func (q *Queue) Subscribe(ctx context.Context, id string, after uint64, fn func(Event) error) error {
	if err := ValidID(id); err != nil {
		return err
	}
	cfg := jetstream.OrderedConsumerConfig{FilterSubjects: []string{eventsPrefix + id + ".>"}}
	if after > 0 {
		cfg.DeliverPolicy, cfg.OptStartSeq = jetstream.DeliverByStartSequencePolicy, after+1
	}
	if err := q.read(ctx, cfg, fn); err != nil {
		return fmt.Errorf("events of %s: %w", id, err)
	}
	return nil
}

// read runs an ordered consumer of the events stream and calls fn with
// each event it can decode.
func (q *Queue) read(ctx context.Context, cfg jetstream.OrderedConsumerConfig, fn func(Event) error) error {
	cons, err := q.events.OrderedConsumer(ctx, cfg)
	if err != nil {
		return err
	}
	it, err := cons.Messages()
	if err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, it.Stop)
	defer stop()
	defer it.Stop()
	for {
		m, err := it.Next()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		ev, err := decodeEvent(m)
		if err != nil {
			continue // not ours to judge; skip what cannot be read
		}
		if err := fn(ev); err != nil {
			return err
		}
	}
}
