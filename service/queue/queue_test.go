package queue

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/natstest"
	"github.com/puzzlejudge/judge/service/natsrv"
)

func start(t *testing.T, cfg Config) (*Queue, jetstream.JetStream) {
	t.Helper()
	_, js := natstest.Start(t, natsrv.Options{})
	ctx := context.Background()
	q, err := Setup(ctx, js, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Setup is idempotent.
	if _, err := Setup(ctx, js, cfg); err != nil {
		t.Fatalf("second Setup: %v", err)
	}
	return q, js
}

func job(id string) Job {
	return Job{SubmissionID: id, Gen: 1, Problem: "a-plus-b", PackageHash: "ab", Language: "c", Filename: "sum.c", Source: "int main(){}"}
}

func TestPublishDedupAndFull(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	q, _ := start(t, Config{MaxJobs: 2})
	for i, tc := range []struct {
		job     Job
		dup     bool
		wantErr error
	}{
		{job("s1"), false, nil},
		{job("s1"), true, nil}, // same id and generation: queued once
		{job("s2"), false, nil},
		{job("s3"), false, ErrQueueFull},
	} {
		dup, err := q.Publish(ctx, tc.job)
		if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil && err != nil) {
			t.Fatalf("#%d Publish(%s): err %v, want %v", i, tc.job.MsgID(), err, tc.wantErr)
		}
		if dup != tc.dup {
			t.Errorf("#%d Publish(%s): dup %v, want %v", i, tc.job.MsgID(), dup, tc.dup)
		}
	}
	st, err := q.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Depth != 2 {
		t.Errorf("depth %d, want 2", st.Depth)
	}
	for _, bad := range []Job{job("a.b"), job(""), job("x y"), {SubmissionID: "ok", Gen: 1}} {
		if _, err := q.Publish(ctx, bad); err == nil {
			t.Errorf("Publish(%+v) accepted a bad job", bad)
		}
	}
}

