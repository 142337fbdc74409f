package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/natstest"
	"github.com/puzzlejudge/judge/service/natsrv"
	"github.com/puzzlejudge/judge/service/pkgstore"
	"github.com/puzzlejudge/judge/service/queue"
)

// queueServer is the server side of the queue, as judge serve will run it: an
// embedded NATS server listening on loopback for workers with a key, the
// streams, the a-plus-b package, and an applier recording finals.
type queueServer struct {
	url, creds, hash string
	q                *queue.Queue
	js               jetstream.JetStream

	mu     sync.Mutex
	finals []queue.Final
}

func startService(t *testing.T, ctx context.Context) *queueServer {
	t.Helper()
	dir := t.TempDir()
	creds := filepath.Join(dir, "worker.creds")
	pub, err := natsrv.WriteWorkerKey(creds)
	if err != nil {
		t.Fatal(err)
	}
	srv, js := natstest.Start(t, natsrv.Options{Dir: dir, Listen: "127.0.0.1:0", WorkerKeys: []string{pub}})
	q, err := queue.Setup(ctx, js, queue.Config{AckWait: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	st, err := pkgstore.Setup(ctx, js, 1)
	if err != nil {
		t.Fatal(err)
	}
	hash, err := st.Publish(ctx, "a-plus-b", filepath.Join("..", "problems", "a-plus-b"))
	if err != nil {
		t.Fatal(err)
	}
	s := &queueServer{url: srv.ClientURL(), creds: creds, hash: hash, q: q, js: js}
	bg, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	go func() { _ = q.RunGiveUp(bg, nil) }()
	go func() {
		_ = q.RunApplier(bg, 100*time.Millisecond, func(_ context.Context, f queue.Final) error {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.finals = append(s.finals, f)
			return nil
		})
	}()
	return s
}

func (s *queueServer) publish(t *testing.T, ctx context.Context, id, file, src string, timeMs int64) {
	t.Helper()
	j := queue.Job{SubmissionID: id, Gen: 1, Problem: "a-plus-b", PackageHash: s.hash, Language: "c", Filename: file, Source: src}
	if timeMs > 0 {
		j.Limits = &queue.Limits{TimeMs: timeMs}
	}
	if _, err := s.q.Publish(ctx, j); err != nil {
		t.Fatal(err)
	}
}

func (s *queueServer) finalsOf(id string) []queue.Final {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []queue.Final
	for _, f := range s.finals {
		if f.SubmissionID == id {
			out = append(out, f)
		}
	}
	return out
}

func (s *queueServer) waitFinal(t *testing.T, ctx context.Context, id string) queue.Final {
	t.Helper()
	for {
		if fs := s.finalsOf(id); len(fs) > 0 {
			return fs[0]
		}
		if ctx.Err() != nil {
			t.Fatalf("no final for %s", id)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitJudging waits until a worker announced judging id at attempt n.
func (s *queueServer) waitJudging(t *testing.T, ctx context.Context, id string, n int) {
	t.Helper()
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	_ = s.q.Subscribe(sctx, id, 0, func(ev queue.Event) error {
		if ev.Kind == queue.KindState && ev.Attempt == n {
			cancel()
		}
		return nil
	})
	if ctx.Err() != nil {
		t.Fatalf("%s was not judged at attempt %d", id, n)
	}
}

// workerProc is a judge worker process.
type workerProc struct {
	cmd    *exec.Cmd
	stderr *syncBuffer // written by the process while the test reads it
	exited chan error
}

func startWorker(t *testing.T, s *queueServer, cacheDir, boxDir string) *workerProc {
	t.Helper()
	path, _ := judgeBinary(t)
	cmd := exec.Command(path, "--config", "../configs/judge.yaml", "--cache-dir", cacheDir,
		"worker", "--nats", s.url, "--creds", s.creds, "--slots", "1", "--drain-timeout", "30s")
	cmd.Env = judgeEnv(boxDir)
	w := &workerProc{cmd: cmd, stderr: newSyncBuffer(), exited: make(chan error, 1)}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { w.exited <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-w.exited
		}
	})
	return w
}

func (w *workerProc) kill(t *testing.T) {
	t.Helper()
	if err := w.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-w.exited
}

// sleepy takes about a second of wall time per test, 16 tests.
const sleepy = `#include <stdio.h>
#include <unistd.h>
int main(void){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 1;usleep(1000000);printf("%lld\n",a+b);return 0;}
`

// TestWorkerCommand runs judge worker processes against a service with
// credentials: they judge an accepted and a wrong C solution; a worker
// killed with SIGKILL in the middle of judging costs one redelivery (one
// final, attempt 2); a job that kills its worker three times ends as IE
// and the queue moves on; SIGTERM makes a worker exit 0.
func TestWorkerCommand(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	s := startService(t, ctx)
	cache, boxes := t.TempDir(), t.TempDir()
	read := func(p string) string {
		b, err := os.ReadFile(filepath.Join("..", p))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	w := startWorker(t, s, cache, boxes)
	s.publish(t, ctx, "ac", "sum.c", read("solutions/a-plus-b/accepted/sum.c"), 0)
	s.publish(t, ctx, "wa", "int32.c", read("solutions/a-plus-b/wrong_answer/int32.c"), 0)
	for id, want := range map[string]verdict.Verdict{"ac": verdict.AC, "wa": verdict.WA} {
		f := s.waitFinal(t, ctx, id)
		if f.Report.Verdict != want || f.Attempt != 1 {
			t.Errorf("%s: %s at attempt %d, want %s at 1; worker stderr:\n%s", id, f.Report.Verdict, f.Attempt, want, w.stderr)
		}
	}
	if ws, err := s.q.Workers(ctx); err != nil || len(ws) != 1 || ws[0].Slots != 1 || ws[0].Version == "" {
		t.Errorf("registry: %+v %v, want one worker with 1 slot and a version", ws, err)
	}

	// kill -9 in the middle of judging.
	s.publish(t, ctx, "slow", "slow.c", sleepy, 5000)
	s.waitJudging(t, ctx, "slow", 1)
	w.kill(t)
	w = startWorker(t, s, cache, boxes)
	f := s.waitFinal(t, ctx, "slow")
	if f.Report.Verdict != verdict.AC || f.Attempt != 2 {
		t.Errorf("slow after kill -9: %s at attempt %d, want AC at 2", f.Report.Verdict, f.Attempt)
	}

	// A job that takes its worker down every time.
	s.publish(t, ctx, "poison", "slow.c", sleepy, 5000)
	for n := 1; n <= 3; n++ {
		s.waitJudging(t, ctx, "poison", n)
		w.kill(t)
		w = startWorker(t, s, cache, boxes)
	}
	s.publish(t, ctx, "after", "sum.c", read("solutions/a-plus-b/accepted/sum.c"), 0)
	if f := s.waitFinal(t, ctx, "poison"); f.Report.Verdict != verdict.IE || f.Report.Error != "judging failed 3 times" {
		t.Errorf("poison: %s %q, want IE \"judging failed 3 times\"", f.Report.Verdict, f.Report.Error)
	}
	if f := s.waitFinal(t, ctx, "after"); f.Report.Verdict != verdict.AC {
		t.Errorf("after the poison job: %s, want AC", f.Report.Verdict)
	}

	// SIGTERM: a clean exit.
	if err := w.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-w.exited:
		if err != nil {
			t.Errorf("worker exit after SIGTERM: %v; stderr:\n%s", err, w.stderr)
		}
	case <-ctx.Done():
		t.Fatal("worker did not exit after SIGTERM")
	}
	// No worker runs and the poison job's give-up is stored: the stream
	// holds every final there will be. Each submission has one, applied
	// once.
	stored := natstest.Settle(t, ctx, s.js, queue.EventsStream, queue.Subject("*", queue.KindFinal), func() int {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.finals)
	})
	for _, id := range []string{"ac", "wa", "slow", "poison", "after"} {
		if n, a := stored[queue.Subject(id, queue.KindFinal)], len(s.finalsOf(id)); n != 1 || a != 1 {
			t.Errorf("%s: %d finals stored, %d applied; want exactly 1", id, n, a)
		}
	}
	if st, err := s.q.Stats(ctx); err != nil || st.Depth != 0 || st.InFlight != 0 {
		t.Errorf("queue at the end: %+v %v, want empty", st, err)
	}
	if testing.Verbose() {
		fmt.Fprintf(os.Stderr, "last worker's stderr:\n%s", w.stderr)
	}
}

// TestWorkerCommandUsage checks the flags' errors.
func TestWorkerCommandUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"worker"}, "--nats URL is required"},
		{[]string{"worker", "--nats", "nats://127.0.0.1:1", "--slots", "0"}, "--slots 0"},
		{[]string{"worker", "--nats", "nats://127.0.0.1:1", "--creds", "/nonexistent/creds"}, "--creds"},
	} {
		o := runJudge(t, t.TempDir(), nil, append([]string{"--config", filepath.Join(mustAbs(t, ".."), "configs", "judge.yaml")}, tc.args...)...)
		if o.code != exitUsage || !strings.Contains(o.stderr, tc.want) {
			t.Errorf("judge %v: exit %d, stderr %q; want %d and %q", tc.args, o.code, o.stderr, exitUsage, tc.want)
		}
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
