package api

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// sub is a submission's JSON body.
func sub(problem, lang, filename, source string) string {
	b, _ := json.Marshal(NewSubmission{Problem: problem, Language: lang, Filename: filename, Source: source})
	return string(b)
}

// batch is a batch's JSON body.
func batch(subs ...string) string {
	return `{"submissions":[` + strings.Join(subs, ",") + `]}`
}

// TestErrors: every refusal the README lists (400, 401, 403, 404, 409,
// 413, 422, 429, 503 with Retry-After) and the others the API has (415,
// 500) come with their status, the error body {"error": "...", "field":
// "..."} naming the field when there is one, Retry-After when the client
// should come back, and nothing submitted.
func TestErrors(t *testing.T) {
	ok := sub("a-plus-b", "c", "", "int main(){}")
	const queued = "S001" // ann's, set up by every case
	for _, tc := range []struct {
		name                      string
		opt                       Options
		setup                     func(*apiRig)
		method, path, token, body string
		header                    []string
		status                    int
		field                     string
		retryAfter                string // "" for none, "+" for any whole number of seconds above 0
		msg                       string // in the error message
		stored                    int    // submissions stored by the request
	}{
		// 400: the request cannot be read.
		{name: "malformed JSON", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: `{"problem": "a-plus-b",`, status: 400, field: "body", msg: "malformed JSON"},
		{name: "trailing garbage", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: `{"problem":"a-plus-b"} x`, status: 400, field: "body", msg: "more after the object"},
		{name: "wrong type", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: `{"problem": 3}`, status: 400, field: "problem", msg: "want a JSON string"},
		{name: "empty body", method: "POST", path: "/api/v1/submissions", token: "ann-token", header: []string{"Content-Type", "application/json"}, status: 400, field: "body", msg: "empty: want a JSON object {problem, language, filename, source, contest}"},
		{name: "bad wait", method: "POST", path: "/api/v1/submissions?wait=soon", token: "ann-token", body: ok, status: 400, field: "wait"},
		{name: "negative wait", method: "GET", path: "/api/v1/submissions/" + queued + "?wait=-1s", token: "ann-token", status: 400, field: "wait", msg: "negative"},
		{name: "limit 0", method: "GET", path: "/api/v1/submissions?limit=0", token: "ann-token", status: 400, field: "limit"},
		{name: "limit 201", method: "GET", path: "/api/v1/submissions?limit=201", token: "ann-token", status: 400, field: "limit"},
		{name: "limit not a number", method: "GET", path: "/api/v1/submissions?limit=ten", token: "ann-token", status: 400, field: "limit"},
		{name: "idempotency key over 200", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: ok, header: []string{"Idempotency-Key", strings.Repeat("k", 201)}, status: 400, field: "Idempotency-Key"},
		// 401: no principal.
		{name: "no token", method: "POST", path: "/api/v1/submissions", body: ok, status: 401, field: "Authorization"},
		{name: "not a bearer token", method: "GET", path: "/api/v1/problems", header: []string{"Authorization", "Basic YW5uOnB3"}, status: 401, field: "Authorization"},
		{name: "unknown token", method: "POST", path: "/api/v1/submissions", token: "nope", body: ok, status: 401},
		{name: "no token on events", method: "GET", path: "/api/v1/submissions/" + queued + "/events", status: 401, field: "Authorization"},
		// 403: a user asking for an admin's powers.
		{name: "rejudge as a user", method: "POST", path: "/api/v1/submissions/" + queued + "/rejudge", token: "ann-token", status: 403},
		{name: "problem rejudge as a user", method: "POST", path: "/api/v1/problems/a-plus-b/rejudge", token: "ann-token", status: 403},
		{name: "listing another user's", method: "GET", path: "/api/v1/submissions?user=bob", token: "ann-token", status: 403, field: "user"},
		// 404: nothing there, or nothing the principal may see.
		{name: "unknown submission", method: "GET", path: "/api/v1/submissions/S999", token: "ann-token", status: 404},
		{name: "another user's submission", method: "GET", path: "/api/v1/submissions/" + queued, token: "bob-token", status: 404},
		{name: "another user's events", method: "GET", path: "/api/v1/submissions/" + queued + "/events", token: "bob-token", status: 404},
		{name: "cancelling another user's", method: "DELETE", path: "/api/v1/submissions/" + queued, token: "bob-token", status: 404},
		{name: "rejudging an unknown one", method: "POST", path: "/api/v1/submissions/S999/rejudge", token: "admin-token", status: 404},
		{name: "unknown endpoint", method: "GET", path: "/api/v1/nothing", token: "ann-token", status: 404, msg: "no such endpoint"},
		{name: "unknown problem (the backend's field)", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: ok,
			setup: func(r *apiRig) {
				r.b.submitErr = func(int, NewSubmission) error {
					return Errorf(http.StatusNotFound, "problem", "no problem %q", "a-plus-b")
				}
			},
			status: 404, field: "problem", msg: `no problem "a-plus-b"`},
		// 409: a state that forbids it.
		{name: "cancelling a done one", method: "DELETE", path: "/api/v1/submissions/" + queued, token: "ann-token",
			setup: func(r *apiRig) { r.b.finish(queued, "AC") }, status: 409, field: "state"},
		// 413: too big.
		{name: "source over MaxSource", opt: Options{MaxSource: 100}, method: "POST", path: "/api/v1/submissions", token: "ann-token", body: sub("a-plus-b", "c", "", strings.Repeat("x", 101)), status: 413, field: "source"},
		{name: "a batch's source over MaxSource", opt: Options{MaxSource: 100}, method: "POST", path: "/api/v1/submissions/batch", token: "ann-token", body: batch(ok, sub("a-plus-b", "c", "", strings.Repeat("x", 101))), status: 413, field: "submissions[1].source"},
		{name: "body over MaxBody", opt: Options{MaxBody: 1000}, method: "POST", path: "/api/v1/submissions", token: "ann-token", body: sub("a-plus-b", "c", "", strings.Repeat("x", 2000)), status: 413, msg: "over 1000 bytes"},
		{name: "trailing bytes over MaxBody", opt: Options{MaxBody: 1000}, method: "POST", path: "/api/v1/submissions", token: "ann-token", body: ok + strings.Repeat(" ", 2000), status: 413},
		// 415: not JSON.
		{name: "not JSON", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: ok, header: []string{"Content-Type", "text/plain"}, status: 415, field: "Content-Type"},
		// 422: JSON that says too little.
		{name: "no problem", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: sub(" ", "c", "", "x"), status: 422, field: "problem"},
		{name: "no source", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: sub("a-plus-b", "c", "", ""), status: 422, field: "source"},
		{name: "no language nor filename", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: sub("a-plus-b", "", "", "x"), status: 422, field: "language"},
		{name: "a path as filename", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: sub("a-plus-b", "", "../sum.c", "x"), status: 422, field: "filename"},
		{name: "empty batch", method: "POST", path: "/api/v1/submissions/batch", token: "ann-token", body: batch(), status: 422, field: "submissions"},
		{name: "batch of 21", method: "POST", path: "/api/v1/submissions/batch", token: "ann-token", body: batch(strings.Split(strings.Repeat(ok+"\n", 21), "\n")[:21]...), status: 422, field: "submissions", msg: "at most 20"},
		{name: "batch with a bad one", method: "POST", path: "/api/v1/submissions/batch", token: "ann-token", body: batch(ok, sub("a-plus-b", "c", "", "")), status: 422, field: "submissions[1].source"},
		{name: "batch refused by the backend halfway", method: "POST", path: "/api/v1/submissions/batch", token: "ann-token", body: batch(ok, ok),
			setup: func(r *apiRig) {
				r.b.submitErr = func(n int, _ NewSubmission) error {
					if n == 2 { // the setup's submission was number 0
						return Errorf(http.StatusUnprocessableEntity, "language", "unknown language")
					}
					return nil
				}
			},
			status: 422, field: "submissions[1].language", msg: "the first 1 of the batch were accepted", stored: 1},
		// 429: one user over the rate or the queued cap.
		{name: "over the rate", opt: Options{Rate: 2, Window: time.Hour}, method: "POST", path: "/api/v1/submissions", token: "ann-token", body: ok,
			setup: func(r *apiRig) { r.api.rate.take("ann", 2) }, status: 429, retryAfter: "+", msg: "over 2 submissions per 1h0m0s"},
		{name: "over the queued cap", opt: Options{MaxQueued: 2}, method: "POST", path: "/api/v1/submissions", token: "ann-token", body: ok,
			setup: func(r *apiRig) { r.b.put("ann", "a-plus-b") }, status: 429, retryAfter: "5", msg: "2 of your submissions are waiting"},
		{name: "a batch over the queued cap", opt: Options{MaxQueued: 3}, method: "POST", path: "/api/v1/submissions/batch", token: "ann-token", body: batch(ok, ok, ok), status: 429, retryAfter: "5"},
		// 503: come back later.
		{name: "draining", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: ok,
			setup: func(r *apiRig) { r.api.Drain() }, status: 503, retryAfter: "5", msg: "shutting down"},
		{name: "draining refuses an admin's rejudge", method: "POST", path: "/api/v1/submissions/" + queued + "/rejudge", token: "admin-token",
			setup: func(r *apiRig) { r.api.Drain() }, status: 503, retryAfter: "5"},
		{name: "queue full", method: "POST", path: "/api/v1/submissions", token: "ann-token", body: ok,
			setup: func(r *apiRig) {
				r.b.submitErr = func(n int, _ NewSubmission) error {
					if n > 0 {
						return fmt.Errorf("publish: %w", ErrQueueFull)
					}
					return nil
				}
			},
			status: 503, retryAfter: "5", msg: "queue is full"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newAPIRig(t, tc.opt)
			if id := r.b.put("ann", "a-plus-b"); id != queued {
				t.Fatalf("first submission %s, want %s", id, queued)
			}
			r.b.mu.Lock()
			r.b.submits = 1 // the one above counts as the backend's first
			r.b.mu.Unlock()
			if tc.setup != nil {
				tc.setup(r)
			}
			before := r.b.submitted()
			a := r.do(t, tc.method, tc.path, tc.token, tc.body, tc.header...)
			if a.code != tc.status {
				t.Fatalf("%s %s: %d %s, want %d", tc.method, tc.path, a.code, a.body, tc.status)
			}
			checkErrorBody(t, tc.name, a, tc.field)
			if msg, _ := a.json()["error"].(string); !strings.Contains(msg, tc.msg) {
				t.Errorf("error %q, want it to say %q", msg, tc.msg)
			}
			ra := a.header.Get("Retry-After")
			switch tc.retryAfter {
			case "":
				if ra != "" {
					t.Errorf("Retry-After %q on a %d", ra, a.code)
				}
			case "+":
				if n, err := strconv.Atoi(ra); err != nil || n < 1 {
					t.Errorf("Retry-After %q, want a number of seconds", ra)
				}
			default:
				if ra != tc.retryAfter {
					t.Errorf("Retry-After %q, want %q", ra, tc.retryAfter)
				}
			}
			if a.code == http.StatusUnauthorized && a.header.Get("WWW-Authenticate") == "" {
				t.Error("401 without WWW-Authenticate")
			}
			if got := r.b.submitted() - before; got != tc.stored {
				t.Errorf("%d submissions stored, want %d", got, tc.stored)
			}
		})
	}
}

