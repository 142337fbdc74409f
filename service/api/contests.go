package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode"
)

// ContestSpec is the body of POST /api/v1/contests and PATCH
// /api/v1/contests/{id}. On a PATCH only the fields given change; on a
// POST the rest get their defaults: ICPC scoring, 20 minutes of penalty,
// no freeze, compile errors not counted, problems hidden before the
// start, every user taking part. A contest without start and end (or with
// practice true) is in practice mode: no window.
type ContestSpec struct {
	ID    *string    `json:"id,omitempty"`
	Name  *string    `json:"name,omitempty"`
	Start *time.Time `json:"start,omitempty"`
	// End, or DurationSeconds after the start.
	End             *time.Time `json:"end,omitempty"`
	DurationSeconds *int64     `json:"duration_seconds,omitempty"`
	Practice        *bool      `json:"practice,omitempty"`
	// FreezeSeconds is how long before the end the standings freeze.
	FreezeSeconds           *int64  `json:"freeze_seconds,omitempty"`
	Scoring                 *string `json:"scoring,omitempty"`
	PenaltyMinutes          *int    `json:"penalty_minutes,omitempty"`
	CountCompileErrors      *bool   `json:"count_compile_errors,omitempty"`
	HideProblemsBeforeStart *bool   `json:"hide_problems_before_start,omitempty"`
	// Participants are who take part; null or absent for every user (on
	// a PATCH, [] is nobody but admins and absent keeps the list).
	Participants *[]string `json:"participants,omitempty"`
	Everyone     *bool     `json:"everyone,omitempty"`
	// Problems in order; a problem without a label gets the next letter
	// (A, B, …).
	Problems *[]ContestProblem `json:"problems,omitempty"`
}

// apply changes c as the spec says.
func (sp ContestSpec) apply(c *Contest) error {
	if sp.Name != nil {
		c.Name = *sp.Name
	}
	if sp.Start != nil {
		c.Start = sp.Start.UTC()
	}
	switch {
	case sp.End != nil && sp.DurationSeconds != nil:
		return Errorf(http.StatusUnprocessableEntity, "duration_seconds", "give end or duration_seconds, not both")
	case sp.End != nil:
		c.End = sp.End.UTC()
	case sp.DurationSeconds != nil:
		if c.Start.IsZero() {
			return Errorf(http.StatusUnprocessableEntity, "duration_seconds", "needs a start")
		}
		c.End = c.Start.Add(time.Duration(*sp.DurationSeconds) * time.Second)
	}
	if sp.Practice != nil && *sp.Practice {
		if sp.Start != nil || sp.End != nil || sp.DurationSeconds != nil {
			return Errorf(http.StatusUnprocessableEntity, "practice", "a practice contest has no start, end or duration")
		}
		c.Start, c.End = time.Time{}, time.Time{}
	}
	if sp.FreezeSeconds != nil {
		c.Freeze = time.Duration(*sp.FreezeSeconds) * time.Second
	}
	if sp.Scoring != nil {
		c.Scoring = *sp.Scoring
	}
	if sp.PenaltyMinutes != nil {
		c.Penalty = *sp.PenaltyMinutes
	}
	if sp.CountCompileErrors != nil {
		c.CountCE = *sp.CountCompileErrors
	}
	if sp.HideProblemsBeforeStart != nil {
		c.HideProblems = *sp.HideProblemsBeforeStart
	}
	if sp.Everyone != nil && *sp.Everyone {
		if sp.Participants != nil {
			return Errorf(http.StatusUnprocessableEntity, "everyone", "give everyone or participants, not both")
		}
		c.Participants = nil
	}
	if sp.Participants != nil {
		c.Participants = append([]string{}, *sp.Participants...)
	}
	if sp.Problems != nil {
		c.Problems = nil
		for i, p := range *sp.Problems {
			if p.Label == "" {
				p.Label = DefaultLabel(i)
			}
			c.Problems = append(c.Problems, ContestProblem{Label: p.Label, Slug: p.Slug})
		}
	}
	return nil
}

