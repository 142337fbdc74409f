package service

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/clics"
	"github.com/puzzlejudge/judge/service/httpguard"
	"github.com/puzzlejudge/judge/service/store"
	"github.com/puzzlejudge/judge/service/web"
)

// clicsSource is the CLICS Contest API's clics.Source over the store and
// the catalog: the contests of /api/v1/contests as snapshots, read by
// the holders of a token or of a web session, with the same rules as the
// contest's standings (teams, freeze, thaw at the end).
type clicsSource struct {
	b   *backend
	cs  *contests
	ses sessions
}

// newClicsSource is the source of the CLICS Contest API over the
// service's store, catalog and contests.
func newClicsSource(b *backend, cs *contests, ses sessions) *clicsSource {
	return &clicsSource{b: b, cs: cs, ses: ses}
}

// clicsViewerKey carries a viewer already authenticated (by the stream
// cap) in a request's context.
type clicsViewerKey struct{}

// Viewer authenticates a request as /api/v1 does (Authorization: Bearer
// with a token) or, for a browser-based tool, with the web page's
// session cookie; also Authorization: Basic with the token as the
// password (and its user, or nothing, as the user name), which ICPC
// tools send. Nobody reads anonymously: no credentials is 401. A request
// the stream cap already authenticated carries its viewer.
func (c *clicsSource) Viewer(r *http.Request) (clics.Viewer, error) {
	if v, ok := r.Context().Value(clicsViewerKey{}).(clics.Viewer); ok {
		return v, nil
	}
	ctx := r.Context()
	var p api.Principal
	var err error
	if tok := api.BearerToken(r); tok != "" {
		p, err = c.b.Authenticate(ctx, tok)
	} else if user, tok, ok := r.BasicAuth(); ok && tok != "" {
		p, err = c.b.Authenticate(ctx, tok)
		if err == nil && user != "" && user != p.User {
			err = api.ErrUnauthorized
		}
	} else if ck, cerr := r.Cookie(web.SessionCookie); cerr == nil && ck.Value != "" {
		var s web.Session
		s, err = c.ses.Resume(ctx, ck.Value)
		p = s.Principal
	} else {
		return clics.Viewer{}, fmt.Errorf("%w: send Authorization: Bearer <token>", clics.ErrUnauthorized)
	}
	var refused *api.Error
	switch {
	case err == nil:
	case errors.Is(err, api.ErrUnauthorized):
		return clics.Viewer{}, clics.ErrUnauthorized
	case errors.As(err, &refused) && refused.Status == http.StatusForbidden:
		return clics.Viewer{}, fmt.Errorf("%w: %s", clics.ErrForbidden, refused.Msg)
	default:
		return clics.Viewer{}, err
	}
	// Authenticated connections are shed after anonymous ones.
	httpguard.Trust(ctx)
	return clics.Viewer{Admin: p.Admin(), User: p.User}, nil
}

// Contests lists every contest (the handler leaves out those without a
// window), without their submissions.
func (c *clicsSource) Contests(ctx context.Context, v clics.Viewer) ([]clics.Snapshot, error) {
	all, err := c.cs.Contests(ctx)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	out := make([]clics.Snapshot, 0, len(all))
	for _, ct := range all {
		out = append(out, clicsContest(ct, now))
	}
	return out, nil
}

// Snapshot is one contest now with its problems, teams, languages and
// submissions. Every signed-in user may follow every contest, as every
// user may read its standings; the handler takes out what a non-admin
// may not see.
func (c *clicsSource) Snapshot(ctx context.Context, id string, v clics.Viewer) (clics.Snapshot, error) {
	if !store.ValidContestID(id) {
		return clics.Snapshot{}, clics.ErrNotFound
	}
	ct, err := c.cs.Contest(ctx, id)
	if errors.Is(err, api.ErrNotFound) {
		return clics.Snapshot{}, clics.ErrNotFound
	}
	if err != nil {
		return clics.Snapshot{}, err
	}
	subs, err := c.cs.ContestSubmissions(ctx, id)
	if err != nil {
		return clics.Snapshot{}, err
	}
	probs, err := c.b.Problems(ctx)
	if err != nil {
		return clics.Snapshot{}, err
	}
	langs, err := c.b.Languages(ctx)
	if err != nil {
		return clics.Snapshot{}, err
	}
	accounts, err := c.b.st.Users(ctx)
	if err != nil {
		return clics.Snapshot{}, fmt.Errorf("users: %w", err)
	}
	return clicsSnapshot(ct, subs, probs, langs, accounts, time.Now()), nil
}

// clicsSnapshot is contest ct at now with its problems, languages, teams
// and submissions. The handler serves no submission of a team it does
// not have (an admin's test run, a disabled account's).
func clicsSnapshot(ct api.Contest, subs []api.Submission, probs []api.Problem, langs []api.Language, accounts []store.Account, now time.Time) clics.Snapshot {
	snap := clicsContest(ct, now)
	snap.Problems = clicsProblems(ct, probs, subs)
	snap.Languages = clicsLanguages(langs, subs)
	snap.Teams = clicsTeams(ct, subs, accounts)
	for _, s := range subs {
		snap.Submissions = append(snap.Submissions, clicsSubmission(s))
	}
	return snap
}

