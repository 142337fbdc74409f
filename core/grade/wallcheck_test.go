package grade

import (
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

func TestWallInconclusive(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	runLim := runner.Limits{CPU: ms(450), Wall: runner.DefaultWall(ms(450))}
	tests := []struct {
		name   string
		v      verdict.Verdict
		status runner.Status
		cpu    time.Duration
		want   bool
	}{
		{"wall stop, little CPU (waits, or a loaded machine)", verdict.TLE, runner.WallExceeded, ms(3), true},
		{"wall stop just under the CPU limit", verdict.TLE, runner.WallExceeded, ms(449), true},
		{"wall stop at the CPU limit", verdict.TLE, runner.WallExceeded, ms(450), false},
		{"wall stop past the CPU limit", verdict.TLE, runner.WallExceeded, ms(600), false},
		{"CPU stop", verdict.TLE, runner.CPUExceeded, ms(460), false},
		{"CPU stop measured under the limit", verdict.TLE, runner.CPUExceeded, ms(440), false},
		{"memory stop", verdict.MLE, runner.MemoryExceeded, ms(100), false},
		{"output stop", verdict.OLE, runner.OutputExceeded, ms(100), false},
		{"exit 0", verdict.AC, runner.Exited, ms(100), false},
		{"wrong answer", verdict.WA, runner.Exited, ms(100), false},
		{"crash", verdict.RE, runner.Signaled, ms(1), false},
		{"interactive WA while the submission was stopped on the wall clock", verdict.WA, runner.WallExceeded, ms(1), false},
	}
	for _, tt := range tests {
		got := WallInconclusive(TestResult{Verdict: tt.v, Status: tt.status, CPU: tt.cpu}, runLim)
		if got != tt.want {
			t.Errorf("%s (%s, %v, CPU %v): WallInconclusive = %v, want %v", tt.name, tt.v, tt.status, tt.cpu, got, tt.want)
		}
	}
}

func TestRecheckWall(t *testing.T) {
	cpu := 300 * time.Millisecond
	runLim := runner.Limits{CPU: cpu, Wall: runner.DefaultWall(cpu)}
	lim := runLim
	waited := TestResult{Name: "1", Verdict: verdict.TLE, Status: runner.WallExceeded, CPU: 5 * time.Millisecond, WallMs: 1600}
	spun := TestResult{Name: "1", Verdict: verdict.TLE, Status: runner.CPUExceeded, CPU: 310 * time.Millisecond}
	finished := TestResult{Name: "1", Verdict: verdict.AC, Status: runner.Exited, CPU: 200 * time.Millisecond}
	loaded := stall{d: 1200 * time.Millisecond, ok: true} // of the 1595 ms the program did not run
	quiet := stall{d: 30 * time.Millisecond, ok: true}
	unknown := stall{}
	tests := []struct {
		name    string
		first   TestResult
		stall   stall
		recheck bool
		second  TestResult
		want    verdict.Verdict
		reruns  int
	}{
		{"loaded machine: the re-run finishes", waited, loaded, true, finished, verdict.AC, 1},
		{"no stall figure: the re-run finishes", waited, unknown, true, finished, verdict.AC, 1},
		{"waits twice: TLE", waited, loaded, true, waited, verdict.TLE, 1},
		{"quiet machine: it waited, TLE without a re-run", waited, quiet, true, finished, verdict.TLE, 0},
		{"stall at a quarter of its idle time: re-run", waited, stall{d: 399 * time.Millisecond, ok: true}, true, finished, verdict.AC, 1},
		{"not asked for", waited, quiet, false, finished, verdict.TLE, 0},
		{"CPU stop is conclusive", spun, loaded, true, finished, verdict.TLE, 0},
		{"AC is conclusive", finished, loaded, true, waited, verdict.AC, 0},
	}
	for _, tt := range tests {
		reruns := 0
		got := recheckWall(tt.first, tt.stall, nil, runLim, lim, Options{RecheckWall: tt.recheck}, func(_ checker.Checker, rl, l runner.Limits) TestResult {
			reruns++
			if rl.Wall != LongWall(cpu) || l.Wall != LongWall(cpu) || rl.CPU != cpu {
				t.Errorf("%s: re-run with limits %+v / %+v, want CPU %v and wall %v", tt.name, rl, l, cpu, LongWall(cpu))
			}
			return tt.second
		})
		if got.Verdict != tt.want || reruns != tt.reruns || got.WallRechecked != (tt.reruns > 0) {
			t.Errorf("%s: got %s after %d re-runs (rechecked %v), want %s after %d", tt.name, got.Verdict, reruns, got.WallRechecked, tt.want, tt.reruns)
		}
		if wantUnstarved := tt.name == "quiet machine: it waited, TLE without a re-run"; got.WallUnstarved != wantUnstarved {
			t.Errorf("%s: WallUnstarved %v, want %v", tt.name, got.WallUnstarved, wantUnstarved)
		}
	}
}

func TestLongerWall(t *testing.T) {
	long := 20 * time.Second
	own := runner.Limits{CPU: 2 * time.Second, Wall: 5 * time.Second}
	tests := []struct {
		name string
		chk  checker.Checker
		want time.Duration // the validator's wall limit; 0: chk unchanged
	}{
		{"interactive validator with its limits", session{Validator: checker.Validator{Custom: checker.Custom{Limits: own}}, interactive: true}, 25 * time.Second},
		{"interactive validator with the default limits", session{interactive: true}, checker.CustomLimits().Wall + long},
		{"multi-pass validator runs after the submission", session{Validator: checker.Validator{Custom: checker.Custom{Limits: own}}, passes: 2}, 0},
		{"plain validator", checker.Validator{Custom: checker.Custom{Limits: own}}, 0},
	}
	for _, tt := range tests {
		got := longerWall(tt.chk, long)
		s, ok := got.(session)
		switch {
		case tt.want == 0 && (ok && s.Custom.Limits != own || !ok && got.(checker.Validator).Custom.Limits != own):
			t.Errorf("%s: limits changed: %+v", tt.name, got)
		case tt.want != 0 && (!ok || s.Custom.Limits.Wall != tt.want):
			t.Errorf("%s: got %+v, want the validator's wall limit %v", tt.name, got, tt.want)
		}
	}
}

func TestParseStall(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"some avg10=1.02 avg60=6.61 avg300=31.37 total=5362658327\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n", 5362658327 * time.Microsecond, true},
		{"full avg10=0.00 total=12\n", 0, false},
		{"some avg10=1.02 total=x\n", 0, false},
		{"", 0, false},
	} {
		got, ok := parseStall([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseStall(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