func TestDeliveryAttemptsAndGiveUp(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	q, js := start(t, Config{AckWait: time.Second, MaxDeliver: 3})
	// The give-up listens first: its advisory subscription is the one
	// the connection gains, and a flush after it has the server hold it
	// before the poison job is delivered.
	gaveUp := make(chan Job, 1)
	nc := js.Conn()
	subs := nc.NumSubscriptions()
	go func() { _ = q.RunGiveUp(ctx, func(j Job, n int) { gaveUp <- j }) }()
	waitFor(ctx, t, func() bool { return nc.NumSubscriptions() > subs })
	if err := nc.FlushWithContext(ctx); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var finals []Final
	go func() {
		_ = q.RunApplier(ctx, 100*time.Millisecond, func(_ context.Context, f Final) error {
			mu.Lock()
			defer mu.Unlock()
			finals = append(finals, f)
			return nil
		})
	}()
	if _, err := q.Publish(ctx, job("poison")); err != nil {
		t.Fatal(err)
	}
	jobs, err := Bind(ctx, js)
	if err != nil {
		t.Fatal(err)
	}
	// Three deliveries, none acked: one handed back at once, two let time out.
	for want := 1; want <= 3; want++ {
		d, err := jobs.Next(ctx, 20*time.Second)
		if err != nil || d == nil {
			t.Fatalf("delivery %d: %v %v", want, d, err)
		}
		if d.Attempt != want || d.Job.SubmissionID != "poison" {
			t.Errorf("delivery %d: attempt %d of %s", want, d.Attempt, d.Job.SubmissionID)
		}
		if want == 1 {
			if err := d.Retry(0); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The give-up comes when a worker next asks for a job.
	type pulled struct {
		d   *Delivery
		err error
	}
	next := make(chan pulled, 1)
	go func() { d, err := jobs.Next(ctx, time.Minute); next <- pulled{d, err} }()
	select {
	case j := <-gaveUp:
		if j.SubmissionID != "poison" {
			t.Errorf("gave up %s", j.SubmissionID)
		}
	case <-ctx.Done():
		t.Fatal("no give-up after 3 deliveries")
	}
	// The queue moves on: the next job is delivered, first attempt.
	if _, err := q.Publish(ctx, job("next")); err != nil {
		t.Fatal(err)
	}
	g := <-next
	d, err := g.d, g.err
	if err != nil || d == nil || d.Job.SubmissionID != "next" || d.Attempt != 1 {
		t.Fatalf("after the poison job: %+v %v, want next at attempt 1", d, err)
	}
	rep := &grade.Report{Problem: "a-plus-b", Verdict: verdict.AC, Tests: []grade.TestResult{}}
	if err := PublishEvent(ctx, js, Event{Kind: KindFinal, SubmissionID: "next", Gen: 1, Attempt: 1, Report: rep}); err != nil {
		t.Fatal(err)
	}
	if err := d.Done(ctx); err != nil {
		t.Fatal(err)
	}
	waitFor(ctx, t, func() bool { mu.Lock(); defer mu.Unlock(); return len(finals) >= 2 })
	mu.Lock()
	got := fmt.Sprint(finals[0].SubmissionID, finals[0].Report.Verdict, finals[0].Report.Error, finals[0].Attempt, "|", finals[1].SubmissionID, finals[1].Report.Verdict)
	mu.Unlock()
	if want := "poisonIEjudging failed 3 times3|nextAC"; got != want {
		t.Errorf("finals %q, want %q", got, want)
	}
	waitFor(ctx, t, func() bool { st, err := q.Stats(ctx); return err == nil && st.Depth == 0 && st.InFlight == 0 })
	// The queue is empty and nothing is delivered: the stream holds every
	// final there will be, one each, each applied once.
	stored := natstest.Settle(t, ctx, js, EventsStream, Subject("*", KindFinal), func() int { mu.Lock(); defer mu.Unlock(); return len(finals) })
	mu.Lock()
	defer mu.Unlock()
	if len(finals) != 2 || len(stored) != 2 || stored[Subject("poison", KindFinal)] != 1 || stored[Subject("next", KindFinal)] != 1 {
		t.Errorf("finals stored %v, %d applied; want one of poison and of next, each applied once", stored, len(finals))
	}
}

func TestApplierRetriesAndDedups(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	q, js := start(t, Config{})
	rep := &grade.Report{Problem: "a-plus-b", Verdict: verdict.WA, Tests: []grade.TestResult{}}
	// The same final twice (a worker that crashed after publishing it and
	// judged again) is stored once.
	for range 2 {
		if err := PublishEvent(ctx, js, Event{Kind: KindFinal, SubmissionID: "s", Gen: 2, Attempt: 1, Report: rep}); err != nil {
			t.Fatal(err)
		}
	}
	if err := PublishEvent(ctx, js, Event{Kind: KindFinal, SubmissionID: "t", Gen: 1, Report: rep}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	calls := map[string]int{}
	go func() {
		_ = q.RunApplier(ctx, 50*time.Millisecond, func(_ context.Context, f Final) error {
			mu.Lock()
			defer mu.Unlock()
			calls[f.SubmissionID]++
			if f.SubmissionID == "s" && calls["s"] == 1 {
				return errors.New("store down")
			}
			return nil
		})
	}()
	waitFor(ctx, t, func() bool { mu.Lock(); defer mu.Unlock(); return calls["t"] == 1 })
	mu.Lock()
	defer mu.Unlock()
	if calls["s"] != 2 {
		t.Errorf("final of s applied %d times, want 2 (one failure, one success)", calls["s"])
	}
}

func TestSubscribeResumes(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	q, js := start(t, Config{})
	evs := []Event{
		{Kind: KindState, SubmissionID: "s", Gen: 1, Attempt: 1, State: StateJudging},
		{Kind: KindCompile, SubmissionID: "s", Gen: 1, Compile: &grade.CompileReport{OK: true}},
		{Kind: KindTest, SubmissionID: "other", Gen: 1, Test: &grade.TestResult{Name: "x"}},
		{Kind: KindTest, SubmissionID: "s", Gen: 1, Test: &grade.TestResult{Name: "1", Verdict: verdict.AC}},
	}
	for _, ev := range evs {
		if err := PublishEvent(ctx, js, ev); err != nil {
			t.Fatal(err)
		}
	}
	collect := func(after uint64, n int, more func()) []Event {
		var got []Event
		sctx, stop := context.WithCancel(ctx)
		defer stop()
		err := q.Subscribe(sctx, "s", after, func(ev Event) error {
			got = append(got, ev)
			if len(got) == n-1 && more != nil {
				more()
			}
			if len(got) == n {
				stop()
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	final := Event{Kind: KindFinal, SubmissionID: "s", Gen: 1, Report: &grade.Report{Verdict: verdict.AC, Tests: []grade.TestResult{}}}
	all := collect(0, 4, func() {
		if err := PublishEvent(ctx, js, final); err != nil {
			t.Error(err)
		}
	})
	kinds := ""
	for _, ev := range all {
		kinds += ev.Kind + " "
	}
	if kinds != "state compile test final " {
		t.Errorf("events %q, want state compile test final (live final included, other submission's left out)", kinds)
	}
	rest := collect(all[1].Seq, 2, nil)
	if len(rest) != 2 || rest[0].Kind != KindTest || rest[1].Kind != KindFinal || rest[0].Seq != all[2].Seq {
		t.Errorf("resumed after %d: %+v", all[1].Seq, rest)
	}
}

func TestWorkersRegistry(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	q, js := start(t, Config{})
	for _, id := range []string{"w2", "w1"} {
		if err := PutWorker(ctx, js, WorkerInfo{ID: id, Host: "h", Slots: 2, Languages: []string{"c"}, LastSeen: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := DeleteWorker(ctx, js, "w2"); err != nil {
		t.Fatal(err)
	}
	ws, err := q.Workers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 1 || ws[0].ID != "w1" || ws[0].Slots != 2 {
		t.Errorf("workers %+v, want w1 alone", ws)
	}
	if err := PutWorker(ctx, js, WorkerInfo{ID: "bad id"}); err == nil {
		t.Error("PutWorker accepted an id with a space")
	}
}

func waitFor(ctx context.Context, t *testing.T, cond func() bool) {
	t.Helper()
	for !cond() {
		if ctx.Err() != nil {
			t.Fatal("timed out waiting")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
