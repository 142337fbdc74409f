package api

import (
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
