package api

import (
	"net/http"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

// Length is how long the contest lasts: zero in practice mode.
func (c Contest) Length() time.Duration {
	if c.Practice() {
		return 0
	}
	return c.End.Sub(c.Start)
}

// ContestRules are c's scoring rules, as its standings and the CLICS
// Contest API both take them: Rules.Freeze is the offset from the start
// at which the public table freezes, zero when it never does (a practice
// contest, no freeze, or a freeze not shorter than the contest, which
// saving refuses but a contest stored before may have).
func ContestRules(c Contest) standings.Rules {
	r := standings.Rules{Scoring: standings.Scoring(c.Scoring), Penalty: time.Duration(c.Penalty) * time.Minute,
		CountCompileErrors: c.CountCE}
	if n := c.Length(); c.Freeze > 0 && c.Freeze < n {
		r.Freeze = n - c.Freeze
	}
	return r
}

// FreezeAt is when c's public standings freeze; zero when they never do.
func (c Contest) FreezeAt() time.Time {
	f := ContestRules(c).Freeze
	if f == 0 {
		return time.Time{}
	}
	return c.Start.Add(f)
}

// ThawAt is when the freeze is lifted: the end of a contest with a
// freeze; zero for one without.
func (c Contest) ThawAt() time.Time {
	if c.FreezeAt().IsZero() {
		return time.Time{}
	}
	return c.End
}

// ContestMaxScores maps each problem (by slug) to its full score, for
// IOI: the highest that a judged submission's report gives.
func ContestMaxScores(subs []Submission) map[string]float64 {
	out := map[string]float64{}
	for _, s := range subs {
		if rep := s.Report; rep != nil && s.State == StateDone && rep.MaxScore != nil && *rep.MaxScore > out[s.Problem] {
			out[s.Problem] = *rep.MaxScore
		}
	}
	return out
}

// checkFreeze refuses a negative freeze, and one that ContestRules would
// not apply: on a practice contest (which has no window to freeze in),
// or not shorter than the contest. A window that ends before it starts
// is the store's to refuse.
func checkFreeze(c Contest) error {
	switch {
	case c.Freeze < 0:
		return Errorf(http.StatusUnprocessableEntity, "freeze_seconds", "the freeze (%s) is negative", shortDuration(c.Freeze))
	case c.Freeze == 0 || ContestRules(c).Freeze > 0:
		return nil
	case c.Practice():
		return Errorf(http.StatusUnprocessableEntity, "freeze_seconds", "a practice contest has no freeze (%s given)", shortDuration(c.Freeze))
	case c.Length() > 0:
		return Errorf(http.StatusUnprocessableEntity, "freeze_seconds", "the freeze (%s) must be shorter than the contest (%s)",
			shortDuration(c.Freeze), shortDuration(c.Length()))
	}
	return nil
}

// shortDuration writes d as Go does without trailing zero units: 2h,
// 1h30m, 45m.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
