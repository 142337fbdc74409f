package verify_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/authoring/verify"
)

// TestRunCacheSecondVerify verifies a package twice with the run cache:
// the second verify runs no program, finds every result in the cache and
// reports the same checks; after the package changes, only the runs it
// changed are made again, and their new verdicts are reported.
func TestRunCacheSecondVerify(t *testing.T) {
	root := copyFixture(t)
	trimSlow(t, root)
	store := runcache.Open(t.TempDir())
	base := newVerifier(t, root)
	pkg := filepath.Join(root, "problems", "sum")
	verifyOnce := func() *verify.Report { return verifyCached(t, base, store, 2, pkg) }

	first := verifyOnce()
	if !first.OK || first.Stats.Runs == 0 || first.Stats.CachedRuns != 0 {
		t.Fatalf("first verify: OK %v, %d runs, %d cached; want OK, runs, none cached", first.OK, first.Stats.Runs, first.Stats.CachedRuns)
	}
	second := verifyOnce()
	if second.Stats.Runs != 0 || second.Stats.CachedRuns != first.Stats.Runs {
		t.Errorf("second verify: %d runs, %d from the cache; want 0 runs, %d from the cache",
			second.Stats.Runs, second.Stats.CachedRuns, first.Stats.Runs)
	}
	want, got := checks(first), checks(second)
	for name, w := range want {
		if got[name] != w {
			t.Errorf("check %q: first %q, second %q", name, w, got[name])
		}
	}
	if len(got) != len(want) {
		t.Errorf("second verify: %d checks, first %d", len(got), len(want))
	}
	if tm := second.Problems[0].Times; tm == nil || len(tm.Solutions) == 0 || !tm.Solutions[0].Times[0].Cached {
		t.Errorf("second verify: times not marked cached: %+v", tm)
	} else if tm1 := first.Problems[0].Times; tm1.Solutions[0].Times[0].Cached {
		t.Error("first verify: a time is marked cached")
	}

	// A changed answer, and a generated input that the generator no
	// longer prints.
	write(t, filepath.Join(pkg, "tests", "1.out"), "13\n")
	write(t, filepath.Join(pkg, "tests", "4.in"), "1 1\n")
	write(t, filepath.Join(pkg, "tests", "4.out"), "2\n")
	third := verifyOnce()
	if third.Stats.Runs == 0 || third.Stats.Runs >= first.Stats.Runs || third.Stats.CachedRuns == 0 {
		t.Errorf("after the change: %d runs, %d from the cache; want some of each, fewer runs than the first's %d",
			third.Stats.Runs, third.Stats.CachedRuns, first.Stats.Runs)
	}
	for name, text := range map[string]string{
		"solution accepted/sum.c": "fail " + "expected AC, got WA on test 1",
		verify.CheckGenerator:     "fail ",
		verify.CheckReferences:    "fail ",
	} {
		c := checks(third)[name]
		if !strings.HasPrefix(c, strings.Fields(text)[0]) || !strings.Contains(c, strings.TrimPrefix(text, "fail ")) {
			t.Errorf("after the change, check %q: %q, want %q", name, c, text)
		}
	}
	if d := third.Problems[0].Check(verify.CheckGenerator); d == nil || !strings.Contains(d.Message+strings.Join(d.Details, "\n"), "tests/4.in: differs from the output of generator seed 4") {
		t.Errorf("after the change, generator check: %+v", d)
	}
}

// TestStopsAtFirstFailure: a solution that is not accepted stops at the
// first test that settles its verdict. One worker runs one job at a time,
// so the runs counted are exactly those made.
func TestStopsAtFirstFailure(t *testing.T) {
	tests := []struct {
		solution string
		runs     int // tests in order: sample-1, 1, 2, 3, 4, 5
		verdict  string
	}{
		{"wrong_answer/abs.c", 5, "WA on test 4"},
		{"run_time_error/abort.c", 1, "RE on test sample-1"},
		{"time_limit_exceeded/spin.c", 1, "TLE on test sample-1"},
		{"memory_limit_exceeded/table.c", 1, "MLE on test sample-1"},
		{"output_limit_exceeded/debug.c", 1, "OLE on test sample-1"},
	}
	for _, tt := range tests {
		t.Run(tt.solution, func(t *testing.T) {
			root := copyFixture(t)
			pkg := filepath.Join(root, "problems", "sum")
			// No validator nor generator: the runs are the solution's.
			remove(t, filepath.Join(pkg, "validator"))
			remove(t, filepath.Join(pkg, "generator"))
			remove(t, filepath.Join(pkg, "tests", "generated.yaml"))
			v := verifierWith(t, root, verify.Verifier{Workers: 1, Solutions: []string{tt.solution}})
			rep, err := v.Verify(context.Background(), []string{pkg})
			if err != nil {
				t.Fatal(err)
			}
			c := rep.Problems[0].Check(verify.SolutionCheck + tt.solution)
			if c == nil || c.Status != verify.Pass || !strings.Contains(c.Message, tt.verdict) {
				t.Fatalf("check: %+v, want pass with %q", c, tt.verdict)
			}
			if rep.Stats.Runs != tt.runs || c.Solution.Tests != tt.runs {
				t.Errorf("%d runs, %d tests judged; want %d: it should stop at its first failure", rep.Stats.Runs, c.Solution.Tests, tt.runs)
			}
		})
	}
}

