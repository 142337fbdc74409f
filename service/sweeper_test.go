package service

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/store"
)

// sweepLog is a log handler that says on published each time the sweeper
// logs that it published submissions again, and on waiting each time it
// logs (at debug level) that submissions were only waiting.
type sweepLog struct{ published, waiting chan<- struct{} }

func (h sweepLog) Enabled(context.Context, slog.Level) bool { return true }

func (h sweepLog) Handle(_ context.Context, r slog.Record) error {
	var ch chan<- struct{}
	switch {
	case r.Message == "sweeper published again":
		ch = h.published
	case r.Message == "sweeper: submissions waiting in the queue" && r.Level == slog.LevelDebug:
		ch = h.waiting
	default:
		return nil
	}
	select {
	case ch <- struct{}{}:
	default:
	}
	return nil
}

func (h sweepLog) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h sweepLog) WithGroup(string) slog.Handler      { return h }

// TestSweeper: a row stored but never published (a publish lost to a
// crash) is published by the sweeper and judged once; while it then
// waits in the stream for a worker the sweeper says so at debug level
// only, not as published again; a row whose problem is gone from the
// server ends as IE instead of waiting forever.
func TestSweeper(t *testing.T) {
	published, waiting := make(chan struct{}, 64), make(chan struct{}, 64)
	s := newStack(t, func(c *Config) {
		c.Slots, c.Sweep = 0, 300*time.Millisecond
		c.Log = slog.New(sweepLog{published, waiting})
	})
	ctx := context.Background()
	lost, _, err := s.svc.st.Create(ctx, store.NewSubmission{User: "ann", Problem: "a-plus-b", Language: "c", Filename: "sum.c", Source: source(t, "a-plus-b/accepted/sum.c")})
	if err != nil {
		t.Fatal(err)
	}
	gone, _, err := s.svc.st.Create(ctx, store.NewSubmission{User: "ann", Problem: "vanished", Language: "c", Filename: "sum.c", Source: "int main(){}"})
	if err != nil {
		t.Fatal(err)
	}
	out := s.waitDone(t, s.user, gone.ID)
	if out["verdict"] != "IE" || !strings.Contains(out["error"].(string), `no problem "vanished"`) {
		t.Errorf("a submission of a vanished problem: %v %v, want IE naming it", out["verdict"], out["error"])
	}
	// The sweeper publishes the lost one once; in the passes after, the
	// job waits in the stream (no worker): waiting, not published again.
	select {
	case <-published:
	case <-time.After(time.Minute):
		t.Fatal("the sweeper did not publish the lost submission in a minute")
	}
	for range 3 {
		select {
		case <-waiting:
		case <-time.After(time.Minute):
			t.Fatal("the sweeper did not see the lost submission waiting 3 times in a minute")
		}
	}
	if n := len(published); n > 0 {
		t.Errorf("the sweeper logged %d more times that it published again a job waiting in the stream", n)
	}
	if err := s.svc.startWorkers(1); err != nil {
		t.Fatal(err)
	}
	out = s.waitDone(t, s.user, lost.ID)
	if out["verdict"] != "AC" || out["attempt"] != 1.0 {
		t.Errorf("the lost publish: %v at attempt %v, want AC at 1", out["verdict"], out["attempt"])
	}
	// The local worker stores the verdict, then acknowledges the job:
	// once the jobs stream is empty every job the sweeps made was judged.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		st, err := s.svc.q.q.Stats(ctx)
		if err == nil && st.Depth == 0 && st.InFlight == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs still queued a minute after the verdict: %+v %v", st, err)
		}
	}
	// The lost one is the only job published: the workers' consumer
	// delivered one job once, for all the sweeps.
	judges, err := s.svc.q.js.Consumer(ctx, queue.JobsStream, queue.JudgesConsumer)
	if err != nil {
		t.Fatal(err)
	}
	info, err := judges.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := info.Delivered.Consumer; n != 1 {
		t.Errorf("the lost publish was delivered %d times, want once for all the sweeps", n)
	}
}
