package api

import (
	"context"
	"net/http"
)

// admitClar checks what a question or announcement names against the
// contests, and returns in with its problem named by slug. A contest
// named must exist (404), and a user must take part in it (403); a
// problem named with a contest must be one of its problems, by label or
// slug (422). A problem that a contest hides until its start is, to a
// user, no problem at all (the catalog's 404 for an unknown one), with
// or without its contest named: a clarification must not reveal the
// problem set early. Admins are held to the names only.
func (s *Server) admitClar(ctx context.Context, who Principal, in NewClarification) (NewClarification, error) {
	if in.Contest == "" {
		if in.Problem == "" || who.Admin() {
			return in, nil
		}
		hidden, err := s.hiddenProblems(ctx)
		if err != nil {
			return in, err
		}
		if _, ok := hidden[in.Problem]; ok {
			return in, unknownProblem(in.Problem)
		}
		return in, nil
	}
	c, err := s.contest(ctx, in.Contest, "contest")
	if err != nil {
		return in, err
	}
	if !who.Admin() && !c.Takes(who.User) {
		return in, Errorf(http.StatusForbidden, "contest", "you do not take part in contest %s", c.ID)
	}
	if in.Problem == "" {
		return in, nil
	}
	if !who.Admin() && c.HideProblems && c.State(s.now()) == ContestUpcoming {
		return in, unknownProblem(in.Problem)
	}
	p, ok := c.Problem(in.Problem)
	if !ok {
		return in, Errorf(http.StatusUnprocessableEntity, "problem", "%s is not a problem of contest %s", in.Problem, c.ID)
	}
	in.Problem = p.Slug
	return in, nil
}

// unknownProblem is the answer about a problem the catalog does not
// have, word for word as the backend gives it.
func unknownProblem(slug string) error {
	return Errorf(http.StatusNotFound, "problem", "no problem %q", slug)
}