// validContestID reports whether id can name a contest (in URLs and
// submissions): 1 to 64 of a-z, 0-9 and '-', not at either end.
func validContestID(id string) bool {
	if id == "" || len(id) > 64 || id[0] == '-' || id[len(id)-1] == '-' {
		return false
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// DefaultLabel is the label of the i-th problem (from 0): A to Z, then
// AA, AB, ….
func DefaultLabel(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return DefaultLabel(i/26-1) + DefaultLabel(i%26)
}

// ParseProblems reads a contest's problems as the CLI's --problems and
// the organiser's form take them: "A=slug,B=slug", or "slug,slug"
// labelled A, B, … in order (commas or white space between).
func ParseProblems(s string) ([]ContestProblem, error) {
	var out []ContestProblem
	items := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
	for i, item := range items {
		label, slug, ok := strings.Cut(item, "=")
		if !ok {
			label, slug = DefaultLabel(i), item
		}
		if label == "" || slug == "" {
			return nil, Errorf(http.StatusUnprocessableEntity, "problems", "%q: want LABEL=slug or slug", item)
		}
		out = append(out, ContestProblem{Label: label, Slug: slug})
	}
	if len(out) == 0 {
		return nil, Errorf(http.StatusUnprocessableEntity, "problems", "none given")
	}
	return out, nil
}

// checkProblems refuses a contest naming a problem the server does not
// have.
func (s *Server) checkProblems(ctx context.Context, c Contest) error {
	titles, err := s.titles(ctx)
	if err != nil {
		return err
	}
	for _, p := range c.Problems {
		if _, ok := titles[p.Slug]; !ok {
			return Errorf(http.StatusUnprocessableEntity, "problems", "no problem %q on this server", p.Slug)
		}
	}
	return nil
}

// titles maps every problem's slug to its title.
func (s *Server) titles(ctx context.Context) (map[string]string, error) {
	ps, err := s.b.Problems(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(ps))
	for _, p := range ps {
		out[p.Slug] = p.Title
	}
	return out, nil
}

// createContest is POST /api/v1/contests (admin).
func (s *Server) createContest(w http.ResponseWriter, r *http.Request) {
	var sp ContestSpec
	if err := s.decode(w, r, &sp); err != nil {
		writeError(w, err)
		return
	}
	v, err := s.CreateContest(r.Context(), sp)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, v)
}

// updateContest is PATCH /api/v1/contests/{id} (admin).
func (s *Server) updateContest(w http.ResponseWriter, r *http.Request) {
	var sp ContestSpec
	if err := s.decode(w, r, &sp); err != nil {
		writeError(w, err)
		return
	}
	v, err := s.UpdateContest(r.Context(), r.PathValue("id"), sp)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// CreateContest creates a contest as POST /api/v1/contests does, for the
// admin in ctx.
func (s *Server) CreateContest(ctx context.Context, sp ContestSpec) (ContestView, error) {
	if !Who(ctx).Admin() {
		return ContestView{}, Errorf(http.StatusForbidden, "", "needs an admin token")
	}
	if s.opt.Contests == nil {
		return ContestView{}, Errorf(http.StatusNotFound, "", "this server runs no contests")
	}
	if sp.ID == nil || *sp.ID == "" {
		return ContestView{}, Errorf(http.StatusUnprocessableEntity, "id", "missing")
	}
	if !validContestID(*sp.ID) {
		return ContestView{}, Errorf(http.StatusUnprocessableEntity, "id", "%q: use 1 to 64 of a-z, 0-9 and '-', not at either end", *sp.ID)
	}
	c := Contest{ID: *sp.ID, Scoring: "icpc", Penalty: 20, HideProblems: true}
	if err := sp.apply(&c); err != nil {
		return ContestView{}, err
	}
	return s.saveContest(ctx, c, s.opt.Contests.CreateContest)
}

// UpdateContest changes a contest as PATCH /api/v1/contests/{id} does,
// for the admin in ctx.
func (s *Server) UpdateContest(ctx context.Context, id string, sp ContestSpec) (ContestView, error) {
	if !Who(ctx).Admin() {
		return ContestView{}, Errorf(http.StatusForbidden, "", "needs an admin token")
	}
	c, err := s.contest(ctx, id, "")
	if err != nil {
		return ContestView{}, err
	}
	if sp.ID != nil && *sp.ID != c.ID {
		return ContestView{}, Errorf(http.StatusUnprocessableEntity, "id", "a contest's id cannot change")
	}
	if err := sp.apply(&c); err != nil {
		return ContestView{}, err
	}
	return s.saveContest(ctx, c, s.opt.Contests.UpdateContest)
}

// saveContest checks c's problems, saves it with save and returns its
// view.
func (s *Server) saveContest(ctx context.Context, c Contest, save func(context.Context, Contest) (Contest, error)) (ContestView, error) {
	if err := s.checkProblems(ctx, c); err != nil {
		return ContestView{}, err
	}
	saved, err := save(ctx, c)
	if err != nil {
		return ContestView{}, err
	}
	titles, err := s.titles(ctx)
	if err != nil {
		return ContestView{}, err
	}
	return NewContestView(saved, Who(ctx), s.now(), titles), nil
}

// deleteContest is DELETE /api/v1/contests/{id} (admin): only a contest
// without submissions.
func (s *Server) deleteContest(w http.ResponseWriter, r *http.Request) {
	c, err := s.contest(r.Context(), r.PathValue("id"), "")
	if err != nil {
		writeError(w, err)
		return
	}
	if err := s.opt.Contests.DeleteContest(r.Context(), c.ID); err != nil {
		if errors.Is(err, ErrConflict) {
			err = Errorf(http.StatusConflict, "", "contest %s has submissions; it cannot be deleted", c.ID)
		}
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// getContest is GET /api/v1/contests/{id}.
func (s *Server) getContest(w http.ResponseWriter, r *http.Request) {
	c, err := s.contest(r.Context(), r.PathValue("id"), "")
	if err != nil {
		writeError(w, err)
		return
	}
	titles, err := s.titles(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, NewContestView(c, Who(r.Context()), s.now(), titles))
}

// listContests is GET /api/v1/contests.
func (s *Server) listContests(w http.ResponseWriter, r *http.Request) {
	views, err := s.ContestViews(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"contests": views})
}

// ContestViews is every contest as the principal in ctx sees it (none
// when the server runs no contests).
func (s *Server) ContestViews(ctx context.Context) ([]ContestView, error) {
	out := []ContestView{}
	if s.opt.Contests == nil {
		return out, nil
	}
	cs, err := s.opt.Contests.Contests(ctx)
	if err != nil {
		return nil, err
	}
	titles, err := s.titles(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	for _, c := range cs {
		out = append(out, NewContestView(c, Who(ctx), now, titles))
	}
	return out, nil
}

// ContestView is one contest as the principal in ctx sees it.
func (s *Server) ContestView(ctx context.Context, id string) (ContestView, error) {
	c, err := s.contest(ctx, id, "")
	if err != nil {
		return ContestView{}, err
	}
	titles, err := s.titles(ctx)
	if err != nil {
		return ContestView{}, err
	}
	return NewContestView(c, Who(ctx), s.now(), titles), nil
}
