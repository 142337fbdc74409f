package service

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/store"
)

// TestContestPenaltyZero: an ICPC contest created with penalty_minutes
// 0 charges nothing for rejected tries everywhere, with real judging:
// ann's A after two wrong answers costs only its minute (0), like bob's
// A first try, in /api/v1's standings and on the scoreboard rebuilt from
// the CLICS event feed, and the CLICS contest object says penalty_time 0.
func TestContestPenaltyZero(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 2 })
	ann, bob := s.user, s.token(t, "bob", store.RoleUser)
	start := time.Now().Truncate(time.Second)
	code, _, out := s.call(t, "POST", "/api/v1/contests", s.admin, map[string]any{
		"id": "free-26", "name": "Free 26", "start": start, "duration_seconds": 3600, "penalty_minutes": 0,
		"participants": []string{"ann", "bob"}, "problems": []map[string]string{{"slug": "a-plus-b"}}})
	if code != http.StatusCreated || out["penalty_minutes"] != 0.0 {
		t.Fatalf("create: %d %v, want 201 with penalty_minutes 0", code, out)
	}
	var ids []string
	for _, sub := range []struct{ token, rel string }{
		{ann, "a-plus-b/wrong_answer/int32.c"},
		{ann, "a-plus-b/wrong_answer/int32.c"},
		{ann, "a-plus-b/accepted/sum.c"},
		{bob, "a-plus-b/accepted/sum.py"},
	} {
		ids = append(ids, s.accepted(t, sub.token, "free-26", "A", sub.rel))
	}
	for _, id := range ids {
		s.waitDone(t, s.admin, id)
	}
	if time.Since(start) >= time.Minute {
		t.Fatal("the submissions took past the contest's first minute; their minutes are not 0")
	}

	v := s.standings(t, bob, "free-26")
	if len(v.Rows) != 2 {
		t.Fatalf("standings rows %+v, want ann and bob", v.Rows)
	}
	for _, r := range v.Rows {
		c := r.Cells[0]
		if r.Rank != 1 || r.Solved != 1 || r.PenaltyMinutes != 0 || !c.Solved || c.PenaltyMinutes != 0 {
			t.Errorf("%s: rank %d, solved %d, penalty %d, A %+v; want rank 1 (a tie), 1 solved, penalty 0", r.Team, r.Rank, r.Solved, r.PenaltyMinutes, c)
		}
		if want := map[string]int{"ann": 3, "bob": 1}[r.Team]; c.Tries != want {
			t.Errorf("%s: %d tries on A, want %d", r.Team, c.Tries, want)
		}
	}
	board, _ := s.rebuilt(t, s.admin, "free-26")
	if got, want := scoreboardRows(board, v.Problems), standingsRows(v); got != want {
		t.Errorf("the board rebuilt from the event feed\n%s\nwant the standings'\n%s", got, want)
	}

	code, body := s.clicsGet(t, "/api/contests/free-26", "Bearer "+ann)
	var contest map[string]any
	if code != http.StatusOK || json.Unmarshal(body, &contest) != nil {
		t.Fatalf("the CLICS contest: %d %s", code, body)
	}
	if pt, ok := contest["penalty_time"]; !ok || pt != 0.0 {
		t.Errorf("the CLICS contest's penalty_time %v (present %v), want 0: %s", pt, ok, body)
	}
}
