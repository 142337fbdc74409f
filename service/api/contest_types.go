package api

import (
	"context"
	"encoding/json"
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

// Contest states, as GET /api/v1/contests/{id} names them.
const (
	ContestUpcoming = "upcoming"
	ContestRunning  = "running"
	ContestFrozen   = "frozen"
	ContestOver     = "over"
	ContestPractice = "practice"
)

// DefaultPenaltyMinutes is the ICPC penalty a new contest gets when its
// creator gives no penalty_minutes (0 is a penalty: none).
const DefaultPenaltyMinutes = int(standings.DefaultPenalty / time.Minute)

// Contest is a contest as the backend stores it: a window (zero Start
// and End in practice mode), labelled problems, rules and participants.
type Contest struct {
	ID, Name   string
	Start, End time.Time
	// Freeze is how long before End the public standings freeze (0:
	// never); shorter than the window, and 0 in practice mode (see
	// ContestRules).
	Freeze  time.Duration
	Scoring string // "icpc" or "ioi"
	// Penalty is in minutes per rejected try before the first accepted;
	// 0 charges none.
	Penalty int
	CountCE bool
	// HideProblems keeps the problems hidden and closed outside the
	// contest until the start.
	HideProblems bool
	// Participants take part; nil for every user.
	Participants []string
	Problems     []ContestProblem
}

// ContestProblem is one problem of a contest under its label.
type ContestProblem struct {
	Label string `json:"label"`
	Slug  string `json:"slug"`
	// Name is the problem's title, filled in when shown.
	Name string `json:"name,omitempty"`
}

// Practice reports whether the contest has no window.
func (c Contest) Practice() bool { return c.Start.IsZero() }

// State is where the contest stands at now.
func (c Contest) State(now time.Time) string {
	freeze := c.FreezeAt()
	switch {
	case c.Practice():
		return ContestPractice
	case now.Before(c.Start):
		return ContestUpcoming
	case !now.Before(c.End):
		return ContestOver
	case !freeze.IsZero() && !now.Before(freeze):
		return ContestFrozen
	}
	return ContestRunning
}

// Takes reports whether user takes part in the contest.
func (c Contest) Takes(user string) bool {
	if c.Participants == nil {
		return true
	}
	for _, p := range c.Participants {
		if p == user {
			return true
		}
	}
	return false
}

// Problem returns the contest's problem named by a label or a slug.
func (c Contest) Problem(name string) (ContestProblem, bool) {
	for _, p := range c.Problems {
		if p.Label == name || p.Slug == name {
			return p, true
		}
	}
	return ContestProblem{}, false
}

// ContestBackend stores contests and tells of their judged submissions.
// Errors map to statuses as Backend's do.
type ContestBackend interface {
	// CreateContest stores a new contest; ErrConflict when its ID is
	// taken.
	CreateContest(ctx context.Context, c Contest) (Contest, error)
	// UpdateContest replaces an existing contest.
	UpdateContest(ctx context.Context, c Contest) (Contest, error)
	// DeleteContest deletes a contest without submissions (ErrConflict
	// when it has some).
	DeleteContest(ctx context.Context, id string) error
	// Contest returns one contest, or ErrNotFound.
	Contest(ctx context.Context, id string) (Contest, error)
	// Contests returns every contest, oldest first.
	Contests(ctx context.Context) ([]Contest, error)
	// ContestSubmissions returns every submission of a contest, oldest
	// first, with their reports.
	ContestSubmissions(ctx context.Context, id string) ([]Submission, error)
	// ContestJudged wakes (a buffered channel holding the latest ring's
	// time, coalescing) whenever a submission of contest id is judged or
	// rejudged, after the store has it; call stop when done.
	ContestJudged(id string) (wake <-chan time.Time, stop func())
}

// ContestView is a contest's JSON answer. Participants are shown to
// admins only; the problems of a contest that hides them are shown to
// others once it has started.
type ContestView struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	State   string `json:"state"`
	Start   Stamp  `json:"start"`
	End     Stamp  `json:"end"`
	Freeze  Stamp  `json:"freeze"` // when the standings freeze; null for never
	Scoring string `json:"scoring"`
	// FreezeSeconds is how long before the end the standings freeze.
	FreezeSeconds           int64 `json:"freeze_seconds"`
	PenaltyMinutes          int   `json:"penalty_minutes"`
	CountCompileErrors      bool  `json:"count_compile_errors"`
	HideProblemsBeforeStart bool  `json:"hide_problems_before_start"`
	Everyone                bool  `json:"everyone"`
	// TakesPart says whether the viewer is among the participants.
	TakesPart    bool             `json:"takes_part"`
	Participants []string         `json:"participants,omitempty"`
	Problems     []ContestProblem `json:"problems"`
	// ProblemsHidden says the problems are not shown yet.
	ProblemsHidden bool `json:"problems_hidden,omitempty"`
}

// NewContestView is c as one principal sees it at now, the problems'
// names from titles (slug: title).
func NewContestView(c Contest, who Principal, now time.Time, titles map[string]string) ContestView {
	v := ContestView{
		ID: c.ID, Name: c.Name, State: c.State(now), Start: Stamp(c.Start), End: Stamp(c.End),
		Scoring: c.Scoring, FreezeSeconds: int64(c.Freeze / time.Second), PenaltyMinutes: c.Penalty,
		CountCompileErrors: c.CountCE, HideProblemsBeforeStart: c.HideProblems, Everyone: c.Participants == nil,
		TakesPart: c.Takes(who.User), Problems: []ContestProblem{}, Freeze: Stamp(c.FreezeAt()),
	}
	if who.Admin() {
		v.Participants = c.Participants
	}
	if !who.Admin() && c.HideProblems && v.State == ContestUpcoming {
		v.ProblemsHidden = true
		return v
	}
	for _, p := range c.Problems {
		p.Name = titles[p.Slug]
		v.Problems = append(v.Problems, p)
	}
	return v
}

// UnmarshalJSON reads what MarshalJSON writes: an RFC 3339 time or null.
func (s *Stamp) UnmarshalJSON(b []byte) error {
	var t *time.Time
	if err := json.Unmarshal(b, &t); err != nil {
		return err
	}
	*s = Stamp{}
	if t != nil {
		*s = Stamp(*t)
	}
	return nil
}
