package grade_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// TestBudgetFor checks the default budget's rule: twice the tests' CPU
// limits, and at least a minute.
func TestBudgetFor(t *testing.T) {
	tests := []struct {
		cpu   time.Duration
		tests int
		want  time.Duration
	}{
		{time.Second, 2, grade.MinBudget},
		{time.Second, 0, grade.MinBudget},
		{time.Second, 30, time.Minute},
		{time.Second, 40, 80 * time.Second},
		{30 * time.Second, 34, 34 * time.Minute},
	}
	for _, tt := range tests {
		if got := grade.BudgetFor(tt.cpu, tt.tests); got != tt.want {
			t.Errorf("BudgetFor(%v, %d) = %v, want %v", tt.cpu, tt.tests, got, tt.want)
		}
	}
}

// sleepOnSecond passes sum-roomy's sample (1 2) and sleeps on its test 2
// (40 2), for an hour, far past the budget and the wall limit (21 s).
const sleepOnSecond = `#include <stdio.h>
#include <unistd.h>
int main(void) {
	long long a, b;
	if (scanf("%lld %lld", &a, &b) != 2) return 1;
	if (a == 40) sleep(3600);
	printf("%lld\n", a + b);
	return 0;
}
`

// TestBudget judges real programs under a budget: the tests the budget
// stopped or never started are named as not run, a verdict of the tests
// judged stands, and a submission whose judged tests all passed is TLE.
// The budgets are either spent before any test (1 ns), or far under the
// wall limit of a program that sleeps, so that only the budget can have
// stopped it: no race on the machine's speed.
func TestBudget(t *testing.T) {
	f := newGrader(t, anyMode())
	p := load(t, "sum-roomy")
	dir := t.TempDir()
	second := filepath.Join(dir, "second.c")
	if err := os.WriteFile(second, []byte(sleepOnSecond), 0o644); err != nil {
		t.Fatal(err)
	}
	prog := func(name string) string { return filepath.Join("testdata", "programs", "c", name) }
	tests := []struct {
		name     string
		src      string
		budget   time.Duration
		stop     bool
		verdict  verdict.Verdict
		judged   string // the tests in the report, in order
		notRun   string
		exceeded bool
	}{
		{"no budget", prog("ac.c"), 0, false, verdict.AC, "sample-1 2", "", false},
		{"budget not reached", prog("ac.c"), 10 * time.Minute, false, verdict.AC, "sample-1 2", "", false},
		{"a failure within the budget", prog("wa.c"), 10 * time.Minute, true, verdict.WA, "sample-1", "2", false},
		{"budget spent before the first test", prog("ac.c"), time.Nanosecond, false, verdict.TLE, "", "sample-1 2", true},
		{"every test stopped by the budget", prog("sleep.c"), 500 * time.Millisecond, false, verdict.TLE, "", "sample-1 2", true},
		{"the second test stopped by the budget", second, 500 * time.Millisecond, false, verdict.TLE, "sample-1", "2", true},
		{"the second test stopped, lazy", second, 500 * time.Millisecond, true, verdict.TLE, "sample-1", "2", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var seen []string
			rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: tt.src, Language: f.langs["c"]},
				grade.Options{Budget: tt.budget, StopOnFail: tt.stop, OnTestInOrder: func(r grade.TestResult) { seen = append(seen, r.Name) }})
			if err != nil {
				t.Fatal(err)
			}
			var judged []string
			for _, r := range rep.Tests {
				judged = append(judged, r.Name)
			}
			if rep.Verdict != tt.verdict || strings.Join(judged, " ") != tt.judged || strings.Join(rep.NotRun, " ") != tt.notRun || rep.BudgetExceeded != tt.exceeded {
				t.Errorf("verdict %s, judged %q, not run %q, budget exceeded %v; want %s, %q, %q, %v",
					rep.Verdict, judged, rep.NotRun, rep.BudgetExceeded, tt.verdict, tt.judged, tt.notRun, tt.exceeded)
			}
			if got := strings.Join(seen, " "); got != tt.judged {
				t.Errorf("tests reported in order %q, want those of the report, %q", got, tt.judged)
			}
			if rep.Limits.BudgetMs != tt.budget.Milliseconds() {
				t.Errorf("limits.budget_ms %d, want %d", rep.Limits.BudgetMs, tt.budget.Milliseconds())
			}
			// The sleeper's wall limit is 21 s: a judging far shorter
			// was ended by the budget.
			if tt.exceeded && rep.ElapsedMs > float64(rep.Limits.WallMs)/2 {
				t.Errorf("judging took %.0f ms, want well under the wall limit of %d ms", rep.ElapsedMs, rep.Limits.WallMs)
			}
		})
	}
}

// sleepOnLarge doubles its number (the answer of every test of
// scoring-legacy) but sleeps for an hour on large/b's second test.
const sleepOnLarge = `import time
n = int(input())
if n == 123456:
    time.sleep(3600)
print(2 * n)
`

// TestBudgetScoresCutTestsAsRejected: a scoring problem's tests the
// budget cut earn nothing. scoring-legacy's large/b takes the least of
// its tests and breaks at a rejection: with its second test cut, the
// subtask is 0, and so is large (the least of a and b), and small (both
// tests cut after it): a legacy scorer given only the tests judged would
// have scored large/b, and the submission, 50.
func TestBudgetScoresCutTestsAsRejected(t *testing.T) {
	f := newGrader(t, anyMode())
	dir := filepath.Join("testdata", "kattis", "scoring-legacy")
	p := loadKattis(t, dir)
	src := filepath.Join(t.TempDir(), "sleep_on_large.py")
	if err := os.WriteFile(src, []byte(sleepOnLarge), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: f.langs["python"]},
		grade.Options{Budget: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.BudgetExceeded || rep.Verdict != verdict.TLE || rep.Score == nil || *rep.Score != 0 {
		score := "none"
		if rep.Score != nil {
			score = fmt.Sprint(*rep.Score)
		}
		t.Errorf("budget exceeded %v, verdict %s, score %s; want true, TLE, 0 (groups %s)", rep.BudgetExceeded, rep.Verdict, score, groupScores(rep))
	}
	// The sleeper's wall limit is past the budget: the budget stopped it.
	if rep.Limits.WallMs <= 5000 {
		t.Fatalf("wall limit %d ms, want it past the 5 s budget", rep.Limits.WallMs)
	}
	for _, r := range rep.Tests {
		if r.Name == "secret/large/b/2" {
			t.Errorf("the test the budget stopped is in the report as judged: %+v", r)
		}
	}
}