// TestBackendError: an error the backend does not classify is a 500 in
// the error body's shape.
func TestBackendError(t *testing.T) {
	r := newAPIRig(t, Options{})
	r.b.submitErr = func(int, NewSubmission) error { return errStoreDown }
	a := r.do(t, "POST", "/api/v1/submissions", "ann-token", sub("a-plus-b", "c", "", "x"))
	if a.code != http.StatusInternalServerError {
		t.Fatalf("%d %s, want 500", a.code, a.body)
	}
	checkErrorBody(t, "backend failure", a, "")
}

// TestSuccess: each endpoint's success status and answer.
func TestSuccess(t *testing.T) {
	r := newAPIRig(t, Options{})
	// POST: 202 with the new submission's view.
	a := r.do(t, "POST", "/api/v1/submissions", "ann-token", sub("a-plus-b", "", "sum.c", "int main(){}"))
	out := a.json()
	if a.code != http.StatusAccepted || out["id"] != "S001" || out["state"] != "queued" || out["filename"] != "sum.c" || out["user"] != "ann" {
		t.Fatalf("POST: %d %s, want 202 with S001 queued", a.code, a.body)
	}
	if links, _ := out["links"].(map[string]any); links["self"] != "/api/v1/submissions/S001" || links["events"] != "/api/v1/submissions/S001/events" {
		t.Errorf("POST: links %v", out["links"])
	}
	if ct := a.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("POST: Content-Type %q", ct)
	}
	// A batch: 202 with each, in order.
	a = r.do(t, "POST", "/api/v1/submissions/batch", "ann-token", batch(sub("a-plus-b", "c", "", "1"), sub("a-plus-b", "c", "", "2")))
	var b struct {
		Submissions []map[string]any `json:"submissions"`
	}
	if a.code != http.StatusAccepted || json.Unmarshal(a.body, &b) != nil || len(b.Submissions) != 2 || b.Submissions[0]["id"] != "S002" || b.Submissions[1]["id"] != "S003" {
		t.Fatalf("batch: %d %s, want 202 with S002 and S003", a.code, a.body)
	}
	// GET: 200; done, the report's fields at the top level.
	r.b.finish("S001", "WA")
	a = r.do(t, "GET", "/api/v1/submissions/S001", "ann-token", "")
	if out := a.json(); a.code != http.StatusOK || out["state"] != "done" || out["verdict"] != "WA" || out["tests"] == nil {
		t.Errorf("GET: %d %s, want 200 done WA with its tests", a.code, a.body)
	}
	// An admin sees anyone's.
	if a = r.do(t, "GET", "/api/v1/submissions/S001", "admin-token", ""); a.code != http.StatusOK {
		t.Errorf("GET as admin: %d %s", a.code, a.body)
	}
	// The listing: 200, newest first, a user's own only, the next cursor
	// when there is more; without tests.
	type listing struct {
		Submissions []map[string]any `json:"submissions"`
		Next        *string          `json:"next"`
	}
	var l listing
	a = r.do(t, "GET", "/api/v1/submissions?limit=2&problem=a-plus-b&cursor=c1", "ann-token", "")
	if a.code != http.StatusOK || json.Unmarshal(a.body, &l) != nil || len(l.Submissions) != 2 || l.Submissions[0]["id"] != "S003" || l.Next == nil || *l.Next == "" {
		t.Fatalf("listing: %d %s, want S003 and S002 and a next cursor", a.code, a.body)
	}
	if q := r.b.lastList(); q != (ListQuery{User: "ann", Problem: "a-plus-b", Cursor: "c1", Limit: 2}) {
		t.Errorf("listing asked the backend for %+v", q)
	}
	l = listing{}
	a = r.do(t, "GET", "/api/v1/submissions", "ann-token", "")
	if a.code != http.StatusOK || json.Unmarshal(a.body, &l) != nil || len(l.Submissions) != 3 || l.Next != nil {
		t.Fatalf("last page: %d %s, want 3 and no next", a.code, a.body)
	}
	if done := l.Submissions[2]; done["id"] != "S001" || done["verdict"] != "WA" || done["tests"] != nil {
		t.Errorf("listing: %v, want S001 with its verdict and without its tests", done)
	}
	if a = r.do(t, "GET", "/api/v1/submissions?user=bob", "admin-token", ""); a.code != http.StatusOK || r.b.lastList() != (ListQuery{User: "bob", Limit: 50}) {
		t.Errorf("an admin's listing of bob's: %d, query %+v", a.code, r.b.lastList())
	}
	// DELETE while queued: 204, no body.
	if a = r.do(t, "DELETE", "/api/v1/submissions/S002", "ann-token", ""); a.code != http.StatusNoContent || len(a.body) != 0 {
		t.Errorf("cancel: %d %q, want 204 and no body", a.code, a.body)
	}
	// Rejudges (admin): 202.
	if a = r.do(t, "POST", "/api/v1/submissions/S001/rejudge", "admin-token", ""); a.code != http.StatusAccepted || a.json()["gen"] != 2.0 || a.json()["state"] != "queued" {
		t.Errorf("rejudge: %d %s, want 202 queued at gen 2", a.code, a.body)
	}
	if a = r.do(t, "POST", "/api/v1/problems/a-plus-b/rejudge", "admin-token", ""); a.code != http.StatusAccepted || a.json()["problem"] != "a-plus-b" || a.json()["rejudged"] != 3.0 {
		t.Errorf("problem rejudge: %d %s, want 202 with 3 rejudged", a.code, a.body)
	}
	// The lists: 200.
	for _, tc := range []struct{ path, want string }{
		{"/api/v1/problems", `{"problems":[{"slug":"a-plus-b","title":"A plus B","time_ms":1000,"memory_kb":262144,"tests":16,"feedback":"samples"}]}`},
		{"/api/v1/languages", `{"languages":[{"name":"c","aliases":[],"extensions":[".c"],"version":"gcc (Debian 12.2.0-14) 12.2.0","time_multiplier":1}]}`},
		{"/api/v1/workers", `{"queue":{"depth":3,"in_flight":1},"workers":[]}`},
	} {
		if a = r.do(t, "GET", tc.path, "ann-token", ""); a.code != http.StatusOK || strings.TrimSpace(string(a.body)) != tc.want {
			t.Errorf("GET %s: %d %s, want 200 %s", tc.path, a.code, a.body, tc.want)
		}
	}
	// Health needs no token; readiness is the backend's, and a drain's.
	if a = r.do(t, "GET", "/healthz", "", ""); a.code != http.StatusOK || a.json()["status"] != "ok" {
		t.Errorf("/healthz: %d %s", a.code, a.body)
	}
	if a = r.do(t, "GET", "/readyz", "", ""); a.code != http.StatusOK || a.json()["status"] != "ready" {
		t.Errorf("/readyz: %d %s", a.code, a.body)
	}
	r.b.set(func(b *fakeBackend) { b.ready = fmt.Errorf("no worker yet") })
	if a = r.do(t, "GET", "/readyz", "", ""); a.code != http.StatusServiceUnavailable || a.json()["status"] != "not ready" || a.json()["error"] != "no worker yet" {
		t.Errorf("/readyz not ready: %d %s, want 503 saying why", a.code, a.body)
	}
	r.api.Drain()
	if a = r.do(t, "GET", "/readyz", "", ""); a.code != http.StatusServiceUnavailable || a.json()["status"] != "draining" {
		t.Errorf("/readyz draining: %d %s, want 503 draining", a.code, a.body)
	}
	// While draining, what only reads still answers.
	if a = r.do(t, "GET", "/api/v1/submissions/S001", "ann-token", ""); a.code != http.StatusOK {
		t.Errorf("GET while draining: %d %s", a.code, a.body)
	}
}

