package service

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/natstest"
	"github.com/puzzlejudge/judge/service/natsrv"
	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/store"
)

// failingStore is a real store whose next fail writes of a result fail.
type failingStore struct {
	store.Store
	fail atomic.Int32
}

func (f *failingStore) ApplyResultGet(ctx context.Context, id string, gen int, r store.Result) (store.Submission, bool, error) {
	if f.fail.Add(-1) >= 0 {
		return store.Submission{}, false, errors.New("store away")
	}
	return f.Store.ApplyResultGet(ctx, id, gen, r)
}

// TestLocalSink: this process's worker's final is in the store when
// Final returns (the worker acknowledges the job only then); a final the
// store could not take is an error (the job is judged again); a final of
// a generation already done (a redelivery after a crash between storing
// and acknowledging, or the same final from the events stream) changes
// nothing and ends no second verdict.
func TestLocalSink(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, store.Location(t.TempDir(), ""))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sub, _, err := st.Create(ctx, store.NewSubmission{User: "u", Problem: "p", PackageHash: "h", Language: "c", Source: "x"})
	if err != nil {
		t.Fatal(err)
	}
	fs := &failingStore{Store: st}
	fs.fail.Store(1)
	// No queue: the fair share is set, for good, to one job a user.
	j := &jobs{st: fs, hub: newHub(time.Minute), log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		fair: fairShare{n: 1, at: time.Now().Add(time.Hour)}}
	final := func(attempt int, v verdict.Verdict) queue.Event {
		return queue.Event{Kind: queue.KindFinal, SubmissionID: sub.ID, Gen: int64(sub.Gen), Attempt: attempt, Worker: "me",
			Report: &grade.Report{Verdict: v, Tests: []grade.TestResult{{Name: "1", Verdict: v}}}}
	}
	base := queue.Event{SubmissionID: sub.ID, Gen: int64(sub.Gen), Attempt: 1, Worker: "me"}
	rj := localSink{j: j}.Judging(ctx, base)
	if err := rj.Final(ctx, final(1, verdict.AC)); err == nil {
		t.Fatal("Final succeeded though the store failed")
	}
	if got, err := st.Get(ctx, sub.ID); err != nil || got.State == store.Done {
		t.Fatalf("after a failed Final: %+v %v, want not done", got, err)
	}
	if j.hub.finished(sub.ID) {
		t.Error("a verdict in the hub that the store does not hold")
	}
	if err := rj.Final(ctx, final(1, verdict.AC)); err != nil {
		t.Fatal(err)
	}
	rj.Close()
	got, err := st.Get(ctx, sub.ID)
	if err != nil || got.State != store.Done || got.Verdict != "AC" || got.Attempt != 1 {
		t.Fatalf("after Final: %+v %v, want done AC at attempt 1", got, err)
	}
	if !j.hub.finished(sub.ID) {
		t.Error("the hub has no verdict after Final")
	}
	// The same generation again: a redelivery judged at attempt 2 to
	// another verdict, then the applier with the first final.
	again := localSink{j: j}.Judging(ctx, queue.Event{SubmissionID: sub.ID, Gen: int64(sub.Gen), Attempt: 2, Worker: "me"})
	if err := again.Final(ctx, final(2, verdict.WA)); err != nil {
		t.Fatalf("a repeated final: %v, want it acknowledged", err)
	}
	if err := j.apply(ctx, queue.Final{SubmissionID: sub.ID, Gen: int64(sub.Gen), Attempt: 1, Report: final(1, verdict.WA).Report}); err != nil {
		t.Fatal(err)
	}
	if after, err := st.Get(ctx, sub.ID); err != nil || after.Verdict != "AC" || after.Attempt != 1 || !after.FinishedAt.Equal(got.FinishedAt) {
		t.Errorf("after repeated finals: %+v %v, want the first AC unchanged", after, err)
	}
	evs, _ := j.hub.since(sub.ID, sub.Gen, 0)
	verdicts := 0
	for _, ev := range evs {
		if ev.Name == "verdict" {
			verdicts++
		}
	}
	if verdicts != 1 {
		t.Errorf("%d verdict events, want 1 (%+v)", verdicts, evs)
	}
}

// TestLocalSinkSharedProgress: over an external NATS server, which other
// servers sharing the store may follow, the local worker's progress goes
// out live on NATS, in order, as a remote worker's does, and reaches this
// process's hub only through its subscription.
func TestLocalSinkSharedProgress(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, js := natstest.Start(t, natsrv.Options{})
	q, err := queue.Setup(ctx, js, queue.Config{})
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan queue.Event, 16)
	stop, err := q.Live(func(ev queue.Event) { got <- ev })
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	j := &jobs{hub: newHub(time.Minute), log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	base := queue.Event{SubmissionID: "s1", Gen: 1, Attempt: 1, Worker: "me"}
	rj := localSink{j: j, shared: js.Conn()}.Judging(ctx, base)
	sent := []queue.Event{
		{Kind: queue.KindState, State: queue.StateJudging},
		{Kind: queue.KindCompile, Compile: &grade.CompileReport{OK: true}},
		{Kind: queue.KindTest, TestIndex: 0, Test: &grade.TestResult{Name: "1", Verdict: verdict.AC}},
		{Kind: queue.KindTest, TestIndex: 1, Test: &grade.TestResult{Name: "2", Verdict: verdict.AC}},
	}
	for _, ev := range sent {
		ev.SubmissionID, ev.Gen, ev.Attempt, ev.Worker = base.SubmissionID, base.Gen, base.Attempt, base.Worker
		rj.Progress(ev)
	}
	rj.Close()
	for i, want := range sent {
		select {
		case ev := <-got:
			if ev.Kind != want.Kind || ev.SubmissionID != "s1" || ev.Attempt != 1 || ev.TestIndex != want.TestIndex {
				t.Errorf("live event %d: %+v, want a %s", i, ev, want.Kind)
			}
		case <-ctx.Done():
			t.Fatalf("live event %d (%s) never came", i, want.Kind)
		}
	}
	if evs, _ := j.hub.since("s1", 1, 0); len(evs) != 0 {
		t.Errorf("the hub got %d events directly, want them through the subscription only", len(evs))
	}
}