// Changed is closed at the next ring of the contest's bell (a submission
// made or judged, the contest changed), or when ctx ends.
func (c *clicsSource) Changed(ctx context.Context, id string) <-chan struct{} {
	ch := make(chan struct{})
	wake, stop := c.cs.bell.listen(id)
	go func() {
		defer close(ch)
		defer stop()
		select {
		case <-wake:
		case <-ctx.Done():
		}
	}()
	return ch
}

// clicsContest is a contest's settings as a snapshot, with the rules,
// freeze and thaw its standings have (api.ContestRules): the contests'
// freeze is how long before the end the board freezes, CLICS's an offset
// from the start; the board thaws at the end. A practice contest has no
// Start, and the handler does not serve it.
func clicsContest(c api.Contest, now time.Time) clics.Snapshot {
	s := clics.Snapshot{ID: c.ID, Name: c.Name, FormalName: c.Name, Now: now, Rules: api.ContestRules(c)}
	if c.Practice() {
		return s
	}
	s.Start, s.Length, s.Thawed = c.Start, c.Length(), c.ThawAt()
	return s
}

// clicsProblems are the contest's problems in its order, with the
// catalog's names, time limits and test counts; an IOI problem's full
// score is the standings' (api.ContestMaxScores).
func clicsProblems(c api.Contest, probs []api.Problem, subs []api.Submission) []clics.ContestProblem {
	byslug := map[string]api.Problem{}
	for _, p := range probs {
		byslug[p.Slug] = p
	}
	maxScore := api.ContestMaxScores(subs)
	out := make([]clics.ContestProblem, 0, len(c.Problems))
	for _, cp := range c.Problems {
		p := byslug[cp.Slug]
		out = append(out, clics.ContestProblem{Slug: cp.Slug, Label: cp.Label, Name: cmp.Or(p.Title, cp.Slug),
			TimeLimit: time.Duration(p.TimeMs) * time.Millisecond, TestDataCount: p.Tests, MaxScore: maxScore[cp.Slug]})
	}
	return out
}

// clicsLanguages are the languages offered now, and any no longer
// offered that a submission of the contest used (its run still counts).
func clicsLanguages(langs []api.Language, subs []api.Submission) []clics.ContestLanguage {
	out := make([]clics.ContestLanguage, 0, len(langs))
	seen := map[string]bool{}
	for _, l := range langs {
		seen[l.Name] = true
		out = append(out, clics.ContestLanguage{Name: l.Name, Extensions: l.Extensions, Version: l.Version})
	}
	for _, s := range subs {
		if !seen[s.Language] {
			seen[s.Language] = true
			out = append(out, clics.ContestLanguage{Name: s.Language})
		}
	}
	return out
}

// clicsTeams are the contest's teams as its standings have them
// (api.ContestTeams: participants, or those who submitted; no admin
// unless listed, no disabled account), named by their display names.
func clicsTeams(c api.Contest, subs []api.Submission, accounts []store.Account) []clics.ContestTeam {
	users := make([]api.User, len(accounts))
	for i, a := range accounts {
		users[i] = apiUser(a)
	}
	var out []clics.ContestTeam
	for _, t := range api.ContestTeams(c, subs, users) {
		out = append(out, clics.ContestTeam{ID: t.Name, Name: t.Name, DisplayName: t.Display})
	}
	return out
}

// clicsSubmission is a submission with its judging: none while queued,
// one without a verdict while judged, and its verdict, score and longest
// test once done. A rejudged submission's judgement has a new id.
func clicsSubmission(s api.Submission) clics.ContestSubmission {
	out := clics.ContestSubmission{ID: s.ID, Team: s.User, Problem: s.Problem, Language: s.Language, Time: s.CreatedAt}
	if s.State == api.StateQueued || s.StartedAt.IsZero() && s.State != api.StateDone {
		return out
	}
	j := &clics.ContestJudgement{Started: s.StartedAt}
	if s.Gen > 1 {
		j.ID = fmt.Sprintf("%s-%d", s.ID, s.Gen)
	}
	if s.State == api.StateDone {
		j.Verdict, j.Ended = s.Verdict, s.FinishedAt
		if rep := s.Report; rep != nil {
			if rep.Score != nil {
				j.Score = *rep.Score
			}
			if len(rep.Groups) > 0 {
				j.Groups = map[string]float64{}
				for _, g := range rep.Groups {
					j.Groups[g.Name] = g.Score
				}
			}
			j.MaxRunTime = time.Duration(rep.MaxTimeMs) * time.Millisecond
		}
	}
	out.Judgement = j
	return out
}
