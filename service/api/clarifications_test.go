package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// clarBody is a JSON body of a question, an answer or an announcement.
func clarBody(fields map[string]any) string {
	b, _ := json.Marshal(fields)
	return string(b)
}

// TestClarificationErrors: each bad request gets its status and an error
// naming the field, and nothing is stored.
func TestClarificationErrors(t *testing.T) {
	r := newAPIRig(t, Options{})
	ask := func(text string) string { return clarBody(map[string]any{"text": text}) }
	if a := r.do(t, "POST", "/api/v1/announcements", "admin-token", ask("general")); a.code != http.StatusCreated {
		t.Fatalf("announce: %d %s", a.code, a.body)
	}
	for _, c := range []struct {
		name, method, path, token, body string
		status                          int
		field                           string
	}{
		{"no token", "POST", "/api/v1/clarifications", "", ask("hi"), 401, "Authorization"},
		{"no text", "POST", "/api/v1/clarifications", "ann-token", `{}`, 422, "text"},
		{"blank text", "POST", "/api/v1/clarifications", "ann-token", ask(" \n\t "), 422, "text"},
		{"long text", "POST", "/api/v1/clarifications", "ann-token", ask(strings.Repeat("é", MaxClarText+1)), 422, "text"},
		{"NUL", "POST", "/api/v1/clarifications", "ann-token", ask("a\x00b"), 422, "text"},
		{"unknown problem", "POST", "/api/v1/clarifications", "ann-token", clarBody(map[string]any{"problem": "nope", "text": "x"}), 404, "problem"},
		{"bad problem", "POST", "/api/v1/clarifications", "ann-token", clarBody(map[string]any{"problem": "../etc", "text": "x"}), 422, "problem"},
		{"bad contest", "POST", "/api/v1/clarifications", "ann-token", clarBody(map[string]any{"contest": "a b", "text": "x"}), 422, "contest"},
		{"text not a string", "POST", "/api/v1/clarifications", "ann-token", `{"text": 5}`, 400, "text"},
		{"answer by a user", "POST", "/api/v1/clarifications/1/answer", "ann-token", ask("x"), 403, ""},
		{"answer to nothing", "POST", "/api/v1/clarifications/99/answer", "admin-token", ask("x"), 404, "id"},
		{"answer to a bad id", "POST", "/api/v1/clarifications/x1/answer", "admin-token", ask("x"), 404, "id"},
		{"answer to an announcement", "POST", "/api/v1/clarifications/1/answer", "admin-token", ask("x"), 409, "id"},
		{"empty answer", "POST", "/api/v1/clarifications/1/answer", "admin-token", ask(""), 422, "text"},
		{"announcement by a user", "POST", "/api/v1/announcements", "bob-token", ask("x"), 403, ""},
		{"empty announcement", "POST", "/api/v1/announcements", "admin-token", ask(""), 422, "text"},
		{"list a bad contest", "GET", "/api/v1/clarifications?contest=%0A", "ann-token", "", 422, "contest"},
		{"stream from a bad id", "GET", "/api/v1/clarifications/events", "ann-token", "", 400, "Last-Event-ID"},
		{"stream from a bad query id", "GET", "/api/v1/clarifications/events?last_event_id=-1", "ann-token", "", 400, "last_event_id"},
	} {
		var header []string
		if c.field == "Last-Event-ID" {
			header = []string{"Last-Event-ID", "x"}
		}
		a := r.do(t, c.method, c.path, c.token, c.body, header...)
		if a.code != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, a.code, a.body, c.status)
			continue
		}
		checkErrorBody(t, c.name, a, c.field)
	}
	// Up to MaxClarText characters are taken, however many bytes.
	if a := r.do(t, "POST", "/api/v1/clarifications", "ann-token", ask(strings.Repeat("é", MaxClarText))); a.code != http.StatusCreated {
		t.Errorf("a question of %d characters: %d %s", MaxClarText, a.code, a.body)
	}
	if n := r.b.clarCount(); n != 2 {
		t.Errorf("%d clarifications stored, want the announcement and the long question", n)
	}
}

