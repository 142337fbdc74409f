package service

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/clics"
	"github.com/puzzlejudge/judge/service/store"
)

// TestContestRulesAgree: for ICPC and IOI contests with and without a
// freeze, saved through the API, the standings of /api/v1 and the CLICS
// scoreboard agree (rows, cells, IOI full scores, frozen or not, when the
// freeze begins) before the freeze, during it and after the end, for an
// admin and for a user. A freeze as long as the contest is refused; a
// contest stored with one before that check (or a longer one) has no
// freeze on either board.
func TestContestRulesAgree(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots = 0 })
	ctx := context.Background()
	s.token(t, "bob", store.RoleUser)
	accounts, err := s.svc.st.Users(ctx)
	if err != nil {
		t.Fatal(err)
	}
	users := make([]api.User, len(accounts))
	for i, a := range accounts {
		users[i] = apiUser(a)
	}
	start := time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)
	const length = 5 * time.Hour
	probs := []api.Problem{{Slug: "a-plus-b", Title: "A plus B"}, {Slug: "divisor-pairs", Title: "Divisor Pairs"}}
	titles := map[string]string{"a-plus-b": "A plus B", "divisor-pairs": "Divisor Pairs"}
	langs := []api.Language{{Name: "c"}}
	all := agreeSubs(start)
	for i, c := range []struct {
		name, scoring string
		freeze        time.Duration
		refused       string // the 422's error when saving is refused
		// public is the user's table at 4h30m, as agreeStandings writes
		// it.
		public string
	}{
		{"ICPC, no freeze", "icpc", 0, "",
			"1 ann 1 50 | +30:0:2/0 .:0:0/1\n2 bob 1 250 | +250:0:1/0 .:0:1/0"},
		{"ICPC, a freeze", "icpc", time.Hour, "",
			"1 ann 1 50 | +30:0:2/0 .:0:0/1\n2 bob 0 0 | .:0:0/1 .:0:1/0"},
		{"IOI, no freeze", "ioi", 0, "",
			"1 bob 130 | .:100:1/0 .:30:1/0\n2 ann 100 | .:100:2/0 .:0:0/1"},
		{"IOI, a freeze", "ioi", time.Hour, "",
			"1 ann 100 | .:100:2/0 .:0:0/1\n2 bob 30 | .:0:0/1 .:30:1/0"},
		{"a freeze as long as the contest", "icpc", length, "freeze_seconds: the freeze (5h) must be shorter than the contest (5h)",
			"1 ann 1 50 | +30:0:2/0 .:0:0/1\n2 bob 1 250 | +250:0:1/0 .:0:1/0"},
		{"a freeze longer than the contest", "ioi", 6 * time.Hour, "freeze_seconds: the freeze (6h) must be shorter than the contest (5h)",
			"1 bob 130 | .:100:1/0 .:30:1/0\n2 ann 100 | .:100:2/0 .:0:0/1"},
	} {
		id := fmt.Sprintf("agree-%d", i)
		code, _, out := s.call(t, "POST", "/api/v1/contests", s.admin, map[string]any{
			"id": id, "name": c.name, "start": start, "duration_seconds": int64(length / time.Second),
			"freeze_seconds": int64(c.freeze / time.Second), "scoring": c.scoring, "participants": []string{"ann", "bob"},
			"problems": []map[string]string{{"slug": "a-plus-b"}, {"slug": "divisor-pairs"}}})
		var ct api.Contest
		switch {
		case c.refused != "":
			if code != http.StatusUnprocessableEntity || out["error"] != c.refused || out["field"] != "freeze_seconds" {
				t.Errorf("%s: %d %v, want 422 %q", c.name, code, out, c.refused)
			}
			// As a contest stored before the check holds it.
			ct = api.Contest{ID: id, Name: c.name, Start: start, End: start.Add(length), Freeze: c.freeze, Scoring: c.scoring,
				Penalty: 20, HideProblems: true, Participants: []string{"ann", "bob"},
				Problems: []api.ContestProblem{{Label: "A", Slug: "a-plus-b"}, {Label: "B", Slug: "divisor-pairs"}}}
		case code != http.StatusCreated:
			t.Fatalf("%s: %d %v", c.name, code, out)
		default:
			got, err := s.svc.st.GetContest(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			ct = apiContest(got)
		}
		for _, at := range []time.Duration{time.Hour, 4*time.Hour + 30*time.Minute, 6 * time.Hour} {
			now := start.Add(at)
			var subs []api.Submission
			for _, sub := range all {
				if sub.CreatedAt.Before(now) {
					subs = append(subs, sub)
				}
			}
			snap := clicsSnapshot(ct, subs, probs, langs, accounts, now)
			for _, jury := range []bool{true, false} {
				what := fmt.Sprintf("%s, at %s, jury %v", c.name, at, jury)
				v := api.ContestStandings(ct, subs, titles, users, now, jury)
				if got := agreeStandings(v); at == 4*time.Hour+30*time.Minute && !jury && got != c.public {
					t.Errorf("%s: the standings\n%s\nwant\n%s", what, got, c.public)
				}
				board, objs := clics.BuildScoreboard(snap, jury), clics.Build(snap, jury)
				if got, want := agreeBoard(board, v.Problems), agreeStandings(v); got != want {
					t.Errorf("%s: the CLICS scoreboard\n%s\nwant the standings'\n%s", what, got, want)
				}
				frozen := objs.State.Frozen != nil && objs.State.Thawed == nil
				if (v.State == api.ContestFrozen) != frozen || v.Frozen != (frozen && !jury) {
					t.Errorf("%s: the standings say state %s, frozen %v; CLICS says frozen %v", what, v.State, v.Frozen, frozen)
				}
				var freezeAt time.Time
				if d := objs.Contest.ScoreboardFreezeDuration; d != "" {
					rel, err := clics.ParseRelTime(d)
					if err != nil {
						t.Fatal(err)
					}
					freezeAt = start.Add(length - rel)
				}
				if !time.Time(v.Freeze).Equal(freezeAt) {
					t.Errorf("%s: the standings' freeze %v, CLICS's %v", what, time.Time(v.Freeze), freezeAt)
				}
				for i, p := range objs.Problems {
					if want := v.Problems[i].MaxScore; c.scoring == "ioi" && (p.MaxScore == nil || *p.MaxScore != want) {
						t.Errorf("%s: problem %s's max score %v in CLICS, %v in the standings", what, p.Label, p.MaxScore, want)
					}
				}
			}
		}
	}
}

