// Package grade judges a submission end to end: it compiles the source,
// runs it on every test of a problem under the problem's limits, checks
// each output, and returns a Report.
//
// A scoring problem's report also has a score and a result per group of
// tests: Kattis legacy and 2023-07-draft packages by problemtools' graders,
// 2025-09 packages and native problem.yaml groups by the 2025-09 rules.
// Where problemtools and the 2025-09 text differ (samples scoring
// accept_score, range clamping against a judge error past max_score),
// 2025-09 packages follow the text; Score says how.
package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/scoring"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"github.com/puzzlejudge/judge/internal/pool"
	"github.com/puzzlejudge/judge/runner"
)

// Grader judges submissions. Its fields are shared by every Grade call.
type Grader struct {
	Sandbox  *runner.Sandbox
	Compiler *compile.Compiler
	// Workers is how many tests run at once; 0 means one.
	Workers int
	// CheckerLanguage compiles custom checkers (Go).
	CheckerLanguage *compile.Language
	// TempDir holds the outputs of running tests; "" for os.TempDir.
	TempDir string
	// BasicMode words the basic-mode warning of every report for its
	// readers (the zero value for any reader).
	BasicMode BasicModeAdvice
	// CPUStall reads the machine's CPU pressure stall, which tells a wall
	// stop of a program that waits from one of a starved program (see
	// Options.RecheckWall); nil for the kernel's, /proc/pressure/cpu.
	CPUStall func() (time.Duration, bool)
	// LanguageOf tells the language of a program file of a Kattis package
	// (its validators) from its name; nil when only native packages are
	// judged.
	LanguageOf func(file string) (*compile.Language, error)
	// LanguageNamed finds a language by name or alias ("cpp", "python3"),
	// for the language submissions.yaml gives; nil when only native
	// packages are judged.
	LanguageNamed func(name string) (*compile.Language, error)
	// Cache, when set, keeps test results between judgings (see
	// TestCache); nil runs every test.
	Cache TestCache
}

// Submission is a source file to judge against a problem.
type Submission struct {
	Problem  *problem.Problem
	Source   string
	Language *compile.Language
	// Extra are files placed beside the source (the other files of a
	// Kattis folder submission), nil for a single file.
	Extra []runner.File
}

// Options change how one submission is judged.
type Options struct {
	// StopOnFail stops at the first failing test (in test order).
	StopOnFail bool
	// Tests, when not nil, restricts the run to these test names.
	Tests []string
	// TimeScale multiplies the CPU limit enforced (the limit reported stays
	// the problem's); the verifier uses it to see how far past the limit a
	// too-slow solution goes.
	TimeScale float64
	// OnTest, if set, is called as each test finishes (from any goroutine).
	OnTest func(TestResult)
	// OnTestInOrder, if set, is called with each test's result in test
	// order, as soon as that result and every earlier one are final: the
	// results that finish early wait for the earlier ones. It is called by
	// one goroutine at a time, with exactly the tests the report lists
	// (with StopOnFail, none after the first failure).
	OnTestInOrder func(TestResult)
	// OnStart, if set, is called once the program is compiled and before
	// any test runs, with the report so far (no tests yet) and the names
	// of the tests about to run, in order.
	OnStart func(rep Report, tests []string)
	// TimeLimit and MemoryLimit, when positive, replace the problem's CPU
	// time limit (as given: the language's multiplier is not applied) and
	// memory limit, for a try; the report's limits say they are overrides.
	TimeLimit   time.Duration
	MemoryLimit int64
	// OnCompile, if set, is called once the compile step is over, before
	// any test runs.
	OnCompile func(CompileReport)
	// OutputDir, when set, keeps the programs' outputs there instead of
	// deleting them (TestResult.OutputPath names them).
	OutputDir string
	// RecheckWall runs a test whose result is WallInconclusive once more
	// with the wall limit LongWall, and keeps the second result (with
	// TestResult.WallRechecked set): the verifier's margin checks ask how
	// much CPU time a program needs, which a wall-time stop on a loaded
	// machine does not tell; judge submit and the service ask it too, so
	// that a loaded machine does not give TLE to a program within its
	// limit. The report's limits stay those of the first run.
	RecheckWall bool
	// Budget, when positive, bounds the wall-clock time of the tests of
	// the judging, all together (the compile step not counted): once it
	// has passed, the tests running are stopped and no more are started;
	// those are listed in the report's NotRun, with BudgetExceeded set
	// (see DefaultBudget for the service's).
	Budget time.Duration
}

