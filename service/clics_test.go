package service

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/clics"
	"github.com/puzzlejudge/judge/service/store"
	"github.com/puzzlejudge/judge/service/web"
)

// clicsGet sends GET path with the given Authorization header ("" for
// none) and returns the status and body.
func (s *stack) clicsGet(t *testing.T, path, auth string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

// rebuilt reads a contest's whole event feed (stream=false) as token
// sees it and rebuilds the scoreboard from it as an ICPC tool does; it
// returns the board and the feed's last token.
func (s *stack) rebuilt(t *testing.T, token, contest string) (clics.Scoreboard, string) {
	t.Helper()
	code, body := s.clicsGet(t, "/api/contests/"+contest+"/event-feed?stream=false", "Bearer "+token)
	if code != http.StatusOK {
		t.Fatalf("event feed of %s: %d %s", contest, code, body)
	}
	board, err := clics.Rebuild(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("rebuild: %v", err)
	}
	return board, lastToken(t, body)
}

// noStrangers checks that every submission the CLICS API serves an admin
// is a served team's: a run without a row (the jury's) is not the
// contest's.
func (s *stack) noStrangers(t *testing.T, contest string) {
	t.Helper()
	ids := func(what string, key string) map[string]bool {
		code, body := s.clicsGet(t, "/api/contests/"+contest+"/"+what, "Bearer "+s.admin)
		var objs []map[string]any
		if code != http.StatusOK || json.Unmarshal(body, &objs) != nil {
			t.Fatalf("%s: %d %s", what, code, body)
		}
		out := map[string]bool{}
		for _, o := range objs {
			out[fmt.Sprint(o[key])] = true
		}
		return out
	}
	teams := ids("teams", "id")
	for team := range ids("submissions", "team_id") {
		if !teams[team] {
			t.Errorf("a submission of team %q, which the contest's teams %v do not have", team, teams)
		}
	}
}

// lastToken is the token of a feed's last event that has one.
func lastToken(t *testing.T, feed []byte) string {
	t.Helper()
	tok := ""
	for line := range bytes.Lines(feed) {
		var ev clics.Event
		if len(bytes.TrimSpace(line)) > 0 && json.Unmarshal(line, &ev) == nil && ev.Token != "" {
			tok = ev.Token
		}
	}
	if tok == "" {
		t.Fatalf("no token in the feed:\n%s", feed)
	}
	return tok
}

// boardRows writes a table as sorted lines "rank team solved penalty |
// cell ...", a cell "+tries/minute" solved, "-tries" rejected, "."
// untouched, then "?n" for n pending: the same for both tables when the
// rebuilt board agrees with the standings cell by cell.
func boardRows(rows [][]any) string {
	slices.SortFunc(rows, func(a, b []any) int {
		return cmp.Or(cmp.Compare(a[0].(int), b[0].(int)), strings.Compare(a[1].(string), b[1].(string)))
	})
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprint(r...))
	}
	return strings.Join(out, "\n")
}

func cell(solved bool, tries, minute, pending int) string {
	c := "."
	switch {
	case solved:
		c = fmt.Sprintf("+%d/%d", tries, minute)
	case tries > 0:
		c = fmt.Sprintf("-%d", tries)
	}
	if pending > 0 {
		c += fmt.Sprintf("?%d", pending)
	}
	return " " + c
}

// standingsRows is the standings of /api/v1 as boardRows.
func standingsRows(v api.StandingsView) string {
	var rows [][]any
	for _, r := range v.Rows {
		row := []any{r.Rank, " " + r.Team, fmt.Sprintf(" %d %d |", r.Solved, r.PenaltyMinutes)}
		for _, c := range r.Cells {
			row = append(row, cell(c.Solved, c.Tries, int(c.Minute), c.Pending))
		}
		rows = append(rows, row)
	}
	return boardRows(rows)
}

