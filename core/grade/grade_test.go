package grade_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

func TestMain(m *testing.M) {
	runner.Init()
	code := m.Run()
	// The shared sandboxes hold boxes with mounts and cgroups: close them,
	// so that the tests leave nothing behind.
	for mode, f := range fixtures {
		if err := f.grader.Sandbox.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "close the %s sandbox: %v\n", mode, err)
			code = 1
		}
	}
	os.Exit(code)
}

// needFull skips a test of the full sandbox when not run as root.
func needFull(t *testing.T, mode runner.Mode) {
	t.Helper()
	if mode == runner.ModeFull && os.Geteuid() != 0 {
		t.Skip("needs root for the full sandbox")
	}
}

// anyMode is the sandbox mode for the tests that do not depend on it: full
// as root, basic otherwise.
func anyMode() runner.Mode {
	if os.Geteuid() == 0 {
		return runner.ModeFull
	}
	return runner.ModeBasic
}

// testCacheDir is shared by test runs so the warm Go build cache is built
// once per machine, as the judge itself does.
func testCacheDir(t testing.TB) string {
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	return filepath.Join(base, "puzzlejudge")
}

type fixture struct {
	grader *grade.Grader
	langs  map[string]*compile.Language
}

var (
	fixtureMu sync.Mutex
	fixtures  = map[runner.Mode]*fixture{}
)

