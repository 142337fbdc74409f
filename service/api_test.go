package service

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/client"
	"github.com/puzzlejudge/judge/service/queue"
	"github.com/puzzlejudge/judge/service/store"
)

// TestJudgeOverHTTP submits an accepted and a wrong solution, waits with
// ?wait= and checks the report fields at the top level, the events in
// order, a resume with Last-Event-ID, the listing and the metrics.
func TestJudgeOverHTTP(t *testing.T) {
	s := newStack(t, nil)
	// The worker reports itself as it starts: ready once it has.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		code, _, out := s.call(t, "GET", "/readyz", "", nil)
		if code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz = %d %v a minute after the start", code, out)
		}
	}
	for _, tc := range []struct {
		rel, verdict string
	}{
		{"a-plus-b/accepted/sum.c", "AC"},
		{"a-plus-b/wrong_answer/int32.c", "WA"},
	} {
		id := s.submit(t, s.user, tc.rel)
		out := s.waitDone(t, s.user, id)
		if out["verdict"] != tc.verdict {
			t.Errorf("%s: verdict %v, want %s (%v)", tc.rel, out["verdict"], tc.verdict, out["error"])
		}
		for _, k := range []string{"tests", "compile", "limits", "max_time_ms", "measurement", "sandbox", "attempt", "created_at", "finished_at"} {
			if _, ok := out[k]; !ok {
				t.Errorf("%s: no %q in the done submission", tc.rel, k)
			}
		}
		// Lazy judging: the tests after a failure are not run.
		judged := len(out["tests"].([]any))
		notRun, _ := out["not_run"].([]any)
		if judged+len(notRun) != 16 || tc.verdict == "AC" && judged != 16 {
			t.Errorf("%s: %d tests judged and %d not run, want 16 in all", tc.rel, judged, len(notRun))
		}
		if out["attempt"] != 1.0 {
			t.Errorf("%s: attempt %v, want 1", tc.rel, out["attempt"])
		}

		// The events of a done submission replay from the store, in order.
		var evs []client.Event
		final, err := s.client(s.user).Follow(context.Background(), id, func(e client.Event) { evs = append(evs, e) })
		if err != nil {
			t.Fatal(err)
		}
		names := eventNames(evs)
		if !strings.HasPrefix(names, "state") || !strings.HasSuffix(names, "compile verdict") && !strings.HasSuffix(names, "test verdict") || strings.Count(names, "test") != judged {
			t.Errorf("%s: events %s", tc.rel, names)
		}
		var v map[string]any
		if json.Unmarshal(final, &v) != nil || v["verdict"] != tc.verdict {
			t.Errorf("%s: verdict event %s", tc.rel, final)
		}
		// Resuming after the fourth event sends what follows it only.
		var rest []client.Event
		req, _ := http.NewRequest("GET", s.srv.URL+"/api/v1/submissions/"+id+"/events", nil)
		req.Header.Set("Authorization", "Bearer "+s.user)
		req.Header.Set("Last-Event-ID", evs[3].ID)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = client.ReadEvents(resp.Body, func(e client.Event) bool {
			if e.Name != "" {
				rest = append(rest, e)
			}
			return e.Name != "verdict"
		})
		resp.Body.Close()
		if len(rest) != len(evs)-4 || rest[0].ID != evs[4].ID {
			t.Errorf("%s: resumed after %s: %d events from %v, want %d from %s", tc.rel, evs[3].ID, len(rest), rest, len(evs)-4, evs[4].ID)
		}
	}
	code, _, out := s.call(t, "GET", "/api/v1/submissions?problem=a-plus-b", s.user, nil)
	if code != 200 || len(out["submissions"].([]any)) != 2 {
		t.Errorf("listing: %d %v", code, out)
	}
	code, _, _ = s.call(t, "GET", "/api/v1/submissions?user=bob", s.user, nil)
	if code != http.StatusForbidden {
		t.Errorf("a user listing another's submissions: %d, want 403", code)
	}
	// The event streams' handlers end a moment after their clients leave:
	// the figures may take a few scrapes to settle.
	wants := []string{`pj_submissions_total{language="c",verdict="AC"} 1`, `pj_submissions_total{language="c",verdict="WA"} 1`, "pj_queue_depth 0", "pj_workers 1", "pj_end_to_end_seconds_count 2", "pj_sse_clients 0"}
	var missing []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		resp, err := http.Get(s.srv.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body := readAll(t, resp)
		missing = missing[:0]
		for _, want := range wants {
			if !strings.Contains(body, want) {
				missing = append(missing, want)
			}
		}
		if len(missing) == 0 || time.Now().After(deadline) {
			break
		}
	}
	for _, m := range missing {
		t.Errorf("/metrics lacks %q", m)
	}
}

