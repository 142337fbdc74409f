package service

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// until waits for the clock to reach at: a contest's window opens and
// closes on time, not on an event.
func until(at time.Time) {
	if d := time.Until(at); d > 0 {
		<-time.After(d)
	}
}

// contestSubmit posts a submission in a contest (by label) and returns
// the status and answer.
func (s *stack) contestSubmit(t *testing.T, token, contest, label, rel string) (int, map[string]any) {
	t.Helper()
	code, _, out := s.call(t, "POST", "/api/v1/submissions", token, api.NewSubmission{
		Problem: label, Contest: contest, Filename: filepath.Base(rel), Source: source(t, rel)})
	return code, out
}

// accepted posts a submission that must be taken, and returns its id.
func (s *stack) accepted(t *testing.T, token, contest, label, rel string) string {
	t.Helper()
	code, out := s.contestSubmit(t, token, contest, label, rel)
	if code != http.StatusAccepted {
		t.Fatalf("%s in %s: %d %v", rel, contest, code, out)
	}
	return out["id"].(string)
}

// standings reads a contest's standings as token sees them.
func (s *stack) standings(t *testing.T, token, contest string) api.StandingsView {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+"/api/v1/contests/"+contest+"/standings", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var v api.StandingsView
	if resp.StatusCode != 200 || json.NewDecoder(resp.Body).Decode(&v) != nil {
		t.Fatalf("standings of %s: %d", contest, resp.StatusCode)
	}
	return v
}

// table writes standings as rows "rank team solved penalty | cell ...",
// a cell as "+tries/penalty" solved ("*" first to solve), "-tries"
// rejected, "?n" pending, "." untouched; IOI rows "rank team score |
// score/tries ...".
func table(v api.StandingsView) []string {
	var out []string
	for _, r := range v.Rows {
		line := fmt.Sprintf("%d %s %d %d |", r.Rank, r.Team, r.Solved, r.PenaltyMinutes)
		if v.Scoring == "ioi" {
			line = fmt.Sprintf("%d %s %g |", r.Rank, r.Team, r.Score)
		}
		for _, c := range r.Cells {
			cell := "."
			switch {
			case v.Scoring == "ioi" && c.Tried:
				cell = fmt.Sprintf("%g/%d", c.Score, c.Tries)
			case c.Solved:
				cell = fmt.Sprintf("+%d/%d", c.Tries, c.PenaltyMinutes)
			case c.Tries > 0:
				cell = fmt.Sprintf("-%d", c.Tries)
			}
			if c.FirstToSolve {
				cell += "*"
			}
			if c.Pending > 0 {
				cell += fmt.Sprintf("?%d", c.Pending)
			}
			line += " " + cell
		}
		out = append(out, line)
	}
	return out
}