// scoreboardRows is a CLICS scoreboard as boardRows, its problems in
// the standings' column order (by slug, the problems' CLICS ids).
func scoreboardRows(b clics.Scoreboard, columns []api.StandingsProblem) string {
	var rows [][]any
	for _, r := range b.Rows {
		solved, total := 0, 0
		if r.Score.NumSolved != nil {
			solved = *r.Score.NumSolved
		}
		if r.Score.TotalTime != nil {
			total = *r.Score.TotalTime
		}
		row := []any{r.Rank, " " + r.TeamID, fmt.Sprintf(" %d %d |", solved, total)}
		for _, col := range columns {
			i := slices.IndexFunc(r.Problems, func(p clics.ProblemScore) bool { return p.ProblemID == col.Slug })
			if i < 0 {
				row = append(row, cell(false, 0, 0, 0))
				continue
			}
			p := r.Problems[i]
			minute := 0
			if p.Time != nil {
				minute = *p.Time
			}
			row = append(row, cell(p.Solved != nil && *p.Solved, p.NumJudged, minute, p.NumPending))
		}
		rows = append(rows, row)
	}
	return boardRows(rows)
}

// sameBoard checks that the scoreboard rebuilt from token's event feed
// is the standings token reads from /api/v1, and returns the feed's
// last token.
func (s *stack) sameBoard(t *testing.T, what, token, contest string, want ...string) string {
	t.Helper()
	v := s.standings(t, token, contest)
	wantTable(t, what+": the standings", v, want...)
	board, tok := s.rebuilt(t, token, contest)
	if got, want := scoreboardRows(board, v.Problems), standingsRows(v); got != want {
		t.Errorf("%s: the board rebuilt from the event feed\n%s\nwant the standings'\n%s", what, got, want)
	}
	return tok
}

