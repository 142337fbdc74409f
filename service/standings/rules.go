package standings

import "time"

// Scoring names how a contest is scored.
type Scoring string

// The scorings a contest can have. Any other value is taken as ICPC.
const (
	ICPC Scoring = "icpc" // problems solved, then penalty time
	IOI  Scoring = "ioi"  // sum of each problem's best score
)

// DefaultPenalty is the customary ICPC penalty per counted rejected
// run, the one a new contest gets unless its organiser sets another.
const DefaultPenalty = 20 * time.Minute

// Rules are a contest's scoring rules.
type Rules struct {
	Scoring Scoring
	// Penalty is added per counted rejected run before the first
	// accepted one (ICPC); zero means rejected runs cost nothing.
	Penalty time.Duration
	// CountCompileErrors makes a compile error count as a rejected run.
	CountCompileErrors bool
	// Freeze is the offset from the start after which the Public view
	// hides results; zero means no freeze.
	Freeze time.Duration
}

// Problem is one problem of the contest, in the table's column order.
type Problem struct {
	Label string // A, B, ...
	Slug  string // the problem's name in the catalog
	Name  string // its title
	// MaxScore is the full score of an IOI problem (e.g. 100); a team
	// reaching it has solved the problem. Zero: nobody solves it.
	MaxScore float64
}

// Team is one row of the table.
type Team struct {
	Name    string // the key runs refer to
	Display string // shown; Name when empty
}

// Shown is the name shown for the team: Display, or Name when empty.
func (t Team) Shown() string {
	if t.Display == "" {
		return t.Name
	}
	return t.Display
}

// Run is one submission as the standings see it.
type Run struct {
	ID       string
	Team     string        // Team.Name
	Problem  string        // Problem.Label
	At       time.Duration // since the contest's start
	Language string
	Pending  bool   // not judged yet
	Verdict  string // AC WA PE TLE MLE OLE RE CE IE, as core/verdict names them
	Score    float64
	// Groups is the score per subtask (group) of an IOI problem with
	// groups; the cell takes each group's best across runs.
	Groups map[string]float64
}

// Input is everything the table is computed from.
type Input struct {
	Rules    Rules
	Problems []Problem
	Teams    []Team
	// Runs in any order. Runs of teams or problems not listed, runs
	// before the start and runs at or after Length (when set) are left
	// out.
	Runs []Run
	// Length is the contest's length; zero for a contest without end
	// (practice), whose runs all count.
	Length time.Duration
	// Now is the contest time at which the table is computed; the table
	// says Frozen once Now reaches the freeze. Runs after the freeze are
	// hidden in the Public view whatever Now is.
	Now time.Duration
	// Thawed lifts the freeze: the Public view shows every result.
	Thawed bool
}

// View is who looks at the table.
type View int

// The views of a table.
const (
	// Public is what contestants and the world see: frozen after the
	// freeze until thawed.
	Public View = iota
	// Jury is the live table, every judged run shown.
	Jury
)