// TestLiveEvents follows a submission from before it is judged: the
// state, test and verdict events arrive live, ids increasing.
func TestLiveEvents(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	id := s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	var mu sync.Mutex
	var evs []client.Event
	first := make(chan client.Event, 1)
	done := make(chan error, 1)
	go func() {
		_, err := s.client(s.user).Follow(context.Background(), id, func(e client.Event) {
			mu.Lock()
			defer mu.Unlock()
			if len(evs) == 0 {
				first <- e
			}
			evs = append(evs, e)
		})
		done <- err
	}()
	// Nothing judges until a worker starts: the stream says queued.
	select {
	case e := <-first:
		if e.Name != "state" || !strings.Contains(e.Data, "queued") {
			t.Errorf("first event %v, want state queued", e)
		}
	case err := <-done:
		t.Fatalf("the stream ended before its first event: %v", err)
	case <-time.After(time.Minute):
		t.Fatal("no first event in a minute")
	}
	if err := s.svc.startWorkers(1); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("no verdict event in 2 minutes")
	}
	names := eventNames(evs)
	if !strings.HasPrefix(names, "state state compile test") || !strings.HasSuffix(names, "test verdict") || strings.Count(names, "test") != 16 {
		t.Errorf("live events: %s", names)
	}
	if !strings.Contains(evs[1].Data, `"judging"`) {
		t.Errorf("second event %v, want state judging", evs[1])
	}
}

// TestIdempotencyKey posts one submission twice with one key, also at
// once: one submission.
func TestIdempotencyKey(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	body := api.NewSubmission{Problem: "a-plus-b", Filename: "sum.c", Source: source(t, "a-plus-b/accepted/sum.c")}
	ids := make([]string, 6)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() {
			code, _, out := s.call(t, "POST", "/api/v1/submissions", s.user, body, "Idempotency-Key", "k-1")
			if code != http.StatusAccepted {
				t.Errorf("POST %d: %d %v", i, code, out)
				return
			}
			ids[i] = out["id"].(string)
		})
	}
	wg.Wait()
	for _, id := range ids[1:] {
		if id != ids[0] {
			t.Fatalf("one key gave ids %v", ids)
		}
	}
	code, _, out := s.call(t, "GET", "/api/v1/submissions", s.user, nil)
	if code != 200 || len(out["submissions"].([]any)) != 1 {
		t.Errorf("listing after 6 POSTs with one key: %v", out)
	}
	// Another user's same key is another submission.
	bob := s.token(t, "bob", "user")
	_, _, out = s.call(t, "POST", "/api/v1/submissions", bob, body, "Idempotency-Key", "k-1")
	if out["id"] == ids[0] {
		t.Error("another user's key returned ann's submission")
	}
}

