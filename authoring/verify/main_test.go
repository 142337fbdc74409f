package verify_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/authoring/verify"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/runner"
)

func TestMain(m *testing.M) {
	// The sandbox runs this test binary again as its box helper.
	runner.Init()
	code := m.Run()
	if shared.sandbox != nil {
		shared.sandbox.Close()
	}
	os.Exit(code)
}

// shared is the sandbox and configuration every test uses: one sandbox
// for the test binary, and the judge's configuration with its compile
// cache, so that the warm Go build cache is built once per machine.
var shared struct {
	once    sync.Once
	cfg     *config.Config
	sandbox *runner.Sandbox
	err     error
}

// newKit returns the author's tools for the problems and solutions under
// root.
func newKit(t *testing.T, root string) *author.Tools {
	t.Helper()
	shared.once.Do(func() {
		shared.cfg, shared.err = config.Load("../../configs/judge.yaml", nil)
		if shared.err != nil {
			return
		}
		shared.sandbox, shared.err = runner.New(runner.Config{Mode: shared.cfg.Sandbox, Idle: 4})
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	cfg := *shared.cfg
	cfg.Workers = 2
	cfg.ProblemsDir = filepath.Join(root, "problems")
	cfg.SolutionsDir = filepath.Join(root, "solutions")
	comp := &compile.Compiler{Sandbox: shared.sandbox, CacheDir: cfg.CacheDir, ConfigDir: cfg.Dir, Limits: cfg.Compile}
	return &author.Tools{Engine: &engine.Engine{
		Config:   &cfg,
		Sandbox:  shared.sandbox,
		Compiler: comp,
		Grader:   &grade.Grader{Sandbox: shared.sandbox, Compiler: comp, Workers: 1, CheckerLanguage: cfg.Languages["go"]},
	}}
}

// copyFixture copies testdata's problems and solutions into a new
// temporary folder and returns it.
func copyFixture(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{"problems", "solutions"} {
		if err := copyTree(filepath.Join("testdata", d), filepath.Join(root, d)); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		// Execute bits are kept: build and run scripts need theirs.
		return os.WriteFile(target, data, 0o644|fi.Mode()&0o111)
	})
}

// verifySum verifies the sum problem under root.
func verifySum(t *testing.T, root string) *verify.ProblemReport {
	t.Helper()
	v := &verify.Verifier{Kit: newKit(t, root), Workers: 2}
	rep, err := v.Verify(context.Background(), []string{filepath.Join(root, "problems", "sum")})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 1 {
		t.Fatalf("got %d problem reports, want 1", len(rep.Problems))
	}
	return rep.Problems[0]
}
