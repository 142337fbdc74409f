package convert

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/scoring"
	"github.com/puzzlejudge/judge/core/verdict"
)

// outcome is what scoring.Score makes of one pattern of test verdicts.
type outcome struct {
	verdict verdict.Verdict
	score   float64
}

func (o outcome) String() string { return fmt.Sprintf("%s %g", o.verdict, o.score) }

// scoreOf scores problem p when each test gets the verdict v gives it
// (tests in p's order, as the judge reports them).
func scoreOf(p *problem.Problem, v func(problem.Test) verdict.Verdict) outcome {
	var results []judging.TestResult
	for _, t := range p.Tests {
		results = append(results, judging.TestResult{Name: t.Name, Verdict: v(t), Sample: t.Sample})
	}
	r := scoring.Score(p.Scoring, results, nil)
	return outcome{r.Verdict, r.Score}
}

// patterns calls f with every way the tests of names can fail: test i
// fails when bit i of the mask is set, with WA, TLE or RE by its index
// (so that which test fails first shows in the verdict).
func patterns(names []string, f func(mask int, fails func(name string) verdict.Verdict)) {
	for mask := 0; mask < 1<<len(names); mask++ {
		f(mask, func(name string) verdict.Verdict {
			i := slices.Index(names, name)
			if i < 0 || mask&(1<<i) == 0 {
				return verdict.AC
			}
			return []verdict.Verdict{verdict.WA, verdict.TLE, verdict.RE}[i%3]
		})
	}
}

// TestExportScoredGroups exports the bundled scored problem divisor-pairs
// to both versions and checks, for every pattern of failing tests, that
// the package loaded back scores as the native problem does: 2025-09
// gives the same verdict and score; legacy the same verdict, and the same
// score when it is AC (legacy scores a rejected submission 0, as the
// dropped line says).
func TestExportScoredGroups(t *testing.T) {
	native, err := problem.Load(filepath.Join("..", "..", "problems", "divisor-pairs"))
	if err != nil {
		t.Fatal(err)
	}
	if native.Scoring == nil {
		t.Fatal("divisor-pairs has no groups")
	}
	var names []string
	for _, tc := range native.Tests {
		names = append(names, tc.Name)
	}
	padded := paddedNames(names)
	nativeName := map[string]string{}
	for n, p := range padded {
		nativeName[p] = n
	}
	for _, v := range ExportVersions {
		t.Run(string(v), func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "divisor-pairs")
			dropped, err := Export(native, filepath.Join("..", "..", "solutions", "divisor-pairs"), out, v)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("dropped: %q", dropped)
			for _, d := range dropped {
				if strings.Contains(d, "pass-fail") {
					t.Errorf("dropped %q: the groups should be exported", d)
				}
			}
			legacyNote := slices.ContainsFunc(dropped, func(d string) bool { return strings.HasPrefix(d, "groups: legacy ignores the score") })
			if legacyNote != (v == kattis.Legacy) {
				t.Errorf("dropped %q: the note on legacy scores is there: %v, want %v", dropped, legacyNote, v == kattis.Legacy)
			}
			got, err := problem.Load(out)
			if err != nil {
				t.Fatalf("exported package does not load: %v", err)
			}
			if got.Scoring == nil || !got.Kattis.Scoring {
				t.Fatal("exported package loads as pass-fail, want scoring")
			}
			// The group "large" holds the small tests too: each is in
			// both folders.
			if n, want := len(got.Tests), len(native.Tests)+3; n != want {
				t.Errorf("%d test cases, want %d (the small tests twice)", n, want)
			}
			if fi, err := os.Lstat(filepath.Join(out, "data", "secret", "large", "small-1.in")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("secret/large/small-1.in: %v, %v: want a link to the copy in secret/small", fi, err)
			}
			checked := 0
			patterns(names, func(mask int, fails func(string) verdict.Verdict) {
				want := scoreOf(native, func(tc problem.Test) verdict.Verdict { return fails(tc.Name) })
				have := scoreOf(got, func(tc problem.Test) verdict.Verdict {
					return fails(nativeName[path.Base(tc.Name)])
				})
				if v == kattis.Legacy && want.verdict != verdict.AC {
					want.score = 0
				}
				if have != want {
					t.Errorf("failing tests %0*b: %s, want %s", len(names), mask, have, want)
				}
				checked++
			})
			if checked != 1<<len(names) {
				t.Errorf("%d patterns checked", checked)
			}
			subs, _, err := got.Kattis.Package.ListSubmissions()
			if err != nil {
				t.Fatal(err)
			}
			partial := slices.ContainsFunc(subs, func(s kattis.Submission) bool { return s.Folder == kattis.FolderPartiallyAccepted })
			if partial != (v == kattis.V2025) {
				t.Errorf("submissions/partially_accepted/ exported: %v, want %v", partial, v == kattis.V2025)
			}
		})
	}
}

// TestExportRefusesDotGroup: a group whose name starts with a dot would
// be a hidden folder, which the format ignores; export refuses it and
// writes nothing.
func TestExportRefusesDotGroup(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dots")
	files := map[string]string{
		"problem.yaml": "title: Dots\ntime_limit: 1s\nmemory_limit: 64MiB\ngroups:\n  - {name: .hidden, score: 100, tests: \"1\"}\n",
		"statement.md": "# Dots\n",
		"tests/1.in":   "1\n",
		"tests/1.out":  "1\n",
	}
	for name, content := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := problem.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	for _, v := range ExportVersions {
		if _, err := Export(p, "", out, v); err == nil || !strings.Contains(err.Error(), `".hidden"`) {
			t.Errorf("%s: err %v, want the dot group named", v, err)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: %s written by a refused export", v, out)
		}
	}
}