// TestClicsEventFeedRebuildsStandings runs an ICPC contest of seconds
// with real judging and follows it through the CLICS Contest API as an
// ICPC tool would: the scoreboard rebuilt from the event feed is the
// standings' table, live for an admin, frozen for a user and thawed at
// the end; a live feed brings a new submission's judgement; no
// credentials is 401.
func TestClicsEventFeedRebuildsStandings(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 2 })
	ctx := context.Background()
	ann, bob := s.user, s.token(t, "bob", store.RoleUser)
	display := "Bob's Bytes"
	if _, err := s.svc.st.UpdateUser(ctx, "bob", store.AccountChange{DisplayName: &display}); err != nil {
		t.Fatal(err)
	}
	start := time.Now().Add(3 * time.Second).Truncate(time.Second)
	// The freeze is 5 s after the start; the end 30 s after it.
	code, _, out := s.call(t, "POST", "/api/v1/contests", s.admin, map[string]any{
		"id": "clics-26", "name": "CLICS 26", "start": start, "duration_seconds": 30, "freeze_seconds": 25,
		"participants": []string{"ann", "bob"}, "problems": []map[string]string{{"slug": "a-plus-b"}, {"slug": "flip-game"}, {"slug": "divisor-pairs"}}})
	if code != http.StatusCreated {
		t.Fatalf("create: %d %v", code, out)
	}
	freeze, end := start.Add(5*time.Second), start.Add(30*time.Second)

	// Who may read: a token (Bearer, or Basic with the token as the
	// password), or a web session; nobody else.
	ses, _, err := s.svc.st.CreateSession(ctx, bob, store.SessionLimits{Lifetime: time.Hour, Idle: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	basic := func(user, pass string) string {
		req, _ := http.NewRequest("GET", "/", nil)
		req.SetBasicAuth(user, pass)
		return req.Header.Get("Authorization")
	}
	for _, c := range []struct {
		path, auth, cookie string
		want               int
		has                string
	}{
		{"/api/contests", "", "", http.StatusUnauthorized, `"error"`},
		{"/api/contests/clics-26/event-feed?stream=false", "", "", http.StatusUnauthorized, `"error"`},
		{"/api/contests/clics-26/event-feed", "", "", http.StatusUnauthorized, `"error"`},
		{"/api/contests/clics-26/scoreboard", "Bearer nonsense", "", http.StatusUnauthorized, `"error"`},
		{"/api/contests", "", "not-a-session", http.StatusUnauthorized, `"error"`},
		{"/api/contests", basic("ann", bob), "", http.StatusUnauthorized, `"error"`},
		{"/api", "", "", http.StatusOK, `"version":"2023-06"`},
		{"/api/contests", "Bearer " + ann, "", http.StatusOK, `"id":"clics-26"`},
		{"/api/contests", basic("bob", bob), "", http.StatusOK, `"id":"clics-26"`},
		{"/api/contests/clics-26/teams/bob", "", ses, http.StatusOK, `"display_name":"Bob's Bytes"`},
		// Before the start a user sees no problems; an admin does.
		{"/api/contests/clics-26/problems", "Bearer " + ann, "", http.StatusOK, `[]`},
		{"/api/contests/clics-26/problems/flip-game", "Bearer " + s.admin, "", http.StatusOK, `"label":"B"`},
		{"/api/contests/nope/state", "Bearer " + ann, "", http.StatusNotFound, `"error"`},
		// /api/v1 keeps its JSON 404 for what it does not serve.
		{"/api/v1/nope", "Bearer " + ann, "", http.StatusNotFound, `no such endpoint`},
		{"/api/nope", "Bearer " + ann, "", http.StatusNotFound, `no such endpoint`},
	} {
		req, _ := http.NewRequest("GET", s.srv.URL+c.path, nil)
		if c.auth != "" {
			req.Header.Set("Authorization", c.auth)
		}
		if c.cookie != "" {
			req.AddCookie(&http.Cookie{Name: web.SessionCookie, Value: c.cookie})
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.want || !strings.Contains(string(body), c.has) || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Errorf("GET %s (%q, cookie %q): %d %s %s, want %d with %s", c.path, c.auth, c.cookie, resp.StatusCode, resp.Header.Get("Content-Type"), body, c.want, c.has)
		}
	}

	until(start)
	var ids []string
	for _, sub := range []struct{ token, label, rel string }{
		{ann, "A", "a-plus-b/wrong_answer/int32.c"},
		{ann, "A", "a-plus-b/accepted/sum.c"},
		{bob, "A", "a-plus-b/accepted/sum.py"},
		{ann, "B", "flip-game/wrong_answer/wrap_rows.py"},
		{bob, "B", "a-plus-b/compile_error/typo.cpp"},
		{bob, "C", "divisor-pairs/accepted/sqrt.py"},
		// The jury's test run: no row, and not in the feed.
		{s.admin, "A", "a-plus-b/accepted/sum.c"},
	} {
		ids = append(ids, s.accepted(t, sub.token, "clics-26", sub.label, sub.rel))
	}
	if time.Now().After(freeze) {
		t.Fatal("the submissions before the freeze took past it")
	}
	until(freeze)
	late := s.accepted(t, ann, "clics-26", "B", "flip-game/accepted/bfs.py")
	for _, id := range append(ids, late) {
		s.waitDone(t, s.admin, id)
	}
	if time.Now().After(end) {
		t.Fatal("judging took past the end; the freeze cannot be checked")
	}
	// ann solves B after the freeze: the admin sees it, ann does not.
	live := []string{
		"1 bob 2 0 | +1/0 . +1/0*",
		"2 ann 2 40 | +2/20* +2/20* .",
	}
	s.sameBoard(t, "the admin, live", s.admin, "clics-26", live...)
	s.noStrangers(t, "clics-26")
	tok := s.sameBoard(t, "ann, frozen", ann, "clics-26",
		"1 bob 2 0 | +1/0 . +1/0*",
		"2 ann 1 20 | +2/20* -1?1 .")

	// A live feed: a new submission's judgement arrives on it.
	sctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(sctx, "GET", s.srv.URL+"/api/contests/clics-26/event-feed", nil)
	req.Header.Set("Authorization", "Bearer "+s.admin)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("live feed: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	events := make(chan clics.Event)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var ev clics.Event
			if len(bytes.TrimSpace(sc.Bytes())) == 0 || json.Unmarshal(sc.Bytes(), &ev) != nil {
				continue
			}
			select {
			case events <- ev:
			case <-sctx.Done():
				return
			}
		}
	}()
	if ev, ok := <-events; !ok || ev.Type != "contest" {
		t.Fatalf("the live feed's first event: %+v %v", ev, ok)
	}
	again := s.accepted(t, bob, "clics-26", "A", "a-plus-b/accepted/sum.c")
	for judged := false; !judged; {
		ev, ok := <-events
		if !ok {
			t.Fatalf("the live feed ended before the judgement of %s (%v)", again, sctx.Err())
		}
		var j clics.Judgement
		if ev.Type == "judgements" && json.Unmarshal(ev.Data, &j) == nil && j.SubmissionID == again && j.JudgementTypeID != nil {
			if *j.JudgementTypeID != "AC" {
				t.Errorf("judgement of %s: %s", again, *j.JudgementTypeID)
			}
			judged = true
		}
	}
	cancel()
	// Since the token of the earlier read: the new submission, not the
	// old ones; ann's view has no judgement of it (after the freeze).
	code, body := s.clicsGet(t, "/api/contests/clics-26/event-feed?stream=false&since_token="+tok, "Bearer "+ann)
	if code != http.StatusOK || !strings.Contains(string(body), `"id":"`+again+`"`) || strings.Contains(string(body), `"id":"`+ids[0]+`"`) ||
		strings.Contains(string(body), `"submission_id":"`+again+`"`) {
		t.Errorf("since_token %s: %d\n%s", tok, code, body)
	}
	if code, body := s.clicsGet(t, "/api/contests/clics-26/event-feed?stream=false&since_token=elsewhere-3", "Bearer "+ann); code != http.StatusBadRequest {
		t.Errorf("a token this server did not give: %d %s", code, body)
	}

	// At the end the board thaws for everyone, as the standings do.
	until(end)
	s.sameBoard(t, "ann, thawed", ann, "clics-26", live...)
}

