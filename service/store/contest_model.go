package store

import (
	"fmt"
	"time"
)

// Scoring rules a contest ranks by.
const (
	ScoringICPC = "icpc"
	ScoringIOI  = "ioi"
)

// Contest is a set of problems, labelled, over a window of time (none in
// practice mode), ranked by ICPC or IOI rules.
type Contest struct {
	// ID names the contest in URLs and submissions: chosen by the admin,
	// 1 to 64 lowercase letters, digits and '-' (see ValidContestID).
	ID   string
	Name string
	// Start and End are the window; both zero in practice mode.
	Start, End time.Time
	// Freeze is how long before End the public standings freeze; 0 for
	// never.
	Freeze  time.Duration
	Scoring string // ScoringICPC or ScoringIOI
	// Penalty is the minutes an ICPC rejected try before the first
	// accepted one costs; CountCE counts a compile error as a try.
	Penalty int
	CountCE bool
	// HideProblems keeps the contest's problems hidden and closed to
	// submissions outside it until its start.
	HideProblems bool
	// Participants are who may take part; nil for every user.
	Participants []string
	Problems     []ContestProblem
	CreatedAt    time.Time
}

// ContestProblem is one problem of a contest, under its label.
type ContestProblem struct {
	Label string // "A", "B", …
	Slug  string
}

// Practice reports whether the contest has no window.
func (c Contest) Practice() bool { return c.Start.IsZero() }

// ValidContestID reports whether id can name a contest: 1 to 64 of a-z,
// 0-9 and '-', not starting or ending with '-'.
func ValidContestID(id string) bool {
	if id == "" || len(id) > 64 || id[0] == '-' || id[len(id)-1] == '-' {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// validLabel reports whether l can label a problem: 1 to 8 letters and
// digits.
func validLabel(l string) bool {
	if l == "" || len(l) > 8 {
		return false
	}
	for i := 0; i < len(l); i++ {
		c := l[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// validateContest checks a contest's fields before it is written.
func validateContest(c Contest) error {
	bad := func(field, format string, args ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrInvalid, field, fmt.Sprintf(format, args...))
	}
	switch {
	case !ValidContestID(c.ID):
		return bad("id", "%q: use 1 to 64 of a-z, 0-9 and '-'", c.ID)
	case c.Name == "" || len(c.Name) > 200:
		return bad("name", "want 1 to 200 characters")
	case c.Start.IsZero() != c.End.IsZero():
		return bad("end", "give both start and end, or neither for practice mode")
	case !c.Start.IsZero() && !c.End.After(c.Start):
		return bad("end", "%s is not after the start %s", c.End.Format(time.RFC3339), c.Start.Format(time.RFC3339))
	case c.Freeze < 0:
		return bad("freeze", "negative")
	case c.Start.IsZero() && c.Freeze > 0:
		return bad("freeze", "a practice contest has none")
	case !c.Start.IsZero() && c.Freeze >= c.End.Sub(c.Start):
		return bad("freeze", "%s is not shorter than the contest", c.Freeze)
	case c.Scoring != ScoringICPC && c.Scoring != ScoringIOI:
		return bad("scoring", "%q: use icpc or ioi", c.Scoring)
	case c.Penalty < 0:
		return bad("penalty", "negative")
	case len(c.Problems) == 0:
		return bad("problems", "none")
	}
	labels, slugs := map[string]bool{}, map[string]bool{}
	for _, p := range c.Problems {
		switch {
		case !validLabel(p.Label):
			return bad("problems", "label %q: use 1 to 8 letters and digits", p.Label)
		case p.Slug == "":
			return bad("problems", "label %s has no problem", p.Label)
		case labels[p.Label]:
			return bad("problems", "label %s twice", p.Label)
		case slugs[p.Slug]:
			return bad("problems", "problem %s twice", p.Slug)
		}
		labels[p.Label], slugs[p.Slug] = true, true
	}
	for _, u := range c.Participants {
		if !ValidUserName(u) {
			return bad("participants", "%q is not a user name", u)
		}
	}
	return nil
}
