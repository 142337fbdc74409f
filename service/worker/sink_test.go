package worker

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/pkgstore"
	"github.com/puzzlejudge/judge/service/queue"
)

// recSink is a Sink that records what a worker reports: each judging's
// progress by submission and attempt, and its finals. Final calls
// final, when set, and returns its error.
type recSink struct {
	t     *testing.T
	final func(ev queue.Event) error

	mu       sync.Mutex
	progress map[string][]queue.Event // by "<id>/<attempt>"
	closes   map[string]int
	finals   chan queue.Event // every final that Final stored
}

func newRecSink(t *testing.T) *recSink {
	return &recSink{t: t, progress: map[string][]queue.Event{}, closes: map[string]int{}, finals: make(chan queue.Event, 16)}
}

func judgingKey(ev queue.Event) string { return fmt.Sprintf("%s/%d", ev.SubmissionID, ev.Attempt) }

func (s *recSink) Judging(_ context.Context, base queue.Event) Judging {
	return &recJudging{s: s, base: base}
}

// events is the progress of one judging so far.
func (s *recSink) events(id string, attempt int) []queue.Event {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.progress[fmt.Sprintf("%s/%d", id, attempt)])
}

// waitFinal waits for the stored final of a submission.
func (s *recSink) waitFinal(t *testing.T, ctx context.Context, id string) queue.Event {
	t.Helper()
	for {
		select {
		case ev := <-s.finals:
			if ev.SubmissionID == id {
				return ev
			}
			s.finals <- ev // another's: put it back for its waiter
		case <-ctx.Done():
			t.Fatalf("no final for %s", id)
		}
	}
}

type recJudging struct {
	s     *recSink
	base  queue.Event
	final bool
}

func (j *recJudging) Progress(ev queue.Event) {
	if ev.SubmissionID != j.base.SubmissionID || ev.Gen != j.base.Gen || ev.Attempt != j.base.Attempt || ev.Worker != j.base.Worker {
		j.s.t.Errorf("progress %+v of the judging %+v", ev, j.base)
	}
	if j.final {
		j.s.t.Errorf("progress %s after the final of %s", ev.Kind, judgingKey(j.base))
	}
	j.s.mu.Lock()
	defer j.s.mu.Unlock()
	j.s.progress[judgingKey(ev)] = append(j.s.progress[judgingKey(ev)], ev)
}

func (j *recJudging) Final(ctx context.Context, ev queue.Event) error {
	j.final = true
	if ev.Kind != queue.KindFinal || ev.Report == nil || ev.SubmissionID != j.base.SubmissionID || ev.Attempt != j.base.Attempt {
		j.s.t.Errorf("final %+v of the judging %+v", ev, j.base)
	}
	if j.s.final != nil {
		if err := j.s.final(ev); err != nil {
			return err
		}
	}
	j.s.finals <- ev
	return nil
}

func (j *recJudging) Close() {
	j.s.mu.Lock()
	defer j.s.mu.Unlock()
	j.s.closes[judgingKey(j.base)]++
}

// kinds is the kinds of events, and the test events' indexes, as
// "state compile test0 test1 ...".
func kinds(evs []queue.Event) string {
	var out []string
	for _, ev := range evs {
		if ev.Kind == queue.KindTest {
			out = append(out, fmt.Sprintf("test%d", ev.TestIndex))
			continue
		}
		out = append(out, ev.Kind)
	}
	return strings.Join(out, " ")
}

func wantKinds(tests int) string {
	out := "state compile"
	for i := range tests {
		out += fmt.Sprintf(" test%d", i)
	}
	return out
}

