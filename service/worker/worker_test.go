package worker

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/natstest"
	"github.com/puzzlejudge/judge/runner"
	"github.com/puzzlejudge/judge/service/natsrv"
	"github.com/puzzlejudge/judge/service/pkgstore"
	"github.com/puzzlejudge/judge/service/queue"
)

// rig is a real queue on an embedded server with the a-plus-b package
// stored, and the finals the server's applier received.
type rig struct {
	q    *queue.Queue
	js   jetstream.JetStream
	hash string
	eng  *engine.Engine

	mu     sync.Mutex
	finals []queue.Final
	live   []queue.Event // every live event, as received
	// applied receives every final as it is applied (when not full).
	applied chan queue.Final
}

func newRig(t testing.TB, ctx context.Context, cfg queue.Config) *rig {
	t.Helper()
	_, js := natstest.Start(t, natsrv.Options{})
	q, err := queue.Setup(ctx, js, cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, err := pkgstore.Setup(ctx, js, 1)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := st.Publish(ctx, "a-plus-b", filepath.Join("..", "..", "problems", "a-plus-b"))
	if err != nil {
		t.Fatal(err)
	}
	eng := openEngine(t)
	r := &rig{q: q, js: js, hash: hash, eng: eng, applied: make(chan queue.Final, 64)}
	actx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	stopLive, err := q.Live(func(ev queue.Event) { r.mu.Lock(); r.live = append(r.live, ev); r.mu.Unlock() })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stopLive)
	go func() { _ = q.RunGiveUp(actx, nil) }()
	go func() {
		_ = q.RunApplier(actx, 100*time.Millisecond, func(_ context.Context, f queue.Final) error {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.finals = append(r.finals, f)
			select {
			case r.applied <- f:
			default:
			}
			return nil
		})
	}()
	return r
}

// openEngine opens the bundled configuration's engine: the full sandbox
// as root, the basic one otherwise (the sandbox is not these tests'
// subject; the runner's tests are about it).
func openEngine(t testing.TB) *engine.Engine {
	t.Helper()
	c, err := config.Load(filepath.Join("..", "..", config.DefaultPath), nil)
	if err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		c.Sandbox = runner.ModeBasic
	}
	eng, err := engine.Open(c, engine.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng
}

func (r *rig) job(id, file, source string) queue.Job {
	return queue.Job{SubmissionID: id, Gen: 1, Problem: "a-plus-b", PackageHash: r.hash, Language: "c", Filename: file, Source: source}
}

