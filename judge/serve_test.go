package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/service"
	"github.com/puzzlejudge/judge/service/natsrv"
	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/store"
)

// judgeServer is a judge serve process.
type judgeServer struct {
	workerProc        // the process, its stderr, its exit
	url        string // http://ADDR
	stdout     *syncBuffer
}

// syncBuffer is a bytes.Buffer a process writes while the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func newSyncBuffer() *syncBuffer { return &syncBuffer{} }

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// judgeEnv is the environment of a judge process a test starts: its
// boxes in boxDir, in the basic sandbox when not root (the full one needs
// root; the sandbox is not the subject of the tests that start judge
// serve and workers).
func judgeEnv(boxDir string) []string {
	env := append(os.Environ(), "JUDGE_BOX_DIR="+boxDir)
	if os.Geteuid() != 0 {
		env = append(env, "JUDGE_SANDBOX=basic")
	}
	return env
}

// runServe starts judge serve on data with the extra flags and waits
// until it prints "listening on http://ADDR".
func runServe(t *testing.T, data, cacheDir string, flags ...string) *judgeServer {
	t.Helper()
	return runServeVia(t, nil, data, cacheDir, flags...)
}

// runServeVia is runServe through a wrapper command (its arguments
// followed by judge's).
func runServeVia(t *testing.T, wrapper []string, data, cacheDir string, flags ...string) *judgeServer {
	t.Helper()
	path, _ := judgeBinary(t)
	args := append([]string{"--config", "../configs/judge.yaml", "--cache-dir", cacheDir,
		"serve", "--addr", "127.0.0.1:0", "--data", data, "--drain-timeout", "5s"}, flags...)
	argv := append(append(append([]string(nil), wrapper...), path), args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = judgeEnv(t.TempDir())
	p := &judgeServer{workerProc: workerProc{cmd: cmd, stderr: newSyncBuffer(), exited: make(chan error, 1)}, stdout: newSyncBuffer()}
	cmd.Stderr = p.stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	listening := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(p.stdout, line)
			if u, ok := strings.CutPrefix(line, "listening on "); ok {
				listening <- u
			}
		}
		_, _ = io.Copy(io.Discard, out)
		p.exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-p.exited
		}
	})
	select {
	case p.url = <-listening:
	case err := <-p.exited:
		t.Fatalf("judge serve exited before listening: %v\nstdout:\n%s\nstderr:\n%s", err, p.stdout, p.stderr)
	case <-time.After(2 * time.Minute):
		t.Fatalf("judge serve not listening after 2 minutes; stderr:\n%s", p.stderr)
	}
	return p
}

// stop ends the process with SIGTERM and checks it exits 0.
func (p *judgeServer) stop(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-p.exited:
		if err != nil {
			t.Errorf("judge serve after SIGTERM: %v; stderr:\n%s", err, p.stderr)
		}
	case <-time.After(time.Minute):
		t.Errorf("judge serve still running a minute after SIGTERM")
	}
}

// call sends a request with the token and decodes the JSON answer.
func (p *judgeServer) call(t *testing.T, method, path, token string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, p.url+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	var out map[string]any
	data, _ := io.ReadAll(resp.Body)
	if len(data) > 0 {
		if err := json.Unmarshal(data, &out); err != nil {
			t.Fatalf("%s %s: %d, not JSON: %q", method, path, resp.StatusCode, data)
		}
	}
	return resp.StatusCode, out
}

// submit posts a bundled a-plus-b solution and returns its id.
func (p *judgeServer) submit(t *testing.T, token, rel string) string {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "solutions", "a-plus-b", rel))
	if err != nil {
		t.Fatal(err)
	}
	code, out := p.call(t, "POST", "/api/v1/submissions", token, map[string]string{"problem": "a-plus-b", "filename": filepath.Base(rel), "source": string(src)})
	if code != http.StatusAccepted {
		t.Fatalf("POST %s: %d %v", rel, code, out)
	}
	return out["id"].(string)
}

// waitDone long-polls a submission until it is done or ctx ends.
func (p *judgeServer) waitDone(t *testing.T, ctx context.Context, token, id string) map[string]any {
	t.Helper()
	for ctx.Err() == nil {
		code, out := p.call(t, "GET", "/api/v1/submissions/"+id+"?wait=20s", token, nil)
		if code != http.StatusOK {
			t.Fatalf("GET %s: %d %v", id, code, out)
		}
		if out["state"] == "done" {
			return out
		}
	}
	t.Fatalf("submission %s not done in time; server stderr:\n%s", id, p.stderr)
	return nil
}

