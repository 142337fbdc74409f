package standings

import (
	"math"
	"time"

	"github.com/puzzlejudge/judge/core/verdict"
)

// ioiCell scores one team's runs on one problem by the IOI rules: the
// best score, where runs give groups the sum over groups of each group's
// best across runs (subtask-wise best), else the best run's score. Time
// is the minute of the last improvement; reaching MaxScore solves.
func (c computer) ioiCell(p Problem, runs []Run) scored {
	s := scored{Cell: Cell{Label: p.Label}}
	groups := map[string]float64{}
	bestRun := 0.0
	for _, r := range runs {
		if c.unresolved(r) {
			s.pend(r.At)
			continue
		}
		if !c.counts(r) {
			continue
		}
		s.Tries++
		if verdict.Verdict(r.Verdict) == verdict.CE {
			continue
		}
		for g, v := range r.Groups {
			groups[g] = max(groups[g], v)
		}
		bestRun = max(bestRun, r.Score)
		total := 0.0
		for _, v := range groups {
			total += v
		}
		best := round(max(total, bestRun))
		if best > s.Score {
			s.Score = best
			s.Time = r.At.Truncate(time.Minute)
		}
		if !s.Solved && p.MaxScore > 0 && s.Score >= p.MaxScore {
			s.Solved = true
			s.solvedAt = r.At
			s.solvedLang = r.Language
		}
	}
	s.Tried = s.Tries > 0 || s.Pending > 0
	return s
}

// round rounds a score to a millionth, so that sums of fractions compare
// equal when they are.
func round(x float64) float64 {
	return math.Round(x*1e6) / 1e6
}
