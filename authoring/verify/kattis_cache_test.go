package verify_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/authoring/verify"
)

// TestRunCacheKattis verifies a Kattis package twice with the run cache:
// the second verify runs no program (submissions, the time limit's
// probes, input validators) and reports the same checks; after one .ans
// changes (bytes only: the default validator reads it the same), only the
// runs on that test are made again. One worker, so that the runs made
// are exactly the same each time.
func TestRunCacheKattis(t *testing.T) {
	pkg := copyKattis(t, "sum-legacy")
	// A time_limit_exceeded run is kept only when it passed the CPU limit,
	// not the wall clock: on a busy machine it might run again.
	if err := os.RemoveAll(filepath.Join(pkg, "submissions", "time_limit_exceeded")); err != nil {
		t.Fatal(err)
	}
	store := runcache.Open(t.TempDir())
	base := newVerifier(t, t.TempDir())
	verifyOnce := func() *verify.Report { return verifyCached(t, base, store, 1, pkg) }
	same := func(what string, want, got map[string]string) {
		t.Helper()
		for name, w := range want {
			if got[name] != w {
				t.Errorf("%s, check %q: first %q, now %q", what, name, w, got[name])
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d checks, first %d", what, len(got), len(want))
		}
	}

	first := verifyOnce()
	if first.Stats.Runs == 0 || first.Stats.CachedRuns != 0 {
		t.Fatalf("first verify: %d runs, %d cached; want runs, none cached", first.Stats.Runs, first.Stats.CachedRuns)
	}
	judged := 0 // Grade calls: each runs the sample first
	for _, c := range first.Problems[0].Checks {
		if c.Solution != nil && c.Solution.Tests > 0 {
			judged++
			if strings.HasPrefix(c.Name, verify.SubmissionCheck+"accepted/") {
				judged++ // its probe for the time limit
			}
		}
	}
	second := verifyOnce()
	if second.Stats.Runs != 0 || second.Stats.CachedRuns != first.Stats.Runs {
		t.Errorf("second verify: %d runs, %d from the cache; want 0 runs, %d from the cache",
			second.Stats.Runs, second.Stats.CachedRuns, first.Stats.Runs)
	}
	same("second verify", checks(first), checks(second))

	write(t, filepath.Join(pkg, "data", "sample", "1.ans"), "5 \n\n") // was "5\n"
	third := verifyOnce()
	if third.Stats.Runs != judged || third.Stats.Runs+third.Stats.CachedRuns != first.Stats.Runs {
		t.Errorf("after one .ans changed: %d runs, %d from the cache; want %d runs (one per judging), the rest of %d cached",
			third.Stats.Runs, third.Stats.CachedRuns, judged, first.Stats.Runs)
	}
	// The sample ran again: the slowest time in the margin check may be
	// its new one.
	want, got := checks(first), checks(third)
	for _, m := range []map[string]string{want, got} {
		m[verify.CheckACMargin] = strings.Fields(m[verify.CheckACMargin])[0]
	}
	same("after one .ans changed", want, got)
}

// TestRunCacheKattisKinds verifies an interactive package, a multi-pass
// one and a scoring one with a custom output validator twice: the second
// verify runs nothing and reports the same checks, scores and judge
// messages included (a cached run keeps the validator's score).
func TestRunCacheKattisKinds(t *testing.T) {
	for _, dir := range []string{
		filepath.Join("testdata", "kattis", "guess-2025"),
		filepath.Join("testdata", "kattis-scripts", "guess-buildrun"),
		filepath.Join("testdata", "kattis", "encode-2025"),
		filepath.Join("..", "..", "core", "grade", "testdata", "kattis", "scoring-validator"),
	} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			pkg := filepath.Join(t.TempDir(), filepath.Base(dir))
			if err := copyTree(dir, pkg); err != nil {
				t.Fatal(err)
			}
			store := runcache.Open(t.TempDir())
			base := newVerifier(t, t.TempDir())
			verifyOnce := func() (*verify.Report, map[string]string) {
				rep := verifyCached(t, base, store, 1, pkg)
				return rep, checks(rep)
			}
			first, want := verifyOnce()
			if first.Stats.Runs == 0 {
				t.Fatal("first verify: no runs")
			}
			second, got := verifyOnce()
			if second.Stats.Runs != 0 || second.Stats.CachedRuns != first.Stats.Runs {
				t.Errorf("second verify: %d runs, %d from the cache; want 0 runs, %d from the cache",
					second.Stats.Runs, second.Stats.CachedRuns, first.Stats.Runs)
			}
			for name, w := range want {
				if got[name] != w {
					t.Errorf("check %q: first %q, second %q", name, w, got[name])
				}
			}
			if len(got) != len(want) {
				t.Errorf("second verify: %d checks, first %d", len(got), len(want))
			}
		})
	}
}
