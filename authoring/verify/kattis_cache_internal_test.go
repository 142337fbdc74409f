package verify

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/runner"
)

// TestKattisKey: the key of a Kattis submission's run on a test changes
// with each thing its outcome depends on, and only with those.
func TestKattisKey(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	bin, bin2 := file("a.out", "program"), file("b.out", "other program")
	in, in2 := file("1.in", "1 2\n"), file("2.in", "1 3\n")
	ans, ans2 := file("1.ans", "3\n"), file("2.ans", "4\n")

	type setup struct {
		p       *problem.Problem
		run     grade.TestRun
		mode    runner.Mode
		runtime string
	}
	base := func() setup {
		lang := &compile.Language{Name: "c", Run: []string{"./a.out"}}
		lim := runner.Limits{CPU: time.Second, Wall: 3 * time.Second, Memory: 256 << 20, Output: 8 << 20}
		return setup{
			p: &problem.Problem{Checker: problem.CheckerSpec{Kind: problem.CheckerTokens},
				Kattis: &problem.KattisInfo{ValidationLimits: problem.Limits{Time: 30 * time.Second, Memory: 1 << 30, Output: 8 << 20}}},
			run: grade.TestRun{Program: &compile.Program{Language: lang, Files: []runner.File{{Name: "a.out", Path: bin}}},
				Test:      problem.Test{Name: "secret/1", Input: in, Output: ans, CheckerArgs: []string{"case_sensitive"}},
				RunLimits: lim, Limits: lim},
			mode: runner.ModeFull, runtime: "gcc 14",
		}
	}
	key := func(s setup, validator string) string {
		t.Helper()
		c := &kattisCache{r: &run{cache: runcache.Open(t.TempDir())}, k: &kattisPkg{p: s.p},
			hashes: map[string]string{}, idents: map[string]string{s.run.Program.Language.Name: s.runtime}, mode: s.mode}
		c.checkOnce.Do(func() { c.checker = kattisCheckerKey(s.p, validator) })
		k, ok := c.key(context.Background(), s.run)
		if !ok {
			t.Fatal("not cached")
		}
		return k.Sum()
	}
	want := key(base(), "")
	if again := key(base(), ""); again != want {
		t.Fatal("the same run has two keys")
	}
	tests := []struct {
		name      string
		change    func(*setup)
		validator string
	}{
		{"program bytes", func(s *setup) { s.run.Program.Files[0].Path = bin2 }, ""},
		{"program file name", func(s *setup) { s.run.Program.Files[0].Name = "b.out" }, ""},
		{"compiler identity", func(s *setup) { s.runtime = "gcc 15" }, ""},
		{"run command", func(s *setup) { s.run.Program.Language.Run = []string{"./a.out", "-x"} }, ""},
		{"environment", func(s *setup) { s.run.Program.Language.Env = []string{"A=1"} }, ""},
		{"input bytes", func(s *setup) { s.run.Test.Input = in2 }, ""},
		{"answer bytes", func(s *setup) { s.run.Test.Output = ans2 }, ""},
		{"time limit", func(s *setup) { s.run.Limits.CPU = 2 * time.Second }, ""},
		{"enforced CPU (time_limit_to_tle)", func(s *setup) { s.run.RunLimits.CPU = 2 * time.Second }, ""},
		{"wall limit", func(s *setup) { s.run.RunLimits.Wall = 5 * time.Second }, ""},
		{"memory limit", func(s *setup) { s.run.RunLimits.Memory = 512 << 20 }, ""},
		{"output limit", func(s *setup) { s.run.RunLimits.Output = 1 << 20 }, ""},
		{"language's process limit", func(s *setup) { s.run.Program.Language.Procs = 16 }, ""},
		{"validator flags", func(s *setup) { s.run.Test.CheckerArgs = []string{"float_tolerance", "1e-6"} }, ""},
		{"no validator flags", func(s *setup) { s.run.Test.CheckerArgs = nil }, ""},
		{"checker kind", func(s *setup) { s.p.Checker.Kind = problem.CheckerValidator }, ""},
		{"custom validator program", func(s *setup) {}, "program abc runtime \"python 3\""},
		{"interactive", func(s *setup) { s.p.Interactive = true }, ""},
		{"passes", func(s *setup) { s.p.Passes = 2 }, ""},
		{"validation time", func(s *setup) { s.p.Kattis.ValidationLimits.Time = time.Minute }, ""},
		{"validation memory", func(s *setup) { s.p.Kattis.ValidationLimits.Memory = 2 << 30 }, ""},
		{"sandbox mode", func(s *setup) { s.mode = runner.ModeBasic }, ""},
	}
	for _, tt := range tests {
		s := base()
		tt.change(&s)
		if got := key(s, tt.validator); got == want {
			t.Errorf("%s: the key did not change", tt.name)
		}
	}
	// The test's name is not part of it: a renamed test with the same
	// bytes is the same run.
	s := base()
	s.run.Test.Name = "secret/renamed"
	if key(s, "") != want {
		t.Error("the test's name changed the key")
	}
}