// newGrader returns a grader in the given sandbox mode, shared by the tests
// of this package.
func newGrader(t *testing.T, mode runner.Mode) *fixture {
	t.Helper()
	fixtureMu.Lock()
	defer fixtureMu.Unlock()
	if f, ok := fixtures[mode]; ok {
		return f
	}
	langs, err := config.LoadLanguages("../../configs/languages.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sb, err := runner.New(runner.Config{Mode: mode, Idle: 4})
	if err != nil {
		t.Fatalf("sandbox %s: %v", mode, err)
	}
	f := &fixture{
		grader: &grade.Grader{
			Sandbox:         sb,
			Compiler:        &compile.Compiler{Sandbox: sb, CacheDir: testCacheDir(t), ConfigDir: "../../configs"},
			Workers:         2,
			CheckerLanguage: langs["go"],
			LanguageOf:      languageOf(langs),
			LanguageNamed:   languageNamed(langs),
		},
		langs: langs,
	}
	fixtures[mode] = f
	return f
}

func load(t *testing.T, name string) *problem.Problem {
	t.Helper()
	p, err := problem.Load(filepath.Join("testdata", "problems", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var exts = map[string]string{"go": ".go", "c": ".c", "cpp": ".cpp", "python": ".py"}

// TestVerdicts judges real programs in every language for every verdict,
// in both sandbox modes.
func TestVerdicts(t *testing.T) {
	type want struct {
		verdict verdict.Verdict
		message string // substring of the first failing test's message
		signal  string
	}
	cases := []struct {
		program, problem string
		langs            []string
		want             want
	}{
		{"ac", "sum", nil, want{verdict: verdict.AC}},
		{"wa", "sum", nil, want{verdict: verdict.WA, message: "expected"}},
		{"pe", "sum-exact", nil, want{verdict: verdict.PE}},
		{"ac", "sum-exact", nil, want{verdict: verdict.AC}},
		{"tle", "sum", nil, want{verdict: verdict.TLE, message: "CPU time limit"}},
		{"sleep", "sum", nil, want{verdict: verdict.TLE, message: "wall time limit"}},
		// A small memory limit: a program reaches it in a small part of
		// its time limit, however slow page faults are on the machine.
		{"mle", "sum-small-memory", nil, want{verdict: verdict.MLE}},
		{"ole", "sum", nil, want{verdict: verdict.OLE}},
		{"re", "sum", []string{"c", "cpp"}, want{verdict: verdict.RE, message: "SIGSEGV", signal: "SIGSEGV"}},
		{"re", "sum", []string{"go"}, want{verdict: verdict.RE, message: "exit 2: panic: assignment to entry in nil map"}},
		{"re", "sum", []string{"python"}, want{verdict: verdict.RE, message: "ZeroDivisionError"}},
		{"exit", "sum", []string{"c"}, want{verdict: verdict.RE, message: "exit 2"}},
		{"exit", "sum", []string{"go"}, want{verdict: verdict.RE, message: "exit 3"}},
		{"exit", "sum", []string{"cpp"}, want{verdict: verdict.RE, message: "exit 4"}},
		{"exit", "sum", []string{"python"}, want{verdict: verdict.RE, message: "exit 5"}},
		{"ce", "sum", nil, want{verdict: verdict.CE}},
		{"ac", "sum-custom", nil, want{verdict: verdict.AC}},
		// Samples run first: sample-1 (1 2) is the first failing test.
		{"wa", "sum-custom", nil, want{verdict: verdict.WA, message: "expected 3,"}},
		{"hello", "hello", []string{"go"}, want{verdict: verdict.AC}},
		// About 100 MiB of stack: the stack limit is the memory limit.
		{"deep", "sum", []string{"cpp"}, want{verdict: verdict.AC}},
	}
	for _, mode := range []runner.Mode{runner.ModeFull, runner.ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			needFull(t, mode)
			f := newGrader(t, mode)
			for _, c := range cases {
				langs := c.langs
				if langs == nil {
					langs = []string{"go", "c", "cpp", "python"}
				}
				for _, lang := range langs {
					c, lang := c, lang
					t.Run(c.problem+"/"+lang+"/"+c.program, func(t *testing.T) {
						// Programs that must be stopped by a time limit run
						// alone: on a machine this small, parallel runs steal
						// the CPU a busy loop needs to reach its CPU limit
						// before its wall limit.
						if c.program != "tle" {
							t.Parallel()
						}
						src := filepath.Join("testdata", "programs", lang, c.program+exts[lang])
						opt := grade.Options{StopOnFail: true}
						if c.program == "deep" {
							// It proves the stack limit, not speed: first-touching
							// 100 MiB of stack costs about 0.4 s of CPU here, which
							// a loaded machine (basic mode cannot raise a
							// program's CPU weight) may stretch past a 3 s wall
							// limit.
							opt.TimeLimit = 5 * time.Second
						}
						rep, err := f.grader.Grade(context.Background(), grade.Submission{
							Problem: load(t, c.problem), Source: src, Language: f.langs[lang],
						}, opt)
						if err != nil {
							t.Fatal(err)
						}
						if rep.Verdict != c.want.verdict {
							t.Fatalf("verdict %s, want %s; report: %+v", rep.Verdict, c.want.verdict, rep)
						}
						if rep.Sandbox != mode {
							t.Errorf("report says sandbox %q, want %q", rep.Sandbox, mode)
						}
						if c.want.verdict == verdict.CE {
							if rep.Compile.OK || rep.Compile.Output == "" {
								t.Errorf("compile report %+v, want a failure with the compiler's message", rep.Compile)
							}
							return
						}
						if len(rep.Tests) == 0 {
							t.Fatalf("verdict %s with no test results", rep.Verdict)
						}
						last := rep.Tests[len(rep.Tests)-1]
						if c.program == "tle" && strings.Contains(last.Message, "wall time limit") {
							// On a loaded 2-core machine (go test ./... runs
							// packages side by side) a busy loop may be starved
							// into its wall limit before it has used its CPU
							// limit: still TLE, and right only if the CPU used
							// is indeed under the limit.
							if last.TimeMs >= rep.Limits.TimeMs {
								t.Errorf("stopped by the wall limit after %d ms of CPU, at or over the CPU limit of %d ms: the CPU limit should have fired", last.TimeMs, rep.Limits.TimeMs)
							}
							t.Logf("loaded machine: %s after %d ms of CPU", last.Message, last.TimeMs)
							return
						}
						if !strings.Contains(last.Message, c.want.message) {
							t.Errorf("message %q, want it to contain %q", last.Message, c.want.message)
						}
						if last.Signal != c.want.signal && c.want.signal != "" {
							t.Errorf("signal %q, want %q", last.Signal, c.want.signal)
						}
						checkFigures(t, rep, last, c.program)
					})
				}
			}
		})
	}
}

// checkFigures checks that the measurements agree with what the program did.
func checkFigures(t *testing.T, rep *grade.Report, last grade.TestResult, program string) {
	t.Helper()
	limit := time.Duration(rep.Limits.TimeMs) * time.Millisecond
	switch program {
	case "tle":
		// Stopped after the CPU limit, not long after; the report is what
		// it used. The margin is wide: this checks the verdict's figures,
		// not the timer's precision on a loaded machine.
		slack := max(200*time.Millisecond, limit/5)
		if last.CPU < limit || last.CPU > limit+slack {
			t.Errorf("busy loop used %v of CPU, want between %v and %v", last.CPU, limit, limit+slack)
		}
	case "sleep":
		if last.WallMs < rep.Limits.WallMs || last.WallMs > rep.Limits.WallMs+1000 {
			t.Errorf("sleeper stopped after %d ms of wall time, want just past %d ms", last.WallMs, rep.Limits.WallMs)
		}
		// Well under its CPU limit: the start of a box and a program is
		// all it uses, which in an emulated VM is 0.2 s.
		if last.TimeMs >= rep.Limits.TimeMs/2 {
			t.Errorf("sleeper used %d ms of CPU, want well under the limit of %d ms", last.TimeMs, rep.Limits.TimeMs)
		}
	case "mle":
		if last.MemoryKB < rep.Limits.MemoryKB*9/10 {
			t.Errorf("MLE run reports %d KiB, want about the %d KiB limit", last.MemoryKB, rep.Limits.MemoryKB)
		}
	case "ac", "hello":
		// Measured to the kernel's charge batch (see package cgroup): a
		// trivial program may now and then read 0 in a renewed group,
		// never on every test.
		var most int64
		for _, r := range rep.Tests {
			most = max(most, r.MemoryKB)
		}
		if most <= 0 {
			t.Errorf("memory not measured: %d KiB at most over %d tests", most, len(rep.Tests))
		}
		if last.MemoryKB > 32<<10 {
			t.Errorf("trivial program reported %d KiB", last.MemoryKB)
		}
	}
	if rep.Measurement.Memory == "" {
		t.Error("report does not say how memory was measured")
	}
	// The judging lasted at least as long as any of its tests.
	if rep.ElapsedMs <= 0 || rep.ElapsedMs < float64(last.WallMs) {
		t.Errorf("judging took %.3f ms by the report, a test %d ms of wall time", rep.ElapsedMs, last.WallMs)
	}
}

// TestStopOnFail checks that the overall verdict is the first failing
// test's and that later tests are not reported. The sample runs first.
func TestStopOnFail(t *testing.T) {
	f := newGrader(t, anyMode())
	p := load(t, "sum")
	src := filepath.Join("testdata", "programs", "go", "wa.go")
	for _, stop := range []bool{false, true} {
		rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: f.langs["go"]}, grade.Options{StopOnFail: stop})
		if err != nil {
			t.Fatal(err)
		}
		want := 2
		if stop {
			want = 1
		}
		first := ""
		if len(rep.Tests) > 0 {
			first = rep.Tests[0].Name
		}
		if len(rep.Tests) != want || rep.Verdict != verdict.WA || first != "sample-1" {
			t.Errorf("stop=%v: %d tests, verdict %s, first %q; want %d tests, WA, first \"sample-1\"", stop, len(rep.Tests), rep.Verdict, first, want)
		}
		// The tests after the failure are named as not run.
		if notRun := strings.Join(rep.NotRun, " "); stop && notRun != "2" || !stop && notRun != "" {
			t.Errorf("stop=%v: not run %q", stop, notRun)
		}
	}
}

