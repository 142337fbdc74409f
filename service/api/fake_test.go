package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/verdict"
)

// fakeBackend is an in-memory Backend for the handlers' tests: tokens,
// submissions (an idempotency key per user names one), each
// submission's events, and a record of what the API asked of it.
type fakeBackend struct {
	mu     sync.Mutex
	tokens map[string]Principal
	subs   map[string]*Submission
	order  []string          // ids, oldest first
	keys   map[string]string // user + "\x00" + key: id
	done   map[string]chan struct{}
	events map[string][]Event
	nextID int

	// submitErr, if set, is asked before each Submit (n counts from 0).
	submitErr func(n int, sub NewSubmission) error
	submits   int
	// keysSeen are the idempotency keys Submit was given, in order, and
	// received the submissions.
	keysSeen []string
	received []NewSubmission
	// listQuery is the last List's query.
	listQuery ListQuery
	// deadlines are Wait's contexts' deadlines; waiting is sent each
	// waited id when Wait starts (if there is room).
	deadlines []time.Time
	waiting   chan string
	// lastIDs are the lastID arguments of Events.
	lastIDs []string
	// hold keeps an event channel open after its events, until the
	// request ends.
	hold    bool
	ready   error
	workers []Worker
	// users and issued are the accounts and tokens the admin endpoints
	// made (fake_accounts_test.go).
	users  []User
	issued []Token
	// fakeClar holds the clarifications (clarfake_test.go).
	fakeClar
}

func newFake() *fakeBackend {
	return &fakeBackend{
		tokens: map[string]Principal{
			"ann-token":   {User: "ann", Role: RoleUser},
			"bob-token":   {User: "bob", Role: RoleUser},
			"admin-token": {User: "root", Role: RoleAdmin},
		},
		subs:    map[string]*Submission{},
		keys:    map[string]string{},
		done:    map[string]chan struct{}{},
		events:  map[string][]Event{},
		waiting: make(chan string, 16),
	}
}

func (f *fakeBackend) Authenticate(_ context.Context, token string) (Principal, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.tokens[token]
	if !ok {
		return Principal{}, fmt.Errorf("token: %w", ErrUnauthorized)
	}
	return p, nil
}

func (f *fakeBackend) Submit(_ context.Context, who Principal, in NewSubmission, key string) (Submission, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := f.submits
	f.submits++
	f.keysSeen = append(f.keysSeen, key)
	f.received = append(f.received, in)
	if f.submitErr != nil {
		if err := f.submitErr(n, in); err != nil {
			return Submission{}, err
		}
	}
	if id, ok := f.keys[who.User+"\x00"+key]; ok && key != "" {
		return *f.subs[id], nil
	}
	return f.add(Submission{User: who.User, Problem: in.Problem, Language: in.Language, Filename: in.Filename}, key), nil
}

// add stores a new queued submission; f.mu is held.
func (f *fakeBackend) add(sub Submission, key string) Submission {
	f.nextID++
	sub.ID = fmt.Sprintf("S%03d", f.nextID)
	sub.State, sub.Gen = StateQueued, 1
	sub.CreatedAt = time.Date(2026, 11, 27, 9, 0, f.nextID, 0, time.UTC)
	f.subs[sub.ID] = &sub
	f.order = append(f.order, sub.ID)
	f.done[sub.ID] = make(chan struct{})
	if key != "" {
		f.keys[sub.User+"\x00"+key] = sub.ID
	}
	return sub
}

// put stores a queued submission of user on problem and returns its id.
func (f *fakeBackend) put(user, problem string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.add(Submission{User: user, Problem: problem, Language: "c"}, "").ID
}

// finish judges a submission: done with verdict and a report of one test.
func (f *fakeBackend) finish(id string, v verdict.Verdict) {
	f.mu.Lock()
	defer f.mu.Unlock()
	sub := f.subs[id]
	sub.State, sub.Verdict, sub.Attempt = StateDone, string(v), 1
	sub.Report = &judging.Report{Verdict: v, Tests: []judging.TestResult{{Name: "1", Verdict: v}}}
	sub.FinishedAt = sub.CreatedAt.Add(time.Second)
	close(f.done[id])
}

func (f *fakeBackend) CountQueued(_ context.Context, user string) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, s := range f.subs {
		if s.User == user && s.State != StateDone {
			n++
		}
	}
	return n, nil
}

func (f *fakeBackend) Get(_ context.Context, id string) (Submission, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.subs[id]
	if !ok {
		return Submission{}, fmt.Errorf("submission %s: %w", id, ErrNotFound)
	}
	return *s, nil
}

func (f *fakeBackend) Wait(ctx context.Context, sub Submission) (Submission, error) {
	f.mu.Lock()
	dl, _ := ctx.Deadline()
	f.deadlines = append(f.deadlines, dl)
	done := f.done[sub.ID]
	f.mu.Unlock()
	select {
	case f.waiting <- sub.ID:
	default:
	}
	select {
	case <-done:
	case <-ctx.Done():
	}
	return f.Get(context.Background(), sub.ID)
}

func (f *fakeBackend) List(_ context.Context, q ListQuery) (Page, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.listQuery = q
	var p Page
	for i := len(f.order) - 1; i >= 0; i-- {
		s := f.subs[f.order[i]]
		if q.User != "" && s.User != q.User || q.Problem != "" && s.Problem != q.Problem {
			continue
		}
		if len(p.Items) == q.Limit {
			p.Next = "after-" + p.Items[len(p.Items)-1].ID
			break
		}
		p.Items = append(p.Items, *s)
	}
	return p, nil
}