// loopbackAddr returns a loopback address nothing listens on just now.
func loopbackAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// TestServeRemoteWorker: judge serve with no local worker and a NATS
// listener on loopback writes the workers' credentials into its data
// folder and prints how to use them; a judge worker process with them
// judges an accepted and a wrong solution posted over HTTP; one without
// them is refused; a worker killed with SIGKILL in the middle of judging
// costs a second attempt by another, and one verdict.
func TestServeRemoteWorker(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	data, cache := t.TempDir(), t.TempDir()
	natsAddr := loopbackAddr(t)
	srv := runServe(t, data, cache, "--slots", "0", "--nats-listen", natsAddr)
	creds := filepath.Join(data, service.WorkerCredsFile)
	if fi, err := os.Stat(creds); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("worker credentials %s: %v %v, want a 0600 file", creds, fi, err)
	}
	if want := "remote workers: judge worker --nats nats://" + natsAddr + " --creds " + creds; !strings.Contains(srv.stdout.String(), want) {
		t.Errorf("serve's output lacks %q:\n%s", want, srv.stdout)
	}
	admin, err := service.ReadAdminToken(data)
	if err != nil {
		t.Fatal(err)
	}

	// Without credentials the NATS server lets no worker in.
	o := runJudge(t, t.TempDir(), nil, "--config", filepath.Join(mustAbs(t, ".."), "configs", "judge.yaml"), "--cache-dir", t.TempDir(),
		"worker", "--nats", "nats://"+natsAddr)
	if o.code == 0 || !strings.Contains(strings.ToLower(o.stderr), "authorization") {
		t.Errorf("a worker without credentials: exit %d, stderr %q; want a refusal", o.code, o.stderr)
	}

	// One box folder for the workers: the next one clears what a killed
	// one left mounted there.
	remote, wcache, wboxes := &queueServer{url: "nats://" + natsAddr, creds: creds}, t.TempDir(), t.TempDir()
	w := startWorker(t, remote, wcache, wboxes)
	for _, tc := range []struct{ rel, verdict string }{
		{"accepted/sum.c", "AC"},
		{"wrong_answer/int32.c", "WA"},
	} {
		id := srv.submit(t, admin, tc.rel)
		out := srv.waitDone(t, ctx, admin, id)
		if out["verdict"] != tc.verdict || out["attempt"] != 1.0 {
			t.Errorf("%s: verdict %v at attempt %v (%v), want %s at 1; worker stderr:\n%s", tc.rel, out["verdict"], out["attempt"], out["error"], tc.verdict, w.stderr)
		}
		// The remote worker judges lazily too: a WA stops at its first
		// failing test, the rest not run.
		tests, _ := out["tests"].([]any)
		notRun, _ := out["not_run"].([]any)
		if len(tests)+len(notRun) != 16 || (tc.verdict == "WA") != (len(notRun) > 0) {
			t.Errorf("%s: %d tests judged and %d not run, want 16 in all, some not run after a WA", tc.rel, len(tests), len(notRun))
		}
	}
	code, out := srv.call(t, "GET", "/api/v1/workers", admin, nil)
	ws, _ := out["workers"].([]any)
	if code != http.StatusOK || len(ws) != 1 {
		t.Errorf("/api/v1/workers: %d %v, want the one remote worker", code, out)
	}

	// kill -9 of the worker in the middle of judging: after the queue's
	// ack wait (30 s) another worker judges it; one verdict, attempt 2.
	code, out = srv.call(t, "POST", "/api/v1/submissions", admin, map[string]string{"problem": "a-plus-b", "filename": "slow.c", "source": slowSum})
	if code != http.StatusAccepted {
		t.Fatalf("POST slow.c: %d %v", code, out)
	}
	slow := out["id"].(string)
	for {
		_, out = srv.call(t, "GET", "/api/v1/submissions/"+slow, admin, nil)
		if out["state"] == "judging" {
			break
		}
		if out["state"] == "done" || ctx.Err() != nil {
			t.Fatalf("slow.c never seen judging: %v", out)
		}
		time.Sleep(20 * time.Millisecond)
	}
	w.kill(t)
	w = startWorker(t, remote, wcache, wboxes)
	if out := srv.waitDone(t, ctx, admin, slow); out["verdict"] != "AC" || out["attempt"] != 2.0 {
		t.Errorf("slow.c after its worker was killed: %v at attempt %v (%v), want AC at 2; worker stderr:\n%s", out["verdict"], out["attempt"], out["error"], w.stderr)
	}

	if err := w.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := <-w.exited; err != nil {
		t.Errorf("worker after SIGTERM: %v", err)
	}
	srv.stop(t)
	counts := eventCounts(t, ctx, data)
	if starts, finals := counts[queue.Subject(slow, queue.KindState)], counts[queue.Subject(slow, queue.KindFinal)]; starts != 2 || finals != 1 {
		t.Errorf("slow.c: %d judging starts and %d finals, want 2 and 1", starts, finals)
	}
}

