package verify

import (
	"github.com/puzzlejudge/judge/core/verdict"
)

// Status is the outcome of one check.
type Status string

// The outcomes of a check. Fail and Error make a problem fail; Error is
// the judge's own failure (a sandbox that could not run a program, a
// compiler missing from the box), not the package's, and makes `judge
// verify` exit 3. Warn is a finding that does not fail (unless the
// verification is strict), and Skip a check that could not run because an
// earlier one failed or the package has nothing to check.
const (
	Pass  Status = "pass"
	Fail  Status = "fail"
	Error Status = "error"
	Warn  Status = "warn"
	Skip  Status = "skip"
)

// Names of the checks, in the order they are reported. Each solution has a
// check of its own, named SolutionCheck + its path under the problem's
// solutions folder ("solution accepted/bfs.go").
const (
	CheckConfig       = "problem.yaml"
	CheckStatement    = "statement"
	CheckTestFiles    = "test files"
	CheckSamples      = "samples in statement"
	CheckStatedLimits = "statement limits"
	CheckDistinct     = "distinct inputs"
	CheckLeftovers    = "scaffold leftovers"
	CheckChecker      = "checker"
	CheckValidator    = "validator"
	CheckJunk         = "validator rejects junk"
	CheckGenerator    = "generator"
	CheckSolutions    = "solution folders"
	SolutionCheck     = "solution "
	CheckACMargin     = "time limit: accepted margin"
	CheckTLEMargin    = "time limit: TLE margin"
	CheckMLEMargin    = "time limit: MLE margin"
	CheckReferences   = "expected outputs"
)

// Report is the result of verifying problem packages. Its JSON form is
// the output of `judge verify --format json`.
type Report struct {
	// OK is true when no check of any problem failed.
	OK       bool             `json:"ok"`
	Problems []*ProblemReport `json:"problems"`
	Summary  Summary          `json:"summary"`
	Stats    Stats            `json:"stats"`
}

// ProblemReport holds the checks of one problem package.
type ProblemReport struct {
	Problem string   `json:"problem"`         // the package folder's name
	Dir     string   `json:"dir"`             // the folder, as given
	Title   string   `json:"title,omitempty"` // from problem.yaml, when it loads
	OK      bool     `json:"ok"`              // no check failed
	Checks  []*Check `json:"checks"`
	// Times is the table of CPU times, solutions × tests, with the
	// time limit the problemtools rule suggests; nil when no solution
	// ran.
	Times *Timing `json:"times,omitempty"`
}

// Check is one named check of a problem package.
type Check struct {
	Name   string `json:"name"`
	Status Status `json:"status"`
	// Message says in one line what was found.
	Message string `json:"message,omitempty"`
	// Details list the findings one per line, each naming a file.
	Details []string `json:"details,omitempty"`
	// Solution is set on the check of a solution.
	Solution *SolutionResult `json:"solution,omitempty"`
	// TimeMs is the time the check's programs took: the wall time of
	// their runs, and a solution's compile; 0 for checks that run nothing.
	TimeMs int64 `json:"time_ms"`
}

// SolutionResult is how a solution fared.
type SolutionResult struct {
	File     string          `json:"file"` // path under solutions/<slug>/
	Language string          `json:"language"`
	Expected verdict.Verdict `json:"expected"`
	// Verdict is the solution's verdict at the time limit, in the sense
	// of problemtools: that of the first test that was not AC.
	Verdict verdict.Verdict `json:"verdict"`
	// Test is the first test that was not AC.
	Test string `json:"test,omitempty"`
	// Tests is how many tests were judged.
	Tests int `json:"tests"`
	// MaxTimeMs is the most CPU time used on a test; TimeLimitMs the
	// solution's time limit (the problem's times the language's
	// multiplier).
	MaxTimeMs   int64 `json:"max_time_ms"`
	TimeLimitMs int64 `json:"time_limit_ms"`
	// TimeScale is the factor the time limit enforced was multiplied by
	// (1.5 for time_limit_exceeded solutions).
	TimeScale float64 `json:"time_scale,omitempty"`
	// Reference is true for the solution that expected outputs are
	// compared with.
	Reference bool `json:"reference,omitempty"`
	// Score and MaxScore are a scoring problem's score of the solution
	// and the most it can be (where known).
	Score    *float64 `json:"score,omitempty"`
	MaxScore *float64 `json:"max_score,omitempty"`
}

// Summary counts problems and checks.
type Summary struct {
	Problems int `json:"problems"`
	Failed   int `json:"failed_problems"`
	Checks   int `json:"checks"`
	Passed   int `json:"passed"`
	Failures int `json:"failures"`
	// Errors counts the checks the judge itself failed (status error).
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Skipped  int `json:"skipped"`
}

// Stats measure the work done.
type Stats struct {
	Workers int   `json:"workers"`
	WallMs  int64 `json:"wall_ms"`
	// Compiles counts the programs compiled (CachedCompiles of them came
	// from the compile cache); CompileMs is the time of the others.
	Compiles       int   `json:"compiles"`
	CachedCompiles int   `json:"cached_compiles"`
	CompileMs      int64 `json:"compile_ms"`
	// Runs counts the programs run in boxes (validators, generators,
	// solutions on tests); RunCPUMs is the CPU time they used.
	Runs     int   `json:"runs"`
	RunCPUMs int64 `json:"run_cpu_ms"`
	// CachedRuns counts the runs not made because the run cache had
	// their result (not among Runs): solutions on tests, the validator
	// on inputs, generator calls.
	CachedRuns int `json:"cached_runs"`
	// CompileWallMs is the wall time until every program was compiled;
	// JudgeWallMs that until every program had run. Compiles come first,
	// and the runs of a program start as soon as it is compiled.
	CompileWallMs int64 `json:"compile_wall_ms"`
	JudgeWallMs   int64 `json:"judge_wall_ms"`
}

// summarize fills in the OK fields and the summary.
func (r *Report) summarize() {
	r.OK = true
	r.Summary = Summary{Problems: len(r.Problems)}
	for _, p := range r.Problems {
		p.OK = true
		for _, c := range p.Checks {
			r.Summary.Checks++
			switch c.Status {
			case Pass:
				r.Summary.Passed++
			case Fail:
				r.Summary.Failures++
				p.OK = false
			case Error:
				r.Summary.Errors++
				p.OK = false
			case Warn:
				r.Summary.Warnings++
			case Skip:
				r.Summary.Skipped++
			}
		}
		if !p.OK {
			r.OK = false
			r.Summary.Failed++
		}
	}
}

// Check returns the check of the given name, or nil.
func (p *ProblemReport) Check(name string) *Check {
	for _, c := range p.Checks {
		if c.Name == name {
			return c
		}
	}
	return nil
}
