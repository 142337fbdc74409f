// Package judging holds the report of judging a submission as data: the
// types whose JSON form is the judge's external contract (what `judge
// submit --format json` prints, what the service stores and serves), and
// the words they are made of: verdicts (package verdict), how a run in the
// sandbox ended (Status) and how strongly the sandbox isolated it (Mode).
//
// Package grade makes reports and re-exports these types under their
// names there (grade.Report is judging.Report); runner re-exports Status
// and Mode. The package imports neither, nor anything else of the
// sandbox's, so that a reader of reports (the web page, the service)
// types them without importing the judge.
package judging

import (
	"fmt"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/verdict"
)

// Report is the result of judging one submission. Its JSON form is the
// judge's external contract.
type Report struct {
	Problem  string          `json:"problem"`
	Language string          `json:"language"`
	Source   string          `json:"source,omitempty"`
	Verdict  verdict.Verdict `json:"verdict"`
	Compile  CompileReport   `json:"compile"`
	Tests    []TestResult    `json:"tests"`
	// NotRun names the tests, in order, that were not run: those after
	// the first failure where grade.Options.StopOnFail stopped there, or
	// those left when the judging's time budget was used up
	// (BudgetExceeded).
	NotRun []string `json:"not_run,omitempty"`
	// BudgetExceeded says the judging used up its time budget
	// (LimitsReport.BudgetMs, grade.Options.Budget) before every test
	// was run: the tests in NotRun were not run, and the verdict is the
	// first failing test's, or TLE when every test run passed.
	BudgetExceeded bool  `json:"budget_exceeded,omitempty"`
	MaxTimeMs      int64 `json:"max_time_ms"`
	MaxMemoryKB    int64 `json:"max_memory_kb"`
	// ElapsedMs is the wall-clock time the judging took, from the start
	// of the compile step (or its cache look-up) to the last test's
	// verdict, in milliseconds to the microsecond.
	ElapsedMs   float64      `json:"elapsed_ms"`
	Limits      LimitsReport `json:"limits"`
	Measurement Measurement  `json:"measurement"`
	Sandbox     Mode         `json:"sandbox"`
	// Warnings say what the reader must know about how the report was
	// made: in basic mode, that nothing was isolated, why, and how to get
	// the full sandbox.
	Warnings []string `json:"warnings,omitempty"`
	// Error holds the judge's own failure when Verdict is IE.
	Error string `json:"error,omitempty"`
	// Score is a scoring problem's score (0 included), nil for a
	// pass-fail problem; MaxScore the most it can be, where known; Groups
	// the result of each group of tests, in order (see scoring.Score).
	Score    *float64      `json:"score,omitempty"`
	MaxScore *float64      `json:"max_score,omitempty"`
	Groups   []GroupResult `json:"groups,omitempty"`
}

// CompileReport describes the compile step.
type CompileReport struct {
	OK     bool   `json:"ok"`
	TimeMs int64  `json:"time_ms"`
	Output string `json:"output"`
	Cached bool   `json:"cached"`
}

// TestResult is the outcome of one test.
type TestResult struct {
	Name     string          `json:"name"`
	Verdict  verdict.Verdict `json:"verdict"`
	TimeMs   int64           `json:"time_ms"`
	WallMs   int64           `json:"wall_ms"`
	MemoryKB int64           `json:"memory_kb"`
	ExitCode int             `json:"exit_code"`
	Signal   string          `json:"signal"`
	Message  string          `json:"message"`
	// TeamMessage is what a Kattis output validator wrote in
	// teammessage.txt (its first line), meant for the contestant; Message
	// holds its judgemessage.txt when it wrote one. The service shows a
	// contestant TeamMessage, not Message, on a test that is not a
	// sample (see package feedback).
	TeamMessage string `json:"team_message,omitempty"`
	Sample      bool   `json:"sample,omitempty"`
	// CPU is the exact CPU time, for callers that compare with limits.
	CPU time.Duration `json:"-"`
	// Status is how the program's run ended, as the runner says (Exited
	// for a result from a cache or a test that did not run).
	Status Status `json:"-"`
	// WallRechecked says the test was run a second time, with the wall
	// limit grade.LongWall, because the first run was
	// grade.WallInconclusive (grade.Options.RecheckWall); the result
	// (times, message, verdict) is the second run's.
	WallRechecked bool `json:"wall_rechecked,omitempty"`
	// WallUnstarved says a wall stop stood without a second run: the
	// machine had CPU to spare while the program ran, so it waited
	// (grade.Options.RecheckWall).
	WallUnstarved bool `json:"-"`
	// Diff shows expected against received output for WA and PE.
	Diff *DiffReport `json:"diff,omitempty"`
	// OutputPath is the program's output, with grade.Options.OutputDir.
	OutputPath string `json:"-"`
	// Score is the test's score in a scoring problem whose rules score
	// tests (see scoring.Score), nil otherwise.
	Score *float64 `json:"score,omitempty"`
	// ValidatorScore and ScoreMultiplier are what the output validator
	// wrote in score.txt and score_multiplier.txt, nil when it wrote none.
	ValidatorScore  *float64 `json:"-"`
	ScoreMultiplier *float64 `json:"-"`
}