func (f *fakeBackend) Cancel(_ context.Context, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.subs[id]
	switch {
	case !ok:
		return fmt.Errorf("submission %s: %w", id, ErrNotFound)
	case s.State != StateQueued:
		return fmt.Errorf("submission %s is %s: %w", id, s.State, ErrConflict)
	}
	s.State, s.Error = StateDone, "cancelled"
	return nil
}

func (f *fakeBackend) Rejudge(_ context.Context, id string) (Submission, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.subs[id]
	if !ok {
		return Submission{}, fmt.Errorf("submission %s: %w", id, ErrNotFound)
	}
	s.Gen++
	s.State, s.Verdict, s.Report = StateQueued, "", nil
	return *s, nil
}

func (f *fakeBackend) RejudgeProblem(_ context.Context, slug string) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, s := range f.subs {
		if s.Problem == slug {
			s.Gen++
			n++
		}
	}
	if n == 0 {
		return 0, fmt.Errorf("problem %q: %w", slug, ErrNotFound)
	}
	return n, nil
}

func (f *fakeBackend) Events(ctx context.Context, id, lastID string) (<-chan Event, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lastIDs = append(f.lastIDs, lastID)
	var evs []Event
	seen := lastID == ""
	for _, ev := range f.events[id] {
		if seen {
			evs = append(evs, ev)
		}
		seen = seen || ev.ID == lastID
	}
	ch := make(chan Event, len(evs))
	for _, ev := range evs {
		ch <- ev
	}
	if !f.hold {
		close(ch)
	}
	return ch, nil
}

func (f *fakeBackend) Problems(context.Context) ([]Problem, error) {
	return []Problem{{Slug: "a-plus-b", Title: "A plus B", TimeMs: 1000, MemoryKB: 262144, Tests: 16, Feedback: string(feedback.Samples)}}, nil
}

// Feedback shows every test in full: these tests are about the handlers,
// not about what a contestant sees (see view_test.go and package
// feedback).
func (f *fakeBackend) Feedback(context.Context, string) feedback.Level { return feedback.All }

func (f *fakeBackend) Languages(context.Context) ([]Language, error) {
	return []Language{{Name: "c", Aliases: []string{}, Extensions: []string{".c"}, Version: "gcc (Debian 12.2.0-14) 12.2.0", TimeMultiplier: 1}}, nil
}

func (f *fakeBackend) Workers(context.Context) ([]Worker, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.workers, nil
}

func (f *fakeBackend) Queue(context.Context) (QueueStats, error) {
	return QueueStats{Depth: 3, InFlight: 1}, nil
}

func (f *fakeBackend) Ready(context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ready
}

// set changes the backend under its lock.
func (f *fakeBackend) set(change func(*fakeBackend)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	change(f)
}

// setEvents sets a submission's events.
func (f *fakeBackend) setEvents(id string, evs []Event) {
	f.set(func(f *fakeBackend) { f.events[id] = evs })
}

// lastList is the last List's query.
func (f *fakeBackend) lastList() ListQuery {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.listQuery
}

// waitDeadlines are the deadlines of every Wait so far.
func (f *fakeBackend) waitDeadlines() []time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Time(nil), f.deadlines...)
}

// lastEventIDs are the lastID arguments of every Events so far.
func (f *fakeBackend) lastEventIDs() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.lastIDs...)
}

// submitted is how many submissions the backend holds.
func (f *fakeBackend) submitted() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.subs)
}

// apiRig is the API over a fake backend, served over HTTP.
type apiRig struct {
	b   *fakeBackend
	api *Server
	srv *httptest.Server
}

func newAPIRig(t *testing.T, opt Options) *apiRig {
	t.Helper()
	r := &apiRig{b: newFake()}
	r.api = New(r.b, opt)
	r.srv = httptest.NewServer(r.api)
	t.Cleanup(r.srv.Close)
	return r
}

// answer is one HTTP answer, its body read.
type answer struct {
	code   int
	header http.Header
	body   []byte
}

// json decodes the body as a JSON object (nil when it is not one).
func (a answer) json() map[string]any {
	var m map[string]any
	if json.Unmarshal(a.body, &m) != nil {
		return nil
	}
	return m
}

// do sends a request: token "" sends no Authorization; header holds
// name, value pairs. A body is sent as application/json unless header
// names another Content-Type.
func (r *apiRig) do(t *testing.T, method, path, token, body string, header ...string) answer {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, r.srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := r.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{resp.StatusCode, resp.Header, data}
}

// checkErrorBody checks an error answer's shape: JSON {"error": "...",
// "field": "..."} with nothing else, the field left out when it names
// none, and nosniff.
func checkErrorBody(t *testing.T, name string, a answer, field string) {
	t.Helper()
	if ct := a.header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("%s: Content-Type %q, want application/json", name, ct)
	}
	if a.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("%s: no X-Content-Type-Options: nosniff", name)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(a.body, &raw); err != nil {
		t.Errorf("%s: error body %q is not a JSON object: %v", name, a.body, err)
		return
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := "error"
	if field != "" {
		want = "error field"
	}
	if got := strings.Join(keys, " "); got != want {
		t.Errorf("%s: error body has keys %q, want %q: %s", name, got, want, a.body)
	}
	var body struct {
		Error string `json:"error"`
		Field string `json:"field"`
	}
	if err := json.Unmarshal(a.body, &body); err != nil || body.Error == "" || body.Field != field {
		t.Errorf("%s: error body %s (%v), want a message and field %q", name, a.body, err, field)
	}
	if strings.ContainsAny(body.Error, "\n\r") {
		t.Errorf("%s: error message of more than one line: %q", name, body.Error)
	}
}

var errStoreDown = errors.New("store down")
