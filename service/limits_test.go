package service

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/internal/fdtest"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// openStream opens a live event stream and reads its first line, so that
// it holds its place; the caller closes the body.
func (s *stack) openStream(t *testing.T, token, id string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+"/api/v1/submissions/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("event stream: %d %s", resp.StatusCode, readAll(t, resp))
	}
	if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	return resp
}

// wantRefused checks a refusal: the status, a Retry-After, the API's
// error shape naming field.
func wantRefused(t *testing.T, what string, code int, h http.Header, out map[string]any, status int, field string) {
	t.Helper()
	if code != status || h.Get("Retry-After") == "" || out["error"] == nil || out["error"] == "" {
		t.Errorf("%s: %d Retry-After %q %v, want %d with a Retry-After and an error", what, code, h.Get("Retry-After"), out, status)
	}
	if f, _ := out["field"].(string); f != field {
		t.Errorf("%s: field %q, want %q", what, f, field)
	}
}

// TestStreamAndWaitCaps: live event streams and ?wait= requests are
// capped per user (429) and overall (503), with Retry-After, and a place
// given back is taken again; the metrics count them and the refusals.
func TestStreamAndWaitCaps(t *testing.T) {
	s := newStack(t, func(c *Config) {
		c.Slots = 0
		c.API = api.Options{MaxUserStreams: 2, MaxStreams: 3, MaxUserWaits: 1, MaxWaits: 5}
	})
	bob := s.token(t, "bob", store.RoleUser)
	id := s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	bobID := s.submit(t, bob, "a-plus-b/accepted/sum.c")

	a1, a2 := s.openStream(t, s.user, id), s.openStream(t, s.user, id)
	defer a1.Body.Close()
	code, h, out := s.call(t, "GET", "/api/v1/submissions/"+id+"/events", s.user, nil)
	wantRefused(t, "a user's third stream", code, h, out, http.StatusTooManyRequests, "")
	b1 := s.openStream(t, bob, bobID)
	defer b1.Body.Close()
	code, h, out = s.call(t, "GET", "/api/v1/submissions/"+bobID+"/events", bob, nil)
	wantRefused(t, "a stream past the server's cap", code, h, out, http.StatusServiceUnavailable, "")
	// A stream closed gives its place back: once the gauge, which moves
	// with the place under one lock, says so, the next stream is taken.
	// (Trying again until one is taken would count refusals of its own.)
	a2.Body.Close()
	waitMetric(t, s, "pj_sse_clients 2")
	b2 := s.openStream(t, bob, bobID)
	b2.Body.Close()

	// One wait per user: a second is refused, before anything is stored.
	held := make(chan int, 1)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "GET", s.srv.URL+"/api/v1/submissions/"+id+"?wait=60s", nil)
		req.Header.Set("Authorization", "Bearer "+s.user)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			held <- 0
			return
		}
		resp.Body.Close()
		held <- resp.StatusCode
	}()
	waitMetric(t, s, "pj_http_waits 1")
	code, h, out = s.call(t, "GET", "/api/v1/submissions/"+id+"?wait=1s", s.user, nil)
	wantRefused(t, "a user's second wait", code, h, out, http.StatusTooManyRequests, "wait")
	code, h, out = s.call(t, "POST", "/api/v1/submissions?wait=5s", s.user, api.NewSubmission{Problem: "a-plus-b", Filename: "sum.c", Source: source(t, "a-plus-b/accepted/sum.c")})
	wantRefused(t, "a POST with ?wait= past the user's cap", code, h, out, http.StatusTooManyRequests, "wait")
	if n, err := s.svc.st.CountQueued(context.Background(), "ann"); err != nil || n != 1 {
		t.Errorf("ann has %d queued submissions (%v) after a refused POST, want 1", n, err)
	}
	// Another user waits meanwhile.
	if code, _, out := s.call(t, "GET", "/api/v1/submissions/"+bobID+"?wait=100ms", bob, nil); code != http.StatusOK {
		t.Errorf("another user's wait: %d %v", code, out)
	}
	// Two streams are left open (the others closed by their clients).
	waitMetric(t, s, "pj_sse_clients 2")
	metrics := scrape(t, s)
	for _, want := range []string{"pj_http_waits 1", `pj_http_refused_total{kind="stream"} 2`, `pj_http_refused_total{kind="wait"} 2`} {
		if !strings.Contains(metrics, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	cancel()
	<-held
}

// waitMetric waits until /metrics has a line starting with want.
func waitMetric(t *testing.T, s *stack, want string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(scrape(t, s), "\n"+want+"\n"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in the metrics after 10 s", want)
		}
	}
}

// scrape reads /metrics.
func scrape(t *testing.T, s *stack) string {
	t.Helper()
	resp, err := http.Get(s.srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	return readAll(t, resp)
}

// handle serves one request on svc's handler, no socket needed, and
// returns the status and the decoded JSON answer.
func handle(t *testing.T, svc *Service, method, path, token string, body any) (int, map[string]any) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	svc.Handler().ServeHTTP(rec, req)
	var out map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	return rec.Code, out
}