// LimitsReport gives the limits in force.
type LimitsReport struct {
	TimeMs   int64 `json:"time_ms"`
	WallMs   int64 `json:"wall_ms"`
	MemoryKB int64 `json:"memory_kb"`
	OutputKB int64 `json:"output_kb"`
	// Overrides names the limits given for this run instead of the
	// problem's: "time_ms", "memory_kb".
	Overrides []string `json:"overrides,omitempty"`
	// BudgetMs is the time budget of the judging's tests, all together
	// (grade.Options.Budget); 0 when there was none.
	BudgetMs int64 `json:"budget_ms,omitempty"`
}

// Override reports whether a limit ("time_ms", "memory_kb") was given for
// the run instead of the problem's.
func (l LimitsReport) Override(key string) bool { return slices.Contains(l.Overrides, key) }

// Measurement says how figures were measured.
type Measurement struct {
	Memory string `json:"memory"` // cgroup-v1, cgroup-v2 or rusage
	CPU    string `json:"cpu"`    // cgroup-v1, cgroup-v2 or rusage
}

// InternalError returns the judge's own failure behind an IE verdict: the
// report's error, or the message of the first test judged IE.
func (r *Report) InternalError() string {
	if r.Error != "" {
		return r.Error
	}
	for _, t := range r.Tests {
		if t.Verdict == verdict.IE {
			return fmt.Sprintf("test %s: %s", t.Name, t.Message)
		}
	}
	return ""
}

// Passed counts the tests accepted.
func (r *Report) Passed() int {
	n := 0
	for _, t := range r.Tests {
		if t.Verdict == verdict.AC {
			n++
		}
	}
	return n
}

// DecidingTest names the test the submission's verdict is about: the
// first test, in order, that got that verdict. For a pass-fail problem
// that is the first test not accepted; a scoring problem's graders may
// choose another verdict than the first test's (problemtools'
// worst_error, the default of Kattis legacy scoring, puts TLE before
// WA), and then the first test that got it. With no test of that verdict
// (an accepted submission, a grader's verdict no test got) it is the
// first test not accepted, or "".
func (r *Report) DecidingTest() string {
	first := ""
	for _, t := range r.Tests {
		if t.Verdict == verdict.AC {
			continue
		}
		if t.Verdict == r.Verdict {
			return t.Name
		}
		if first == "" {
			first = t.Name
		}
	}
	return first
}

// ScoreText is the report's score as the judge writes it ("30/50"), ""
// for a pass-fail problem.
func (r *Report) ScoreText() string {
	if r.Score == nil {
		return ""
	}
	return figures.Score(*r.Score, r.MaxScore)
}

// GroupResult is the result of one group of a scoring problem's tests.
type GroupResult struct {
	// Name is the group's path under data/ ("secret/group1"), or its
	// name in a native problem.yaml.
	Name    string          `json:"name"`
	Verdict verdict.Verdict `json:"verdict"`
	Score   float64         `json:"score"`
	// MaxScore is the most the group can score, where known (a legacy
	// group's range with a finite top; a bounded 2025-09 group).
	MaxScore *float64 `json:"max_score,omitempty"`
}

// ScoreText is the group's score as the judge writes it ("20/20").
func (g GroupResult) ScoreText() string { return figures.Score(g.Score, g.MaxScore) }

// DiffLine is one line of a file shown in a DiffReport.
type DiffLine struct {
	N    int    `json:"n"`    // 1-based line number
	Text string `json:"text"` // the line without its newline, cut to checker.MaxDiffLine bytes
}

// DiffReport describes the first difference between an expected answer and
// an output, line by line (see checker.Diff).
type DiffReport struct {
	Line     int        `json:"line"`     // 1-based number of the first differing line, 0 if none
	Expected []DiffLine `json:"expected"` // expected lines around Line
	Got      []DiffLine `json:"got"`      // output lines around Line
	Text     string     `json:"text"`     // human-readable diff of those lines
}

// Status says how a run in the sandbox ended.
type Status int

// The ways a run ends. Exited and Signaled are the program's own doing;
// the limits mean the runner stopped it at one; Stopped, that the runner
// stopped it because the outcome was decided without it (the interactor
// of an interaction ended with a verdict).
const (
	Exited Status = iota
	Signaled
	CPUExceeded
	WallExceeded
	MemoryExceeded
	OutputExceeded
	Stopped
)

// String names the status: "exited", "cpu time limit".
func (s Status) String() string {
	switch s {
	case Exited:
		return "exited"
	case Signaled:
		return "signaled"
	case CPUExceeded:
		return "cpu time limit"
	case WallExceeded:
		return "wall time limit"
	case MemoryExceeded:
		return "memory limit"
	case OutputExceeded:
		return "output limit"
	case Stopped:
		return "stopped"
	}
	return fmt.Sprintf("status(%d)", int(s))
}

// Mode is how strongly a sandbox isolates the programs it runs; package
// runner names the modes (runner.ModeFull, runner.ModeBasic).
type Mode string
