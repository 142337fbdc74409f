package clics

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// feedLines splits an NDJSON body into events, failing on a bad line.
func feedLines(t *testing.T, body []byte) []Event {
	t.Helper()
	var out []Event
	for _, line := range strings.Split(strings.TrimSuffix(string(body), "\n"), "\n") {
		if line == "" {
			continue
		}
		var ev Event
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		out = append(out, ev)
	}
	return out
}

// describe writes events as "type id token", deletions with "deleted".
func describe(evs []Event) string {
	var b strings.Builder
	for _, e := range evs {
		id := "-"
		if e.ID != nil {
			id = *e.ID
		}
		b.WriteString(e.Type + " " + id)
		if string(e.Data) == "null" {
			b.WriteString(" deleted")
		}
		if e.Token != "" {
			b.WriteString(" " + e.Token)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// lastToken is the token of the last event that has one.
func lastToken(t *testing.T, evs []Event) string {
	t.Helper()
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Token != "" {
			return evs[i].Token
		}
	}
	t.Fatal("no event has a token")
	return ""
}

func TestFeedSinceToken(t *testing.T) {
	src := newFakeSource(wfSnapshot())
	srv := httptest.NewServer(NewServer(src, Config{Feed: "t"}))
	defer srv.Close()

	_, body := get(t, srv, "/api/contests/wf/event-feed?stream=false", false)
	first := lastToken(t, feedLines(t, body))
	if first != "t-1" {
		t.Fatalf("first feed's token = %q, want t-1", first)
	}

	// Nothing changed: nothing after the token.
	status, body := get(t, srv, "/api/contests/wf/event-feed?stream=false&since_token="+first, false)
	if status != http.StatusOK || len(feedLines(t, body)) != 0 {
		t.Fatalf("since the head: %d %q, want 200 and no events", status, body)
	}

	// A judgement ends, a submission comes, a team leaves: one batch.
	src.update("wf", func(s *Snapshot) {
		s.Submissions[7].Judgement = judged("WA", s.Submissions[7].Time) // two's B at 0:25
		s.Submissions = append(s.Submissions, ContestSubmission{ID: "9", Team: "one", Problem: "apples", Language: "c", Time: at(4, 31, 0)})
		s.Teams = append(s.Teams, ContestTeam{ID: "three", Name: "Three"})
		s.Now = at(4, 31, 30)
	})
	_, body = get(t, srv, "/api/contests/wf/event-feed?stream=false&since_token="+first, false)
	want := "teams three\nsubmissions 9\njudgements 8 t-2\n"
	if got := describe(feedLines(t, body)); got != want {
		t.Errorf("since %s:\n%s\nwant:\n%s", first, got, want)
	}

	// Deletions come last, referring objects first; the old token still
	// gives both batches.
	src.update("wf", func(s *Snapshot) {
		s.Teams = s.Teams[:len(s.Teams)-1]
		s.Submissions = s.Submissions[:len(s.Submissions)-1]
	})
	_, body = get(t, srv, "/api/contests/wf/event-feed?stream=false&since_token="+first, false)
	want = "teams three\nsubmissions 9\njudgements 8 t-2\nsubmissions 9 deleted\nteams three deleted t-3\n"
	if got := describe(feedLines(t, body)); got != want {
		t.Errorf("since %s after deletions:\n%s\nwant:\n%s", first, got, want)
	}

	// The admin's log is its own: its first feed has the hidden team.
	_, body = get(t, srv, "/api/contests/wf/event-feed?stream=false", true)
	if got := describe(feedLines(t, body)); !strings.Contains(got, "teams jury\n") || !strings.HasSuffix(got, " t-1\n") {
		t.Errorf("admin feed:\n%s\nwant the jury team and its own token t-1 at the end", got)
	}

	for _, tok := range []string{"t-99", "u-1", "t1", "t-x"} {
		if status, body := get(t, srv, "/api/contests/wf/event-feed?stream=false&since_token="+tok, false); status != http.StatusBadRequest {
			t.Errorf("since_token=%s: %d %s, want 400", tok, status, body)
		}
	}
}

func TestFeedTokenExpires(t *testing.T) {
	src := newFakeSource(wfSnapshot())
	srv := httptest.NewServer(NewServer(src, Config{Feed: "t", MaxEvents: 3}))
	defer srv.Close()
	_, body := get(t, srv, "/api/contests/wf/event-feed?stream=false", false)
	first := lastToken(t, feedLines(t, body))
	// The first batch is the whole contest; four more of one event each
	// push it and the second out of a log of three events.
	for i := range 4 {
		src.update("wf", func(s *Snapshot) {
			s.Teams = append(s.Teams, ContestTeam{ID: "extra" + string(rune('a'+i))})
		})
		status, body := get(t, srv, "/api/contests/wf/event-feed?stream=false&since_token="+first, false)
		if i < 3 && (status != http.StatusOK || len(feedLines(t, body)) != i+1) {
			t.Fatalf("after %d changes: %d %s, want 200 and %d events", i+1, status, body, i+1)
		}
	}
	status, body := get(t, srv, "/api/contests/wf/event-feed?stream=false&since_token="+first, false)
	if status != http.StatusBadRequest || !strings.Contains(string(body), "expired") {
		t.Errorf("a token older than the log: %d %s, want 400 saying it expired", status, body)
	}
}

func TestFeedStreams(t *testing.T) {
	src := newFakeSource(wfSnapshot())
	srv := httptest.NewServer(NewServer(src, Config{Feed: "t", KeepAlive: 20 * time.Millisecond}))
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/api/contests/wf/event-feed")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Errorf("Content-Type %q, want application/x-ndjson", ct)
	}
	r := bufio.NewReader(resp.Body)
	next := func() string {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("reading the feed: %v", err)
		}
		return line
	}
	// The whole contest first, ending with the token.
	for !strings.Contains(next(), `"token":"t-1"`) {
	}
	// Idle: keep-alive newlines.
	if line := next(); line != "\n" {
		t.Fatalf("idle feed sent %q, want a keep-alive newline", line)
	}
	// A judgement ends: its event comes on the open stream.
	src.update("wf", func(s *Snapshot) { s.Submissions[7].Judgement = judged("TLE", s.Submissions[7].Time) })
	line := next()
	for line == "\n" {
		line = next()
	}
	var ev Event
	if err := json.Unmarshal([]byte(line), &ev); err != nil {
		t.Fatal(err)
	}
	if ev.Type != "judgements" || ev.ID == nil || *ev.ID != "8" || ev.Token != "t-2" || !strings.Contains(string(ev.Data), `"TLE"`) {
		t.Errorf("streamed %s, want judgement 8 TLE with token t-2", line)
	}
}

