package api

import "context"

// Marks of a problem for one user: solved (an accepted submission) or
// tried (submissions, none accepted yet).
const (
	MarkSolved = "solved"
	MarkTried  = "tried"
)

// maxMarkPages bounds the pages of a user's submissions Marks reads
// outside a contest.
const maxMarkPages = 10

// Marks maps each problem (by slug) the principal in ctx has submitted to
// its mark, over the submissions of a contest, or over all of theirs
// with contest "" (their latest MaxPageSize × maxMarkPages).
func (s *Server) Marks(ctx context.Context, contest string) (map[string]string, error) {
	who := Who(ctx)
	out := map[string]string{}
	mark := func(sub Submission) {
		switch {
		case sub.State == StateDone && sub.Verdict == "AC":
			out[sub.Problem] = MarkSolved
		case out[sub.Problem] == "":
			out[sub.Problem] = MarkTried
		}
	}
	if contest != "" {
		if s.opt.Contests == nil {
			return out, nil
		}
		subs, err := s.opt.Contests.ContestSubmissions(ctx, contest)
		if err != nil {
			return nil, err
		}
		for _, sub := range subs {
			if sub.User == who.User {
				mark(sub)
			}
		}
		return out, nil
	}
	q := ListQuery{User: who.User, Limit: 200}
	for range maxMarkPages {
		page, err := s.b.List(ctx, q)
		if err != nil {
			return nil, err
		}
		for _, sub := range page.Items {
			mark(sub)
		}
		if page.Next == "" {
			break
		}
		q.Cursor = page.Next
	}
	return out, nil
}
