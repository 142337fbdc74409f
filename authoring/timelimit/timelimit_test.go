package timelimit_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/authoring/timelimit"
	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/runner"
)

func TestMain(m *testing.M) {
	// The sandbox runs this test binary again as its box helper.
	runner.Init()
	code := m.Run()
	if shared.engine != nil {
		shared.engine.Close()
	}
	os.Exit(code)
}

// shared is the judging stack every test uses, built from the judge's
// configuration (its compile cache, so that the warm build caches are
// built once per machine), with one sandbox for the test binary.
var shared struct {
	once   sync.Once
	engine *engine.Engine
	err    error
}

// newGrader returns the shared grader and the configuration it has its
// languages from.
func newGrader(t *testing.T) (*grade.Grader, *config.Config) {
	t.Helper()
	shared.once.Do(func() {
		cfg, err := config.Load("../../configs/judge.yaml", nil)
		if err != nil {
			shared.err = err
			return
		}
		shared.engine, shared.err = engine.Open(cfg, engine.Options{Workers: 2})
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.engine.Grader, shared.engine.Config
}

// writeKattis writes files (path under the package: content) into a new
// package folder and loads it.
func writeKattis(t *testing.T, files map[string]string) *problem.Problem {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "pkg")
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := problem.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestResolve derives a legacy package's time limit from its accepted
// submission: fast, so the one-second minimum.
func TestResolve(t *testing.T) {
	g, _ := newGrader(t)
	dir := filepath.Join(t.TempDir(), "sum-legacy")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "core", "grade", "testdata", "kattis", "sum-legacy"))); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, ".timelimit")); err != nil {
		t.Fatal(err)
	}
	p, err := problem.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p.Kattis == nil || p.Limits.Time != 0 || !p.Kattis.TimeFromSubmissions {
		t.Fatalf("limits %+v", p.Limits)
	}
	reports, err := timelimit.Resolve(context.Background(), g, p)
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) != 1 || p.Limits.Time != time.Second {
		t.Errorf("derived %v from %d reports, want 1s from 1", p.Limits.Time, len(reports))
	}
}

// TestTimeLimitInference2025 derives 2025-09 time limits from
// submissions.yaml's use_for_time_limit and the default folders' rules.
// The slow programs spend 1.2 s of CPU time (measured by the program, so
// a busy machine does not change it), 0.6 s after Python's time
// multiplier of 2; the fast one almost none. With ac_to_time_limit 2 and
// time_resolution 1, the limit is 1 s unless a slow program bounds it
// from below, then at least 2 s; it is asserted against the times the
// runs measured, not against a clock.
func TestTimeLimitInference2025(t *testing.T) {
	g, cfg := newGrader(t)
	const (
		fast  = "print(2 * int(input()))\n"
		burn  = "import time\nwhile time.process_time() < 1.2:\n    pass\n"
		slow  = burn + fast
		wrong = burn + "print(0)\n"
	)
	tests := []struct {
		name   string
		files  map[string]string
		slow   bool   // a slow program bounds the limit from below
		err    string // Resolve's error
		upper  string // CheckUpperBounds' error
		ranSub int    // submissions Resolve ran
		only   string // the tests the lower bound covers ("" for all)
	}{
		{"accepted only", map[string]string{}, false, "", "", 1, ""},
		{"use_for_time_limit: lower", map[string]string{
			"submissions/other/slow.py":    slow,
			"submissions/submissions.yaml": "other/slow.py:\n  use_for_time_limit: lower\n",
		}, true, "", "", 2, ""},
		{"wrong_answer bounds it from below by default", map[string]string{
			"submissions/wrong_answer/slow.py": wrong,
		}, true, "", "", 2, ""},
		{"one that does not compile is left out", map[string]string{
			"submissions/wrong_answer/broken.c": "int main( {\n",
		}, false, "", "", 1, ""},
		{"use_for_time_limit: false alone opts the submission out", map[string]string{
			"submissions/wrong_answer/slow.py": wrong,
			"submissions/submissions.yaml":     "wrong_answer/slow.py:\n  use_for_time_limit: false\n",
		}, false, "", "", 1, ""},
		{"use_for_time_limit: false with permitted leaves the folder's rule", map[string]string{
			"submissions/wrong_answer/slow.py": wrong,
			"submissions/submissions.yaml":     "wrong_answer/slow.py:\n  permitted: [AC, WA]\n  use_for_time_limit: false\n",
		}, true, "", "", 2, ""},
		{"the folder's own key opts its submissions out", map[string]string{
			"submissions/wrong_answer/slow.py": wrong,
			"submissions/submissions.yaml":     "wrong_answer:\n  use_for_time_limit: false\n",
		}, false, "", "", 1, ""},
		// The rule covers the sample only; the program is slow on secret/1.
		{"a group's rule bounds it by its tests only", map[string]string{
			"submissions/other/slow.py":    "n = int(input())\nimport time\nwhile n == 5 and time.process_time() < 1.2:\n    pass\nprint(2 * n)\n",
			"submissions/submissions.yaml": "other/slow.py:\n  sample:\n    use_for_time_limit: lower\n",
		}, false, "", "", 2, "sample"},
		// Spins on secret/1 only, which the rule covers.
		{"use_for_time_limit: upper, met", map[string]string{
			"submissions/other/spin.py":    "n = int(input())\nwhile n == 5:\n    pass\nprint(2 * n)\n",
			"submissions/submissions.yaml": "other/spin.py:\n  secret:\n    use_for_time_limit: upper\n",
		}, false, "", "", 1, ""},
		{"use_for_time_limit: upper, too fast for any limit", map[string]string{
			"submissions/other/slow.py":    slow,
			"submissions/submissions.yaml": "other/slow.py:\n  use_for_time_limit: upper\n",
		}, false, "", "no time limit fits: other/slow.py bounds it from above (submissions.yaml: other/slow.py)", 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"problem.yaml":     "problem_format_version: 2025-09\nname: D\nuuid: u\n",
				"data/sample/1.in": "3\n", "data/sample/1.ans": "6\n",
				"data/secret/1.in": "5\n", "data/secret/1.ans": "10\n",
				"submissions/accepted/fast.py": fast,
			}
			for k, v := range tt.files {
				files[k] = v
			}
			p := writeKattis(t, files)
			reports, err := timelimit.Resolve(context.Background(), g, p)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(reports) != tt.ranSub {
				t.Errorf("%d submissions run, want %d", len(reports), tt.ranSub)
			}
			var slowest time.Duration
			for _, r := range reports {
				for _, tr := range r.Tests {
					if tt.only == "" || kattis.MatchGlob(tt.only, tr.Name) {
						slowest = max(slowest, time.Duration(float64(tr.CPU)/cfg.Languages["python"].TimeMultiplier))
					}
				}
			}
			md := p.Kattis.Package.Metadata
			want, _ := kattis.DeriveTimeLimit(md.Version, md.Limits, slowest, 0)
			if p.Limits.Time != want {
				t.Errorf("limit %v, want %v (slowest bounding test %v)", p.Limits.Time, want, slowest)
			}
			if tt.slow != (p.Limits.Time >= 2*time.Second) {
				t.Errorf("limit %v: a slow program bounds it from below is %v", p.Limits.Time, tt.slow)
			}
			_, err = timelimit.CheckUpperBounds(context.Background(), g, p)
			if tt.upper == "" && err != nil {
				t.Errorf("upper bounds: %v", err)
			}
			if tt.upper != "" && (err == nil || !strings.Contains(err.Error(), tt.upper)) {
				t.Errorf("upper bounds: error %v, want %q", err, tt.upper)
			}
		})
	}
}