// waitEmpty waits until the jobs stream holds no job: every one was
// acknowledged (or dropped).
func waitEmpty(t *testing.T, ctx context.Context, q *queue.Queue) {
	t.Helper()
	for {
		st, err := q.Stats(ctx)
		if err == nil && st.Depth == 0 && st.InFlight == 0 {
			return
		}
		if ctx.Err() != nil {
			t.Fatalf("jobs left in the queue: %+v %v", st, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestWorkerSinkStoresBeforeAck: a worker with its own Sink reports each
// judging to it (progress in order, then the final) and sends nothing
// over NATS; it acknowledges the job only after Final stored the final:
// while Final runs the job is still in the queue, and a final Final
// could not store is judged again (attempt 2), never lost.
func TestWorkerSinkStoresBeforeAck(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	r := newRig(t, ctx, queue.Config{})
	if _, err := r.q.Publish(ctx, r.job("ac", "sum.c", source(t, "solutions/a-plus-b/accepted/sum.c"))); err != nil {
		t.Fatal(err)
	}
	sink := newRecSink(t)
	var calls []int // the attempts Final was called at
	sink.final = func(ev queue.Event) error {
		calls = append(calls, ev.Attempt)
		st, err := r.q.Stats(ctx)
		if err != nil || st.Depth+uint64(st.InFlight) != 1 {
			t.Errorf("queue while Final of attempt %d runs: %+v %v, want the job still in it", ev.Attempt, st, err)
		}
		if ev.Attempt == 1 {
			return errors.New("store away")
		}
		return nil
	}
	w := &Worker{JS: r.js, Engine: r.eng, CacheDir: t.TempDir(), ID: "w1", Sink: sink, RetryDelay: 100 * time.Millisecond}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	f := sink.waitFinal(t, ctx, "ac")
	waitEmpty(t, ctx, r.q)
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if f.Report.Verdict != verdict.AC || f.Attempt != 2 || f.Worker != "w1" || f.Gen != 1 || len(f.Report.Tests) != 16 {
		t.Errorf("final: %s at attempt %d by %q gen %d with %d tests, want AC at attempt 2 by w1 gen 1 with 16", f.Report.Verdict, f.Attempt, f.Worker, f.Gen, len(f.Report.Tests))
	}
	if !slices.Equal(calls, []int{1, 2}) {
		t.Errorf("Final called at attempts %v, want 1 then 2", calls)
	}
	for _, attempt := range []int{1, 2} {
		evs := sink.events("ac", attempt)
		if got := kinds(evs); got != wantKinds(16) {
			t.Errorf("progress of attempt %d: %s, want %s", attempt, got, wantKinds(16))
		}
		for _, ev := range evs {
			if ev.Kind == queue.KindTest && (ev.Test == nil || ev.Test.Name != f.Report.Tests[ev.TestIndex].Name) {
				t.Errorf("attempt %d: test event %d is %+v, the report's row %q", attempt, ev.TestIndex, ev.Test, f.Report.Tests[ev.TestIndex].Name)
			}
		}
	}
	sink.mu.Lock()
	if sink.closes["ac/1"] != 1 || sink.closes["ac/2"] != 1 {
		t.Errorf("closes %v, want one per judging", sink.closes)
	}
	sink.mu.Unlock()
	// Nothing went over NATS: no live event, nothing in the events stream.
	if evs := r.liveEvents("ac"); len(evs) != 0 {
		t.Errorf("%d live events on NATS, want none", len(evs))
	}
	st, err := r.js.Stream(ctx, queue.EventsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := st.Info(ctx, jetstream.WithSubjectFilter(queue.Subject("ac", "*")))
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 0 {
		t.Errorf("%d events of ac stored in the events stream, want none", info.State.Msgs)
	}
}

// TestWorkerReleasesInGradeOrder judges a Kattis package with a static
// validation test case (not one of the package's tests on disk: the
// grader adds it to its group): the test events carry the rows in the
// report's order, numbered as the report lists them, with lazy judging
// stopping at the static case's rejection and every test.
func TestWorkerReleasesInGradeOrder(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	r := newRig(t, ctx, queue.Config{})
	ps, err := pkgstore.Open(ctx, r.js)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "core", "grade", "testdata", "kattis", "static-2025")
	hash, err := ps.Publish(ctx, "static-2025", dir)
	if err != nil {
		t.Fatal(err)
	}
	src := source(t, filepath.Join("core", "grade", "testdata", "kattis", "static-2025", "submissions", "wrong_answer", "multiply.py"))
	for _, lazy := range []bool{false, true} {
		j := queue.Job{SubmissionID: fmt.Sprintf("lazy-%v", lazy), Gen: 1, Problem: "static-2025", PackageHash: hash,
			Language: "python", Filename: "multiply.py", Source: src, StopOnFail: lazy}
		if _, err := r.q.Publish(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	sink := newRecSink(t)
	w := &Worker{JS: r.js, Engine: r.eng, CacheDir: t.TempDir(), ID: "w1", Sink: sink}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	for _, tc := range []struct {
		id, tests, notRun string
	}{
		{"lazy-false", "sample/1:AC secret/static_validation:WA secret/1:AC secret/2:AC", ""},
		{"lazy-true", "sample/1:AC secret/static_validation:WA", "secret/1 secret/2"},
	} {
		f := sink.waitFinal(t, ctx, tc.id)
		var rows []string
		for _, tr := range f.Report.Tests {
			rows = append(rows, tr.Name+":"+string(tr.Verdict))
		}
		if got := strings.Join(rows, " "); f.Report.Verdict != verdict.WA || got != tc.tests || strings.Join(f.Report.NotRun, " ") != tc.notRun {
			t.Errorf("%s: %s, tests %s, not run %v (error %q); want WA, %s, not run %q", tc.id, f.Report.Verdict, got, f.Report.NotRun, f.Report.Error, tc.tests, tc.notRun)
		}
		var events []string
		for _, ev := range sink.events(tc.id, 1) {
			if ev.Kind == queue.KindTest {
				if ev.TestIndex != len(events) {
					t.Errorf("%s: test event number %d came as the %d-th", tc.id, ev.TestIndex, len(events))
				}
				events = append(events, ev.Test.Name+":"+string(ev.Test.Verdict))
			}
		}
		if got := strings.Join(events, " "); got != tc.tests {
			t.Errorf("%s: test events %s, want the report's rows %s", tc.id, got, tc.tests)
		}
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
