package verify

import (
	"testing"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

func TestCacheable(t *testing.T) {
	lim := runner.Limits{CPU: time.Second}
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	tests := []struct {
		name  string
		v     verdict.Verdict
		cpu   time.Duration
		scale float64
		want  bool
	}{
		{"fast AC", verdict.AC, ms(20), 1, true},
		{"fast WA", verdict.WA, ms(20), 1, true},
		{"PE", verdict.PE, ms(20), 1, true},
		{"RE", verdict.RE, ms(5), 1, true},
		{"OLE", verdict.OLE, ms(30), 1, true},
		{"MLE", verdict.MLE, ms(300), 1, true},
		{"internal error", verdict.IE, 0, 1, false},
		{"not judged", "", 0, 1, false},
		{"AC just under the margin", verdict.AC, ms(460), 1, false},
		{"AC just over the margin", verdict.AC, ms(540), 1, false},
		{"AC clear of the margin", verdict.AC, ms(380), 1, true},
		{"AC clear of margin and limit", verdict.AC, ms(700), 1, true},
		{"AC near the limit", verdict.AC, ms(950), 1, false},
		{"MLE near the margin", verdict.MLE, ms(520), 1, false},
		{"TLE at the CPU limit", verdict.TLE, ms(1001), 1, true},
		{"TLE on the wall clock", verdict.TLE, ms(400), 1, false},
		{"TLE at the scaled CPU limit", verdict.TLE, ms(1500), 1.5, true},
		{"TLE on the wall clock, scaled", verdict.TLE, ms(1200), 1.5, false},
		{"scaled run just past the limit", verdict.AC, ms(1050), 1.5, false},
		{"scaled run between limit and scaled limit", verdict.AC, ms(1250), 1.5, true},
		{"scaled run near the scaled limit", verdict.AC, ms(1450), 1.5, false},
	}
	for _, tt := range tests {
		got := cacheable(grade.TestResult{Verdict: tt.v, CPU: tt.cpu}, lim, tt.scale, allTimes(lim, tt.scale))
		if got != tt.want {
			t.Errorf("%s (%s, %v, scale %g): cacheable = %v, want %v", tt.name, tt.v, tt.cpu, tt.scale, got, tt.want)
		}
	}
	// A result run again with a longer wall limit than its key's is kept
	// like the same result of a first run, needed or not (past the key's
	// wall limit: 1x 3 s, 1.5x 4 s); a second wall stop never is.
	rechecked := []struct {
		name   string
		status runner.Status
		wallMs int64
		want   bool
	}{
		{"CPU stop", runner.CPUExceeded, 9000, true},
		{"exit within the key's wall limit", runner.Exited, 2000, true},
		{"exit past the key's wall limit", runner.Exited, 5000, true},
	}
	second := grade.TestResult{Verdict: verdict.TLE, CPU: 400 * time.Millisecond, Status: runner.WallExceeded, WallMs: 20000, WallRechecked: true}
	if cacheable(second, lim, 1, allTimes(lim, 1)) {
		t.Error("a second wall stop is kept")
	}
	for _, r := range rechecked {
		for _, tt := range tests {
			if !tt.want {
				continue // not kept anyway
			}
			tr := grade.TestResult{Verdict: tt.v, CPU: tt.cpu, Status: r.status, WallMs: r.wallMs, WallRechecked: true}
			if got := cacheable(tr, lim, tt.scale, allTimes(lim, tt.scale)); got != r.want {
				t.Errorf("%s (%s, %v), re-run with a longer wall limit: %s: cacheable = %v, want %v", tt.name, tt.v, tt.cpu, r.name, got, r.want)
			}
		}
	}
}

// TestCacheableByFolder: a native solution's run is kept unless it lies
// near a time that a check of its folder compares it with (checkTimes):
// a time_limit_exceeded solution's runs near half the limit or the limit
// are kept, an accepted solution's near the limit too, but not near half
// the limit.
func TestCacheableByFolder(t *testing.T) {
	lim := runner.Limits{CPU: 2 * time.Second}
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	tests := []struct {
		name     string
		expected verdict.Verdict
		folder   string
		ref      bool
		v        verdict.Verdict
		cpu      time.Duration
		want     bool
	}{
		{"accepted, clear", verdict.AC, "accepted", false, verdict.AC, ms(300), true},
		{"accepted, near half the limit", verdict.AC, "accepted", false, verdict.AC, ms(1050), false},
		{"accepted, just under half the limit", verdict.AC, "accepted", false, verdict.AC, ms(850), false},
		{"accepted, near the limit", verdict.AC, "accepted", false, verdict.AC, ms(1950), true},
		{"reference, near the limit", verdict.AC, "accepted", true, verdict.AC, ms(1950), false},
		{"reference, near half the limit", verdict.AC, "accepted", true, verdict.AC, ms(1050), false},
		{"TLE solution, near half the limit", verdict.TLE, "time_limit_exceeded", false, verdict.AC, ms(1059), true},
		{"TLE solution, near the limit", verdict.TLE, "time_limit_exceeded", false, verdict.AC, ms(1932), true},
		{"TLE solution, just past the limit", verdict.TLE, "time_limit_exceeded", false, verdict.AC, ms(2100), true},
		{"TLE solution, near the scaled limit", verdict.TLE, "time_limit_exceeded", false, verdict.AC, ms(2900), false},
		{"TLE solution, stopped at the scaled limit", verdict.TLE, "time_limit_exceeded", false, verdict.TLE, ms(3001), true},
		{"TLE solution, stopped by the wall clock", verdict.TLE, "time_limit_exceeded", false, verdict.TLE, ms(1500), false},
		{"TLE solution, WA near the limit", verdict.TLE, "time_limit_exceeded", false, verdict.WA, ms(1990), true},
		{"MLE solution, near half the limit", verdict.MLE, "memory_limit_exceeded", false, verdict.MLE, ms(1010), false},
		{"MLE solution, near the limit", verdict.MLE, "memory_limit_exceeded", false, verdict.AC, ms(1900), false},
		{"MLE solution, clear", verdict.MLE, "memory_limit_exceeded", false, verdict.MLE, ms(400), true},
		{"WA solution, near the limit", verdict.WA, "wrong_answer", false, verdict.AC, ms(1900), false},
		{"WA solution, near half the limit", verdict.WA, "wrong_answer", false, verdict.AC, ms(1000), true},
		{"partially accepted, near the limit", "", author.PartialFolder, false, verdict.AC, ms(2050), false},
	}
	for _, tt := range tests {
		sr := &solRun{sol: author.Solution{Expected: tt.expected, Folder: tt.folder}, lim: lim, scale: 1, reference: tt.ref}
		if tt.expected == verdict.TLE {
			sr.scale = TLEScale
		}
		tr := grade.TestResult{Verdict: tt.v, CPU: tt.cpu}
		if got := cacheable(tr, sr.lim, sr.scale, checkTimes(sr)); got != tt.want {
			t.Errorf("%s (%s at %v): cacheable = %v, want %v", tt.name, tt.v, tt.cpu, got, tt.want)
		}
	}
}
