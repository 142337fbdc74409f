package queue

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/nats-io/nats.go"
)

// livePrefix starts the subjects of live progress: plain NATS messages,
// kept by no stream.
const livePrefix = "pj.live."

// LiveSubject is the subject a live event of this kind for this
// submission is published on.
func LiveSubject(id, kind string) string { return livePrefix + id + "." + kind }

// PublishLive sends a progress event (state, compile, test) to the
// servers following live progress, without storing it: no stream write,
// no acknowledgement to wait for. Events of one connection arrive in the
// order sent; one can be lost (a server away, a message too big), which
// costs a live row only, since the final carries the whole report. The
// durable record is the final's (and the state's, see PublishEvent).
func PublishLive(nc *nats.Conn, ev Event) error {
	if err := ValidID(ev.SubmissionID); err != nil {
		return err
	}
	if ev.Kind == KindFinal {
		return fmt.Errorf("final event of %s: finals are published with PublishEvent", ev.SubmissionID)
	}
	data, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("live event of %s: %w", ev.SubmissionID, err)
	}
	if err := nc.Publish(LiveSubject(ev.SubmissionID, ev.Kind), data); err != nil {
		return fmt.Errorf("publish live %s event of %s: %w", ev.Kind, ev.SubmissionID, err)
	}
	return nil
}

// Live calls fn with every live event of every submission published
// from now on, in the order each worker sent them (fn runs on one
// goroutine, one event at a time), until stop is called: one server's
// feed of progress, however many clients watch. When Live returns, the
// server has the subscription; after a reconnection the client renews it.
func (q *Queue) Live(fn func(Event)) (stop func(), err error) {
	nc := q.js.Conn()
	sub, err := nc.Subscribe(livePrefix+">", func(m *nats.Msg) {
		var ev Event
		if json.Unmarshal(m.Data, &ev) != nil || ev.Kind == KindFinal {
			return // not ours to judge; skip what cannot be read
		}
		if ev.Kind == "" {
			ev.Kind = m.Subject[strings.LastIndexByte(m.Subject, '.')+1:]
		}
		fn(ev)
	})
	if err != nil {
		return nil, fmt.Errorf("live events: %w", err)
	}
	if err := nc.Flush(); err != nil {
		_ = sub.Unsubscribe()
		return nil, fmt.Errorf("live events: %w", err)
	}
	return func() { _ = sub.Unsubscribe() }, nil
}
