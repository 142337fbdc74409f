// Package verify checks problem packages the way Kattis problemtools'
// verifyproblem does, and says precisely what is wrong: problem.yaml and
// the statement load, the samples appear in the statement, every test
// input has its answer, the validator accepts every input and rejects junk
// made from them, the generator rebuilds the recorded tests, every
// solution gets the verdict its folder names, the time limit has its
// margins, and the expected outputs agree with the reference solution.
//
// Programs are compiled first, all of them, then judged concurrently: the
// tests of every solution, validator and generator run go through one pool
// that keeps a fixed number of boxes busy.
//
// A wall-time stop never decides a question of CPU time. A run stopped by
// its wall-time limit while its CPU time stayed under its CPU limit
// (grade.WallInconclusive) is inconclusive: the program waited, or the
// machine was too loaded to give it its CPU time. Such a test is run once
// more with the wall limit grade.LongWall (10x the CPU limit and 10 s),
// and the second result stands: only a second wall-time stop is TLE, of a
// program that really waits. The check that used it says so ("re-run with
// a longer wall limit: the machine was loaded"), and the run cache keeps
// such a result only where the longer limit made no difference (a CPU
// stop, or a run within the key's wall limit, the first run's).
package verify

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"github.com/puzzlejudge/judge/runner"
)

// Margins of the time limit, as in the Kattis problem package format.
const (
	// ACMargin is the share of the time limit the slowest accepted
	// solution may use on a test (time limit >= 2x the slowest).
	ACMargin = 0.5
	// ACWarn is the share above which a warning is given.
	ACWarn = 1.0 / 3
	// TLEScale is the factor of the time limit every
	// time_limit_exceeded solution must still exceed.
	TLEScale = 1.5
)

// defaultSeeds is how many generator seeds (1, 2, ...) are tried when no
// test records one.
const defaultSeeds = 3

// Verifier verifies problem packages.
type Verifier struct {
	// Kit gives the configuration, sandbox and compiler.
	Kit *author.Tools
	// Workers is how many boxes are kept busy at once; 0 means the
	// configuration's workers.
	Workers int
	// Progress, if set, is called as work advances with the number of
	// steps done and their total. Calls never overlap.
	Progress func(done, total int)
	// OnCheck, if set, is called with each check as soon as it is final
	// (a solution's when it has run on every test), with the problem it
	// belongs to; the checks left are given at the end. Calls never
	// overlap; the report holds the same checks.
	OnCheck func(problem string, c *Check)
	// Strict fails warnings.
	Strict bool
	// StopOnFail stops at the first failed check: the checks not final
	// by then are skipped.
	StopOnFail bool
	// Solutions, if set, selects the solutions judged: those whose path
	// under solutions/<slug>/ ("accepted/bfs.go") or file name matches
	// one of these globs (path.Match).
	Solutions []string
	// Tests, if set, selects the tests run (validator, solutions): those
	// whose name matches one of these globs.
	Tests []string
	// TimeLimit, if set, replaces every problem's time limit.
	TimeLimit time.Duration
	// RunCache, if set, keeps the solutions' results on the tests of
	// native packages: a run whose key is found there is not made again
	// (see cacheable for what is kept).
	RunCache *runcache.Store
}