// TestResolveSkipsWhatCannotBeJudged derives a legacy package's time limit
// while two of its accepted submissions cannot be judged here, one in a
// language the judge does not know (.scala) and one whose compiler is not
// installed (Rust, its compiler renamed for the test): as problemtools
// does, each is left out with a word to the caller, and the limit comes
// from the one left. Either used to stop every submit and verify of the
// package.
func TestResolveSkipsWhatCannotBeJudged(t *testing.T) {
	_, base := newGrader(t)
	cfg := *base
	cfg.Languages = maps.Clone(base.Languages)
	rust := *cfg.Languages["rust"]
	rust.Compile = append([]string{"pj-no-such-compiler"}, rust.Compile[1:]...)
	cfg.Languages["rust"] = &rust
	eng, err := engine.Open(&cfg, engine.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()

	dir := filepath.Join(t.TempDir(), "sum-legacy")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "core", "grade", "testdata", "kattis", "sum-legacy"))); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, ".timelimit"))
	for name, src := range map[string]string{
		"Sum.scala": "object Sum extends App { println(1) }\n",
		"sum.rs":    "fn main() {}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, "submissions", "accepted", name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := problem.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var skipped []string
	reports, err := timelimit.ResolveWith(context.Background(), eng.Grader, p, func(s timelimit.Skip) {
		skipped = append(skipped, filepath.Base(s.Submission)+": "+s.Why)
	})
	if err != nil {
		t.Fatalf("Resolve: %v (skipped %q)", err, skipped)
	}
	if len(reports) != 1 || p.Limits.Time != time.Second {
		t.Errorf("derived %v from %d reports, want 1s from 1 (sum.py)", p.Limits.Time, len(reports))
	}
	if len(skipped) != 2 || !strings.HasPrefix(skipped[0], "Sum.scala: ") || !strings.Contains(skipped[0], "language") ||
		!strings.HasPrefix(skipped[1], "sum.rs: ") || !strings.Contains(skipped[1], "pj-no-such-compiler") {
		t.Errorf("skipped %q, want Sum.scala for its language and sum.rs for its compiler", skipped)
	}

	// With nothing left to derive it from, that is the error.
	if err := os.Remove(filepath.Join(dir, "submissions", "accepted", "sum.py")); err != nil {
		t.Fatal(err)
	}
	if p, err = problem.Load(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := timelimit.Resolve(context.Background(), eng.Grader, p); err == nil || !strings.Contains(err.Error(), "no accepted submission") {
		t.Errorf("Resolve with only submissions it cannot judge: %v", err)
	}
}
