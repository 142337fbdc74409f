package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// sleepThenSum sleeps 4 s, past the wall limit of a 100 ms CPU limit
// (1.2 s) and well within the wall limit of a run again (grade.LongWall,
// 11 s), then answers: to the grader, a program stopped on the wall
// clock with CPU to spare, as a CPU-bound program on a starved machine
// is.
const sleepThenSum = `#include <stdio.h>
#include <unistd.h>
int main(void) {
	long long a, b;
	if (scanf("%lld %lld", &a, &b) != 2) return 1;
	sleep(4);
	printf("%lld\n", a + b);
	return 0;
}
`

// stallClock is a CPU pressure stall reader whose stall grows by step at
// each read: a step of an hour is a starved machine (every run waited
// for a CPU all along), 0 an idle one.
type stallClock struct {
	mu    sync.Mutex
	total time.Duration
	step  time.Duration
}

func (c *stallClock) read() (time.Duration, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total += c.step
	return c.total, true
}

// TestRecheckWallJudging judges programs stopped by the wall clock under
// their CPU limit, with the machine's CPU stall injected, not measured:
// on a starved machine the test is run again once with the longer wall
// limit, and the report gives that run's figures and verdict, marked
// wall_rechecked; on an idle machine, or with a program that sleeps for
// good, it stays TLE.
func TestRecheckWallJudging(t *testing.T) {
	f := newGrader(t, anyMode())
	p := load(t, "sum-roomy")
	dir := t.TempDir()
	late := filepath.Join(dir, "late.c")
	if err := os.WriteFile(late, []byte(sleepThenSum), 0o644); err != nil {
		t.Fatal(err)
	}
	sleeper := filepath.Join("testdata", "programs", "c", "sleep.c")
	const limit = 100 * time.Millisecond
	long := grade.LongWall(limit)
	tests := []struct {
		name      string
		src       string
		step      time.Duration
		recheck   bool
		verdict   verdict.Verdict
		rechecked bool
		unstarved bool
	}{
		{"starved machine: run again, accepted", late, time.Hour, true, verdict.AC, true, false},
		{"idle machine: the program waited, TLE stands", late, 0, true, verdict.TLE, false, true},
		{"starved machine, a program that sleeps for good: TLE again", sleeper, time.Hour, true, verdict.TLE, true, false},
		{"no recheck asked", late, time.Hour, false, verdict.TLE, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := *f.grader
			g.CPUStall = (&stallClock{step: tt.step}).read
			rep, err := g.Grade(context.Background(), grade.Submission{Problem: p, Source: tt.src, Language: f.langs["c"]},
				grade.Options{TimeLimit: limit, RecheckWall: tt.recheck})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Verdict != tt.verdict || len(rep.Tests) != 2 {
				t.Fatalf("verdict %s with %d tests, want %s with 2", rep.Verdict, len(rep.Tests), tt.verdict)
			}
			// The limits reported are the first run's.
			if rep.Limits.WallMs != (2*limit + time.Second).Milliseconds() {
				t.Errorf("limits.wall_ms %d, want the first run's", rep.Limits.WallMs)
			}
			for _, r := range rep.Tests {
				if r.WallRechecked != tt.rechecked || r.WallUnstarved != tt.unstarved {
					t.Errorf("test %s: rechecked %v, unstarved %v; want %v, %v", r.Name, r.WallRechecked, r.WallUnstarved, tt.rechecked, tt.unstarved)
				}
				// The figures are those of the run whose verdict stands:
				// the program slept 4 s in the second, and was stopped
				// at 1.2 s or at the long wall limit.
				switch {
				case tt.rechecked && r.Verdict == verdict.AC && (r.WallMs < 4000 || r.WallMs >= long.Milliseconds()):
					t.Errorf("test %s: accepted run again in %d ms, want the second run's 4 s", r.Name, r.WallMs)
				case tt.rechecked && r.Verdict == verdict.TLE && r.WallMs < long.Milliseconds():
					t.Errorf("test %s: TLE run again, stopped at %d ms, want the long wall limit %v", r.Name, r.WallMs, long)
				case !tt.rechecked && r.WallMs >= 4000:
					t.Errorf("test %s: stopped at %d ms, want the first run's wall limit", r.Name, r.WallMs)
				}
			}
		})
	}
}
