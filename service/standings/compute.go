package standings

import (
	"cmp"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/core/verdict"
)

// Compute computes the table of a contest as the view sees it.
func Compute(in Input, v View) Table {
	c := computer{
		rules: in.Rules,
		hide:  v == Public && in.Rules.Freeze > 0 && !in.Thawed,
	}
	if c.rules.Scoring != IOI {
		c.rules.Scoring = ICPC
	}
	runs := cellRuns(in)
	teams := uniqueTeams(in.Teams)
	grid := make([][]scored, len(teams))
	for ti, team := range teams {
		grid[ti] = make([]scored, len(in.Problems))
		for pi, p := range in.Problems {
			rs := runs[cellKey{team.Name, p.Label}]
			if c.rules.Scoring == IOI {
				grid[ti][pi] = c.ioiCell(p, rs)
			} else {
				grid[ti][pi] = c.icpcCell(p, rs)
			}
		}
	}
	markFirstToSolve(grid, len(in.Problems))
	t := Table{
		Scoring:  c.rules.Scoring,
		Frozen:   c.hide && in.Now >= in.Rules.Freeze,
		Problems: slices.Clone(in.Problems),
		Rows:     make([]Row, len(teams)),
		Stats:    c.stats(in.Problems, teams, runs, grid),
	}
	for ti, team := range teams {
		t.Rows[ti] = c.row(team, grid[ti])
	}
	rank(t.Rows, c.rules.Scoring)
	return t
}

// computer holds what every cell of one table is computed with.
type computer struct {
	rules Rules
	hide  bool // the Public view of a frozen contest
}

// unresolved says the run's result is not shown: not judged yet, or
// hidden by the freeze.
func (c computer) unresolved(r Run) bool {
	return r.Pending || c.hide && r.At >= c.rules.Freeze
}

// counts says a judged run counts as a try.
func (c computer) counts(r Run) bool {
	switch verdict.Verdict(r.Verdict) {
	case "", verdict.IE:
		return false
	case verdict.CE:
		return c.rules.CountCompileErrors
	}
	return true
}

// scored is a cell with what first to solve and the statistics need.
type scored struct {
	Cell
	solvedAt   time.Duration // exact time of the solving run
	solvedLang string
	// earliestPending is the time of the first unresolved run the cell
	// counts; valid when Pending > 0.
	earliestPending time.Duration
}

// pend counts an unresolved run at the given time.
func (s *scored) pend(at time.Duration) {
	if s.Pending == 0 || at < s.earliestPending {
		s.earliestPending = at
	}
	s.Pending++
}

// cellKey names one team's runs on one problem.
type cellKey struct{ team, problem string }

// cellRuns groups the runs that count by team and problem, each group in
// time order (ties by ID, so the result does not depend on input order).
func cellRuns(in Input) map[cellKey][]Run {
	teams := make(map[string]bool, len(in.Teams))
	for _, t := range in.Teams {
		teams[t.Name] = true
	}
	problems := make(map[string]bool, len(in.Problems))
	for _, p := range in.Problems {
		problems[p.Label] = true
	}
	out := make(map[cellKey][]Run)
	for _, r := range in.Runs {
		if !teams[r.Team] || !problems[r.Problem] || r.At < 0 || in.Length > 0 && r.At >= in.Length {
			continue
		}
		k := cellKey{r.Team, r.Problem}
		out[k] = append(out[k], r)
	}
	for _, rs := range out {
		slices.SortFunc(rs, func(a, b Run) int {
			return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.ID, b.ID))
		})
	}
	return out
}

// uniqueTeams drops later teams with a name already listed.
func uniqueTeams(teams []Team) []Team {
	seen := make(map[string]bool, len(teams))
	out := make([]Team, 0, len(teams))
	for _, t := range teams {
		if !seen[t.Name] {
			seen[t.Name] = true
			out = append(out, t)
		}
	}
	return out
}

// row sums a team's cells.
func (c computer) row(team Team, cells []scored) Row {
	r := Row{Team: team, Cells: make([]Cell, len(cells))}
	for i, s := range cells {
		r.Cells[i] = s.Cell
		if s.Solved {
			r.Solved++
		}
		switch c.rules.Scoring {
		case IOI:
			r.Score += s.Score
			if s.Score > 0 && s.Time > r.LastAC {
				r.LastAC = s.Time
			}
		default:
			if s.Solved {
				r.Penalty += s.Penalty
				r.LastAC = max(r.LastAC, s.Time)
			}
		}
	}
	r.Score = round(r.Score)
	return r
}
