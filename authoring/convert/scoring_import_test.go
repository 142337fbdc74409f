package convert

import (
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/verdict"
)

// writePackage writes a small Kattis package: problem.yaml and each
// file of files (a test NAME gets NAME.in and NAME.ans; a name ending in
// .yaml is written as given).
func writePackage(t *testing.T, meta string, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "pkg")
	write := func(name, content string) {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("problem.yaml", meta)
	write("problem_statement/problem.en.md", "# Double\n")
	write(".timelimit", "1\n")
	for name, content := range files {
		if strings.HasSuffix(name, ".yaml") {
			write(name, content)
			continue
		}
		write(name+".in", "1\n")
		write(name+".ans", "2\n")
	}
	return dir
}

const (
	legacyMeta = "name: Double\ntype: scoring\nlimits:\n  memory: 256\n"
	meta2025   = "problem_format_version: 2025-09\nname: Double\nuuid: 5b7e3c1a-8f0d-4c2e-9a61-2d4f0e7b9c14\ntype: scoring\nlimits:\n  time_limit: 1\n  memory: 256\n"
)

// TestImportScoring imports scoring packages (the fixtures of grade and
// small ones for each rule) and checks, for every pattern of failing
// tests, that the native problem scores as the package does; verdicts
// too, unless dropped says the graders' verdicts differ. Packages whose
// scores native groups cannot say are imported pass-fail, with the
// reason in dropped.
func TestImportScoring(t *testing.T) {
	tests := []struct {
		name string
		dir  func(t *testing.T) string
		// groups is the native groups' count; 0 for a package imported
		// pass-fail, whose dropped line must hold why.
		groups int
		why    string
	}{
		{"scoring-legacy", fixture("scoring-legacy"), 2, ""},
		{"scoring-2025", fixture("scoring-2025"), 4, ""},
		{"scoring-validator", fixture("scoring-validator"), 0, "validation: custom score"},
		{"grader-legacy", fixture("grader-legacy"), 0, "grading: custom"},
		// Legacy defaults: every test 1, sum, break at the first failure,
		// the sample counted.
		{"legacy-defaults", func(t *testing.T) string {
			return writePackage(t, legacyMeta, map[string]string{"data/sample/1": "", "data/secret/1": "", "data/secret/2": "", "data/secret/3": ""})
		}, 1, ""},
		// Continue and sum: each test's accept_score, all or nothing as
		// the root accepts only when every test is; worst_error over
		// several failures.
		{"legacy-continue", func(t *testing.T) string {
			return writePackage(t, legacyMeta, map[string]string{
				"data/testdata.yaml": "on_reject: continue\ngrader_flags: ignore_sample first_error\n", "data/sample/1": "",
				"data/secret/testdata.yaml": "on_reject: continue\naccept_score: 10\ngrader_flags: worst_error\n", "data/secret/a/1": "", "data/secret/a/2": "", "data/secret/b/1": "",
			})
		}, 1, ""},
		// avg of two groups under continue; a group of min.
		{"legacy-avg", func(t *testing.T) string {
			return writePackage(t, legacyMeta, map[string]string{
				"data/testdata.yaml": "on_reject: continue\ngrader_flags: ignore_sample\n", "data/sample/1": "",
				"data/secret/testdata.yaml":   "grader_flags: avg\naccept_score: 40\n",
				"data/secret/a/testdata.yaml": "grader_flags: min\non_reject: break\n", "data/secret/a/1": "", "data/secret/a/2": "",
				"data/secret/b/testdata.yaml": "grader_flags: min\non_reject: break\n", "data/secret/b/1": "",
			})
		}, 1, ""},
		{"legacy-max", func(t *testing.T) string {
			return writePackage(t, legacyMeta, map[string]string{
				"data/testdata.yaml": "on_reject: continue\ngrader_flags: ignore_sample\n", "data/sample/1": "",
				"data/secret/testdata.yaml": "grader_flags: max\non_reject: continue\n", "data/secret/1": "", "data/secret/2": "",
			})
		}, 0, "max over several scores"},
		{"legacy-reject-score", func(t *testing.T) string {
			return writePackage(t, legacyMeta, map[string]string{"data/secret/testdata.yaml": "reject_score: 1\naccept_score: 2\n", "data/secret/1": ""})
		}, 0, "reject_score"},
		// 2025-09: secret's own tests share its max_score; a pass-fail
		// secret; require_pass of sample; min over tests.
		{"2025-secret-sum", func(t *testing.T) string {
			return writePackage(t, meta2025, map[string]string{"data/sample/1": "", "data/secret/1": "", "data/secret/2": "", "data/secret/3": ""})
		}, 3, ""},
		{"2025-secret-pass-fail", func(t *testing.T) string {
			return writePackage(t, meta2025, map[string]string{"data/secret/test_group.yaml": "score_aggregation: pass-fail\nmax_score: 60\n", "data/secret/1": "", "data/secret/2": ""})
		}, 1, ""},
		{"2025-require-sample", func(t *testing.T) string {
			return writePackage(t, meta2025, map[string]string{
				"data/sample/1": "", "data/secret/test_group.yaml": "require_pass: sample\n",
				"data/secret/a/test_group.yaml": "max_score: 30\n", "data/secret/a/1": "", "data/secret/a/2": "",
				"data/secret/b/test_group.yaml": "max_score: 40\nscore_aggregation: sum\nrequire_pass: secret/a\n", "data/secret/b/1": "", "data/secret/b/2": "",
				"data/secret/c/test_group.yaml": "max_score: 30\nscore_aggregation: min\n", "data/secret/c/1": "", "data/secret/c/2": "",
			})
		}, 4, ""},
		{"2025-min-of-sums", func(t *testing.T) string {
			return writePackage(t, meta2025, map[string]string{
				"data/secret/test_group.yaml":   "score_aggregation: min\n",
				"data/secret/a/test_group.yaml": "max_score: 100\nscore_aggregation: sum\n", "data/secret/a/1": "", "data/secret/a/2": "",
			})
		}, 0, "min over a part that sums several scores"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tt.dir(t)
			orig, native, _, dropped := importLoaded(t, dir)
			if tt.groups == 0 {
				if native.Scoring != nil {
					t.Fatalf("imported with %d groups, want pass-fail", len(native.Scoring.Root.Items))
				}
				if !slices.ContainsFunc(dropped, func(d string) bool { return strings.Contains(d, tt.why) && strings.Contains(d, "judged pass-fail") }) {
					t.Errorf("dropped %q: want a scoring line naming %q", dropped, tt.why)
				}
				return
			}
			if native.Scoring == nil || len(native.Scoring.Root.Items) != tt.groups {
				t.Fatalf("imported scoring %+v, want %d groups", native.Scoring, tt.groups)
			}
			if slices.ContainsFunc(dropped, func(d string) bool { return strings.Contains(d, "judged pass-fail") }) {
				t.Errorf("dropped %q: the scores are imported", dropped)
			}
			verdictsDiffer := slices.ContainsFunc(dropped, func(d string) bool { return strings.HasPrefix(d, "scoring: verdicts:") })
			// The imported tests are the package's, in its order.
			if len(native.Tests) != len(orig.Tests) {
				t.Fatalf("%d tests imported, want %d", len(native.Tests), len(orig.Tests))
			}
			nativeNames, err := nativeNames(orig.Tests)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tc := range orig.Tests {
				names = append(names, tc.Name)
			}
			kattisName := map[string]string{}
			for i, n := range nativeNames {
				kattisName[n] = orig.Tests[i].Name
			}
			all := scoreOf(native, func(problem.Test) verdict.Verdict { return verdict.AC })
			if max := native.Scoring.Root.MaxScore; all.score != max {
				t.Errorf("every test accepted scores %v natively, want exactly the full score %v", all.score, max)
			}
			sawVerdictDiff := false
			patterns(names, func(mask int, fails func(string) verdict.Verdict) {
				want := scoreOf(orig, func(tc problem.Test) verdict.Verdict { return fails(tc.Name) })
				have := scoreOf(native, func(tc problem.Test) verdict.Verdict { return fails(kattisName[tc.Name]) })
				// Native groups' scores are rounded to nine decimals each.
				if math.Abs(have.score-want.score) > 1e-6 {
					t.Errorf("failing tests %0*b: score %g natively, %g in the package", len(names), mask, have.score, want.score)
				}
				if have.verdict != want.verdict {
					sawVerdictDiff = true
					if !verdictsDiffer {
						t.Errorf("failing tests %0*b: verdict %s natively, %s in the package, and dropped does not say so", len(names), mask, have.verdict, want.verdict)
					}
				}
			})
			if verdictsDiffer && !sawVerdictDiff {
				t.Errorf("dropped says the verdicts differ, and they never do")
			}
			// Exported again, the groups score as the package did.
			for _, v := range ExportVersions {
				back := exportBack(t, native, v)
				patterns(names, func(mask int, fails func(string) verdict.Verdict) {
					byNative := func(n string) verdict.Verdict { return fails(kattisName[n]) }
					want := scoreOf(native, func(tc problem.Test) verdict.Verdict { return byNative(tc.Name) })
					have := scoreOf(back.p, func(tc problem.Test) verdict.Verdict { return byNative(back.native[path.Base(tc.Name)]) })
					if v == kattis.Legacy && want.verdict != verdict.AC {
						want.score = 0
					}
					if math.Abs(have.score-want.score) > 1e-6 {
						t.Errorf("%s: failing tests %0*b: score %g exported, %g natively", v, len(names), mask, have.score, want.score)
					}
				})
			}
		})
	}
}

// exported is a native problem exported and loaded back.
type exported struct {
	p      *problem.Problem
	native map[string]string // test file base name → native test name
}

// exportBack exports p as version v and loads it back.
func exportBack(t *testing.T, p *problem.Problem, v kattis.Version) exported {
	t.Helper()
	out := filepath.Join(t.TempDir(), "back")
	if _, err := Export(p, "", out, v); err != nil {
		t.Fatalf("%s: %v", v, err)
	}
	back, err := problem.Load(out)
	if err != nil {
		t.Fatalf("%s: %v", v, err)
	}
	if back.Scoring == nil {
		t.Fatalf("%s: exported pass-fail", v)
	}
	var names []string
	for _, tc := range p.Tests {
		names = append(names, tc.Name)
	}
	e := exported{p: back, native: map[string]string{}}
	for n, padded := range paddedNames(names) {
		e.native[padded] = n
	}
	return e
}

// fixture gives the path of one of grade's Kattis fixtures.
func fixture(name string) func(*testing.T) string {
	return func(*testing.T) string { return filepath.Join("..", "..", "core", "grade", "testdata", "kattis", name) }
}
