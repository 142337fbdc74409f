package verify_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

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

// newVerifier returns a verifier of the problems and solutions under
// root, over the shared sandbox, with 2 workers.
func newVerifier(t *testing.T, root string) *verify.Verifier {
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
	eng := &engine.Engine{Config: &cfg, Sandbox: shared.sandbox, Compiler: comp,
		Grader: &grade.Grader{Sandbox: shared.sandbox, Compiler: comp, Workers: 1, CheckerLanguage: cfg.Languages["go"]}}
	return &verify.Verifier{Engine: eng, Workers: 2}
}

// verifierWith returns v over newVerifier's stack for root.
func verifierWith(t *testing.T, root string, v verify.Verifier) *verify.Verifier {
	t.Helper()
	base := newVerifier(t, root)
	v.Engine = base.Engine
	return &v
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
	return verifySumStall(t, root, nil)
}

// verifySumStall verifies the sum problem under root with stall as the
// machine's CPU pressure stall (nil for the kernel's).
func verifySumStall(t *testing.T, root string, stall func() (time.Duration, bool)) *verify.ProblemReport {
	t.Helper()
	v := newVerifier(t, root)
	v.Engine.Grader.CPUStall = stall
	progress := watchProgress(v)
	rep, err := v.Verify(context.Background(), []string{filepath.Join(root, "problems", "sum")})
	if err != nil {
		t.Fatal(err)
	}
	progress.check(t)
	if len(rep.Problems) != 1 {
		t.Fatalf("got %d problem reports, want 1", len(rep.Problems))
	}
	return rep.Problems[0]
}

// progressSeen is the last progress a verifier reported.
type progressSeen struct {
	mu          sync.Mutex
	calls       int
	done, total int
}

// watchProgress makes v report its progress to the returned watcher.
func watchProgress(v *verify.Verifier) *progressSeen {
	p := &progressSeen{}
	v.Progress = func(done, total int) {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.calls++
		p.done, p.total = done, total
	}
	return p
}

// check fails unless the progress ended with every step done: each run
// of every aspect, native or Kattis, counted once on the one pool (a
// package whose programs do not run has none).
func (p *progressSeen) check(t *testing.T) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done != p.total {
		t.Errorf("progress ended at %d/%d steps after %d calls, want every step done", p.done, p.total, p.calls)
	}
}

// ran fails unless some step was reported.
func (p *progressSeen) ran(t *testing.T) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.calls == 0 || p.total == 0 {
		t.Errorf("no progress reported (%d calls, %d steps)", p.calls, p.total)
	}
}