func wantTable(t *testing.T, what string, v api.StandingsView, want ...string) {
	t.Helper()
	if got := table(v); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\n%s\nwant\n%s", what, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestContestEndToEnd runs an ICPC contest of seconds with real judging:
// two users, three problems, submissions before the start (refused),
// during it (before and after the freeze) and after the end (refused);
// the standings checked cell by cell, frozen for a user and live for an
// admin; then an IOI practice contest on a problem with groups.
func TestContestEndToEnd(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 2 })
	ann, bob, carl := s.user, s.token(t, "bob", store.RoleUser), s.token(t, "carl", store.RoleUser)
	start := time.Now().Add(3 * time.Second).Truncate(time.Second)
	// The freeze is 5 s after the start; the end 25 s after it.
	code, _, out := s.call(t, "POST", "/api/v1/contests", s.admin, map[string]any{
		"id": "spring-26", "name": "Spring 26", "start": start, "duration_seconds": 25, "freeze_seconds": 20,
		"participants": []string{"ann", "bob"}, "problems": []map[string]string{{"slug": "a-plus-b"}, {"slug": "flip-game"}, {"slug": "divisor-pairs"}}})
	if code != http.StatusCreated || out["state"] != "upcoming" {
		t.Fatalf("create: %d %v", code, out)
	}
	freeze, end := start.Add(5*time.Second), start.Add(25*time.Second)

	// Before the start: refused in the contest, and the problems hidden
	// outside it.
	if code, out := s.contestSubmit(t, ann, "spring-26", "A", "a-plus-b/accepted/sum.c"); code != http.StatusForbidden ||
		!strings.Contains(fmt.Sprint(out["error"]), "contest spring-26 has not started; it starts at "+start.UTC().Format(time.RFC3339)) {
		t.Fatalf("before the start: %d %v", code, out)
	}
	if code, _, out := s.call(t, "POST", "/api/v1/submissions", bob, api.NewSubmission{Problem: "a-plus-b", Filename: "sum.c", Source: source(t, "a-plus-b/accepted/sum.c")}); code != http.StatusNotFound ||
		out["error"] != `problem: no problem "a-plus-b"` {
		t.Fatalf("a hidden problem outside the contest: %d %v, want the 404 of an unknown problem", code, out)
	}
	if _, _, out := s.call(t, "GET", "/api/v1/problems", bob, nil); strings.Contains(fmt.Sprint(out), "flip-game") {
		t.Fatalf("problems before the start list the contest's: %v", out)
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
	} {
		ids = append(ids, s.accepted(t, sub.token, "spring-26", sub.label, sub.rel))
	}
	if time.Now().After(freeze) {
		t.Fatal("the submissions before the freeze took past it")
	}
	if code, out := s.contestSubmit(t, carl, "spring-26", "A", "a-plus-b/accepted/sum.c"); code != http.StatusForbidden ||
		!strings.Contains(fmt.Sprint(out["error"]), "you do not take part in contest spring-26") {
		t.Fatalf("carl: %d %v", code, out)
	}
	until(freeze)
	late := s.accepted(t, ann, "spring-26", "B", "flip-game/accepted/bfs.py")
	for _, id := range append(ids, late) {
		s.waitDone(t, s.admin, id)
	}
	if time.Now().After(end) {
		t.Fatal("judging took past the end; the freeze cannot be checked")
	}
	// ann: A on the second try (20), B rejected then solved after the
	// freeze (20); bob: A first try, B a compile error (not counted), C
	// first try. Both solve two; bob has less penalty.
	wantTable(t, "the admin's live standings", s.standings(t, s.admin, "spring-26"),
		"1 bob 2 0 | +1/0 . +1/0*",
		"2 ann 2 40 | +2/20* +2/20* .")
	frozen := s.standings(t, ann, "spring-26")
	if !frozen.Frozen || frozen.State != "frozen" {
		t.Errorf("ann's standings are not frozen: %+v", frozen)
	}
	wantTable(t, "ann's frozen standings", frozen,
		"1 bob 2 0 | +1/0 . +1/0*",
		"2 ann 1 20 | +2/20* -1?1 .")

	until(end)
	if code, out := s.contestSubmit(t, ann, "spring-26", "C", "divisor-pairs/accepted/sqrt.py"); code != http.StatusForbidden ||
		!strings.Contains(fmt.Sprint(out["error"]), "contest spring-26 is over; it ended at") {
		t.Fatalf("after the end: %d %v", code, out)
	}
	wantTable(t, "ann's standings once over", s.standings(t, ann, "spring-26"),
		"1 bob 2 0 | +1/0 . +1/0*",
		"2 ann 2 40 | +2/20* +2/20* .")
	code, _, out = s.call(t, "GET", "/api/v1/contests/spring-26/problems/A/stats", bob, nil)
	if st, _ := out["stats"].(map[string]any); code != 200 || st["tries"] != 3.0 || st["solved"] != 2.0 {
		t.Errorf("stats of A: %d %v", code, out)
	}
	if code, _, out := s.call(t, "GET", "/api/v1/submissions?contest=spring-26", ann, nil); code != 200 || len(out["submissions"].([]any)) != 4 {
		t.Errorf("ann's submissions in the contest: %d %v", code, out)
	}
	if code, _, out := s.call(t, "DELETE", "/api/v1/contests/spring-26", s.admin, nil); code != http.StatusConflict {
		t.Errorf("delete a contest with submissions: %d %v", code, out)
	}

	// IOI, in practice mode: the best score per problem, groups taken
	// at their best.
	code, _, out = s.call(t, "POST", "/api/v1/contests", s.admin, map[string]any{
		"id": "ioi-26", "name": "IOI 26", "scoring": "ioi", "problems": []map[string]string{{"label": "P", "slug": "divisor-pairs"}}})
	if code != http.StatusCreated || out["state"] != "practice" {
		t.Fatalf("create the IOI contest: %d %v", code, out)
	}
	// Every user takes part: the admin's test run and carl's, whose
	// account is then disabled, are left out of the rows and statistics.
	ids = nil
	for _, sub := range []struct{ token, rel string }{
		{ann, "divisor-pairs/wrong_answer/int32.c"},
		{bob, "divisor-pairs/wrong_answer/int32.c"},
		{ann, "divisor-pairs/accepted/sqrt.py"},
		{s.admin, "divisor-pairs/accepted/sqrt.py"},
		{carl, "divisor-pairs/wrong_answer/int32.c"},
	} {
		ids = append(ids, s.accepted(t, sub.token, "ioi-26", "P", sub.rel))
	}
	for _, id := range ids {
		s.waitDone(t, s.admin, id)
	}
	for path, body := range map[string]any{"/api/v1/users/carl": map[string]any{"disabled": true}, "/api/v1/users/bob": map[string]any{"display_name": "Bob B"}} {
		if code, _, out := s.call(t, "PATCH", path, s.admin, body); code != http.StatusOK {
			t.Fatalf("PATCH %s: %d %v", path, code, out)
		}
	}
	ioi := s.standings(t, bob, "ioi-26")
	wantTable(t, "the IOI standings", ioi,
		"1 ann 100 | 100/2*",
		"2 bob 30 | 30/1")
	if ioi.Problems[0].MaxScore != 100 || ioi.Rows[0].Solved != 1 {
		t.Errorf("IOI: max score %v, ann solved %d", ioi.Problems[0].MaxScore, ioi.Rows[0].Solved)
	}
	if ioi.Rows[0].DisplayName != "ann" || ioi.Rows[1].DisplayName != "Bob B" {
		t.Errorf("IOI: display names %q, %q; want ann, Bob B", ioi.Rows[0].DisplayName, ioi.Rows[1].DisplayName)
	}
	if st := ioi.Stats[0]; st.Tries != 3 || st.Solved != 1 {
		t.Errorf("IOI: stats %+v, want the 3 runs of ann and bob, 1 solved", st)
	}
}