// The report's types are package judging's, named here as grade has
// always named them: readers of reports type them with judging alone,
// without importing the sandbox.
type (
	Report        = judging.Report
	CompileReport = judging.CompileReport
	TestResult    = judging.TestResult
	LimitsReport  = judging.LimitsReport
	Measurement   = judging.Measurement
	GroupResult   = judging.GroupResult
)

// Limits returns the run limits of a problem for a language: the wall
// clock limit is WallLimit's.
func Limits(p *problem.Problem, lang *compile.Language) runner.Limits {
	cpu := time.Duration(float64(p.Limits.Time) * lang.TimeMultiplier)
	return runner.Limits{
		CPU:    cpu,
		Wall:   WallLimit(p, cpu),
		Memory: p.Limits.Memory,
		Output: p.Limits.Output,
	}.WithDefaults()
}

// Grade judges one submission. The error is non-nil only when the context
// ends; every other failure of the judge is reported as verdict IE. The
// compiled programs it uses (submission, checker, validators) are held in
// the compile cache only until it returns.
func (g *Grader) Grade(ctx context.Context, sub Submission, opt Options) (*Report, error) {
	start := time.Now()
	ctx, release := compile.WithLease(ctx)
	defer release()
	rep, err := g.grade(ctx, sub, opt)
	if rep != nil {
		rep.ElapsedMs = float64(time.Since(start).Microseconds()) / 1000
	}
	return rep, err
}

