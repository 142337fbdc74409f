package engine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

func TestOpenNoConfig(t *testing.T) {
	if _, err := Open(nil, Options{}); err == nil {
		t.Fatal("Open(nil) succeeded; want an error")
	}
}

// TestOpenGrades assembles the stack from the repository's configuration
// and judges a bundled accepted solution and a wrong one with it.
func TestOpenGrades(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the judge refuses to run submissions as root without the full sandbox, and the full sandbox needs root")
	}
	cfg, err := config.Load(filepath.Join("..", "..", config.DefaultPath), nil)
	if err != nil {
		t.Fatal(err)
	}
	eng, err := Open(cfg, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := eng.Close(); err != nil {
			t.Error(err)
		}
	}()
	if eng.Grader.Workers != 2 {
		t.Errorf("Grader.Workers = %d, want the override 2", eng.Grader.Workers)
	}
	if eng.Grader.Compiler != eng.Compiler || eng.Compiler.Sandbox != eng.Sandbox || eng.Grader.Sandbox != eng.Sandbox {
		t.Error("the grader, compiler and sandbox are not one stack")
	}
	p, err := problem.Find(cfg.ProblemsDir, "a-plus-b")
	if err != nil {
		t.Fatal(err)
	}
	lang, err := cfg.Language("sum.c", "")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	wrong := filepath.Join(dir, "sum.c")
	if err := os.WriteFile(wrong, []byte("#include <stdio.h>\nint main(void){long a,b;scanf(\"%ld %ld\",&a,&b);printf(\"%ld\\n\",a-b);return 0;}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		source string
		want   verdict.Verdict
	}{
		{filepath.Join(cfg.SolutionsDir, "a-plus-b", "accepted", "sum.c"), verdict.AC},
		{wrong, verdict.WA},
	} {
		rep, err := eng.Grader.Grade(context.Background(), grade.Submission{Problem: p, Source: tc.source, Language: lang}, grade.Options{StopOnFail: true})
		if err != nil {
			t.Fatalf("%s: %v", tc.source, err)
		}
		if rep.Verdict != tc.want {
			t.Errorf("%s: verdict %s (%s), want %s", tc.source, rep.Verdict, rep.Error, tc.want)
		}
	}
}

// TestOpenSandbox checks that the sandbox opened alone is the mode the
// configuration asks for and that it runs a program.
func TestOpenSandbox(t *testing.T) {
	if _, err := OpenSandbox(nil); err == nil {
		t.Fatal("OpenSandbox(nil) succeeded; want an error")
	}
	cfg, err := config.Load(filepath.Join("..", "..", config.DefaultPath), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		mode runner.Mode
		want []runner.Mode
	}{
		{runner.ModeBasic, []runner.Mode{runner.ModeBasic}},
		{runner.ModeAuto, []runner.Mode{runner.ModeFull, runner.ModeBasic}},
	} {
		t.Run(string(tc.mode), func(t *testing.T) {
			c := *cfg
			c.Sandbox = tc.mode
			sb, err := OpenSandbox(&c)
			if err != nil {
				t.Fatal(err)
			}
			defer sb.Close()
			if got := sb.Info().Mode; !slices.Contains(tc.want, got) {
				t.Errorf("mode %s, want one of %v", got, tc.want)
			}
			res, err := sb.Run(context.Background(), runner.Spec{Args: []string{"/bin/sh", "-c", "exit 3"}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != runner.Exited || res.ExitCode != 3 {
				t.Errorf("run ended %v with %d, want exit 3", res.Status, res.ExitCode)
			}
		})
	}
}

// TestVerifyGrader: the verifier's grader is the engine's stack, judging
// one test at a time, with the verifier's folder and cache.
func TestVerifyGrader(t *testing.T) {
	cfg, err := config.Load(filepath.Join("..", "..", config.DefaultPath), nil)
	if err != nil {
		t.Fatal(err)
	}
	e := &Engine{Config: cfg}
	e.Grader = e.grader(4)
	var cache grade.TestCache = nopCache{}
	g := e.VerifyGrader("/tmp/v", cache)
	switch {
	case g == e.Grader:
		t.Fatal("VerifyGrader returned the engine's own grader")
	case g.Workers != 1 || g.TempDir != "/tmp/v" || g.Cache != cache:
		t.Errorf("Workers %d TempDir %q Cache %v, want 1, /tmp/v and the cache given", g.Workers, g.TempDir, g.Cache)
	case g.Sandbox != e.Sandbox || g.Compiler != e.Compiler || g.CheckerLanguage != cfg.Languages["go"]:
		t.Error("the verifier's grader is not over the engine's stack")
	}
	for _, file := range []string{"sum.py", "sum.c"} {
		want, _ := cfg.Language(file, "")
		if got, err := g.LanguageOf(file); err != nil || got != want {
			t.Errorf("LanguageOf(%s) = %v, %v; want %v", file, got, err, want)
		}
	}
	if got, err := g.LanguageNamed("python3"); err != nil || got == nil {
		t.Errorf("LanguageNamed(python3) = %v, %v", got, err)
	}
}

type nopCache struct{}

func (nopCache) Get(context.Context, grade.TestRun) (grade.TestResult, bool) {
	return grade.TestResult{}, false
}
func (nopCache) Put(context.Context, grade.TestRun, grade.TestResult) {}
