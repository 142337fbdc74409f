package worker

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/queue"
)

// lateOnZero answers a-plus-b, but sleeps 4 s first on test 1 (0 0):
// past the wall limit of a 100 ms CPU limit (1.2 s), within that of a
// run again (grade.LongWall, 11 s).
const lateOnZero = `#include <stdio.h>
#include <unistd.h>
int main(void) {
	long long a, b;
	if (scanf("%lld %lld", &a, &b) != 2) return 1;
	if (a == 0 && b == 0) sleep(4);
	printf("%lld\n", a + b);
	return 0;
}
`

// starved is a CPU pressure stall reader of a machine where every run
// waited for a CPU all along: each read is an hour past the last.
func starved() func() (time.Duration, bool) {
	var mu sync.Mutex
	var total time.Duration
	return func() (time.Duration, bool) {
		mu.Lock()
		defer mu.Unlock()
		total += time.Hour
		return total, true
	}
}

// TestWorkerRecheckAndBudget: the service's worker runs a test stopped
// by the wall clock under its CPU limit again once (the machine's CPU
// stall injected as starved, so the second run is no race), and gives
// every judging a time budget: the job's, or grade.DefaultBudget.
func TestWorkerRecheckAndBudget(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	r := newRig(t, ctx, queue.Config{})
	eng := openEngine(t)
	eng.Grader.CPUStall = starved()
	late := r.job("late", "late.c", lateOnZero)
	late.Limits = &queue.Limits{TimeMs: 100}
	spent := r.job("spent", "sleep.c", "#include <unistd.h>\nint main(void) { sleep(3600); return 0; }\n")
	spent.BudgetMs = 500
	ac := r.job("ac", "sum.c", source(t, "solutions/a-plus-b/accepted/sum.c"))
	unbounded := r.job("unbounded", "sum.c", ac.Source)
	unbounded.BudgetMs = -1
	for _, j := range []queue.Job{late, spent, ac, unbounded} {
		if _, err := r.q.Publish(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	w := &Worker{JS: r.js, Engine: eng, Slots: 2, CacheDir: t.TempDir(), ID: "w1", Version: "test"}
	wctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(wctx) }()
	defer func() { stop(); <-done }()

	rep := r.final(t, ctx, "late").Report
	if rep.Verdict != verdict.AC || len(rep.Tests) == 0 {
		t.Fatalf("late: verdict %s with %d tests, want AC", rep.Verdict, len(rep.Tests))
	}
	for _, tr := range rep.Tests {
		if slept := tr.Name == "1"; tr.WallRechecked != slept || slept && tr.WallMs < 4000 {
			t.Errorf("late: test %s rechecked %v after %d ms; want only test 1, run again to its end (4 s)", tr.Name, tr.WallRechecked, tr.WallMs)
		}
	}

	rep = r.final(t, ctx, "spent").Report
	if rep.Verdict != verdict.TLE || !rep.BudgetExceeded || len(rep.Tests) != 0 || len(rep.NotRun) == 0 || rep.Limits.BudgetMs != 500 {
		t.Errorf("spent: verdict %s, budget exceeded %v, %d tests judged, %d not run, budget %d ms; want TLE, true, none, all, 500",
			rep.Verdict, rep.BudgetExceeded, len(rep.Tests), len(rep.NotRun), rep.Limits.BudgetMs)
	}

	rep = r.final(t, ctx, "ac").Report
	if rep.Verdict != verdict.AC || rep.BudgetExceeded || rep.Limits.BudgetMs != grade.MinBudget.Milliseconds() {
		t.Errorf("ac: verdict %s, budget exceeded %v, budget %d ms; want AC within the default budget %v", rep.Verdict, rep.BudgetExceeded, rep.Limits.BudgetMs, grade.MinBudget)
	}
	if rep = r.final(t, ctx, "unbounded").Report; rep.Verdict != verdict.AC || rep.Limits.BudgetMs != 0 {
		t.Errorf("unbounded: verdict %s, budget %d ms; want AC with none", rep.Verdict, rep.Limits.BudgetMs)
	}
}