// verifyCached verifies one package with the run cache store.
func verifyCached(t *testing.T, base *verify.Verifier, store *runcache.Store, workers int, pkg string) *verify.Report {
	t.Helper()
	v := *base
	v.Workers, v.RunCache = workers, store
	rep, err := v.Verify(context.Background(), []string{pkg})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// checks maps the checks of a report's one problem to their status,
// message and, for a scored solution, score.
func checks(rep *verify.Report) map[string]string {
	m := map[string]string{}
	for _, c := range rep.Problems[0].Checks {
		m[c.Name] = string(c.Status) + " " + c.Message
		if c.Solution != nil && c.Solution.Score != nil {
			m[c.Name] += fmt.Sprintf(" score %g", *c.Solution.Score)
		}
	}
	return m
}

// nearLimits is a time_limit_exceeded solution of the sum fixture (time
// limit 300 ms) that answers test 2 after about half the limit of CPU
// time, test 1 after about the limit, and spins on test 3 until it is
// stopped at 1.5x the limit. It measures its own CPU time, so where its
// runs end does not depend on the machine's load.
const nearLimits = `#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

static void spin(long ms) {
    struct timespec t;
    volatile unsigned long n = 0;
    for (;;) {
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        if (t.tv_sec * 1000L + t.tv_nsec / 1000000L >= ms) return;
        for (int i = 0; i < 100000; i++) n++;
    }
}

int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    if (a == 5) spin(290);
    if (a == -3) spin(150);
    if (a == 1000000000) spin(100000);
    printf("%ld\n", a + b);
    return 0;
}
`

// TestRunCacheKeepsTLESolution: a second verify of a package whose
// time_limit_exceeded solution ends tests near half the limit and near
// the limit (times no check of such a solution turns on) and is stopped
// by its CPU limit on another runs nothing: every run is in the cache.
func TestRunCacheKeepsTLESolution(t *testing.T) {
	root := copyFixture(t)
	trimSlow(t, root)
	for _, f := range []string{"wrong_answer", "run_time_error"} {
		remove(t, filepath.Join(root, "solutions", "sum", f))
	}
	write(t, filepath.Join(root, "solutions", "sum", "time_limit_exceeded", "near.c"), nearLimits)
	store := runcache.Open(t.TempDir())
	base := newVerifier(t, root)
	pkg := filepath.Join(root, "problems", "sum")

	first := verifyCached(t, base, store, 2, pkg)
	name := verify.SolutionCheck + "time_limit_exceeded/near.c"
	if c := first.Problems[0].Check(name); c == nil || c.Status != verify.Pass {
		t.Fatalf("first verify: check %q: %+v, want pass", name, c)
	}
	if c := first.Problems[0].Check(verify.CheckTLEMargin); c == nil || c.Status != verify.Pass {
		t.Fatalf("first verify: TLE margin: %+v, want pass", c)
	}
	second := verifyCached(t, base, store, 2, pkg)
	// The first verify may have run tests after the TLE (started before
	// it ended); the second stops at the cached TLE.
	if second.Stats.Runs != 0 || second.Stats.CachedRuns == 0 {
		var times []string
		if tm := first.Problems[0].Times; tm != nil {
			for _, s := range tm.Solutions {
				times = append(times, fmt.Sprintf("%s %+v", s.File, s.Times))
			}
		}
		t.Errorf("second verify: %d runs, %d from the cache; want 0 runs, all from the cache (first: %s)",
			second.Stats.Runs, second.Stats.CachedRuns, strings.Join(times, "; "))
	}
	if c := second.Problems[0].Check(name); c == nil || c.Status != verify.Pass {
		t.Errorf("second verify: check %q: %+v, want pass", name, c)
	}
}