// TestIdempotencyKey: the API hands the header to the backend as it
// came (a batch's submission i gets KEY#i), so a repeated POST answers
// 202 with the backend's first submission; the key is checked (at most
// 200 characters) before the backend sees it. As the API is today, a
// repeat is admitted like any POST: it counts against the rate.
func TestIdempotencyKey(t *testing.T) {
	r := newAPIRig(t, Options{Rate: 3, Window: time.Hour})
	body := sub("a-plus-b", "c", "", "x")
	first := r.do(t, "POST", "/api/v1/submissions", "ann-token", body, "Idempotency-Key", "k-1")
	again := r.do(t, "POST", "/api/v1/submissions", "ann-token", body, "Idempotency-Key", "k-1")
	if first.code != http.StatusAccepted || again.code != http.StatusAccepted || first.json()["id"] != again.json()["id"] {
		t.Fatalf("one key twice: %d %s then %d %s, want 202 with one id", first.code, first.body, again.code, again.body)
	}
	if r.b.submitted() != 1 {
		t.Errorf("%d submissions after one key twice, want 1", r.b.submitted())
	}
	// The third POST is over the rate of 3 (the repeat counted).
	if a := r.do(t, "POST", "/api/v1/submissions", "ann-token", body); a.code != http.StatusAccepted {
		t.Fatalf("third POST: %d %s", a.code, a.body)
	}
	if a := r.do(t, "POST", "/api/v1/submissions", "ann-token", body, "Idempotency-Key", "k-1"); a.code != http.StatusTooManyRequests {
		t.Errorf("a repeat over the rate: %d %s, want 429", a.code, a.body)
	}
	r2 := newAPIRig(t, Options{})
	long := strings.Repeat("k", 200)
	if a := r2.do(t, "POST", "/api/v1/submissions", "ann-token", body, "Idempotency-Key", long); a.code != http.StatusAccepted {
		t.Errorf("a key of 200 characters: %d %s, want 202", a.code, a.body)
	}
	if a := r2.do(t, "POST", "/api/v1/submissions/batch", "ann-token", batch(body, body), "Idempotency-Key", "b"); a.code != http.StatusAccepted {
		t.Errorf("batch: %d %s", a.code, a.body)
	}
	if a := r2.do(t, "POST", "/api/v1/submissions/batch", "ann-token", batch(body)); a.code != http.StatusAccepted {
		t.Errorf("batch without a key: %d %s", a.code, a.body)
	}
	if got, want := strings.Join(r.b.keysSeen, ","), "k-1,k-1,"; got != want {
		t.Errorf("keys the backend got: %q, want %q", got, want)
	}
	if got, want := strings.Join(r2.b.keysSeen, ","), long+",b#0,b#1,"; got != want {
		t.Errorf("keys the backend got: %q, want %q", got, want)
	}
}