// agreeSubs are a contest's submissions from start on (5 h, the freeze,
// when there is one, at 4 h): ann solves A after a rejected try, bob
// solves B partly before the freeze and A after it, ann's B is judged
// after the freeze and another is pending, the admin tests A (no row)
// and bob submits after the end (not counted).
func agreeSubs(start time.Time) []api.Submission {
	n := func(f float64) *float64 { return &f }
	sub := func(id, user, prob, verdict string, at time.Duration, score, max float64) api.Submission {
		s := api.Submission{ID: id, User: user, Problem: prob, Language: "c", State: api.StateDone, Gen: 1, Verdict: verdict,
			CreatedAt: start.Add(at), StartedAt: start.Add(at + time.Second), FinishedAt: start.Add(at + 2*time.Second),
			Report: &judging.Report{Score: n(score), MaxScore: n(max)}}
		if prob == "divisor-pairs" {
			s.Report.Groups = []judging.GroupResult{{Name: "secret/group1", Score: score}}
		}
		return s
	}
	pending := sub("S6", "ann", "divisor-pairs", "", 4*time.Hour+20*time.Minute, 0, 0)
	pending.State, pending.Report, pending.FinishedAt = api.StateJudging, nil, time.Time{}
	return []api.Submission{
		sub("S1", "ann", "a-plus-b", "WA", 10*time.Minute, 0, 100),
		sub("S2", "ann", "a-plus-b", "AC", 30*time.Minute, 100, 100),
		sub("S3", "admin", "a-plus-b", "AC", time.Hour, 100, 100),
		sub("S4", "bob", "divisor-pairs", "WA", 3*time.Hour, 30, 100),
		sub("S5", "bob", "a-plus-b", "AC", 4*time.Hour+10*time.Minute, 100, 100),
		pending,
		sub("S7", "ann", "divisor-pairs", "WA", 4*time.Hour+30*time.Minute, 60, 100),
		sub("S8", "bob", "divisor-pairs", "AC", 5*time.Hour+10*time.Minute, 100, 100),
	}
}

// agreeStandings writes standings as sorted lines "rank team solved
// penalty | cell ..." (IOI: "rank team score | cell ..."), a cell
// "mark:score:tries/pending", the mark "+minute" for an ICPC solve.
func agreeStandings(v api.StandingsView) string {
	var rows []string
	for _, r := range v.Rows {
		line := fmt.Sprintf("%d %s %g |", r.Rank, r.Team, r.Score)
		if v.Scoring == "icpc" {
			line = fmt.Sprintf("%d %s %d %d |", r.Rank, r.Team, r.Solved, r.PenaltyMinutes)
		}
		for _, c := range r.Cells {
			line += agreeCell(v.Scoring == "icpc" && c.Solved, c.Score, c.Tries, c.Pending, c.Minute)
		}
		rows = append(rows, line)
	}
	slices.Sort(rows)
	return strings.Join(rows, "\n")
}

// agreeBoard writes a CLICS scoreboard as agreeStandings does, its cells
// in the standings' column order.
func agreeBoard(b clics.Scoreboard, columns []api.StandingsProblem) string {
	val := func(p *int) int {
		if p == nil {
			return 0
		}
		return *p
	}
	var rows []string
	for _, r := range b.Rows {
		line := fmt.Sprintf("%d %s %d %d |", r.Rank, r.TeamID, val(r.Score.NumSolved), val(r.Score.TotalTime))
		if r.Score.Score != nil {
			line = fmt.Sprintf("%d %s %g |", r.Rank, r.TeamID, *r.Score.Score)
		}
		for _, col := range columns {
			i := slices.IndexFunc(r.Problems, func(p clics.ProblemScore) bool { return p.ProblemID == clics.ID(col.Slug) })
			if i < 0 {
				line += agreeCell(false, 0, 0, 0, 0)
				continue
			}
			p := r.Problems[i]
			score := 0.0
			if p.Score != nil {
				score = *p.Score
			}
			minute := int64(0)
			if p.Solved != nil && *p.Solved {
				minute = int64(val(p.Time))
			}
			line += agreeCell(p.Solved != nil && *p.Solved, score, p.NumJudged, p.NumPending, minute)
		}
		rows = append(rows, line)
	}
	slices.Sort(rows)
	return strings.Join(rows, "\n")
}

// agreeCell is one cell: "+" solved at minute, then score and
// tries/pending.
func agreeCell(solved bool, score float64, tries, pending int, minute int64) string {
	mark := "."
	if solved {
		mark = fmt.Sprintf("+%d", minute)
	}
	return fmt.Sprintf(" %s:%g:%d/%d", mark, score, tries, pending)
}