// Verify checks the problem packages in dirs (each as given, for
// messages). Every fault of a package is a failed check in the report;
// the error is non-nil only when ctx ends or the verifier cannot work at
// all.
func (v *Verifier) Verify(ctx context.Context, dirs []string) (*Report, error) {
	start := time.Now()
	workers := v.Workers
	if workers <= 0 {
		workers = max(v.Kit.Config.Workers, 1)
	}
	tmp, err := os.MkdirTemp("", "judge-verify-")
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	defer os.RemoveAll(tmp)
	r := &run{
		kit:     v.Kit,
		tmp:     tmp,
		workers: workers,
		grader: &grade.Grader{
			Sandbox:         v.Kit.Sandbox,
			Compiler:        v.Kit.Compiler,
			Workers:         1,
			CheckerLanguage: v.Kit.Config.Languages["go"],
			TempDir:         tmp,
			LanguageOf:      func(file string) (*compile.Language, error) { return v.Kit.Config.Language(file, "") },
			LanguageNamed:   func(name string) (*compile.Language, error) { return v.Kit.Config.Language("", name) },
		},
		progress:   v.Progress,
		onCheck:    v.OnCheck,
		solutions:  v.Solutions,
		tests:      v.Tests,
		timeLimit:  v.TimeLimit,
		strict:     v.Strict,
		stopOnFail: v.StopOnFail,
		cache:      v.RunCache,
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.cancel = cancel
	if r.cache != nil {
		// Trimmed once the results of this run are in.
		defer func() {
			if r.cache.Stored() > 0 {
				_, _ = r.cache.Prune() // a store too big is no fault of the packages
			}
		}()
	}
	// Kattis packages are verified on their own path, after the native
	// ones; reports keep the order of dirs.
	var native []int
	for i, d := range dirs {
		if kattis.IsPackage(d) {
			continue
		}
		pk, err := r.plan(d, i)
		if err != nil {
			return nil, err
		}
		r.pkgs = append(r.pkgs, pk)
		native = append(native, i)
	}
	for _, pk := range r.pkgs {
		if pk.runnable != "" {
			for _, c := range r.report(pk).Checks {
				r.emitFinal(pk, c)
			}
			continue
		}
		r.emitAll(pk, pk.configCheck(), pk.statementCheck(), pk.testFiles, pk.samples, pk.statedLimits, pk.distinct, pk.leftovers, pk.folders)
	}
	r.runAll(runCtx)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	rep := &Report{Problems: make([]*ProblemReport, len(dirs))}
	for i, pk := range r.pkgs {
		pr := r.report(pk)
		if r.stopped == "" {
			pr.Times = pk.timing()
		}
		for _, c := range pr.Checks {
			r.emitFinal(pk, c)
		}
		rep.Problems[native[i]] = pr
	}
	for i, d := range dirs {
		if rep.Problems[i] == nil {
			rep.Problems[i] = r.verifyKattis(runCtx, d)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
		}
	}
	rep.summarize()
	rep.Stats = r.stats
	rep.Stats.Workers = workers
	rep.Stats.WallMs = time.Since(start).Milliseconds()
	return rep, nil
}

// run is the state of one Verify call.
type run struct {
	kit     *author.Tools
	grader  *grade.Grader
	tmp     string
	workers int
	pkgs    []*pkg

	progress func(done, total int)

	onCheck    func(problem string, c *Check)
	solutions  []string      // globs selecting the solutions judged
	tests      []string      // globs selecting the tests run
	timeLimit  time.Duration // replaces the problems' time limits
	strict     bool
	stopOnFail bool
	cancel     context.CancelFunc // stops the run (stopOnFail)
	cache      *runcache.Store    // nil without the run cache
	emitMu     sync.Mutex         // guards stopped and every pkg's emitted
	stopped    string             // the first failed check, once stopped

	mu    sync.Mutex // guards what follows
	done  int
	total int
	stats Stats
}

// step reports n steps done.
func (r *run) step(n int) {
	if r.progress == nil || n == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done += n
	r.progress(r.done, r.total)
}

// ran records a program run in the stats.
func (r *run) ran(cpu time.Duration) {
	r.mu.Lock()
	r.stats.Runs++
	r.stats.RunCPUMs += cpu.Milliseconds()
	r.mu.Unlock()
}

// hit records a run found in the run cache in the stats.
func (r *run) hit() {
	r.mu.Lock()
	r.stats.CachedRuns++
	r.mu.Unlock()
}

// compiled records a compile in the stats.
func (r *run) compiled(c compile.Compilation) {
	r.mu.Lock()
	r.stats.Compiles++
	if c.Cached {
		r.stats.CachedCompiles++
	} else {
		r.stats.CompileMs += c.Time.Milliseconds()
	}
	r.mu.Unlock()
}

// pkg is one problem package being verified.
type pkg struct {
	disp    string // the folder as given
	slug    string
	p       *problem.Problem
	loadErr error
	blame   string // the check the load error belongs to

	statement *Check
	testFiles *Check
	samples   *Check
	// The author's checks: the statement's limits, identical inputs,
	// what judge new left to replace.
	statedLimits, distinct, leftovers *Check
	folders                           *Check
	runnable                          string          // why programs are not run, "" if they are
	emitted                           map[string]bool // checks given to OnCheck, by name (run.emitMu)
	// limitOverride is set when --time-limit replaced the time limit;
	// refSkipped says why the reference is not judged (--solution).
	limitOverride bool
	refSkipped    string

	sols   []author.Solution
	ref    *solRun
	refErr error

	generated []author.GeneratedTest
	genErr    error // reading generated.yaml
	junk      []junkCase
	junkDir   string

	validator    *compile.Program
	validatorErr error
	// validExit is the validator's exit status for a valid input: 0, or
	// 42 for an input_validator program.
	validExit    int
	generator    *compile.Program
	generatorErr error
	checkerErr   error
	checkerProg  *compile.Program // the custom checker or interactor, compiled
	keys         keys             // the run cache's keys of the solutions' runs
	tools        tools            // and of the validator's and generator's

	runs []*solRun
	// Compile progress, guarded by run.mu.
	checkerDone, validatorDone, generatorDone, genStarted bool

	valResults []toolResult // per test
	junkRes    []toolResult // per junk case
	genRes     []genResult  // per generator call
}

// toolResult is a validator's answer on one input.
type toolResult struct {
	done bool
	v    author.Validation
	err  error
}

// genResult is the outcome of one generator call.
type genResult struct {
	done    bool
	call    string        // "seed 3 [--x]"
	test    string        // the recorded test, "" for a default seed
	err     error         // the generator failed, or an internal error
	differs string        // how the output differs from the recorded test
	wall    time.Duration // the generator's run and the validator's on its output
	valid   *toolResult
}

// solRun is one solution being judged.
type solRun struct {
	sol       author.Solution
	reference bool
	scale     float64
	lim       runner.Limits // at 1x
	prog      *compile.Program
	comp      compile.Compilation
	compErr   error
	seq       *sequence
	results   []grade.TestResult
	cached    []bool // results[i] came from the run cache
	// progHash and runtime identify the program in the run cache's keys,
	// found once (keyOnce) by the first of its runs.
	keyOnce           sync.Once
	progHash, runtime string
	// guarded by run.mu
	compiled, started bool
}

// plan loads a package and makes its static checks.
func (r *run) plan(disp string, index int) (*pkg, error) {
	pk := &pkg{disp: disp, slug: filepath.Base(filepath.Clean(disp)), emitted: map[string]bool{}}
	abs, err := filepath.Abs(disp)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", disp, err)
	}
	pk.slug = filepath.Base(abs)
	pk.p, pk.loadErr = problem.Load(disp)
	// Test files without their pair are the test files check's failure;
	// the rest of the package is checked with the complete pairs.
	var ue *problem.UnpairedError
	if errors.As(pk.loadErr, &ue) {
		pk.p, pk.loadErr = ue.Problem, nil
	}
	if pk.loadErr != nil {
		pk.blame = blame(disp, pk.loadErr)
	}
	if pk.p != nil && r.timeLimit > 0 {
		pk.p.Limits.Time = r.timeLimit
		pk.limitOverride = true
	}
	interactive := pk.p != nil && pk.p.Interactive
	pk.statement = checkStatement(disp, interactive, pk.p != nil && pk.p.ImportedFrom != "")
	tests, details, unpaired := scanTests(disp)
	pk.testFiles = &Check{Name: CheckTestFiles}
	if pk.blame == CheckTestFiles && len(details) == 0 {
		details = []string{pk.loadErr.Error()}
	}
	if len(details) > 0 {
		failWith(pk.testFiles, details)
	} else {
		pass(pk.testFiles, report.Plural(len(tests), "test")+", each .in with its .out")
	}
	pk.samples = checkSamples(disp, tests, interactive)
	pk.statedLimits = checkStatedLimits(disp, pk.p)
	pk.distinct = checkDistinct(tests)
	pk.leftovers = checkLeftovers(disp)

	pk.folders = &Check{Name: CheckSolutions}
	solDir := filepath.Join(r.kit.Config.SolutionsDir, pk.slug)
	var layout []string
	pk.sols, layout = author.ListSolutions(solDir, func(file string) (*compile.Language, error) {
		return r.kit.Config.Language(file, "")
	})
	accepted := 0
	for _, s := range pk.sols {
		if s.Expected == verdict.AC && s.Language != nil {
			accepted++
		}
	}
	if accepted == 0 {
		layout = append(layout, fmt.Sprintf("%s: no accepted solution", filepath.Join(solDir, verdict.AC.Folder())))
	}
	var ref author.Solution
	if pk.p != nil {
		if ref, pk.refErr = author.Reference(pk.p, solDir, pk.sols); pk.refErr != nil && accepted > 0 {
			layout = append(layout, pk.refErr.Error())
		}
	}
	if len(layout) > 0 {
		failWith(pk.folders, layout)
	} else {
		pass(pk.folders, fmt.Sprintf("%s, %d accepted", report.Plural(len(pk.sols), "solution"), accepted))
	}

	switch {
	case pk.p == nil:
		pk.runnable = "the package does not load"
	case pk.testFiles.Status == Fail && (len(details) > len(unpaired) || len(pk.p.Tests) == 0):
		pk.runnable = "the test files are broken"
	}
	if pk.runnable != "" {
		return pk, nil
	}
	if len(r.tests) > 0 {
		all := pk.p.Tests
		pk.p.Tests = slices.DeleteFunc(slices.Clone(all), func(t problem.Test) bool { return !matchAny(r.tests, t.Name) })
		if len(pk.p.Tests) == 0 {
			names := make([]string, len(all))
			for i, t := range all {
				names[i] = t.Name
			}
			failWith(pk.testFiles, []string{fmt.Sprintf("--test %s matches no test of %s (tests: %s)", strings.Join(r.tests, ","), pk.slug, strings.Join(names, ", "))})
			pk.runnable = "no test selected"
			return pk, nil
		}
	}

	// What is to be run: the validator on every test and on junk, the
	// generator, every solution.
	if pk.p.Generator != "" || fileExists(author.GeneratedPath(pk.p.Dir)) {
		pk.generated, pk.genErr = author.ReadGenerated(pk.p.Dir)
		if errors.Is(pk.genErr, fs.ErrNotExist) {
			pk.genErr = nil
		}
	}
	if pk.p.Validator != "" || pk.p.InputValidator != "" {
		if err := r.makeJunk(pk, index); err != nil {
			return nil, err
		}
	}
	for _, s := range pk.sols {
		if s.Expected == "" && s.Folder != author.PartialFolder || s.Language == nil {
			continue
		}
		if len(r.solutions) > 0 && !matchAny(r.solutions, s.Rel) && !matchAny(r.solutions, filepath.Base(s.Rel)) {
			if pk.refErr == nil && s.Path == ref.Path {
				pk.refSkipped = fmt.Sprintf("the reference %s is not selected by --solution", s.Rel)
			}
			continue
		}
		sr := &solRun{sol: s, scale: 1, lim: grade.Limits(pk.p, s.Language)}
		if s.Expected == verdict.TLE {
			sr.scale = TLEScale
		}
		if pk.refErr == nil && s.Path == ref.Path {
			sr.reference = true
			pk.ref = sr
		}
		pk.runs = append(pk.runs, sr)
	}
	return pk, nil
}

