package verify_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/authoring/verify"
)

// TestRunCacheJunk verifies a package with a validator and no solutions
// nor generator, so that its runs are the validator's on the tests and
// on the junk made from them: a second verify takes every answer from
// the run cache, and a changed sample
// input re-runs the validator on it and on the junk made from it, and on
// nothing else.
func TestRunCacheJunk(t *testing.T) {
	root := copyFixture(t)
	pkg := filepath.Join(root, "problems", "sum")
	remove(t, filepath.Join(root, "solutions", "sum"))
	remove(t, filepath.Join(pkg, "generator"))
	remove(t, filepath.Join(pkg, "tests", "generated.yaml"))
	store := runcache.Open(t.TempDir())
	base := newVerifier(t, root)
	verifyOnce := func() *verify.Report { return verifyCached(t, base, store, 2, pkg) }
	junkCheck := func(rep *verify.Report) string {
		t.Helper()
		c := rep.Problems[0].Check(verify.CheckJunk)
		if c == nil {
			t.Fatal("no junk check")
		}
		return string(c.Status) + ": " + c.Message
	}

	first := verifyOnce()
	tests := 6 // sample-1 and 1 to 5, in the fixture
	if first.Stats.Runs <= tests || first.Stats.CachedRuns != 0 {
		t.Fatalf("first verify: %d runs, %d cached; want the validator on %d tests and on junk, none cached", first.Stats.Runs, first.Stats.CachedRuns, tests)
	}
	want := junkCheck(first)
	second := verifyOnce()
	if second.Stats.Runs != 0 || second.Stats.CachedRuns != first.Stats.Runs {
		t.Errorf("second verify: %d runs, %d from the cache; want 0 runs, %d from the cache", second.Stats.Runs, second.Stats.CachedRuns, first.Stats.Runs)
	}
	if got := junkCheck(second); got != want {
		t.Errorf("second verify: junk check %q, first %q", got, want)
	}

	write(t, filepath.Join(pkg, "tests", "sample-1.in"), "30 40\n")
	write(t, filepath.Join(pkg, "tests", "sample-1.out"), "70\n")
	third := verifyOnce()
	if third.Stats.Runs < 2 || third.Stats.Runs >= first.Stats.Runs {
		t.Errorf("after changing sample-1.in: %d runs; want the validator on it and on junk made from it (2 or more), fewer than the first's %d",
			third.Stats.Runs, first.Stats.Runs)
	}
	if got := junkCheck(third); !strings.HasPrefix(got, "pass: ") || !strings.HasPrefix(want, "pass: ") {
		t.Errorf("junk check: first %q, after changing sample-1.in %q; want both passed", want, got)
	}
	t.Logf("runs: first %d, second %d, third %d; junk check %q", first.Stats.Runs, second.Stats.Runs, third.Stats.Runs, want)
}
