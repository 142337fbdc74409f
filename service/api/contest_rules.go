package api

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// stamp is how a message names a time.
func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// admitContest decides whether who may submit in to its contest now (or,
// with no contest, to the problem outside any), and returns in with its
// problem named by slug. Admins may always submit to a contest; a user
// needs to take part, within the window. A problem that a contest hides
// until its start does not exist for users outside it until then (404, as
// an unknown problem).
func (s *Server) admitContest(ctx context.Context, who Principal, in NewSubmission, prefix string) (NewSubmission, error) {
	if in.Contest == "" {
		if who.Admin() || s.opt.Contests == nil {
			return in, nil
		}
		hidden, err := s.hiddenProblems(ctx)
		if err != nil {
			return in, err
		}
		if _, ok := hidden[in.Problem]; ok {
			// The answer to a problem that does not exist: a user learns
			// nothing of the problem set before the contest starts.
			return in, Errorf(http.StatusNotFound, prefix+"problem", "no problem %q", in.Problem)
		}
		return in, nil
	}
	c, err := s.contest(ctx, in.Contest, prefix+"contest")
	if err != nil {
		return in, err
	}
	p, ok := c.Problem(in.Problem)
	if !ok {
		return in, Errorf(http.StatusUnprocessableEntity, prefix+"problem", "%s is not a problem of contest %s", in.Problem, c.ID)
	}
	in.Problem = p.Slug
	if who.Admin() {
		return in, nil
	}
	if !c.Takes(who.User) {
		return in, Errorf(http.StatusForbidden, prefix+"contest", "you do not take part in contest %s", c.ID)
	}
	now := s.now()
	switch c.State(now) {
	case ContestUpcoming:
		return in, Errorf(http.StatusForbidden, prefix+"contest", "contest %s has not started; it starts at %s", c.ID, stamp(c.Start))
	case ContestOver:
		return in, Errorf(http.StatusForbidden, prefix+"contest", "contest %s is over; it ended at %s", c.ID, stamp(c.End))
	}
	return in, nil
}

// contest gets a contest, or a 404 naming field when there is none (or
// the server runs no contests).
func (s *Server) contest(ctx context.Context, id, field string) (Contest, error) {
	if s.opt.Contests == nil {
		return Contest{}, Errorf(http.StatusNotFound, field, "this server runs no contests")
	}
	c, err := s.opt.Contests.Contest(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return Contest{}, Errorf(http.StatusNotFound, field, "no contest %q", id)
	}
	return c, err
}

// hiddenProblems maps each problem that a contest hides now to that
// contest (the one starting first when several do).
func (s *Server) hiddenProblems(ctx context.Context) (map[string]Contest, error) {
	out := map[string]Contest{}
	if s.opt.Contests == nil {
		return out, nil
	}
	cs, err := s.opt.Contests.Contests(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	for _, c := range cs {
		if !c.HideProblems || c.State(now) != ContestUpcoming {
			continue
		}
		for _, p := range c.Problems {
			if had, ok := out[p.Slug]; !ok || c.Start.Before(had.Start) {
				out[p.Slug] = c
			}
		}
	}
	return out, nil
}

// HiddenProblems is the set of problems the principal in ctx may not see
// yet outside a contest (none for an admin): for the web page's lists.
func (s *Server) HiddenProblems(ctx context.Context) (map[string]bool, error) {
	out := map[string]bool{}
	if Who(ctx).Admin() {
		return out, nil
	}
	h, err := s.hiddenProblems(ctx)
	if err != nil {
		return nil, err
	}
	for slug := range h {
		out[slug] = true
	}
	return out, nil
}

// visibleProblems is ps without the problems hidden from the principal
// in ctx.
func (s *Server) visibleProblems(ctx context.Context, ps []Problem) ([]Problem, error) {
	hidden, err := s.HiddenProblems(ctx)
	if err != nil || len(hidden) == 0 {
		return ps, err
	}
	out := make([]Problem, 0, len(ps))
	for _, p := range ps {
		if !hidden[p.Slug] {
			out = append(out, p)
		}
	}
	return out, nil
}
