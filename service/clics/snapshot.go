package clics

import (
	"time"

	"github.com/puzzlejudge/judge/service/standings"
)

// Snapshot is one contest as the store holds it at one moment: what the
// builders turn into CLICS objects. The Source makes one per request;
// the handler decides what of it a viewer sees.
type Snapshot struct {
	ID         string // the contest's id (made a CLICS ID by ID)
	Name       string
	FormalName string
	// Start and Length are the contest's window. A snapshot without a
	// Start (a practice contest) is not served.
	Start  time.Time
	Length time.Duration
	// Rules are the scoring rules; Rules.Freeze is the offset from Start
	// at which the public board freezes (zero: no freeze).
	Rules standings.Rules
	// Thawed is when the freeze was or will be lifted; zero: not set.
	Thawed time.Time
	// Finalized is when the results were declared final; zero: not yet.
	Finalized   time.Time
	Problems    []ContestProblem // in the contest's order (ordinal 1, 2, ...)
	Teams       []ContestTeam
	Languages   []ContestLanguage
	Submissions []ContestSubmission
	// Now is when the snapshot was taken: the state and the freeze are
	// computed at Now.
	Now time.Time
}

// ContestProblem is one problem of the contest.
type ContestProblem struct {
	Slug          string // the problem's name in the catalog: its CLICS id
	Label         string // A, B, ...
	Name          string
	TimeLimit     time.Duration
	TestDataCount int
	MaxScore      float64 // the full score, for IOI contests
}

// ContestTeam is one team (a user of the judge) of the contest.
type ContestTeam struct {
	ID          string // the user's name: what submissions refer to
	Name        string // shown; ID when empty
	DisplayName string // optional
	// Hidden teams are left out of the scoreboard, and with their
	// submissions out of what non-admins see.
	Hidden bool
}

// ContestLanguage is one language submissions may use.
type ContestLanguage struct {
	Name       string // the judge's name, as submissions give it (python)
	Title      string // shown (Python 3); Name when empty
	Extensions []string
	Compiler   string // the compiler's or interpreter's command; optional
	Version    string // its version line; optional
}

// ContestSubmission is one submission to the contest.
type ContestSubmission struct {
	ID       string
	Team     string // ContestTeam.ID
	Problem  string // ContestProblem.Slug
	Language string // ContestLanguage.Name
	Time     time.Time
	// EntryPoint is the file or class run, for languages with one;
	// optional.
	EntryPoint string
	// Judgement is nil until judging starts.
	Judgement *ContestJudgement
}

// ContestJudgement is a submission's judging: its verdict (core/verdict's
// code) once done, "" while it runs.
type ContestJudgement struct {
	ID      string // the submission's ID when empty
	Verdict string
	Score   float64            // IOI: the submission's score
	Groups  map[string]float64 // IOI: its score per group, for the board
	Started time.Time          // the submission's Time when zero
	Ended   time.Time          // when the verdict was given
	// MaxRunTime is the longest test's time; zero when unknown.
	MaxRunTime time.Duration
}
