package standings

import (
	"time"

	"github.com/puzzlejudge/judge/core/verdict"
)

// icpcCell scores one team's runs on one problem, in time order, by the
// ICPC rules: counted runs up to the first accepted one; its minute plus
// the penalty of the rejected runs before it.
func (c computer) icpcCell(p Problem, runs []Run) scored {
	s := scored{Cell: Cell{Label: p.Label}}
	for _, r := range runs {
		if c.unresolved(r) {
			s.pend(r.At)
			continue
		}
		if !c.counts(r) {
			continue
		}
		s.Tries++
		if verdict.Verdict(r.Verdict) == verdict.AC {
			s.Solved = true
			s.solvedAt = r.At
			s.solvedLang = r.Language
			s.Time = r.At.Truncate(time.Minute)
			s.Penalty = s.Time + time.Duration(s.Tries-1)*c.rules.Penalty
			break
		}
	}
	s.Tried = s.Tries > 0 || s.Pending > 0
	return s
}