// makeJunk writes the junk cases of a package to files.
func (r *run) makeJunk(pk *pkg, index int) error {
	sources := map[string][]byte{}
	var names []string
	var valid [][]byte
	var sample, other string
	for _, t := range pk.p.Tests {
		data, err := os.ReadFile(t.Input)
		if err != nil {
			continue // reported by the test files check
		}
		valid = append(valid, data)
		if t.Sample && sample == "" {
			sample = t.Name
			sources[t.Name] = data
		} else if !t.Sample && other == "" {
			other = t.Name
			sources[t.Name] = data
		}
	}
	for _, n := range []string{sample, other} {
		if n != "" {
			names = append(names, n)
		}
	}
	pk.junk = makeJunk(names, sources, valid)
	pk.junkDir = filepath.Join(r.tmp, fmt.Sprintf("junk-%d", index))
	if err := os.Mkdir(pk.junkDir, 0o755); err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	for i, j := range pk.junk {
		if err := os.WriteFile(pk.junkPath(i), j.data, 0o644); err != nil {
			return fmt.Errorf("verify: %w", err)
		}
	}
	return nil
}

func (pk *pkg) junkPath(i int) string { return filepath.Join(pk.junkDir, fmt.Sprintf("%d.in", i)) }

// genCalls returns the generator calls to check: those recorded in
// tests/generated.yaml, or a few default seeds.
func (pk *pkg) genCalls() []author.GeneratedTest {
	if len(pk.generated) > 0 {
		return pk.generated
	}
	var calls []author.GeneratedTest
	for s := range uint64(defaultSeeds) {
		calls = append(calls, author.GeneratedTest{Seed: s + 1})
	}
	return calls
}

