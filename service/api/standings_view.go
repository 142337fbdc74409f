package api

import (
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

// StandingsView is a contest's scoreboard as JSON: the problems in column
// order, the rows best first, and each problem's statistics. Times are
// whole minutes from the start (ICPC), scores as the problems give them
// (IOI). Frozen says the results from the freeze on are hidden (shown as
// pending) from this viewer; Freeze is when the freeze begins (null for
// a contest without one), as the contest's own "freeze".
type StandingsView struct {
	Contest  string             `json:"contest"`
	Name     string             `json:"name"`
	State    string             `json:"state"`
	Scoring  string             `json:"scoring"`
	Frozen   bool               `json:"frozen"`
	Freeze   Stamp              `json:"freeze"`
	Problems []StandingsProblem `json:"problems"`
	Rows     []StandingsRow     `json:"rows"`
	Stats    []ProblemStatsView `json:"stats"`
}

// StandingsProblem is a column of the table.
type StandingsProblem struct {
	Label    string  `json:"label"`
	Slug     string  `json:"slug"`
	Name     string  `json:"name"`
	MaxScore float64 `json:"max_score,omitempty"`
}

// StandingsRow is one team's line: Team is the account's name (what
// submissions and the other endpoints name it by), DisplayName the name
// shown (the account's display name, or its name when it has none).
type StandingsRow struct {
	Rank           int             `json:"rank"`
	Team           string          `json:"team"`
	DisplayName    string          `json:"display_name"`
	Solved         int             `json:"solved"`
	PenaltyMinutes int64           `json:"penalty_minutes"`
	Score          float64         `json:"score"`
	LastACMinute   int64           `json:"last_ac_minute"`
	Cells          []StandingsCell `json:"cells"`
}

// StandingsCell is one team's result on one problem.
type StandingsCell struct {
	Label          string  `json:"label"`
	Solved         bool    `json:"solved"`
	FirstToSolve   bool    `json:"first_to_solve"`
	Tries          int     `json:"tries"`
	Pending        int     `json:"pending"`
	Tried          bool    `json:"tried"`
	Minute         int64   `json:"minute"`
	PenaltyMinutes int64   `json:"penalty_minutes"`
	Score          float64 `json:"score"`
}

// ProblemStatsView is one problem's statistics: judged tries, teams that
// solved it, the first solve (seconds from the start, null when none) and
// the same split by language.
type ProblemStatsView struct {
	Label              string                   `json:"label"`
	Tries              int                      `json:"tries"`
	Solved             int                      `json:"solved"`
	FirstSolvedSeconds *float64                 `json:"first_solved_seconds"`
	ByLanguage         map[string]LangStatsView `json:"by_language"`
}

// LangStatsView is a problem's statistics in one language.
type LangStatsView struct {
	Tries  int `json:"tries"`
	Solved int `json:"solved"`
}

func minutes(d time.Duration) int64 { return int64(d / time.Minute) }

// newStandingsView is the JSON of a computed table.
func newStandingsView(c Contest, state string, t standings.Table) StandingsView {
	v := StandingsView{Contest: c.ID, Name: c.Name, State: state, Scoring: string(t.Scoring), Frozen: t.Frozen,
		Freeze: Stamp(c.FreezeAt()), Problems: []StandingsProblem{}, Rows: []StandingsRow{}, Stats: []ProblemStatsView{}}
	for _, p := range t.Problems {
		v.Problems = append(v.Problems, StandingsProblem{Label: p.Label, Slug: p.Slug, Name: p.Name, MaxScore: p.MaxScore})
	}
	for _, r := range t.Rows {
		row := StandingsRow{Rank: r.Rank, Team: r.Team.Name, DisplayName: r.Team.Shown(), Solved: r.Solved, PenaltyMinutes: minutes(r.Penalty),
			Score: r.Score, LastACMinute: minutes(r.LastAC), Cells: make([]StandingsCell, 0, len(r.Cells))}
		for _, cell := range r.Cells {
			row.Cells = append(row.Cells, StandingsCell{Label: cell.Label, Solved: cell.Solved, FirstToSolve: cell.FirstToSolve,
				Tries: cell.Tries, Pending: cell.Pending, Tried: cell.Tried, Minute: minutes(cell.Time),
				PenaltyMinutes: minutes(cell.Penalty), Score: cell.Score})
		}
		v.Rows = append(v.Rows, row)
	}
	for _, st := range t.Stats {
		sv := ProblemStatsView{Label: st.Label, Tries: st.Tries, Solved: st.Solved, ByLanguage: map[string]LangStatsView{}}
		if st.Solved > 0 {
			secs := st.FirstSolved.Seconds()
			sv.FirstSolvedSeconds = &secs
		}
		for lang, ls := range st.ByLanguage {
			sv.ByLanguage[lang] = LangStatsView{Tries: ls.Tries, Solved: ls.Solved}
		}
		v.Stats = append(v.Stats, sv)
	}
	return v
}