// grade is Grade, but for the report's ElapsedMs.
func (g *Grader) grade(ctx context.Context, sub Submission, opt Options) (*Report, error) {
	p, lang := sub.Problem, sub.Language
	lim := Limits(p, lang)
	var overrides []string
	if opt.TimeLimit > 0 {
		lim.CPU, lim.Wall = opt.TimeLimit, WallLimit(p, opt.TimeLimit)
		overrides = append(overrides, "time_ms")
	}
	if opt.MemoryLimit > 0 {
		lim.Memory, lim.Stack = opt.MemoryLimit, opt.MemoryLimit
		overrides = append(overrides, "memory_kb")
	}
	info := g.Sandbox.Info()
	rep := &Report{
		Problem:  p.Slug,
		Language: lang.Name,
		Source:   sub.Source,
		Tests:    []TestResult{},
		Limits: LimitsReport{
			TimeMs:    lim.CPU.Milliseconds(),
			WallMs:    lim.Wall.Milliseconds(),
			MemoryKB:  lim.Memory >> 10,
			OutputKB:  lim.Output >> 10,
			Overrides: overrides,
		},
		Measurement: Measurement{Memory: info.Memory, CPU: info.Memory},
		Sandbox:     info.Mode,
	}
	if info.Mode == runner.ModeBasic {
		rep.Warnings = append(rep.Warnings, BasicWarning(g.BasicMode))
	}
	internal := func(err error) (*Report, error) {
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		rep.Verdict, rep.Error = verdict.IE, err.Error()
		return rep, nil
	}
	prog, comp, err := g.CompileSubmission(ctx, p, lang, sub.Source, sub.Extra)
	rep.Compile = CompileReport{OK: comp.OK, TimeMs: comp.Time.Milliseconds(), Output: comp.Output, Cached: comp.Cached}
	if err != nil {
		return internal(err)
	}
	if opt.OnCompile != nil {
		opt.OnCompile(rep.Compile)
	}
	if !comp.OK {
		rep.Verdict = verdict.CE
		return rep, nil
	}
	if err := judgeable(p); err != nil {
		return internal(err)
	}
	chk, err := g.checker(ctx, p)
	if err != nil {
		return internal(err)
	}
	tests := withStatic(p, problem.SamplesFirst(p.Tests))
	if opt.Tests != nil {
		tests = selectTests(tests, opt.Tests)
	}
	static, err := g.staticJudge(ctx, p, sub, tests)
	if err != nil {
		return internal(err)
	}
	defer static.close()
	outs, err := newOutputs(opt, g.TempDir, max(g.Workers, 1))
	if err != nil {
		return internal(err)
	}
	defer outs.close()
	runLim := lim
	if opt.TimeScale > 0 {
		runLim.CPU = time.Duration(float64(lim.CPU) * opt.TimeScale)
		runLim.Wall = WallLimit(p, runLim.CPU)
	}
	names := make([]string, len(tests))
	for i, t := range tests {
		names[i] = t.Name
	}
	if opt.OnStart != nil {
		opt.OnStart(*rep, names)
	}
	bctx, stopBudget, overBudget := withBudget(ctx, opt.Budget)
	defer stopBudget()
	if opt.Budget > 0 {
		rep.Limits.BudgetMs = opt.Budget.Milliseconds()
	}
	results := g.runTests(bctx, prog, chk, static, tests, runLim, lim, outs, opt)
	if ctx.Err() != nil {
		return rep, ctx.Err()
	}
	if overBudget() {
		results = cutAtBudget(rep, names, results, opt.StopOnFail)
	}
	var vs []verdict.Verdict
	for i, r := range results {
		if r.Verdict == "" {
			continue // not run: an earlier test failed with StopOnFail
		}
		rep.Tests = append(rep.Tests, r)
		vs = append(vs, r.Verdict)
		rep.MaxTimeMs = max(rep.MaxTimeMs, r.TimeMs)
		rep.MaxMemoryKB = max(rep.MaxMemoryKB, r.MemoryKB)
		if opt.StopOnFail && r.Verdict != verdict.AC {
			for _, t := range tests[i+1:] {
				rep.NotRun = append(rep.NotRun, t.Name)
			}
			break
		}
	}
	rep.Verdict = verdict.Overall(vs)
	if p.Scoring != nil {
		g.scoreReport(ctx, rep, p)
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
	}
	rep.Verdict = budgetVerdict(rep)
	return rep, nil
}

// scoreReport adds a scoring problem's score and groups to a report
// whose tests are judged, and its verdict by the problem's rules, running
// the package's custom grader where a group says grading: custom.
func (g *Grader) scoreReport(ctx context.Context, rep *Report, p *problem.Problem) {
	res := scoring.Score(p.Scoring, scoredTests(rep), newCustomGrader(ctx, g, p).grade)
	rep.Verdict, rep.Score, rep.MaxScore, rep.Groups = res.Verdict, &res.Score, res.MaxScore, res.Groups
	if res.Error != "" && rep.Error == "" {
		rep.Error = res.Error
	}
}

func selectTests(all []problem.Test, names []string) []problem.Test {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var out []problem.Test
	for _, t := range all {
		if want[t.Name] {
			out = append(out, t)
		}
	}
	return out
}

