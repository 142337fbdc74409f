package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// sleepForever waits and uses no CPU time: past its wall limit it is
// TLE, whether or not the machine was loaded.
const sleepForever = "#include <unistd.h>\nint main(void) { for (;;) sleep(1); }\n"

// TestSubmitWallRecheck judges a program that only sleeps with judge
// submit, which runs a test again once when the wall clock stopped it
// under its CPU limit on a loaded machine (grade.Options.RecheckWall):
// the program is TLE either way, and the report is honest about which
// run it gives. Whether the run is repeated depends on the machine's CPU
// pressure, which this test does not control (core/grade's
// TestRecheckWallJudging injects it): rechecked, the figures are the
// second run's, stopped at the long wall limit and marked
// wall_rechecked; not, they are the first run's.
func TestSubmitWallRecheck(t *testing.T) {
	root := fixture(t)
	src := filepath.Join(t.TempDir(), "sleep.c")
	write(t, src, sleepForever)
	r := judge(t, root, "submit", "sum", src, "--test", "1", "--format", "json")
	r.want(t, exitVerdict)
	var rep grade.Report
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("not a JSON report: %v\n%s", err, r.stdout)
	}
	if rep.Verdict != verdict.TLE || len(rep.Tests) != 1 {
		t.Fatalf("verdict %s with %d tests, want TLE on one", rep.Verdict, len(rep.Tests))
	}
	tr := rep.Tests[0]
	long := grade.LongWall(300 * time.Millisecond).Milliseconds()
	switch {
	case tr.Verdict != verdict.TLE:
		t.Errorf("test verdict %s, want TLE", tr.Verdict)
	case tr.WallRechecked && tr.WallMs < long:
		t.Errorf("run again, but stopped at %d ms, not at the long wall limit %d ms", tr.WallMs, long)
	case !tr.WallRechecked && (tr.WallMs < rep.Limits.WallMs || tr.WallMs >= long):
		t.Errorf("run once, stopped at %d ms; want just past the wall limit %d ms", tr.WallMs, rep.Limits.WallMs)
	}
	t.Logf("rechecked %v, wall %d ms", tr.WallRechecked, tr.WallMs)
}
