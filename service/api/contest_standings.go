package api

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

// Standings computes a contest's table as the principal in ctx sees it:
// live for an admin; for everyone else frozen from the freeze until the
// end (the results from the freeze on shown as pending), whole once the
// contest is over. A contest that hides its problems shows no table to
// users before its start.
func (s *Server) Standings(ctx context.Context, id string) (StandingsView, error) {
	return s.standingsSince(ctx, id, time.Now())
}

// standingsSince is Standings from a computation that started at or
// after since: one shared with the other streams woken at since.
func (s *Server) standingsSince(ctx context.Context, id string, since time.Time) (StandingsView, error) {
	key := shareKey{contest: id, jury: Who(ctx).Admin()}
	// Shared: the computation outlives a stream that goes away.
	shared := context.WithoutCancel(ctx)
	return s.tables.get(key, since, func() (StandingsView, error) { return s.computeStandings(shared, id) })
}

// computeStandings computes the table of contest id for the principal in
// ctx.
func (s *Server) computeStandings(ctx context.Context, id string) (StandingsView, error) {
	c, err := s.contest(ctx, id, "")
	if err != nil {
		return StandingsView{}, err
	}
	now := s.now()
	subs, err := s.opt.Contests.ContestSubmissions(ctx, c.ID)
	if err != nil {
		return StandingsView{}, err
	}
	titles, err := s.titles(ctx)
	if err != nil {
		return StandingsView{}, err
	}
	users, err := s.b.Users(ctx)
	if err != nil {
		return StandingsView{}, err
	}
	return ContestStandings(c, subs, titles, users, now, Who(ctx).Admin()), nil
}

// ContestStandings is c's table at now, from its submissions, the
// problems' titles (slug: title) and the accounts: the live table for
// the jury, else the public one (frozen from the freeze until the end).
// A contest that hides its problems shows the public no table before its
// start.
func ContestStandings(c Contest, subs []Submission, titles map[string]string, accounts []User, now time.Time, jury bool) StandingsView {
	state := c.State(now)
	view := standings.Public
	if jury {
		view = standings.Jury
	}
	in := standingsInput(c, subs, titles, accountsByName(accounts), now)
	if view == standings.Public && c.HideProblems && state == ContestUpcoming {
		in.Problems, in.Runs = nil, nil
	}
	return newStandingsView(c, state, standings.Compute(in, view))
}

// accountsByName indexes accounts by name.
func accountsByName(us []User) map[string]User {
	out := make(map[string]User, len(us))
	for _, u := range us {
		out[u.Name] = u
	}
	return out
}

// standingsTeam is the row of user, and false when user has none: a
// disabled account never has one, nor an admin unless listed as a
// participant (the jury's test runs in a contest open to everyone are not
// on the scoreboard, as in DOMjudge). An account not known (gone, or a
// token's user with no account) is a user named by its name.
func standingsTeam(user string, accounts map[string]User, listed bool) (standings.Team, bool) {
	a, known := accounts[user]
	if known && (a.Disabled || a.Role == RoleAdmin && !listed) {
		return standings.Team{}, false
	}
	return standings.Team{Name: user, Display: a.DisplayName}, true
}

// ContestTeams are the teams that have a row in c's standings, named as
// accounts name them: its participants or, when every user takes part,
// those who submitted to one of its problems, in the order of their first
// submission; admins (unless listed) and disabled accounts left out. The
// CLICS Contest API serves the same teams.
func ContestTeams(c Contest, subs []Submission, accounts []User) []standings.Team {
	return contestTeams(c, subs, accountsByName(accounts))
}

func contestTeams(c Contest, subs []Submission, accounts map[string]User) []standings.Team {
	var teams []standings.Team
	seen := map[string]bool{}
	for _, u := range c.Participants {
		seen[u] = true
		if t, ok := standingsTeam(u, accounts, true); ok {
			teams = append(teams, t)
		}
	}
	if c.Participants != nil {
		return teams
	}
	inContest := map[string]bool{}
	for _, p := range c.Problems {
		inContest[p.Slug] = true
	}
	for _, sub := range subs {
		if inContest[sub.Problem] && !seen[sub.User] {
			seen[sub.User] = true
			if t, ok := standingsTeam(sub.User, accounts, false); ok {
				teams = append(teams, t)
			}
		}
	}
	return teams
}