// judged waits for a submission's verdict on svc.
func judged(t *testing.T, svc *Service, token, id string) map[string]any {
	t.Helper()
	return untilDone(t, id, func(path string) (int, map[string]any) {
		return handle(t, svc, "GET", path, token, nil)
	})
}

// waitReady waits until svc's /readyz answers want.
func waitReady(t *testing.T, svc *Service, want int, why string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		code, out := handle(t, svc, "GET", "/readyz", "", nil)
		if code == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz %d %v after 30 s %s, want %d", code, out, why, want)
		}
	}
}

// logBuffer holds a service's log.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestRecoversFromDescriptorExhaustion: a job published while the
// process has no descriptor left makes the queue's stream fail a write
// (after a restart its block files are closed until written); /readyz
// says 503 while it does, and once descriptors are back the queue
// recovers by itself: /readyz 200, the submission judged (the sweeper
// publishes it again), a new one judged, no restart.
func TestRecoversFromDescriptorExhaustion(t *testing.T) {
	ctx := context.Background()
	var logs logBuffer
	cfg := Config{Judge: judgeConfig(t), Data: t.TempDir(), Slots: 1, Workers: 2, Drain: 5 * time.Second, Sweep: 2 * time.Second,
		Log: slog.New(slog.NewTextHandler(&logs, nil))}
	a, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	_, user, err := a.st.CreateToken(ctx, store.NewToken{User: "ann", Role: store.RoleUser, Name: "test"})
	if err != nil {
		t.Fatal(err)
	}
	in := api.NewSubmission{Problem: "a-plus-b", Filename: "sum.c", Source: source(t, "a-plus-b/accepted/sum.c")}
	waitReady(t, a, http.StatusOK, "at start")
	code, out := handle(t, a, "POST", "/api/v1/submissions", user, in)
	if code != http.StatusAccepted {
		t.Fatalf("POST: %d %v", code, out)
	}
	if out := judged(t, a, user, out["id"].(string)); out["verdict"] != "AC" {
		t.Fatalf("before: verdict %v (%v)", out["verdict"], out["error"])
	}
	first, err := a.st.Get(ctx, out["id"].(string))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}

	b, err := Open(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	waitReady(t, b, http.StatusOK, "after the restart")
	// A row as Submit stores it, and its job published as Submit does,
	// with no descriptor left.
	sub, _, err := b.st.Create(ctx, store.NewSubmission{User: "ann", Problem: "a-plus-b", PackageHash: first.PackageHash, Language: first.Language, Filename: "sum.c", Source: in.Source})
	if err != nil {
		t.Fatal(err)
	}
	release := fdtest.Exhaust(t)
	pctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	perr := b.q.publish(pctx, sub, sub.PackageHash)
	cancel()
	readyDuring, readyOut := 0, map[string]any(nil)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if readyDuring, readyOut = handle(t, b, "GET", "/readyz", "", nil); readyDuring != http.StatusOK {
			break
		}
	}
	// The sweeper tries the row while no descriptor is left (its problem
	// cannot be read then: that must not end it as IE).
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(logs.String(), "msg=sweeper") && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	release()
	if perr == nil {
		t.Fatal("a job was published with no descriptor left: the test provoked no write error")
	}
	if readyDuring != http.StatusServiceUnavailable {
		t.Fatalf("/readyz %d while the queue's stream refuses writes (%v), want 503", readyDuring, perr)
	}
	t.Logf("out of descriptors: publish %v; /readyz %v", perr, readyOut)
	waitReady(t, b, http.StatusOK, "once descriptors were back")
	if out := judged(t, b, user, sub.ID); out["verdict"] != "AC" {
		t.Errorf("the submission whose job failed: verdict %v (%v)", out["verdict"], out["error"])
	}
	code, out = handle(t, b, "POST", "/api/v1/submissions", user, in)
	if code != http.StatusAccepted {
		t.Fatalf("POST after: %d %v", code, out)
	}
	if out := judged(t, b, user, out["id"].(string)); out["verdict"] != "AC" {
		t.Errorf("a submission after: verdict %v (%v)", out["verdict"], out["error"])
	}
}

// TestStreamLifetime: a live event stream ends after its lifetime,
// telling the client to reconnect (it then resumes with Last-Event-ID),
// and gives its place back.
func TestStreamLifetime(t *testing.T) {
	s := newStack(t, func(c *Config) {
		c.Slots = 0
		c.API = api.Options{StreamLifetime: time.Second, MaxUserStreams: 1}
	})
	id := s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	for round := range 2 {
		req, _ := http.NewRequest("GET", s.srv.URL+"/api/v1/submissions/"+id+"/events", nil)
		req.Header.Set("Authorization", "Bearer "+s.user)
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("round %d: %d %s (the first stream's place not given back?)", round, resp.StatusCode, readAll(t, resp))
		}
		body := readAll(t, resp) // until the server ends the stream
		if took := time.Since(start); took > 30*time.Second {
			t.Fatalf("round %d: the stream lasted %s, its lifetime is 1 s", round, took)
		}
		if !strings.Contains(body, "event: state") || !strings.HasSuffix(body, "retry: 1000\n: this stream has lasted its time; reconnect\n\n") {
			t.Errorf("round %d: stream %q, want the state then a retry and the reason at the end", round, body)
		}
	}
}