// checker builds the problem's checker, compiling a custom one first.
func (g *Grader) checker(ctx context.Context, p *problem.Problem) (checker.Checker, error) {
	if p.Checker.Kind == problem.CheckerValidator {
		v, err := g.validator(ctx, p)
		if err != nil || !p.Interactive && p.Passes == 0 {
			return v, err
		}
		return session{Validator: v, interactive: p.Interactive, passes: p.Passes}, nil
	}
	if p.Interactive || p.Passes > 0 {
		return nil, fmt.Errorf("%s: an interactive or multi-pass problem needs an output validator", p.Slug)
	}
	if p.Checker.Kind != problem.CheckerCustom {
		return checker.New(p.Checker, checker.Custom{})
	}
	if g.CheckerLanguage == nil {
		return nil, fmt.Errorf("%s: custom checker needs the go language", p.Slug)
	}
	prog, comp, err := g.Compiler.Compile(ctx, g.CheckerLanguage, p.Checker.Source)
	if err != nil {
		return nil, fmt.Errorf("compile checker %s: %w", p.Checker.Source, err)
	}
	if !comp.OK {
		return nil, fmt.Errorf("checker %s does not compile: %s", p.Checker.Source, comp.Output)
	}
	return checker.New(p.Checker, checker.Custom{Sandbox: g.Sandbox, Program: prog})
}

// errStop is how a failed test stops the pool of runTests with
// StopOnFail.
var errStop = errors.New("a test failed")

// runTests runs the tests on up to g.Workers workers, static validation
// test cases by static. With StopOnFail, tests after a failure are not
// started, and those running are stopped: their results are dropped.
// So are those of the tests running when ctx ends by the budget
// (withBudget): the zero result marks a test not run.
func (g *Grader) runTests(ctx context.Context, prog *compile.Program, chk checker.Checker, static *staticJudge, tests []problem.Test,
	runLim, lim runner.Limits, outs *outputs, opt Options) []TestResult {
	var inOrder *InOrder[TestResult]
	if opt.OnTestInOrder != nil {
		inOrder = NewInOrder(func(r TestResult) bool {
			opt.OnTestInOrder(r)
			return !opt.StopOnFail || r.Verdict == verdict.AC
		})
	}
	done := func(i int, r TestResult, _ error, counts bool) {
		if !counts && ctx.Err() == nil || r.Verdict == "" {
			return // stopped: an earlier test failed, or the budget ran out
		}
		if opt.OnTest != nil {
			opt.OnTest(r)
		}
		if inOrder != nil && ctx.Err() == nil {
			inOrder.Put(i, r)
		}
	}
	results, _ := pool.Map(ctx, len(tests), pool.Options[TestResult]{Workers: g.Workers, CancelLater: true, Done: done},
		func(tctx context.Context, w, i int) (TestResult, error) {
			var r TestResult
			if tests[i].Static {
				r = static.run(tctx, tests[i])
			} else {
				r = g.cachedTest(tctx, prog, chk, tests[i], runLim, lim, outs, w, opt)
			}
			if errors.Is(context.Cause(tctx), errBudget) {
				return TestResult{}, errBudget // stopped by the budget: not run
			}
			if opt.StopOnFail && r.Verdict != verdict.AC {
				return r, errStop
			}
			return r, nil
		})
	return results
}

