package service

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/queue"
	"github.com/puzzlejudge/judge/store"
)

// TestSweeper: a row stored but never published (a publish lost to a
// crash) is published by the sweeper and judged once; a row whose problem
// is gone from the server ends as IE instead of waiting forever.
func TestSweeper(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Workers, c.Sweep = 0, 300*time.Millisecond })
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
	time.Sleep(time.Second) // the sweeper publishes the lost one a few times: one job
	if err := s.svc.startWorkers(1); err != nil {
		t.Fatal(err)
	}
	out = s.waitDone(t, s.user, lost.ID)
	if out["verdict"] != "AC" || out["attempt"] != 1.0 {
		t.Errorf("the lost publish: %v at attempt %v, want AC at 1", out["verdict"], out["attempt"])
	}
	events, err := s.svc.q.js.Stream(ctx, queue.EventsStream)
	if err != nil {
		t.Fatal(err)
	}
	// A local worker stores the judging's start with its final, while the
	// verdict is applied: it may come just after the verdict.
	starts := func() uint64 {
		t.Helper()
		info, err := events.Info(ctx, jetstream.WithSubjectFilter(queue.Subject(lost.ID, queue.KindState)))
		if err != nil {
			t.Fatal(err)
		}
		return info.State.Subjects[queue.Subject(lost.ID, queue.KindState)]
	}
	n := starts()
	for end := time.Now().Add(10 * time.Second); n == 0 && time.Now().Before(end); n = starts() {
		time.Sleep(10 * time.Millisecond)
	}
	if n != 1 {
		t.Errorf("the lost publish was judged %d times, want once for all the sweeps", n)
	}
}