func TestHandlerErrors(t *testing.T) {
	practice := Snapshot{ID: "practice", Name: "Practice", Now: start}
	srv := httptest.NewServer(NewServer(newFakeSource(wfSnapshot(), practice), Config{Feed: "t"}))
	defer srv.Close()
	tests := []struct {
		path   string
		token  string
		status int
	}{
		{"/api/contests/nope", "", http.StatusNotFound},
		{"/api/contests/practice", "", http.StatusNotFound},
		{"/api/contests/wf/clarifications", "", http.StatusNotFound},
		{"/api/contests/wf/teams/jury", "", http.StatusNotFound},
		{"/api/contests/wf/submissions/6", "", http.StatusNotFound},
		{"/api/contests/wf/judgements/3", "", http.StatusNotFound},
		{"/api/contests/wf/submissions?color=red", "", http.StatusBadRequest},
		{"/api/contests/wf/event-feed?stream=maybe", "", http.StatusBadRequest},
		{"/api/contests/wf/event-feed?types=teams", "", http.StatusBadRequest},
		{"/api/contests/wf", "Bearer nobody", http.StatusUnauthorized},
		{"/api/contests/wf/event-feed", "Bearer nobody", http.StatusUnauthorized},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+tt.path, nil)
		if tt.token != "" {
			req.Header.Set("Authorization", tt.token)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body struct{ Error string }
		err = json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		if resp.StatusCode != tt.status || err != nil || body.Error == "" {
			t.Errorf("GET %s = %d (error %q, %v), want %d with an error message", tt.path, resp.StatusCode, body.Error, err, tt.status)
		}
	}
	// The practice contest (no window) is not listed.
	_, body := get(t, srv, "/api/contests", false)
	if strings.Contains(string(body), "practice") {
		t.Errorf("contests list %s has the practice contest", body)
	}
}

// openFeed opens the event feed at path on srv and reads it up to its
// first token, the end of the whole contest: what r reads next comes
// live. The caller closes body (before srv, which waits for the stream).
func openFeed(t *testing.T, srv *httptest.Server, path string) (r *bufio.Reader, body io.Closer) {
	t.Helper()
	resp, err := srv.Client().Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	r = bufio.NewReader(resp.Body)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			resp.Body.Close()
			t.Fatalf("reading the feed: %v", err)
		}
		if strings.Contains(line, `"token"`) {
			return r, resp.Body
		}
	}
}

func TestFeedEndsOnDrain(t *testing.T) {
	drain := make(chan struct{})
	h := NewServer(newFakeSource(wfSnapshot()), Config{Feed: "t", Drain: drain})
	srv := httptest.NewServer(h)
	defer srv.Close()
	r, body := openFeed(t, srv, "/api/contests/wf/event-feed")
	defer body.Close()
	close(drain)
	if rest, err := io.ReadAll(r); err != nil || len(rest) != 0 {
		t.Errorf("after the drain: %q, %v; want the feed to end", rest, err)
	}

	// A feed of an unknown contest leaves no log behind.
	if status, _ := get(t, srv, "/api/contests/nope/event-feed?stream=false", false); status != http.StatusNotFound {
		t.Errorf("unknown contest's feed: %d, want 404", status)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.logs) != 1 {
		t.Errorf("%d logs, want only wf's", len(h.logs))
	}
}

// TestHashedContestID follows a contest whose store id is no CLICS ID
// (too long) under its hash: listed, read and streamed, the stream
// woken by the Source's signal for the store id.
func TestHashedContestID(t *testing.T) {
	long := strings.Repeat("long-contest-", 4)
	snap := wfSnapshot()
	snap.ID = long
	src := newFakeSource(snap)
	srv := httptest.NewServer(NewServer(src, Config{Feed: "t"}))
	defer srv.Close()
	h := ID(long)
	if _, body := get(t, srv, "/api/contests", false); !strings.Contains(string(body), `"id":"`+h+`"`) {
		t.Fatalf("contests %s do not list %s", body, h)
	}
	if status, body := get(t, srv, "/api/contests/"+h+"/scoreboard", false); status != http.StatusOK {
		t.Fatalf("scoreboard under the hash: %d %s", status, body)
	}
	r, body := openFeed(t, srv, "/api/contests/"+h+"/event-feed")
	defer body.Close()
	src.update(long, func(s *Snapshot) { s.Name = "Renamed" })
	line, err := r.ReadString('\n')
	if err != nil || !strings.Contains(line, `"type":"contest"`) || !strings.Contains(line, "Renamed") {
		t.Errorf("after the rename the feed sent %q, %v; want the contest renamed", line, err)
	}
}