// TestBadInput: every bad request gets its status and a JSON error
// naming the field, and nothing is stored.
func TestBadInput(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	ok := source(t, "a-plus-b/accepted/sum.c")
	sub := func(problem, lang, filename, src string) api.NewSubmission {
		return api.NewSubmission{Problem: problem, Language: lang, Filename: filename, Source: src}
	}
	huge := `{"problem":"a-plus-b","filename":"a.c","source":"` + strings.Repeat("x", 1<<20) + `"}`
	for _, tc := range []struct {
		name, method, path, token string
		body                      any
		status                    int
		field                     string
	}{
		{"malformed JSON", "POST", "/api/v1/submissions", s.user, `{"problem": "a-plus-b",`, 400, ""},
		{"trailing garbage", "POST", "/api/v1/submissions", s.user, `{"problem":"a-plus-b"} x`, 400, ""},
		{"wrong type", "POST", "/api/v1/submissions", s.user, `{"problem": 3}`, 400, "problem"},
		{"no problem", "POST", "/api/v1/submissions", s.user, sub("", "c", "", ok), 422, "problem"},
		{"no source", "POST", "/api/v1/submissions", s.user, sub("a-plus-b", "c", "", ""), 422, "source"},
		{"unknown problem", "POST", "/api/v1/submissions", s.user, sub("no-such", "c", "", ok), 404, "problem"},
		{"path as problem", "POST", "/api/v1/submissions", s.user, sub("../a-plus-b", "c", "", ok), 404, "problem"},
		{"unknown language", "POST", "/api/v1/submissions", s.user, sub("a-plus-b", "cobol", "", ok), 422, "language"},
		{"unknown extension", "POST", "/api/v1/submissions", s.user, sub("a-plus-b", "", "a.zz", ok), 422, "filename"},
		{"no language", "POST", "/api/v1/submissions", s.user, sub("a-plus-b", "", "", ok), 422, "language"},
		{"source over source_limit", "POST", "/api/v1/submissions", s.user, sub("a-plus-b", "c", "", strings.Repeat("/", 257<<10)), 413, "source"},
		{"body over 1 MiB", "POST", "/api/v1/submissions", s.user, huge, 413, ""},
		{"batch over 20", "POST", "/api/v1/submissions/batch", s.user, map[string]any{"submissions": make([]api.NewSubmission, 21)}, 422, "submissions"},
		{"batch with a bad one", "POST", "/api/v1/submissions/batch", s.user, map[string]any{"submissions": []api.NewSubmission{sub("a-plus-b", "c", "", ok), sub("a-plus-b", "c", "", "")}}, 422, "submissions[1].source"},
		{"no token", "POST", "/api/v1/submissions", "", sub("a-plus-b", "c", "", ok), 401, "Authorization"},
		{"wrong token", "POST", "/api/v1/submissions", "pj_nope", sub("a-plus-b", "c", "", ok), 401, ""},
		{"bad wait", "GET", "/api/v1/submissions/01M83VVGDF1WN3MFA4DB7J0TT6?wait=soon", s.user, nil, 400, "wait"},
		{"unknown submission", "GET", "/api/v1/submissions/01M83VVGDF1WN3MFA4DB7J0TT6", s.user, nil, 404, ""},
		{"not an id", "GET", "/api/v1/submissions/xyz", s.user, nil, 404, ""},
		{"rejudge as user", "POST", "/api/v1/submissions/01M83VVGDF1WN3MFA4DB7J0TT6/rejudge", s.user, nil, 403, ""},
		{"problem rejudge as user", "POST", "/api/v1/problems/a-plus-b/rejudge", s.user, nil, 403, ""},
		{"unknown endpoint", "GET", "/api/v1/nothing", s.user, nil, 404, ""},
	} {
		code, _, out := s.call(t, tc.method, tc.path, tc.token, tc.body)
		if code != tc.status {
			t.Errorf("%s: %d %v, want %d", tc.name, code, out, tc.status)
			continue
		}
		msg, _ := out["error"].(string)
		if msg == "" {
			t.Errorf("%s: no JSON error: %v", tc.name, out)
		}
		if tc.field != "" && out["field"] != tc.field {
			t.Errorf("%s: field %v, want %s (%s)", tc.name, out["field"], tc.field, msg)
		}
	}
	n, err := s.svc.st.CountQueued(context.Background(), "ann")
	if err != nil || n != 0 {
		t.Errorf("after only bad requests ann has %d submissions (%v), want 0", n, err)
	}
}