// final waits for the final of a submission.
func (r *rig) final(t *testing.T, ctx context.Context, id string) queue.Final {
	t.Helper()
	for {
		r.mu.Lock()
		for _, f := range r.finals {
			if f.SubmissionID == id {
				r.mu.Unlock()
				return f
			}
		}
		r.mu.Unlock()
		if ctx.Err() != nil {
			t.Fatalf("no final for %s", id)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (r *rig) count(id string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, f := range r.finals {
		if f.SubmissionID == id {
			n++
		}
	}
	return n
}

// settle waits until the applier was handed every final the events stream
// holds, and returns how many the stream holds of each submission. Call it
// once no worker runs: the stream then holds every final there will be.
func (r *rig) settle(t *testing.T, ctx context.Context) func(id string) int {
	t.Helper()
	stored := natstest.Settle(t, ctx, r.js, queue.EventsStream, queue.Subject("*", queue.KindFinal), func() int {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.finals)
	})
	return func(id string) int { return int(stored[queue.Subject(id, queue.KindFinal)]) }
}

// liveEvents is the live events of a submission received so far.
func (r *rig) liveEvents(id string) []queue.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	var evs []queue.Event
	for _, ev := range r.live {
		if ev.SubmissionID == id {
			evs = append(evs, ev)
		}
	}
	return evs
}

// events reads the events of a submission stored so far.
func (r *rig) events(t *testing.T, ctx context.Context, id string) []queue.Event {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var evs []queue.Event
	_ = r.q.Subscribe(sctx, id, 0, func(ev queue.Event) error {
		evs = append(evs, ev)
		if ev.Kind == queue.KindFinal {
			cancel()
		}
		return nil
	})
	return evs
}

func source(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWorkerJudges(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	r := newRig(t, ctx, queue.Config{})
	ac := r.job("ac", "sum.c", source(t, "solutions/a-plus-b/accepted/sum.c"))
	wa := r.job("wa", "int32.c", source(t, "solutions/a-plus-b/wrong_answer/int32.c"))
	unknown := r.job("lang", "x.zz", "x")
	unknown.Language = "zz"
	nopkg := r.job("nopkg", "sum.c", ac.Source)
	nopkg.PackageHash = strings.Repeat("0", 64)
	tight := r.job("tight", "sum.c", ac.Source)
	tight.Limits = &queue.Limits{TimeMs: 1500}
	for _, j := range []queue.Job{ac, ac, wa, unknown, nopkg, tight} { // ac twice: queued once
		if _, err := r.q.Publish(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	w := &Worker{JS: r.js, Engine: r.eng, Slots: 2, CacheDir: t.TempDir(), ID: "w1", Version: "test"}
	go func() { done <- w.Run(wctx) }()

	for _, tc := range []struct {
		id      string
		verdict verdict.Verdict
		err     string
	}{
		{"ac", verdict.AC, ""},
		{"wa", verdict.WA, ""},
		{"lang", verdict.IE, `unknown language "zz"`},
		{"nopkg", verdict.IE, "no such package"},
		{"tight", verdict.AC, ""},
	} {
		f := r.final(t, ctx, tc.id)
		if f.Report.Verdict != tc.verdict || !strings.Contains(f.Report.Error, tc.err) {
			t.Errorf("%s: %s %q, want %s %q", tc.id, f.Report.Verdict, f.Report.Error, tc.verdict, tc.err)
		}
		if f.Attempt != 1 || f.Worker != "w1" || f.Gen != 1 {
			t.Errorf("%s: attempt %d by %q gen %d, want 1 by w1 gen 1", tc.id, f.Attempt, f.Worker, f.Gen)
		}
	}
	if f := r.final(t, ctx, "tight"); f.Report.Limits.TimeMs != 1500 {
		t.Errorf("limits override: time %d ms, want 1500", f.Report.Limits.TimeMs)
	}
	// The problem is loaded once for the package; one job's override
	// does not reach the others.
	for _, id := range []string{"ac", "wa"} {
		if f := r.final(t, ctx, id); f.Report.Limits.TimeMs == 1500 {
			t.Errorf("%s: time limit %d ms, the tight job's override", id, f.Report.Limits.TimeMs)
		}
	}
	if f := r.final(t, ctx, "ac"); len(f.Report.Tests) != 16 || f.Report.Problem != "a-plus-b" {
		t.Errorf("ac: %d tests of %q, want 16 of a-plus-b", len(f.Report.Tests), f.Report.Problem)
	}
	// Live events: state, compile, the tests in order; once. Stored: the
	// state and the final.
	var kinds []string
	next := 0
	for _, ev := range r.liveEvents("ac") {
		kinds = append(kinds, ev.Kind)
		if ev.Kind == queue.KindTest {
			if ev.TestIndex != next {
				t.Errorf("test event %d came as number %d", ev.TestIndex, next)
			}
			next++
		}
	}
	if got := strings.Join(kinds, " "); got != "state compile "+strings.TrimSpace(strings.Repeat("test ", 16)) {
		t.Errorf("live events of ac: %s", got)
	}
	kinds = kinds[:0]
	for _, ev := range r.events(t, ctx, "ac") {
		kinds = append(kinds, ev.Kind)
	}
	if got := strings.Join(kinds, " "); got != "state final" {
		t.Errorf("stored events of ac: %s, want state final", got)
	}
	// Registry: the worker is listed while it runs.
	ws, err := r.q.Workers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 1 || ws[0].ID != "w1" || ws[0].Slots != 2 || len(ws[0].Languages) == 0 {
		t.Errorf("workers %+v, want w1 with 2 slots", ws)
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// Judged once each (ac published twice): one final stored, applied
	// once.
	stored := r.settle(t, ctx)
	for _, id := range []string{"ac", "wa", "lang", "nopkg", "tight"} {
		if s, n := stored(id), r.count(id); s != 1 || n != 1 {
			t.Errorf("%s: %d finals stored, %d applied; want 1", id, s, n)
		}
	}
	if ws, _ := r.q.Workers(ctx); len(ws) != 0 {
		t.Errorf("after Run returned the registry still lists %+v", ws)
	}
	if st, err := r.q.Stats(ctx); err != nil || st.Depth != 0 || st.InFlight != 0 {
		t.Errorf("queue after: %+v %v, want empty", st, err)
	}
}

// slow is a C solution that takes about 1 s of wall time per test.
const slow = `#include <stdio.h>
#include <unistd.h>
int main(void){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 1;usleep(1000000);printf("%lld\n",a+b);return 0;}
`

// TestWorkerDrainHandsBack stops a worker in the middle of a slow job with
// a short drain timeout: the job goes back to the queue at once, and a
// second worker judges it as attempt 2.
func TestWorkerDrainHandsBack(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	r := newRig(t, ctx, queue.Config{})
	j := r.job("slow", "slow.c", slow)
	j.Limits = &queue.Limits{TimeMs: 3000}
	if _, err := r.q.Publish(ctx, j); err != nil {
		t.Fatal(err)
	}
	wctx, stop := context.WithCancel(ctx)
	w1 := &Worker{JS: r.js, Engine: r.eng, CacheDir: t.TempDir(), ID: "w1", DrainTimeout: 500 * time.Millisecond}
	done := make(chan error, 1)
	go func() { done <- w1.Run(wctx) }()
	// Wait until it is judging (its state event is out), then stop it.
	for {
		if evs := r.events(t, ctx, "slow"); len(evs) > 0 {
			break
		}
	}
	stop()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// Run returned: w1 published all it ever will.
	if n := r.settle(t, ctx)("slow"); n != 0 {
		t.Fatalf("%d finals stored though the drain ran out", n)
	}
	w2 := &Worker{JS: r.js, Engine: r.eng, CacheDir: t.TempDir(), ID: "w2"}
	w2ctx, stop2 := context.WithCancel(ctx)
	defer stop2()
	done2 := make(chan error, 1)
	go func() { done2 <- w2.Run(w2ctx) }()
	f := r.final(t, ctx, "slow")
	if f.Report.Verdict != verdict.AC || f.Attempt != 2 || f.Worker != "w2" {
		t.Errorf("slow: %s attempt %d by %s, want AC at attempt 2 by w2", f.Report.Verdict, f.Attempt, f.Worker)
	}
	stop2()
	if err := <-done2; err != nil {
		t.Fatal(err)
	}
	if s, n := r.settle(t, ctx)("slow"), r.count("slow"); s != 1 || n != 1 {
		t.Errorf("slow: %d finals stored, %d applied; want 1", s, n)
	}
}