// TestClarificationRate: a user's questions past ClarRate per window are
// 429 with Retry-After; an admin's are not limited.
func TestClarificationRate(t *testing.T) {
	r := newAPIRig(t, Options{ClarRate: 2})
	body := clarBody(map[string]any{"text": "why?"})
	for i, want := range []int{201, 201, 429} {
		a := r.do(t, "POST", "/api/v1/clarifications", "ann-token", body)
		if a.code != want {
			t.Fatalf("question %d: %d %s, want %d", i+1, a.code, a.body, want)
		}
		if want == 429 {
			checkErrorBody(t, "over the rate", a, "text")
			if a.header.Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
		}
	}
	if a := r.do(t, "POST", "/api/v1/clarifications", "bob-token", body); a.code != 201 {
		t.Errorf("another user's question: %d", a.code)
	}
	for range 3 {
		if a := r.do(t, "POST", "/api/v1/clarifications", "admin-token", body); a.code != 201 {
			t.Errorf("an admin's question: %d", a.code)
		}
	}
}

// newClarRig is the API over the fake backend with one contest, spring:
// practice, everyone taking part, A=a-plus-b.
func newClarRig(t *testing.T) *apiRig {
	t.Helper()
	r := newContestRig(t)
	r.c.add(Contest{ID: "spring", Name: "Spring", Scoring: "icpc", Problems: []ContestProblem{{Label: "A", Slug: "a-plus-b"}}})
	return r.apiRig
}

// askAll stores ann's private question (1), bob's question (2), answers
// ann's privately (seq 3) and bob's to all (seq 4), and announces (5).
func askAll(t *testing.T, r *apiRig) {
	t.Helper()
	for _, step := range []struct{ path, token, body string }{
		{"/api/v1/clarifications", "ann-token", clarBody(map[string]any{"problem": "a-plus-b", "text": "ann's secret <b>question</b>"})},
		{"/api/v1/clarifications", "bob-token", clarBody(map[string]any{"contest": "spring", "text": "bob asks"})},
		{"/api/v1/clarifications/1/answer", "admin-token", clarBody(map[string]any{"text": "private answer"})},
		{"/api/v1/clarifications/2/answer", "admin-token", clarBody(map[string]any{"text": "public answer", "to_all": true})},
		{"/api/v1/announcements", "admin-token", clarBody(map[string]any{"text": "an announcement"})},
	} {
		if a := r.do(t, "POST", step.path, step.token, step.body); a.code != 201 && a.code != 200 {
			t.Fatalf("POST %s: %d %s", step.path, a.code, a.body)
		}
	}
}

// TestClarificationVisibility: who sees which clarification in a listing,
// with which fields; ann's private question and its answer never reach
// bob, even from a backend that hands him everything.
func TestClarificationVisibility(t *testing.T) {
	r := newClarRig(t)
	askAll(t, r)
	type row struct {
		ID                           int64
		Kind, From, Question, Answer string
		Mine                         bool
		ToAll                        bool   `json:"to_all"`
		AnsweredBy                   string `json:"answered_by"`
	}
	list := func(token string) ([]row, string) {
		a := r.do(t, "GET", "/api/v1/clarifications?contest=spring", token, "")
		var out struct{ Clarifications []row }
		if a.code != 200 || json.Unmarshal(a.body, &out) != nil {
			t.Fatalf("list as %s: %d %s", token, a.code, a.body)
		}
		return out.Clarifications, string(a.body)
	}
	ann, _ := list("ann-token")
	if r.b.lastClarQuery() != (ClarQuery{Viewer: Principal{User: "ann", Role: RoleUser}, Contest: "spring"}) {
		t.Errorf("the backend was asked %+v", r.b.lastClarQuery())
	}
	want := []row{
		{ID: 5, Kind: "announcement", Answer: "an announcement", ToAll: true},
		{ID: 2, Kind: "answer", Question: "bob asks", Answer: "public answer", ToAll: true},
		{ID: 1, Kind: "answer", From: "ann", Mine: true, Question: "ann's secret <b>question</b>", Answer: "private answer"},
	}
	if !equalRows(ann, want) {
		t.Errorf("ann sees %+v, want %+v", ann, want)
	}
	bob, raw := list("bob-token")
	want = []row{want[0], {ID: 2, Kind: "answer", From: "bob", Mine: true, Question: "bob asks", Answer: "public answer", ToAll: true}}
	if !equalRows(bob, want) {
		t.Errorf("bob sees %+v, want %+v", bob, want)
	}
	for _, secret := range []string{"secret", "private answer", `"ann"`, "root"} {
		if strings.Contains(raw, secret) {
			t.Errorf("bob's listing holds %q: %s", secret, raw)
		}
	}
	admin, _ := list("admin-token")
	if len(admin) != 3 || admin[2].From != "ann" || admin[2].AnsweredBy != "root" || admin[1].From != "bob" {
		t.Errorf("the admin sees %+v", admin)
	}
}