// TestFlood: one user over the rate gets 429 with Retry-After, over the
// queued cap too; another user is not held up.
func TestFlood(t *testing.T) {
	s := newStack(t, func(c *Config) {
		c.Slots = 0
		c.API.Rate, c.API.Window, c.API.MaxQueued = 5, time.Minute, 8
	})
	body := api.NewSubmission{Problem: "a-plus-b", Filename: "sum.c", Source: source(t, "a-plus-b/accepted/sum.c")}
	accepted, limited := 0, 0
	for range 12 {
		code, h, out := s.call(t, "POST", "/api/v1/submissions", s.user, body)
		switch code {
		case http.StatusAccepted:
			accepted++
		case http.StatusTooManyRequests:
			limited++
			if h.Get("Retry-After") == "" || out["error"] == "" {
				t.Errorf("429 without Retry-After or error: %v %v", h, out)
			}
		default:
			t.Errorf("flood: %d %v", code, out)
		}
	}
	if accepted != 5 || limited != 7 {
		t.Errorf("flood of 12: %d accepted, %d limited; want 5 and 7", accepted, limited)
	}
	bob := s.token(t, "bob", "user")
	if code, _, out := s.call(t, "POST", "/api/v1/submissions", bob, body); code != http.StatusAccepted {
		t.Errorf("another user during the flood: %d %v", code, out)
	}
	// The queued cap: a batch that would pass it is refused whole.
	batch := map[string]any{"submissions": []api.NewSubmission{body, body, body, body, body, body, body, body}}
	code, h, _ := s.call(t, "POST", "/api/v1/submissions/batch", bob, batch)
	if code != http.StatusTooManyRequests || h.Get("Retry-After") == "" {
		t.Errorf("batch over the queued cap: %d, want 429 with Retry-After", code)
	}
}

// TestRejudgeStale rejudges a judged submission; a result of the old
// generation arriving late is ignored; cancel works only while queued.
func TestRejudgeStale(t *testing.T) {
	s := newStack(t, nil)
	id := s.submit(t, s.user, "a-plus-b/wrong_answer/int32.c")
	first := s.waitDone(t, s.user, id)
	if first["verdict"] != "WA" {
		t.Fatalf("verdict %v", first["verdict"])
	}
	code, _, out := s.call(t, "POST", "/api/v1/submissions/"+id+"/rejudge", s.admin, nil)
	if code != http.StatusAccepted || out["gen"] != 2.0 {
		t.Fatalf("rejudge: %d %v", code, out)
	}
	second := s.waitDone(t, s.user, id)
	if second["gen"] != 2.0 || second["verdict"] != "WA" {
		t.Fatalf("after rejudge: gen %v verdict %v", second["gen"], second["verdict"])
	}
	// A late result of generation 1 (a remote worker that came back) is
	// ignored.
	stale, _ := json.Marshal(queue.Event{Kind: queue.KindFinal, SubmissionID: id, Gen: 1, Attempt: 1, Report: &grade.Report{Verdict: verdict.AC, Tests: []grade.TestResult{}}})
	ctx := context.Background()
	ack, err := s.svc.q.js.Publish(ctx, queue.Subject(id, queue.KindFinal), stale, jetstream.WithMsgID(fmt.Sprintf("%s:1:final-late", id)))
	if err != nil {
		t.Fatal(err)
	}
	// The applier acknowledges a final once it has applied it (or
	// dropped it): wait until it has acknowledged this one.
	applier, err := s.svc.q.js.Consumer(ctx, queue.EventsStream, queue.ApplierDurable)
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		ci, err := applier.Info(ctx)
		if err == nil && ci.AckFloor.Stream >= ack.Sequence {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the applier has not taken the stale final (#%d) in a minute: %+v %v", ack.Sequence, ci, err)
		}
	}
	_, _, now := s.call(t, "GET", "/api/v1/submissions/"+id, s.user, nil)
	if now["verdict"] != "WA" || now["gen"] != 2.0 {
		t.Errorf("a stale generation-1 result changed the submission: %v %v", now["verdict"], now["gen"])
	}
	// Cancel: a done submission is no longer queued.
	if code, _, _ := s.call(t, "DELETE", "/api/v1/submissions/"+id, s.user, nil); code != http.StatusConflict {
		t.Errorf("cancel of a done submission: %d, want 409", code)
	}
	// Rejudging a whole problem queues each of its submissions again.
	code, _, out = s.call(t, "POST", "/api/v1/problems/a-plus-b/rejudge", s.admin, nil)
	if code != http.StatusAccepted || out["rejudged"] != 1.0 {
		t.Errorf("problem rejudge: %d %v", code, out)
	}
	if third := s.waitDone(t, s.user, id); third["gen"] != 3.0 {
		t.Errorf("after the problem's rejudge: gen %v", third["gen"])
	}
}