// TestWait: ?wait= holds the answer until the submission is done, for
// at most the time asked and never over MaxWait, and answers with the
// state it has then; a done submission is not waited for.
func TestWait(t *testing.T) {
	// Done while the POST waits: 202 with the verdict.
	r := newAPIRig(t, Options{})
	got := make(chan answer, 1)
	go func() {
		got <- r.do(t, "POST", "/api/v1/submissions?wait=20s", "ann-token", sub("a-plus-b", "c", "", "x"))
	}()
	select {
	case id := <-r.b.waiting:
		r.b.finish(id, "AC")
	case a := <-got:
		t.Fatalf("POST ?wait=20s answered before waiting: %d %s", a.code, a.body)
	}
	if a := <-got; a.code != http.StatusAccepted || a.json()["state"] != "done" || a.json()["verdict"] != "AC" {
		t.Errorf("POST ?wait=: %d %s, want 202 done AC", a.code, a.body)
	}
	// A done one is answered at once.
	if a := r.do(t, "GET", "/api/v1/submissions/S001?wait=30s", "ann-token", ""); a.code != http.StatusOK || a.json()["state"] != "done" || len(r.b.waitDeadlines()) != 1 {
		t.Errorf("GET ?wait= of a done one: %d %s after %d waits, want 200 done and no second wait", a.code, a.body, len(r.b.waitDeadlines()))
	}
	r = newAPIRig(t, Options{MaxWait: 300 * time.Millisecond})
	// Not done: the wait's deadline is the one asked for, capped at
	// MaxWait; the answer is the state then (200 queued).
	for _, tc := range []struct {
		wait string
		d    time.Duration
	}{
		{"100ms", 100 * time.Millisecond},
		{"0.2", 200 * time.Millisecond}, // seconds
		{"1h", 300 * time.Millisecond},  // MaxWait
	} {
		id := r.b.put("ann", "a-plus-b")
		t0 := time.Now()
		go func() { got <- r.do(t, "GET", "/api/v1/submissions/"+id+"?wait="+tc.wait, "ann-token", "") }()
		select {
		case <-r.b.waiting:
		case a := <-got:
			t.Fatalf("?wait=%s answered before waiting: %d %s", tc.wait, a.code, a.body)
		}
		dls := r.b.waitDeadlines()
		dl := dls[len(dls)-1]
		if late := dl.After(time.Now().Add(tc.d)); late {
			// Set later than asked: end the wait rather than sit it out.
			t.Errorf("?wait=%s: the wait would last until %v after the request, want %v", tc.wait, dl.Sub(t0), tc.d)
			r.b.finish(id, "AC")
			<-got
			continue
		}
		a := <-got
		t1 := time.Now()
		if a.code != http.StatusOK || a.json()["state"] != "queued" {
			t.Errorf("?wait=%s: %d %s, want 200 queued", tc.wait, a.code, a.body)
		}
		if dl.Before(t0.Add(tc.d)) {
			t.Errorf("?wait=%s: waited until %v after the request, want %v", tc.wait, dl.Sub(t0), tc.d)
		}
		if t1.Sub(t0) < tc.d {
			t.Errorf("?wait=%s: answered after %v, before the wait was over", tc.wait, t1.Sub(t0))
		}
	}
}