// standingsInput is what the table of c at now is computed from: its
// participants (or, when every user takes part, those who submitted,
// admins left out), disabled accounts left out, its problems and its
// submissions as runs (the runs of users without a row left out by
// standings.Compute, from the statistics too).
func standingsInput(c Contest, subs []Submission, titles map[string]string, accounts map[string]User, now time.Time) standings.Input {
	in := standings.Input{Rules: ContestRules(c)}
	if !c.Practice() {
		in.Length = c.Length()
		in.Now = now.Sub(c.Start)
		thaw := c.ThawAt()
		in.Thawed = !thaw.IsZero() && !now.Before(thaw)
	}
	label := map[string]string{}
	for _, p := range c.Problems {
		label[p.Slug] = p.Label
	}
	in.Teams = contestTeams(c, subs, accounts)
	for _, sub := range subs {
		l, ok := label[sub.Problem]
		if !ok {
			continue
		}
		run := standings.Run{ID: sub.ID, Team: sub.User, Problem: l, At: sub.CreatedAt.Sub(c.Start),
			Language: sub.Language, Pending: sub.State != StateDone, Verdict: sub.Verdict}
		if c.Practice() {
			run.At = 0
		}
		if rep := sub.Report; rep != nil && sub.State == StateDone {
			if rep.Score != nil {
				run.Score = *rep.Score
			}
			if len(rep.Groups) > 0 {
				run.Groups = map[string]float64{}
				for _, g := range rep.Groups {
					run.Groups[g.Name] = g.Score
				}
			}
		}
		in.Runs = append(in.Runs, run)
	}
	maxScore := ContestMaxScores(subs)
	for _, p := range c.Problems {
		in.Problems = append(in.Problems, standings.Problem{Label: p.Label, Slug: p.Slug, Name: titles[p.Slug],
			MaxScore: maxScore[p.Slug]})
	}
	return in
}

// standings is GET /api/v1/contests/{id}/standings.
func (s *Server) standings(w http.ResponseWriter, r *http.Request) {
	v, err := s.Standings(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// problemStats is GET /api/v1/contests/{id}/problems/{label}/stats: one
// problem's statistics as the standings show them to the viewer.
func (s *Server) problemStats(w http.ResponseWriter, r *http.Request) {
	v, err := s.Standings(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	label := r.PathValue("label")
	for i, st := range v.Stats {
		if st.Label == label {
			writeJSON(w, http.StatusOK, map[string]any{"contest": v.Contest, "problem": v.Problems[i], "frozen": v.Frozen, "stats": st})
			return
		}
	}
	writeError(w, Errorf(http.StatusNotFound, "label", "contest %s has no problem %q", v.Contest, label))
}

// standingsEvents is GET /api/v1/contests/{id}/standings/events:
// Server-Sent Events named standings, each the table as GET standings
// gives it to this viewer, sent at once and again whenever a submission
// of the contest is judged; keep-alive comments while idle. The stream
// counts against the same caps as a submission's.
func (s *Server) standingsEvents(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.Standings(r.Context(), id); err != nil {
		writeError(w, err)
		return
	}
	release, err := s.streams.take(Who(r.Context()).User)
	if err != nil {
		writeError(w, err)
		return
	}
	defer release()
	wake, stop := s.opt.Contests.ContestJudged(id)
	defer stop()
	st := s.openSSE(w)
	table := func(since time.Time) bool {
		v, err := s.standingsSince(r.Context(), id, since)
		if err != nil {
			return false
		}
		data, err := json.Marshal(v)
		return err == nil && st.event(Event{Name: "standings"}, data)
	}
	if !st.text("retry: 2000\n\n") || !table(time.Now()) {
		return
	}
	pumpSSE(s, r, st, wake, func(rang time.Time, _ bool) bool { return table(rang) })
}
