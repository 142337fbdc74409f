package worker

import (
	"context"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service/queue"
)

// Sink is where a worker reports what it judges: each judging's progress
// and its final result. A worker on another machine reports to the
// service over NATS (NATSSink, the default); the service's own worker
// reports to the service in its process.
type Sink interface {
	// Judging starts the report of one judging of a job; base names it
	// (submission, generation, attempt, worker), and every event handed
	// to it carries these.
	Judging(ctx context.Context, base queue.Event) Judging
}

// Judging is the report of one judging.
type Judging interface {
	// Progress takes a progress event (state, compile, test), in order,
	// from the goroutines judging, one at a time; it returns at once. It
	// is best effort: a lost event costs a live row, the final carries
	// the whole report.
	Progress(ev queue.Event)
	// Final stores the final result (an event of kind final) durably,
	// after the progress before it. The worker acknowledges the job only
	// once it returned nil, so a judging whose final was not stored is
	// judged again; a final stored twice (a crash between storing and
	// acknowledging) is applied once, by its submission and generation.
	Final(ctx context.Context, ev queue.Event) error
	// Close ends the report: called once, after Final or instead of it
	// (the job is handed back).
	Close()
}

// NATSSink reports judgings to a service over NATS: progress as plain
// messages (queue.PublishLive: no stream write per test), and the
// judging's start and final in the events stream, whose applier stores
// the final.
func NATSSink(js jetstream.JetStream) Sink { return natsSink{js} }

type natsSink struct{ js jetstream.JetStream }

// eventsBuffered is how many events a judging's report holds before
// Progress waits for it to catch up: a handful of tests' worth (sending
// one takes well under a millisecond). Each judging makes its own
// channel, and an event is large: 1024 of them were 120 KiB of garbage a
// job.
const eventsBuffered = 64

// Judging starts the goroutine that sends the judging's progress, so the
// tests being judged never wait on the network.
func (s natsSink) Judging(ctx context.Context, base queue.Event) Judging {
	n := &natsJudging{js: s.js, ch: make(chan queue.Event, eventsBuffered), done: make(chan struct{})}
	go func() {
		defer close(n.done)
		for ev := range n.ch {
			_ = queue.PublishLive(s.js.Conn(), ev)
			if ev.Kind == queue.KindState {
				// The durable record of the attempt, after its live copy,
				// so that live followers see it before the rows it starts.
				_ = queue.PublishEvent(ctx, s.js, ev)
			}
		}
	}()
	return n
}

type natsJudging struct {
	js     jetstream.JetStream
	ch     chan queue.Event
	done   chan struct{}
	closed bool
}

func (n *natsJudging) Progress(ev queue.Event) { n.ch <- ev }

// Final publishes the final once the progress is sent, and waits until
// the events stream stored it (the message id <id>:<gen>:final stores a
// repeat once).
func (n *natsJudging) Final(ctx context.Context, ev queue.Event) error {
	n.Close()
	return queue.PublishEvent(ctx, n.js, ev)
}

// Close sends what progress is left and ends the goroutine.
func (n *natsJudging) Close() {
	if !n.closed {
		n.closed = true
		close(n.ch)
		<-n.done
	}
}
