package worker

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/natscluster"
	"github.com/puzzlejudge/judge/service/natsrv"
	"github.com/puzzlejudge/judge/service/pkgstore"
	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/store"
)

// retry calls f with a context of its own bounded by per until it succeeds
// or ctx ends. A request sent to a node just before it died gets no
// answer, so every request of a fault test needs its own timeout.
func retry(ctx context.Context, per time.Duration, f func(context.Context) error) error {
	for {
		try, cancel := context.WithTimeout(ctx, per)
		err := f(try)
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (last: %v)", ctx.Err(), err)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// lines collects what the workers log, shown when the test fails.
type lines struct {
	mu sync.Mutex
	l  []string
}

func (l *lines) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.l = append(l.l, time.Now().Format("15:04:05.000 ")+s)
}

func (l *lines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.l, "\n")
}

// TestClusterLosesANode judges 20 submissions on a 3-node NATS cluster of
// real processes (streams, consumers and buckets with 3 replicas) and
// kills the JOBS stream leader's process with SIGKILL after the first
// results: every submission still ends done in the store exactly once,
// with its right verdict, and the queue ends empty.
func TestClusterLosesANode(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	c := natscluster.Start(t, 3)
	dial := func(name string) jetstream.JetStream {
		t.Helper()
		nc, err := natsrv.Dial(c.URLs(), c.Creds, name)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		js, err := jetstream.New(nc)
		if err != nil {
			t.Fatal(err)
		}
		return js
	}
	js := dial("server")
	if err := c.WaitJetStream(ctx, js); err != nil {
		t.Fatal(err)
	}
	var q *queue.Queue
	var hash string
	err := retry(ctx, 15*time.Second, func(ctx context.Context) (err error) {
		q, err = queue.Setup(ctx, js, queue.Config{Replicas: 3, AckWait: 10 * time.Second})
		if err != nil {
			return err
		}
		pkgs, err := pkgstore.Setup(ctx, js, 3)
		if err != nil {
			return err
		}
		hash, err = pkgs.Publish(ctx, "a-plus-b", filepath.Join("..", "..", "problems", "a-plus-b"))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{queue.JobsStream, queue.EventsStream, "OBJ_" + pkgstore.PackagesBucket} {
		st, err := js.Stream(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if r := st.CachedInfo().Config.Replicas; r != 3 {
			t.Errorf("stream %s has %d replicas, want 3", name, r)
		}
	}

	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "judge.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var (
		mu        sync.Mutex
		applied   = map[string]int{} // finals that changed the store
		delivered int                // finals the applier was handed
		retried   int                // applied finals of a second or later delivery
		gaveUp    []string
	)
	bg, stopBg := context.WithCancel(context.Background())
	var bgWG sync.WaitGroup
	bgWG.Add(2)
	go func() {
		defer bgWG.Done()
		_ = q.RunApplier(bg, 200*time.Millisecond, func(ctx context.Context, f queue.Final) error {
			ok, err := db.ApplyResult(ctx, f.SubmissionID, int(f.Gen), store.Result{Verdict: string(f.Report.Verdict), Report: f.Report, Error: f.Report.Error})
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			delivered++
			if ok {
				applied[f.SubmissionID]++
				if f.Attempt > 1 {
					retried++
				}
			}
			return nil
		})
	}()
	go func() {
		defer bgWG.Done()
		_ = q.RunGiveUp(bg, func(j queue.Job, n int) {
			mu.Lock()
			defer mu.Unlock()
			gaveUp = append(gaveUp, fmt.Sprintf("%s after %d deliveries", j.SubmissionID, n))
		})
	}()
	defer func() { stopBg(); bgWG.Wait() }()

	eng := openEngine(t)
	var log lines
	wctx, stopWorkers := context.WithCancel(ctx)
	var workers sync.WaitGroup
	for i := range 2 {
		w := &Worker{
			JS: dial(fmt.Sprintf("worker %d", i+1)), Engine: eng, CacheDir: t.TempDir(), ID: fmt.Sprintf("w%d", i+1),
			Heartbeat: time.Second, FetchWait: 2 * time.Second, RetryDelay: time.Second, DrainTimeout: 5 * time.Second,
			Log: log.add,
		}
		workers.Add(1)
		go func() { defer workers.Done(); _ = w.Run(wctx) }()
	}
	defer func() { stopWorkers(); workers.Wait() }()

	// 20 submissions, every third one wrong.
	ac, wa := source(t, "solutions/a-plus-b/accepted/sum.c"), source(t, "solutions/a-plus-b/wrong_answer/int32.c")
	want := map[string]verdict.Verdict{}
	for i := range 20 {
		n := store.NewSubmission{User: "u", Problem: "a-plus-b", PackageHash: hash, Language: "c", Filename: "sum.c", Source: ac}
		v := verdict.AC
		if i%3 == 2 {
			n.Filename, n.Source, v = "int32.c", wa, verdict.WA
		}
		sub, _, err := db.Create(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		want[sub.ID] = v
		j := queue.Job{SubmissionID: sub.ID, Gen: int64(sub.Gen), Problem: sub.Problem, PackageHash: hash, Language: "c", Filename: sub.Filename, Source: sub.Source}
		if err := retry(ctx, 10*time.Second, func(ctx context.Context) error { _, err := q.Publish(ctx, j); return err }); err != nil {
			t.Fatal(err)
		}
	}
	appliedCount := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(applied)
	}
	waitApplied := func(n int) {
		t.Helper()
		for appliedCount() < n {
			if ctx.Err() != nil {
				t.Fatalf("%d of %d submissions applied when the time ran out; workers said:\n%s", appliedCount(), n, log.String())
			}
			time.Sleep(100 * time.Millisecond)
		}
	}

	// After the first results, kill the JOBS stream's leader.
	waitApplied(3)
	jobs, err := js.Stream(ctx, queue.JobsStream)
	if err != nil {
		t.Fatal(err)
	}
	var leader string
	if err := retry(ctx, 5*time.Second, func(ctx context.Context) error {
		info, err := jobs.Info(ctx)
		if err != nil {
			return err
		}
		if info.Cluster == nil || c.Node(info.Cluster.Leader) == nil {
			return fmt.Errorf("no leader in %+v", info.Cluster)
		}
		leader = info.Cluster.Leader
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := c.Kill(leader); err != nil {
		t.Fatal(err)
	}
	log.add(fmt.Sprintf("test: killed %s, the leader of %s, after %d results", leader, queue.JobsStream, appliedCount()))

	waitApplied(len(want))
	// The queue empties: every job was acknowledged (an ack lost with the
	// node means a redelivery, judged again and applied no second time).
	if err := retry(ctx, 5*time.Second, func(ctx context.Context) error {
		info, err := jobs.Info(ctx)
		if err != nil {
			return err
		}
		if info.Cluster == nil || info.Cluster.Leader == "" || info.Cluster.Leader == leader {
			return fmt.Errorf("leader %+v", info.Cluster)
		}
		if info.State.Msgs != 0 {
			return fmt.Errorf("%d jobs left", info.State.Msgs)
		}
		return nil
	}); err != nil {
		t.Errorf("JOBS after the run: %v", err)
	}

	mu.Lock()
	defer mu.Unlock()
	for id, v := range want {
		if applied[id] != 1 {
			t.Errorf("%s applied %d times, want 1", id, applied[id])
		}
		sub, err := db.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if sub.State != store.Done || sub.Verdict != string(v) || sub.Gen != 1 {
			t.Errorf("%s: %s %s gen %d (%s), want done %s gen 1", id, sub.State, sub.Verdict, sub.Gen, sub.Error, v)
		}
	}
	if len(gaveUp) > 0 {
		t.Errorf("jobs given up: %v", gaveUp)
	}
	t.Logf("killed %s after 3 results; %d finals handed to the applier for %d submissions, %d applied from a redelivery",
		leader, delivered, len(want), retried)
	if t.Failed() {
		t.Logf("workers said:\n%s", log.String())
	}
}