func equalRows[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// clarStreamIDs reads a stream's events up to the one with id last, and
// returns their "id event" pairs and their data lines.
func clarStreamIDs(t *testing.T, s *sseStream, last string) (ids []string, data string) {
	t.Helper()
	id := ""
	lines := s.until(t, "id: "+last)
	for _, l := range append(lines, s.until(t, "")...) {
		switch {
		case strings.HasPrefix(l, "id: "):
			id = strings.TrimPrefix(l, "id: ")
		case strings.HasPrefix(l, "event: "):
			ids = append(ids, id+" "+strings.TrimPrefix(l, "event: "))
		case strings.HasPrefix(l, "data: "):
			data += l + "\n"
		}
	}
	return ids, data
}

// TestClarificationStream: each viewer's stream carries what they may
// see as it happens, named by kind and numbered by seq, starts at the
// latest change when no id is given, and resumes after an id.
func TestClarificationStream(t *testing.T) {
	r := newClarRig(t)
	ctx := context.Background()
	ann := r.openEvents(t, ctx, "/api/v1/clarifications/events", "ann-token")
	bob := r.openEvents(t, ctx, "/api/v1/clarifications/events", "bob-token")
	admin := r.openEvents(t, ctx, "/api/v1/clarifications/events", "admin-token")
	for _, s := range []*sseStream{ann, bob, admin} {
		if s.resp.StatusCode != 200 || s.resp.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("stream: %d %v", s.resp.StatusCode, s.resp.Header)
		}
		s.until(t, "id: 0") // where it starts: nothing yet
	}
	askAll(t, r)
	// The answer to ann's question is event 3; an id-only event is none.
	for _, c := range []struct {
		name string
		s    *sseStream
		want string
	}{
		{"ann", ann, "1 question|3 answer|4 answer|5 announcement"},
		{"bob", bob, "2 question|4 answer|5 announcement"},
		{"admin", admin, "1 question|2 question|3 answer|4 answer|5 announcement"},
	} {
		ids, data := clarStreamIDs(t, c.s, "5")
		if got := strings.Join(ids, "|"); got != c.want {
			t.Errorf("%s's stream: %s, want %s", c.name, got, c.want)
		}
		if c.name == "bob" && (strings.Contains(data, "secret") || strings.Contains(data, "private")) {
			t.Errorf("bob's stream holds ann's private clarification:\n%s", data)
		}
		if c.name == "ann" && !strings.Contains(data, `"answer":"private answer"`) {
			t.Errorf("ann's stream lacks her answer:\n%s", data)
		}
	}
	// Resuming after bob's question (2): the later changes he may see.
	s := r.openEvents(t, ctx, "/api/v1/clarifications/events", "bob-token", "Last-Event-ID", "2")
	s.until(t, "id: 2")
	if ids, _ := clarStreamIDs(t, s, "5"); strings.Join(ids, "|") != "4 answer|5 announcement" {
		t.Errorf("bob resumed after 2: %v", ids)
	}
	s = r.openEvents(t, ctx, "/api/v1/clarifications/events?last_event_id=0&contest=spring", "ann-token")
	if ids, _ := clarStreamIDs(t, s, "5"); strings.Join(ids, "|") != "3 answer|4 answer|5 announcement" {
		t.Errorf("ann replayed from 0: %v", ids)
	}
	if q := r.b.lastClarQuery(); q.After != 0 || q.Contest != "spring" {
		t.Errorf("the stream asked for %+v", q)
	}
}