// TestKattisCacheable: the AC margin of a Kattis package is its limit
// over ac_to_time_limit; a time near it is judged again, unless the time
// limit is derived from the cached times themselves.
func TestKattisCacheable(t *testing.T) {
	pkg := &kattis.Package{Metadata: &kattis.Metadata{Limits: kattis.Limits{ACToTimeLimit: 5}}}
	p := &problem.Problem{Kattis: &problem.KattisInfo{Package: pkg}}
	lim := runner.Limits{CPU: time.Second}
	run := grade.TestRun{RunLimits: lim, Limits: lim}
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for _, tt := range []struct {
		cpu     time.Duration
		derived bool
		want    bool
	}{
		{ms(20), false, true},
		{ms(200), false, false}, // 1s / 5
		{ms(350), false, true},
		{ms(200), true, true},
		{ms(950), true, false}, // near the limit, as for native
	} {
		p.Kattis.TimeFromSubmissions = tt.derived
		if got := kattisCacheable(grade.TestResult{Verdict: "AC", CPU: tt.cpu}, run, p); got != tt.want {
			t.Errorf("AC in %v (derived %v): cacheable %v, want %v", tt.cpu, tt.derived, got, tt.want)
		}
	}
}

// TestKattisInputValidatorKey: an input validator's run is keyed by its
// program, the input and its flags; an output validator's run is not
// the same run.
func TestKattisInputValidatorKey(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "validate.py")
	in, in2 := filepath.Join(dir, "1.in"), filepath.Join(dir, "2.in")
	for path, content := range map[string]string{prog: "import sys", in: "1 2\n", in2: "1 3\n"} {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lang := &compile.Language{Name: "python3", Run: []string{"python3", "validate.py"}}
	c := &kattisCache{r: &run{cache: runcache.Open(t.TempDir())}, hashes: map[string]string{},
		idents: map[string]string{"python3": "Python 3.11"}, mode: runner.ModeFull}
	lim := runner.Limits{CPU: 30 * time.Second, Memory: 1 << 30}
	key := func(input string, flags []string, lim runner.Limits) string {
		t.Helper()
		k, ok := c.inputValidatorKey(context.Background(), &compile.Program{Language: lang, Files: []runner.File{{Name: "validate.py", Path: prog}}},
			problem.Test{Input: input}, flags, lim)
		if !ok {
			t.Fatal("not cached")
		}
		return k.Sum()
	}
	want := key(in, []string{"--max", "10"}, lim)
	for name, got := range map[string]string{
		"input":  key(in2, []string{"--max", "10"}, lim),
		"flags":  key(in, []string{"--max", "100"}, lim),
		"none":   key(in, nil, lim),
		"limits": key(in, []string{"--max", "10"}, runner.Limits{CPU: time.Minute, Memory: 1 << 30}),
	} {
		if got == want {
			t.Errorf("%s: the key did not change", name)
		}
	}
}