// sseStream is an open event stream being read.
type sseStream struct {
	resp  *http.Response
	lines chan string // closed at the end of the stream
}

// openEvents opens GET .../events and reads its lines as they come.
func (r *apiRig) openEvents(t *testing.T, ctx context.Context, path, token string, header ...string) *sseStream {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", r.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := r.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	s := &sseStream{resp: resp, lines: make(chan string, 256)}
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
	}()
	return s
}

// until reads lines up to and including one that is want, and returns
// them; it fails the test if the stream ends first.
func (s *sseStream) until(t *testing.T, want string) []string {
	t.Helper()
	got, ended := s.read(t, &want)
	if ended {
		t.Fatalf("the stream ended before %q; read %q", want, got)
	}
	return got
}

// rest reads lines until the stream ends.
func (s *sseStream) rest(t *testing.T) []string {
	t.Helper()
	got, _ := s.read(t, nil)
	return got
}

// read reads lines until one is *want (want nil: none is) or the stream
// ends, and says which; it fails the test after a minute.
func (s *sseStream) read(t *testing.T, want *string) (got []string, ended bool) {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return got, true
			}
			got = append(got, l)
			if want != nil && l == *want {
				return got, false
			}
		case <-timeout:
			t.Fatalf("read %q and then nothing for a minute", got)
		}
	}
}

