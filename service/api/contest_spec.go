package api

import (
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
// practice true) is in practice mode: no window, and so no freeze. The
// freeze must be shorter than the window (422 naming freeze_seconds
// otherwise, whichever of the two a PATCH changes).
type ContestSpec struct {
	ID    *string    `json:"id,omitempty"`
	Name  *string    `json:"name,omitempty"`
	Start *time.Time `json:"start,omitempty"`
	// End, or DurationSeconds after the start.
	End             *time.Time `json:"end,omitempty"`
	DurationSeconds *int64     `json:"duration_seconds,omitempty"`
	Practice        *bool      `json:"practice,omitempty"`
	// FreezeSeconds is how long before the end the standings freeze:
	// less than the contest's length; none (0) in practice mode.
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
		// The freeze is the window's: a practice contest has none.
		c.Start, c.End, c.Freeze = time.Time{}, time.Time{}, 0
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
