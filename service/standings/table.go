package standings

import "time"

// Table is a computed scoreboard.
type Table struct {
	Scoring Scoring
	// Frozen says the Public view hides runs from the freeze on and the
	// freeze has begun (Input.Now reached it).
	Frozen   bool
	Problems []Problem
	Rows     []Row          // ranked, best first
	Stats    []ProblemStats // one per problem, in Problems' order
}

// Row is one team's line of the table.
type Row struct {
	Rank    int // 1-based, shared by tied teams (1, 1, 3)
	Team    Team
	Solved  int           // problems solved (IOI: full score reached)
	Penalty time.Duration // ICPC: total penalty, in whole minutes
	Score   float64       // IOI: sum of the problems' best scores
	// LastAC is the minute of the last accepted run (ICPC) or of the
	// last score improvement (IOI); the ICPC tie-break.
	LastAC time.Duration
	Cells  []Cell // one per problem, in Problems' order
}

// Cell is one team's result on one problem.
type Cell struct {
	Label        string
	Solved       bool
	FirstToSolve bool
	// Tries counts the counted runs up to and including the first
	// accepted one, or all counted runs when unsolved (IOI: all counted
	// judged runs).
	Tries int
	// Pending counts the runs not judged yet, and in the Public view of
	// a frozen contest the runs from the freeze on.
	Pending int
	// Time is the minute (truncated) of the first accepted run (ICPC) or
	// of the last score improvement (IOI).
	Time time.Duration
	// Penalty is the problem's penalty when solved (ICPC): Time plus
	// Rules.Penalty per counted rejected run before it.
	Penalty time.Duration
	// Score is the best score (IOI): the sum over groups of each
	// group's best when runs give groups, else the best run's score.
	Score float64
	Tried bool // a counted or pending run exists
}

// ProblemStats are one problem's statistics over the visible judged runs
// (every judged run in the Jury view).
type ProblemStats struct {
	Label string
	// Tries counts judged runs, every verdict but IE, including runs
	// after a team's first solve.
	Tries int
	// Solved counts the teams that solved the problem.
	Solved int
	// FirstSolved is the exact contest time of the first solve;
	// meaningful when Solved > 0.
	FirstSolved time.Duration
	// ByLanguage splits Tries by the runs' language, and Solved by the
	// language of each team's solving run.
	ByLanguage map[string]LangStats
}

// LangStats are a problem's statistics in one language.
type LangStats struct {
	Tries, Solved int
}