// TestCompileCache checks that a second compile of the same source is
// served from the cache.
func TestCompileCache(t *testing.T) {
	f := newGrader(t, anyMode())
	dir := t.TempDir()
	src := filepath.Join(dir, "main.c")
	// A unique source, so that the first compile is a real one.
	body := "#include <stdio.h>\nint main(void){puts(\"" + t.Name() + time.Now().String() + "\");return 0;}\n"
	if err := os.WriteFile(src, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, wantCached := range []bool{false, true} {
		_, comp, err := f.grader.Compiler.Compile(context.Background(), f.langs["c"], src)
		if err != nil || !comp.OK {
			t.Fatalf("compile %d: %v %+v", i, err, comp)
		}
		if comp.Cached != wantCached {
			t.Errorf("compile %d: cached=%v, want %v", i, comp.Cached, wantCached)
		}
	}
}

// TestGradeReleasesPrograms checks that a grade holds the compiled
// program it runs in the compile cache only while it runs: once it is
// over, a prune removes it though the Grader (a server's) lives on.
func TestGradeReleasesPrograms(t *testing.T) {
	f := newGrader(t, anyMode())
	cacheDir := t.TempDir()
	g := *f.grader
	g.Compiler = &compile.Compiler{Sandbox: f.grader.Sandbox, CacheDir: cacheDir}
	src := filepath.Join("testdata", "programs", "c", "ac.c")
	rep, err := g.Grade(context.Background(), grade.Submission{Problem: load(t, "sum"), Source: src, Language: f.langs["c"]}, grade.Options{})
	if err != nil || rep.Verdict != verdict.AC {
		t.Fatalf("grade: %v %+v", err, rep)
	}
	res, err := compile.PruneCache(cacheDir, compile.PruneOptions{MaxSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.InUse != 0 || len(res.Removed) != 1 {
		t.Errorf("prune after the grade: %d removed, %d in use; want 1 removed, none in use", len(res.Removed), res.InUse)
	}
}

// TestMissingCompiler checks that a compiler missing from the box makes
// the grade IE, with a message naming the compiler and how to install it,
// and leaves nothing in the compile cache.
func TestMissingCompiler(t *testing.T) {
	for _, mode := range []runner.Mode{runner.ModeFull, runner.ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			needFull(t, mode)
			f := newGrader(t, mode)
			cacheDir := t.TempDir()
			lang := *f.langs["cpp"]
			lang.Compile = append([]string{"no-such-g++"}, lang.Compile[1:]...)
			lang.Version = nil
			g := *f.grader
			g.Compiler = &compile.Compiler{Sandbox: f.grader.Sandbox, CacheDir: cacheDir}
			src := filepath.Join("testdata", "programs", "cpp", "ac.cpp")
			rep, err := g.Grade(context.Background(), grade.Submission{Problem: load(t, "sum"), Source: src, Language: &lang}, grade.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := "compile cpp: no-such-g++ not found in the box (install: " + lang.Install + ")"
			if rep.Verdict != verdict.IE || rep.Error != want || rep.InternalError() != want {
				t.Errorf("verdict %s, error %q; want IE, %q", rep.Verdict, rep.Error, want)
			}
			if rep.Compile.OK || rep.Compile.Cached || len(rep.Tests) != 0 {
				t.Errorf("compile %+v, %d tests", rep.Compile, len(rep.Tests))
			}
			var text strings.Builder
			if err := report.Text(&text, rep, "", report.Style{}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text.String(), "internal error: "+want) || strings.Contains(text.String(), "CE") {
				t.Errorf("text report does not say the judge failed:\n%s", text.String())
			}
			bin, _ := os.ReadDir(filepath.Join(cacheDir, "bin"))
			if len(bin) != 0 {
				t.Errorf("cache entries left: %v", bin)
			}
		})
	}
}

// TestCheckerPanics checks that a custom checker's panic (exit 2, as for
// PE) is an internal error naming the checker's failure.
func TestCheckerPanics(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("full sandbox mode needs root")
	}
	f := newGrader(t, runner.ModeFull)
	src := filepath.Join("testdata", "programs", "go", "ac.go")
	rep, err := f.grader.Grade(context.Background(), grade.Submission{
		Problem: load(t, "sum-checker-panics"), Source: src, Language: f.langs["go"],
	}, grade.Options{StopOnFail: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "checker panicked: runtime error: index out of range [4] with length 0"
	if rep.Verdict != verdict.IE || len(rep.Tests) == 0 || rep.Tests[0].Message != want {
		t.Fatalf("verdict %s, tests %+v; want IE with message %q", rep.Verdict, rep.Tests, want)
	}
}

// TestOnTestInOrder checks that OnTestInOrder sees exactly the report's
// tests in the report's order, samples first, and that OnStart names
// them before any runs.
func TestOnTestInOrder(t *testing.T) {
	f := newGrader(t, anyMode())
	p := load(t, "sum")
	for _, tt := range []struct {
		program    string
		stopOnFail bool
	}{
		{"ac", false},
		{"wa", false},
		{"wa", true},
	} {
		t.Run(fmt.Sprintf("%s/stop=%v", tt.program, tt.stopOnFail), func(t *testing.T) {
			var mu sync.Mutex
			var started []string
			var inOrder, any []string
			rep, err := f.grader.Grade(context.Background(), grade.Submission{
				Problem: p, Source: filepath.Join("testdata", "programs", "c", tt.program+".c"), Language: f.langs["c"],
			}, grade.Options{
				StopOnFail: tt.stopOnFail,
				OnStart: func(r grade.Report, names []string) {
					if len(r.Tests) != 0 || !r.Compile.OK {
						t.Errorf("OnStart report %+v", r)
					}
					started = names
				},
				OnTest:        func(r grade.TestResult) { mu.Lock(); any = append(any, r.Name); mu.Unlock() },
				OnTestInOrder: func(r grade.TestResult) { inOrder = append(inOrder, r.Name) },
			})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, r := range rep.Tests {
				names = append(names, r.Name)
			}
			if strings.Join(inOrder, " ") != strings.Join(names, " ") {
				t.Errorf("OnTestInOrder saw %v, report has %v", inOrder, names)
			}
			if len(started) == 0 || started[0] != "sample-1" || (!tt.stopOnFail && strings.Join(started, " ") != strings.Join(names, " ")) {
				t.Errorf("OnStart named %v (report %v): want the samples first and every test", started, names)
			}
			if len(any) < len(names) {
				t.Errorf("OnTest saw %v, fewer than the report's %v", any, names)
			}
		})
	}
}