// sseMetrics counts the live event streams, and says on left when one
// ends.
type sseMetrics struct {
	http.Handler
	mu      sync.Mutex
	clients int
	left    chan struct{}
}

func newSSEMetrics() *sseMetrics {
	return &sseMetrics{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "pj_up 1") }),
		left:    make(chan struct{}, 16),
	}
}

// Long counts the event streams opening and closing (waits are not
// counted here).
func (m *sseMetrics) Long(kind string, d int) {
	if kind != KindStream {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.clients += d
	if d < 0 {
		select {
		case m.left <- struct{}{}:
		default:
		}
	}
}

// Refused is not counted here (see the caps' own tests in service).
func (m *sseMetrics) Refused(string) {}

func (m *sseMetrics) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.clients
}

// TestEvents: the event stream's headers, its retry hint, each event as
// id, event and data lines (a line break in the data split into data
// lines, one in the id dropped), the end after the verdict, resuming
// after Last-Event-ID (or ?last_event_id=), and the metrics' count of
// streams.
func TestEvents(t *testing.T) {
	m := newSSEMetrics()
	r := newAPIRig(t, Options{Metrics: m})
	id := r.b.put("ann", "a-plus-b")
	r.b.setEvents(id, []Event{
		{ID: "1", Name: "state", Data: json.RawMessage(`{"state":"judging"}`)},
		{ID: "2\nevent: verdict", Name: "compile", Data: json.RawMessage("{\"ok\":true,\n\"x\":1}")},
		{ID: "3", Name: "verdict", Data: json.RawMessage(`{"verdict":"AC"}`)},
		{ID: "4", Name: "state", Data: json.RawMessage(`{"state":"after"}`)},
	})
	ctx := context.Background()
	s := r.openEvents(t, ctx, "/api/v1/submissions/"+id+"/events", "ann-token")
	if s.resp.StatusCode != http.StatusOK {
		t.Fatalf("events: %d", s.resp.StatusCode)
	}
	for k, want := range map[string]string{"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"} {
		if got := s.resp.Header.Get(k); got != want {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}
	got := strings.Join(s.rest(t), "\n")
	want := strings.Join([]string{
		"retry: 2000", "",
		"id: 1", "event: state", `data: {"state":"judging"}`, "",
		"id: 2event: verdict", "event: compile", `data: {"ok":true,`, `data: "x":1}`, "",
		"id: 3", "event: verdict", `data: {"verdict":"AC"}`, "",
	}, "\n")
	if got != want {
		t.Errorf("stream:\n%s\nwant:\n%s", got, want)
	}
	// The handler has returned: the stream is no longer counted.
	if n := m.count(); n != 0 {
		t.Errorf("%d event streams counted after the stream ended, want 0", n)
	}
	// Resuming: the header, else the query, names the last event seen.
	s = r.openEvents(t, ctx, "/api/v1/submissions/"+id+"/events?last_event_id=3", "ann-token", "Last-Event-ID", "1")
	if got := strings.Join(s.rest(t), "\n"); !strings.HasPrefix(got, "retry: 2000\n\nid: 2event: verdict\nevent: compile\n") {
		t.Errorf("resumed after 1: %q", got)
	}
	s = r.openEvents(t, ctx, "/api/v1/submissions/"+id+"/events?last_event_id="+url.QueryEscape("2\nevent: verdict"), "ann-token")
	if got := strings.Join(s.rest(t), "\n"); got != "retry: 2000\n\nid: 3\nevent: verdict\ndata: {\"verdict\":\"AC\"}\n" {
		t.Errorf("resumed after 2: %q", got)
	}
	if got := strings.Join(r.b.lastEventIDs(), "|"); got != "|1|2\nevent: verdict" {
		t.Errorf("the backend was asked for events after %q", got)
	}
	// /metrics is the Metrics handler.
	if a := r.do(t, "GET", "/metrics", "", ""); a.code != http.StatusOK || string(a.body) != "pj_up 1\n" {
		t.Errorf("/metrics: %d %q", a.code, a.body)
	}
}

// TestEventsIdleAndDrain: an idle stream gets keep-alive comments and is
// counted while open; a drain tells it to reconnect in a second and ends
// it.
func TestEventsIdleAndDrain(t *testing.T) {
	m := newSSEMetrics()
	r := newAPIRig(t, Options{Metrics: m, KeepAlive: 20 * time.Millisecond})
	r.b.set(func(b *fakeBackend) { b.hold = true })
	id := r.b.put("ann", "a-plus-b")
	r.b.setEvents(id, []Event{{ID: "1", Name: "state", Data: json.RawMessage(`{"state":"queued"}`)}})
	s := r.openEvents(t, context.Background(), "/api/v1/submissions/"+id+"/events", "ann-token")
	s.until(t, `data: {"state":"queued"}`)
	s.until(t, ": keep-alive")
	s.until(t, ": keep-alive")
	if n := m.count(); n != 1 {
		t.Errorf("%d event streams counted while one is open, want 1", n)
	}
	r.api.Drain()
	s.until(t, "retry: 1000")
	rest := s.rest(t) // ends: the handler returned
	if !strings.Contains(strings.Join(rest, "\n"), ": the server is restarting; reconnect") {
		t.Errorf("after the drain: %q", rest)
	}
	if n := m.count(); n != 0 {
		t.Errorf("%d event streams counted after the drain, want 0", n)
	}
	// A client that leaves ends its handler too.
	m2 := newSSEMetrics()
	r2 := newAPIRig(t, Options{Metrics: m2})
	r2.b.set(func(b *fakeBackend) { b.hold = true })
	id = r2.b.put("ann", "a-plus-b")
	ctx, cancel := context.WithCancel(context.Background())
	s = r2.openEvents(t, ctx, "/api/v1/submissions/"+id+"/events", "ann-token")
	s.until(t, "retry: 2000")
	cancel()
	s.rest(t)
	select {
	case <-m2.left:
	case <-time.After(time.Minute):
		t.Fatal("the stream's handler still runs a minute after its client left")
	}
	if n := m2.count(); n != 0 {
		t.Errorf("%d event streams counted after the client left, want 0", n)
	}
}
