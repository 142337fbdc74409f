package api

import (
	"context"
	"errors"
	"net/http"
)

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
	c := Contest{ID: *sp.ID, Scoring: "icpc", Penalty: DefaultPenaltyMinutes, HideProblems: true}
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

// saveContest checks c's freeze and problems, saves it with save and
// returns its view.
func (s *Server) saveContest(ctx context.Context, c Contest, save func(context.Context, Contest) (Contest, error)) (ContestView, error) {
	if err := checkFreeze(c); err != nil {
		return ContestView{}, err
	}
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
