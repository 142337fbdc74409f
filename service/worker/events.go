package worker

import (
	"context"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/service/queue"
)

// publisher sends one job's progress events in order, and releases test
// results in test order however they finish.
//
// A remote worker's events go out live (queue.PublishLive: no stream
// write per test) from one goroutine, so the tests being judged never
// wait on the network; its state event is also stored in the events
// stream (the durable record of the attempt), after its live copy, so
// that live followers see it before the rows it starts.
//
// A local worker's events go to Live as they come. Its state event is
// stored in the stream later, with the final (see unstored): storing it
// at the start cost a stream write and its acknowledgement while the
// first tests ran, competing with them for the CPUs (about 0.7 ms of
// grading time per submission in bench/service).
type publisher struct {
	base queue.Event
	live func(queue.Event)
	ch   chan queue.Event // nil with live
	done chan struct{}

	mu      sync.Mutex
	next    int
	pending map[int]grade.TestResult
	start   *queue.Event // the state event handed to live, not yet stored
}

// eventsBuffered is how many events a job's publisher holds before
// emit waits for it to catch up: a handful of tests' worth (sending one
// takes well under a millisecond). Each job makes its own channel, and
// an event is large: 1024 of them were 120 KiB of garbage a job.
const eventsBuffered = 64

// newPublisher starts a job's publisher; live, if set, takes the
// progress events instead of NATS (see Worker.Live), at once, from the
// goroutine that emits them: it returns at once, and a goroutine woken
// for every test's row cost a thread's wake-up on the CPUs the tests run
// on.
func newPublisher(ctx context.Context, js jetstream.JetStream, base queue.Event, live func(queue.Event)) *publisher {
	p := &publisher{base: base, live: live, pending: map[int]grade.TestResult{}}
	if live != nil {
		return p
	}
	p.ch, p.done = make(chan queue.Event, eventsBuffered), make(chan struct{})
	go func() {
		defer close(p.done)
		for ev := range p.ch {
			// Progress is best effort: a lost event costs a live row, the
			// final carries everything.
			_ = queue.PublishLive(js.Conn(), ev)
			if ev.Kind == queue.KindState {
				_ = queue.PublishEvent(ctx, js, ev)
			}
		}
	}()
	return p
}

// emit sends an event, filling in the job's identity.
func (p *publisher) emit(ev queue.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.emitLocked(ev)
}

// emitLocked is emit with mu held (events leave in the order emitted).
func (p *publisher) emitLocked(ev queue.Event) {
	ev.SubmissionID, ev.Gen, ev.Attempt, ev.Worker = p.base.SubmissionID, p.base.Gen, p.base.Attempt, p.base.Worker
	if p.live != nil {
		if ev.Kind == queue.KindState {
			p.start = &ev
		}
		p.live(ev)
		return
	}
	p.ch <- ev
}

// unstored returns the state event that went to Live and is still to be
// stored in the events stream (nil when there is none: a remote worker's
// was stored at once).
func (p *publisher) unstored() *queue.Event {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.start
}

// test records the result of test number i and emits those now in order.
func (p *publisher) test(i int, r grade.TestResult) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.pending[i] = r
	for {
		r, ok := p.pending[p.next]
		if !ok {
			return
		}
		delete(p.pending, p.next)
		p.emitLocked(queue.Event{Kind: queue.KindTest, TestIndex: p.next, Test: &r})
		p.next++
	}
}

// close flushes the events and waits until they are sent.
func (p *publisher) close() {
	if p.ch != nil {
		close(p.ch)
		<-p.done
	}
}