// TestServeUsage checks serve's flag errors: one line, usage exit.
func TestServeUsage(t *testing.T) {
	cfg := filepath.Join(mustAbs(t, ".."), "configs", "judge.yaml")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--nats-listen", "0.0.0.0:4222"}, "not a loopback address"},
		{[]string{"--nats-listen", "192.0.2.1:4222", "--nats-tls-cert", "c.pem"}, "both a certificate and a key"},
		{[]string{"--nats-listen", "nohost"}, "--nats-listen"},
		{[]string{"--nats", "nats://127.0.0.1:1", "--nats-listen", "127.0.0.1:4222"}, "without --nats"},
		{[]string{"--slots", "-1"}, "--slots -1"},
		{[]string{"--requeue-after", "0s"}, "--requeue-after 0s"},
		{[]string{"--requeue-after", "soon"}, "--requeue-after"},
	} {
		data := t.TempDir()
		o := runJudge(t, t.TempDir(), nil, append([]string{"--config", cfg, "serve", "--addr", "127.0.0.1:0", "--data", data}, tc.args...)...)
		if o.code != exitUsage || !strings.Contains(o.stderr, tc.want) || strings.Count(strings.TrimSpace(o.stderr), "\n") > 0 {
			t.Errorf("judge serve %v: exit %d, stderr %q; want %d and one line with %q", tc.args, o.code, o.stderr, exitUsage, tc.want)
		}
		if entries, _ := os.ReadDir(data); len(entries) != 0 {
			t.Errorf("judge serve %v: wrote %d entries in the data folder", tc.args, len(entries))
		}
	}
	// --workers is serve's old name of --slots: still taken, with a
	// notice, and its errors name it as typed.
	o := runJudge(t, t.TempDir(), nil, "--config", cfg, "serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--workers", "-1")
	if o.code != exitUsage || !strings.Contains(o.stderr, "--workers has been deprecated, use --slots") || !strings.Contains(o.stderr, "judge: --workers -1: want 0 or more") {
		t.Errorf("judge serve --workers -1: exit %d, stderr %q; want %d, the notice and the error", o.code, o.stderr, exitUsage)
	}
}

// TestServeRestart: 100 submissions queued on a judge serve with no
// worker, the server killed with SIGKILL and started again on the same
// data folder with workers: every submission ends done with its verdict,
// at its first attempt and generation, with no job redelivered, and
// the local workers' results reach the store without the events stream.
func TestServeRestart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	data, cache := t.TempDir(), t.TempDir()
	// The service caps each user's queued submissions (10): ten users.
	tokens := make([]string, 10)
	st, err := store.Open(ctx, store.Location(data, ""))
	if err != nil {
		t.Fatal(err)
	}
	for i := range tokens {
		if _, tokens[i], err = st.CreateToken(ctx, store.NewToken{User: fmt.Sprintf("u%d", i), Role: store.RoleUser, Name: "restart test"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	srv := runServe(t, data, cache, "--slots", "0")
	type sub struct{ id, token, verdict string }
	var subs []sub
	for i := range 100 {
		s := sub{token: tokens[i%10], verdict: "AC"}
		rel := "accepted/sum.c"
		if i%10 == 9 {
			rel, s.verdict = "wrong_answer/int32.c", "WA"
		}
		s.id = srv.submit(t, s.token, rel)
		subs = append(subs, s)
	}
	if code, out := srv.call(t, "GET", "/api/v1/submissions/"+subs[99].id, subs[99].token, nil); code != http.StatusOK || out["state"] != "queued" {
		t.Fatalf("the last submission before the kill: %d %v, want queued", code, out)
	}
	srv.kill(t)

	srv = runServe(t, data, cache, "--slots", "2")
	for _, s := range subs {
		out := srv.waitDone(t, ctx, s.token, s.id)
		if out["verdict"] != s.verdict || out["attempt"] != 1.0 || out["gen"] != 1.0 {
			t.Errorf("%s: verdict %v attempt %v gen %v (%v), want %s at attempt 1 of gen 1", s.id, out["verdict"], out["attempt"], out["gen"], out["error"], s.verdict)
		}
	}
	// No job was handed to a worker twice.
	if n := srv.metric(t, http.DefaultClient, "pj_redeliveries_total"); n != 0 {
		t.Errorf("%v redeliveries, want none", n)
	}
	srv.stop(t)

	// The local workers report to the server in its process: the events
	// stream in the data folder holds nothing of these submissions.
	counts := eventCounts(t, ctx, data)
	for _, s := range subs {
		if starts, finals := counts[queue.Subject(s.id, queue.KindState)], counts[queue.Subject(s.id, queue.KindFinal)]; starts != 0 || finals != 0 {
			t.Errorf("%s: %d judging starts and %d finals in the events stream, want none", s.id, starts, finals)
		}
	}
}

// eventCounts opens the events stream a stopped service left in its data
// folder and counts the messages of each subject.
func eventCounts(t *testing.T, ctx context.Context, data string) map[string]uint64 {
	t.Helper()
	ns, err := natsrv.Start(natsrv.Options{Dir: data})
	if err != nil {
		t.Fatal(err)
	}
	defer ns.Shutdown()
	nc, err := ns.Connect()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	events, err := js.Stream(ctx, queue.EventsStream)
	if err != nil {
		t.Fatal(err)
	}
	info, err := events.Info(ctx, jetstream.WithSubjectFilter(queue.Subject("*", "*")))
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Subjects
}

// slowSum sleeps 0.4 s before each answer: 16 tests take seconds, time
// enough to kill its worker in the middle, or to watch rows fill in.
const slowSum = `#define _DEFAULT_SOURCE
#include <stdio.h>
#include <unistd.h>
int main(void){long long a,b;if(scanf("%lld %lld",&a,&b)!=2)return 1;usleep(400000);printf("%lld\n",a+b);return 0;}
`
