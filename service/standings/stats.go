package standings

import (
	"time"

	"github.com/puzzlejudge/judge/core/verdict"
)

// markFirstToSolve marks, per problem, the cells solved earliest. A
// problem has no first solve while a run before the earliest solve is
// still unresolved: judging it could make it first, and the mark must
// not move.
func markFirstToSolve(grid [][]scored, problems int) {
	for pi := range problems {
		solved, pending := false, false
		var first, earliestPending time.Duration
		for _, row := range grid {
			s := row[pi]
			if s.Solved && (!solved || s.solvedAt < first) {
				solved, first = true, s.solvedAt
			}
			if s.Pending > 0 && (!pending || s.earliestPending < earliestPending) {
				pending, earliestPending = true, s.earliestPending
			}
		}
		if !solved || pending && earliestPending < first {
			continue
		}
		for _, row := range grid {
			if row[pi].Solved && row[pi].solvedAt == first {
				row[pi].FirstToSolve = true
			}
		}
	}
}

// stats counts each problem's visible judged runs and solves.
func (c computer) stats(problems []Problem, teams []Team, runs map[cellKey][]Run, grid [][]scored) []ProblemStats {
	out := make([]ProblemStats, len(problems))
	for pi, p := range problems {
		ps := ProblemStats{Label: p.Label, ByLanguage: map[string]LangStats{}}
		for ti, t := range teams {
			for _, r := range runs[cellKey{t.Name, p.Label}] {
				if c.unresolved(r) || r.Verdict == "" || verdict.Verdict(r.Verdict) == verdict.IE {
					continue
				}
				ps.Tries++
				ls := ps.ByLanguage[r.Language]
				ls.Tries++
				ps.ByLanguage[r.Language] = ls
			}
			s := grid[ti][pi]
			if !s.Solved {
				continue
			}
			if ps.Solved == 0 || s.solvedAt < ps.FirstSolved {
				ps.FirstSolved = s.solvedAt
			}
			ps.Solved++
			ls := ps.ByLanguage[s.solvedLang]
			ls.Solved++
			ps.ByLanguage[s.solvedLang] = ls
		}
		out[pi] = ps
	}
	return out
}