// TestCancelQueued cancels a submission no worker has taken.
func TestCancelQueued(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	id := s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	if code, _, out := s.call(t, "DELETE", "/api/v1/submissions/"+id, s.user, nil); code != http.StatusNoContent {
		t.Fatalf("cancel: %d %v", code, out)
	}
	_, _, out := s.call(t, "GET", "/api/v1/submissions/"+id, s.user, nil)
	if out["state"] != "done" || out["error"] != "cancelled" {
		t.Errorf("after cancel: %v", out)
	}
	bob := s.token(t, "bob", "user")
	if code, _, _ := s.call(t, "GET", "/api/v1/submissions/"+id, bob, nil); code != http.StatusNotFound {
		t.Errorf("another user sees ann's submission: %d", code)
	}
}

// TestDrain: once draining, POSTs get 503 with Retry-After and /readyz
// says so; GETs still answer.
func TestDrain(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	id := s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	s.svc.api.Drain()
	code, h, _ := s.call(t, "POST", "/api/v1/submissions", s.user, api.NewSubmission{Problem: "a-plus-b", Language: "c", Source: "x"})
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" {
		t.Errorf("POST while draining: %d, want 503 with Retry-After", code)
	}
	if code, _, _ := s.call(t, "GET", "/readyz", "", nil); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz while draining: %d", code)
	}
	if code, _, _ := s.call(t, "GET", "/api/v1/submissions/"+id, s.user, nil); code != http.StatusOK {
		t.Errorf("GET while draining: %d", code)
	}
}

// TestQueueFull: past the queue's bound a POST gets 503 with
// Retry-After, never a hang, and its row does not stay queued. The jobs
// come from three users: the fair queue lets one user have only her turn
// in the stream (one job, with no workers), the rest waiting in the
// store.
func TestQueueFull(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots, c.MaxJobs = 0, 2 })
	s.submit(t, s.user, "a-plus-b/accepted/sum.c")
	s.submit(t, s.user, "a-plus-b/accepted/sum.c") // waits for ann's turn: not in the stream
	s.submit(t, s.token(t, "bob", store.RoleUser), "a-plus-b/accepted/sum.c")
	cid := s.token(t, "cid", store.RoleUser)
	code, h, out := s.call(t, "POST", "/api/v1/submissions", cid, api.NewSubmission{Problem: "a-plus-b", Filename: "sum.c", Source: source(t, "a-plus-b/accepted/sum.c")})
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || out["error"] == "" {
		t.Errorf("POST to a full queue: %d %v %v, want 503 with Retry-After and an error", code, h, out)
	}
	if n, err := s.svc.st.CountQueued(context.Background(), "cid"); err != nil || n != 0 {
		t.Errorf("cid has %d submissions waiting (%v), want none", n, err)
	}
	if n, err := s.svc.st.CountQueued(context.Background(), "ann"); err != nil || n != 2 {
		t.Errorf("ann has %d submissions waiting (%v), want her 2", n, err)
	}
}

func eventNames(evs []client.Event) string {
	var names []string
	for _, e := range evs {
		names = append(names, e.Name)
	}
	return strings.Join(names, " ")
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return b.String()
}