// TestClicsFeedStreamCapAndDrain checks that a live event feed counts
// against the API's per-user stream cap (429 past it; a feed with
// stream=false is no stream) and ends when the server drains.
func TestClicsFeedStreamCapAndDrain(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0; c.API.MaxUserStreams = 1 })
	code, _, out := s.call(t, "POST", "/api/v1/contests", s.admin, map[string]any{
		"id": "later", "name": "Later", "start": time.Now().Add(time.Hour), "duration_seconds": 3600,
		"problems": []map[string]string{{"slug": "a-plus-b"}}})
	if code != http.StatusCreated {
		t.Fatalf("create: %d %v", code, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", s.srv.URL+"/api/contests/later/event-feed", nil)
	req.Header.Set("Authorization", "Bearer "+s.user)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	feed := bufio.NewReader(resp.Body)
	if line, err := feed.ReadBytes('\n'); resp.StatusCode != http.StatusOK || err != nil || !bytes.Contains(line, []byte(`"type":"contest"`)) {
		t.Fatalf("the live feed: %d %q %v", resp.StatusCode, line, err)
	}
	if code, body := s.clicsGet(t, "/api/contests/later/event-feed", "Bearer "+s.user); code != http.StatusTooManyRequests || !bytes.Contains(body, []byte("stream")) {
		t.Errorf("a second live feed of one user: %d %s", code, body)
	}
	if code, body := s.clicsGet(t, "/api/contests/later/event-feed?stream=false", "Bearer "+s.user); code != http.StatusOK {
		t.Errorf("a feed that ends: %d %s", code, body)
	}
	s.svc.api.Drain()
	if rest, err := io.ReadAll(feed); err != nil || len(bytes.TrimSpace(rest)) > 0 && !bytes.Contains(rest, []byte(`"type"`)) {
		t.Errorf("the feed after the drain: %q %v", rest, err)
	}
	if ctx.Err() != nil {
		t.Error("the feed did not end at the drain")
	}
}