func (g *Grader) runTest(ctx context.Context, prog *compile.Program, chk checker.Checker, t problem.Test,
	runLim, lim runner.Limits, outs *outputs, worker int, opt Options) TestResult {
	tr := TestResult{Name: t.Name, Sample: t.Sample}
	out := outs.path(worker, t.Name)
	if dir := filepath.Dir(out); outs.dir != "" && dir != outs.dir {
		// A Kattis test is named by its path under data/.
		if err := os.MkdirAll(dir, 0o755); err != nil {
			tr.Verdict, tr.Message = verdict.IE, err.Error()
			return tr
		}
	}
	if outs.kept() {
		tr.OutputPath = out
	}
	defer outs.done(out)
	if s, ok := chk.(session); ok {
		return g.runSession(ctx, prog, s, t, out, runLim, lim, tr)
	}
	spec := prog.Spec(t.Input, out, runLim)
	if outs.direct() {
		// A memory file of the judge's: the program writes into it
		// itself, with no pipe and no copy, and learns no host path.
		f, err := fileutil.OpenFile(out, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			tr.Verdict, tr.Message = verdict.IE, fmt.Sprintf("output: %v", err)
			return tr
		}
		defer f.Close()
		spec.Stdout, spec.StdoutFile = "", f
	}
	res, err := g.Sandbox.Run(ctx, spec)
	if err != nil {
		tr.Verdict, tr.Message = verdict.IE, err.Error()
		return tr
	}
	fill(&tr, res)
	tr.Verdict, tr.Message = Classify(res, lim)
	if tr.Verdict != verdict.AC {
		return tr
	}
	if ac, ok := chk.(checker.ArgsChecker); ok {
		if chk, err = ac.WithArgs(t.CheckerArgs); err != nil {
			tr.Verdict, tr.Message = verdict.IE, err.Error()
			return tr
		}
	}
	cr, err := chk.Check(ctx, t.Input, out, t.Output)
	if err != nil {
		// A checker that gave no verdict says so itself ("checker
		// panicked: …"); other errors are the judge's failing to check.
		var failed *checker.Failure
		tr.Verdict, tr.Message = verdict.IE, fmt.Sprintf("checker: %v", err)
		if errors.As(err, &failed) {
			tr.Message = failed.Error()
		}
		return tr
	}
	tr.Verdict, tr.Message, tr.TeamMessage = cr.Verdict, cr.Message, cr.TeamMessage
	tr.ValidatorScore, tr.ScoreMultiplier = cr.Score, cr.Multiplier
	if cr.Verdict == verdict.WA || cr.Verdict == verdict.PE {
		if d, err := checker.Diff(t.Output, out, 3); err == nil && d.Line > 0 {
			tr.Diff = &d
		}
	}
	return tr
}

// Classify turns how a run ended into a verdict before any checking (AC
// when the program exited 0) and a message: the limit it passed, or the
// signal or exit code with the first lines of its stderr.
func Classify(res runner.Result, lim runner.Limits) (verdict.Verdict, string) {
	stderr := firstLines(res.Stderr, 5)
	switch res.Status {
	case runner.CPUExceeded:
		return verdict.TLE, fmt.Sprintf("CPU time limit %v exceeded", lim.CPU)
	case runner.WallExceeded:
		return verdict.TLE, fmt.Sprintf("wall time limit %v exceeded (CPU %v)", lim.Wall, res.CPU.Round(time.Millisecond))
	case runner.MemoryExceeded:
		return verdict.MLE, fmt.Sprintf("memory limit %s exceeded", figures.Size(lim.Memory))
	case runner.OutputExceeded:
		return verdict.OLE, fmt.Sprintf("output limit %s exceeded", figures.Size(lim.Output))
	case runner.Signaled:
		return verdict.RE, join(runner.SignalName(res.Signal), stderr)
	case runner.Stopped:
		// Only an interactive validator's end stops a run, and that end
		// is the verdict (InteractiveVerdict); here it is a judge's fault.
		return verdict.IE, "stopped by the judge before it ended"
	case runner.Exited:
		if res.ExitCode != 0 {
			return verdict.RE, join(fmt.Sprintf("exit %d", res.ExitCode), stderr)
		}
	}
	return verdict.AC, ""
}

func join(head, tail string) string {
	if tail == "" {
		return head
	}
	return head + ": " + tail
}

// firstLines returns up to n lines of b, for messages, with a
// "(truncated)" note when there was more.
func firstLines(b []byte, n int) string {
	s := strings.TrimRight(string(b), "\n ")
	note := ""
	lines := 0
	for i, c := range s {
		if c == '\n' {
			lines++
			if lines == n {
				s, note = strings.TrimRight(s[:i], "\n "), "\n(truncated)"
				break
			}
		}
	}
	if len(s) > 2000 {
		s, note = s[:2000], " (truncated)"
	}
	return s + note
}
