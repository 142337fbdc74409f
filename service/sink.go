package service

import (
	"context"

	"github.com/nats-io/nats.go"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/worker"
)

// localSink is where this process's own worker reports its judgings:
// to the service in the process. A final is applied to the store, in
// one write, before Final returns, so the worker acknowledges the job
// only once the verdict is stored: a crash before that means a
// redelivery, and a final stored twice is applied once (the store takes
// one result per submission and generation). Progress goes to jobs.live
// as a remote worker's does when it comes in: the hub, and the start of
// a judging to the store.
type localSink struct {
	j *jobs
	// shared, when set, is the connection to an external NATS server,
	// whose other servers (sharing the store) follow live progress too:
	// progress then goes out on it as a remote worker's does, and comes
	// back to this process through its subscription (Queue.Live).
	shared *nats.Conn
}

func (s localSink) Judging(context.Context, queue.Event) worker.Judging { return localJudging(s) }

type localJudging localSink

// Progress hands an event to jobs.live, or sends it live on the shared
// connection; both return at once.
func (l localJudging) Progress(ev queue.Event) {
	if l.shared != nil {
		_ = queue.PublishLive(l.shared, ev)
		return
	}
	l.j.live(ev)
}

// Final applies the final to the store and tells the hub.
func (l localJudging) Final(ctx context.Context, ev queue.Event) error {
	return l.j.apply(ctx, queue.Final{SubmissionID: ev.SubmissionID, Gen: ev.Gen, Attempt: ev.Attempt, Worker: ev.Worker, Report: ev.Report})
}

func (localJudging) Close() {}

// loaded is the problem slug as the catalog has it loaded, when its
// files are still those of the package hash names (the one the catalog
// packed from them); nil otherwise, and the worker fetches the package.
func (c *catalog) loaded(slug, hash string) *problem.Problem {
	e, err := c.check(slug)
	if err != nil {
		return nil
	}
	e.pack.Lock()
	defer e.pack.Unlock()
	if e.hash == "" || e.hash != hash {
		return nil
	}
	return e.p
}