// blame returns the check a load error of the package belongs to, from
// the file it names.
func blame(disp string, err error) string {
	msg := err.Error()
	for _, b := range []struct{ path, check string }{
		{problem.ConfigFile, CheckConfig},
		{problem.StatementFile, CheckStatement},
		{problem.TestsDir, CheckTestFiles},
		{problem.ValidatorDir, CheckValidator},
		{problem.GeneratorDir, CheckGenerator},
	} {
		if strings.HasPrefix(msg, filepath.Join(disp, b.path)) {
			return b.check
		}
	}
	return CheckConfig
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// Ranks of the pool's sequences: compiles first, then the slowest runs
// (time_limit_exceeded solutions at 1.5x the limit, the reference and the
// accepted solutions on every test), then the rest, and the short
// validator and generator runs at the end.
const (
	rankCompile = iota
	rankTLE
	rankReference
	rankAccepted
	rankOther
	rankTools
)

// runAll compiles every program of every package and runs every
// validator, generator and solution, all on one pool of workers. Compiles
// come first; the runs of a program join the pool as soon as it (and the
// problem's checker) is compiled.
func (r *run) runAll(ctx context.Context) {
	pl := &pool{workers: r.workers, done: r.step}
	compiles := newSequence(false)
	var lastCompile time.Time
	start := time.Now()
	type compileTask struct {
		lang *compile.Language
		job  func(ctx context.Context) bool
	}
	var tasks []compileTask
	addCompile := func(lang *compile.Language, task func(ctx context.Context), then func()) {
		tasks = append(tasks, compileTask{lang, func(ctx context.Context) bool {
			task(ctx)
			r.mu.Lock()
			lastCompile = time.Now()
			r.mu.Unlock()
			if ctx.Err() == nil {
				then()
			}
			return false
		}})
	}
	jobs := 0
	for _, pk := range r.pkgs {
		if pk.runnable != "" {
			continue
		}
		p := pk.p
		pk.checkerDone = p.Checker.Kind != problem.CheckerCustom && !p.Interactive
		pk.validatorDone = p.Validator == "" && p.InputValidator == ""
		pk.generatorDone = p.Generator == "" || pk.genErr != nil
		goLang := r.kit.Config.Languages["go"]
		if !pk.validatorDone {
			valLang := goLang
			if l, err := r.kit.Config.Language(p.InputValidator, ""); p.InputValidator != "" && err == nil {
				valLang = l
			}
			addCompile(valLang, func(ctx context.Context) {
				var c compile.Compilation
				pk.validator, pk.validExit, c, pk.validatorErr = r.kit.CompileValidator(ctx, p)
				r.compiled(c)
			}, func() { r.toolsReady(pl, pk, true, false) })
			jobs += len(p.Tests) + len(pk.junk)
		}
		if !pk.generatorDone {
			addCompile(goLang, func(ctx context.Context) {
				var c compile.Compilation
				pk.generator, c, pk.generatorErr = r.kit.CompileGo(ctx, filepath.Join(p.Generator, "main.go"))
				r.compiled(c)
			}, func() { r.toolsReady(pl, pk, false, true) })
			jobs += len(pk.genCalls())
		}
		if !pk.checkerDone {
			lang, compileChecker := goLang, func(ctx context.Context) {
				var c compile.Compilation
				pk.checkerProg, c, pk.checkerErr = r.kit.CompileGo(ctx, p.Checker.Source)
				r.compiled(c)
			}
			if p.Interactive {
				lang, compileChecker = r.interactorCompile(pk)
			}
			addCompile(lang, compileChecker, func() { r.solutionsReady(pl, pk, nil) })
		}
		for _, sr := range pk.runs {
			addCompile(sr.sol.Language, func(ctx context.Context) {
				sr.prog, sr.comp, sr.compErr = r.kit.Compiler.Compile(ctx, sr.sol.Language, sr.sol.Path)
				r.compiled(sr.comp)
			}, func() { r.solutionsReady(pl, pk, sr) })
			jobs += len(p.Tests)
		}
	}
	// A language with a warm build cache builds it at its first compile,
	// and its other compiles wait for it: meanwhile the other workers
	// compile the other languages.
	warming := map[*compile.Language]bool{}
	key := func(t compileTask) int {
		switch {
		case t.lang == nil || t.lang.Cache == nil:
			return 1
		case !warming[t.lang]:
			warming[t.lang] = true
			return 0
		}
		return 2
	}
	keys := make([]int, len(tasks))
	for i, t := range tasks {
		keys[i] = key(t)
	}
	for k := range 3 {
		for i, t := range tasks {
			if keys[i] == k {
				compiles.add(t.job)
			}
		}
	}
	r.total = len(compiles.jobs) + jobs
	pl.add(compiles, rankCompile)
	pl.run(ctx)
	r.stats.JudgeWallMs = time.Since(start).Milliseconds()
	if !lastCompile.IsZero() {
		r.stats.CompileWallMs = lastCompile.Sub(start).Milliseconds()
	}
}

// solutionsReady starts the runs of a solution that was compiled (sr) or,
// when the problem's checker was compiled (sr nil), of every solution
// compiled so far.
func (r *run) solutionsReady(pl *pool, pk *pkg, sr *solRun) {
	r.mu.Lock()
	var start []*solRun
	if sr == nil {
		pk.checkerDone = true
	} else {
		sr.compiled = true
	}
	if pk.checkerDone {
		for _, s := range pk.runs {
			if s.compiled && !s.started {
				s.started = true
				start = append(start, s)
			}
		}
	}
	r.mu.Unlock()
	if sr == nil && (pk.p.Checker.Kind == problem.CheckerCustom || pk.p.Interactive) {
		r.emit(pk, pk.checkerCheck())
	}
	for _, s := range start {
		seq := r.solutionSequence(pk, s)
		if seq == nil {
			r.emit(pk, pk.solutionCheck(s))
			r.step(len(pk.p.Tests))
			continue
		}
		// A partially accepted solution is scored on every test.
		seq.stopOnFail = seq.stopOnFail && s.sol.Folder != author.PartialFolder
		seq.onDone = func() { r.emit(pk, pk.solutionCheck(s)) }
		rank := rankOther
		switch {
		case s.reference:
			rank = rankReference
		case s.sol.Expected == verdict.TLE:
			rank = rankTLE
		case s.sol.Expected == verdict.AC:
			rank = rankAccepted
		}
		pl.add(seq, rank)
	}
}

// toolsReady starts the validator's runs once it is compiled, and the
// generator's once both are.
func (r *run) toolsReady(pl *pool, pk *pkg, validator, generator bool) {
	r.mu.Lock()
	pk.validatorDone = pk.validatorDone || validator
	pk.generatorDone = pk.generatorDone || generator
	startGen := pk.validatorDone && pk.generatorDone && !pk.genStarted && pk.p.Generator != "" && pk.genErr == nil
	pk.genStarted = pk.genStarted || startGen
	r.mu.Unlock()
	if validator {
		done := func() { r.emitAll(pk, pk.validatorCheck(), pk.junkCheck()) }
		if s := r.validatorSequence(pk); s != nil {
			s.onDone = done
			pl.add(s, rankTools)
		} else {
			done()
			r.step(len(pk.p.Tests) + len(pk.junk))
		}
	}
	if startGen {
		done := func() { r.emit(pk, pk.generatorCheck()) }
		if s := r.generatorSequence(pk); s != nil {
			s.onDone = done
			pl.add(s, rankTools)
		} else {
			done()
			r.step(len(pk.genCalls()))
		}
	}
}

// solutionSequence makes the jobs that judge a solution on every test,
// or returns nil when it is not to be run (it did not compile, or the
// problem's checker did not).
func (r *run) solutionSequence(pk *pkg, sr *solRun) *sequence {
	if sr.compErr != nil || !sr.comp.OK || sr.sol.Expected == verdict.CE || pk.checkerErr != nil {
		return nil
	}
	p := pk.p
	sr.results = make([]grade.TestResult, len(p.Tests))
	sr.cached = make([]bool, len(p.Tests))
	sr.seq = newSequence(!sr.reference)
	for i, t := range p.Tests {
		sr.seq.add(func(ctx context.Context) bool {
			key, useCache := r.solutionKey(ctx, pk, sr, i)
			var c cachedRun
			if useCache && r.cache.Get(key, &c) {
				r.hit()
				sr.results[i], sr.cached[i] = c.result(t), true
				return c.Verdict != verdict.AC
			}
			rep, err := r.grader.Grade(ctx, grade.Submission{Problem: p, Source: sr.sol.Path, Language: sr.sol.Language},
				grade.Options{Tests: []string{t.Name}, TimeScale: sr.scale, RecheckWall: true})
			if err != nil {
				return true // cancelled
			}
			var tr grade.TestResult
			switch {
			case len(rep.Tests) > 0:
				tr = rep.Tests[0]
				r.ran(tr.CPU)
			case rep.Verdict == verdict.IE:
				tr = grade.TestResult{Name: t.Name, Verdict: verdict.IE, Message: rep.Error}
			default:
				tr = grade.TestResult{Name: t.Name, Verdict: rep.Verdict, Message: rep.Compile.Output}
			}
			sr.results[i] = tr
			if useCache && ctx.Err() == nil && cacheable(tr, sr.lim, sr.scale, checkTimes(sr)) {
				_ = r.cache.Put(key, toCached(tr)) // a result not kept is made again next time
			}
			return tr.Verdict != verdict.AC
		})
	}
	return sr.seq
}

// validate runs the package's validator on the input.
func (r *run) validate(ctx context.Context, pk *pkg, input string, into *toolResult) {
	key, useCache := r.validatorKey(ctx, pk, input)
	var c cachedValidation
	if useCache && r.cache.Get(key, &c) {
		r.hit()
		*into = toolResult{done: true, v: c.validation()}
		return
	}
	v, err := r.kit.ValidateExit(ctx, pk.validator, input, pk.validExit)
	if err == nil {
		r.ran(v.Result.CPU)
	}
	*into = toolResult{done: err == nil || ctx.Err() == nil, v: v, err: err}
	if useCache && ctx.Err() == nil && validationCacheable(v, err) {
		_ = r.cache.Put(key, toValidation(v)) // a result not kept is made again next time
	}
}

// validatorSequence makes the jobs that run the validator on every test
// and on junk, or returns nil when it did not compile.
func (r *run) validatorSequence(pk *pkg) *sequence {
	if pk.validator == nil {
		return nil
	}
	pk.valResults = make([]toolResult, len(pk.p.Tests))
	s := newSequence(false)
	for i, t := range pk.p.Tests {
		s.add(func(ctx context.Context) bool { r.validate(ctx, pk, t.Input, &pk.valResults[i]); return false })
	}
	pk.junkRes = make([]toolResult, len(pk.junk))
	for i := range pk.junk {
		s.add(func(ctx context.Context) bool { r.validate(ctx, pk, pk.junkPath(i), &pk.junkRes[i]); return false })
	}
	return s
}

// generatorSequence makes the jobs that run the generator on the recorded
// seeds (or a few default ones) and validate what it prints, or returns
// nil when it did not compile.
func (r *run) generatorSequence(pk *pkg) *sequence {
	if pk.generator == nil {
		return nil
	}
	calls := pk.genCalls()
	pk.genRes = make([]genResult, len(calls))
	s := newSequence(false)
	for i, c := range calls {
		s.add(func(ctx context.Context) bool {
			g := &pk.genRes[i]
			g.call, g.test = author.GenCall(c.Seed, c.Args), c.Name
			want := filepath.Join(pk.disp, problem.TestsDir, c.Name+".in")
			key, useCache, hit := r.cachedGenerate(ctx, pk, c, want, g)
			if hit {
				return false
			}
			out := filepath.Join(r.tmp, fmt.Sprintf("gen-%s-%d.in", pk.slug, i))
			res, err := r.kit.Generate(ctx, pk.generator, c.Seed, c.Args, out)
			if ctx.Err() != nil {
				return false
			}
			g.done = true
			g.wall = res.Wall
			r.ran(res.CPU)
			if err != nil {
				g.err = err
				return false
			}
			if useCache {
				defer func() {
					if ctx.Err() == nil {
						r.storeGeneration(key, out, g, res.CPU)
					}
				}()
			}
			if c.Name != "" {
				got, _ := os.ReadFile(out)
				old, err := os.ReadFile(want)
				switch {
				case err != nil:
					g.differs = fmt.Sprintf("%s: %v", want, fileutil.UnwrapPath(err))
				case string(old) != string(got):
					g.differs = fmt.Sprintf("%s: differs from the output of generator %s (run judge test regen)", want, g.call)
				default:
					return false // the same bytes as a test the validator checks anyway
				}
			}
			if pk.validator != nil {
				g.valid = &toolResult{}
				r.validate(ctx, pk, out, g.valid)
				g.wall += g.valid.v.Result.Wall
			}
			return false
		})
	}
	return s
}

// matchAny reports whether name matches one of the globs.
func matchAny(globs []string, name string) bool {
	for _, g := range globs {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}

// interactorCompile returns the language of an interactive problem's
// interactor and the compile job that sets pk.checkerErr when it does not
// compile (or its language is unknown).
func (r *run) interactorCompile(pk *pkg) (*compile.Language, func(context.Context)) {
	src := pk.p.Checker.Source
	lang, err := r.kit.Config.Language(src, "")
	if err != nil {
		return nil, func(context.Context) { pk.checkerErr = fmt.Errorf("interactor %s: %w", src, err) }
	}
	return lang, func(ctx context.Context) {
		prog, c, err := r.kit.Compiler.Compile(ctx, lang, src)
		r.compiled(c)
		pk.checkerProg = prog
		switch {
		case err != nil && ctx.Err() == nil:
			pk.checkerErr = &author.InternalError{Err: fmt.Errorf("compile %s: %w", src, err)}
		case err == nil && !c.OK:
			pk.checkerErr = fmt.Errorf("%s: does not compile: %s", src, author.FirstLines(c.Output, 3))
		}
	}
}
