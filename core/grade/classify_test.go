package grade

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

func TestClassify(t *testing.T) {
	lim := runner.Limits{CPU: time.Second, Wall: 3 * time.Second, Memory: 64 << 20, Output: 1 << 20}
	cases := []struct {
		res     runner.Result
		want    verdict.Verdict
		message string
	}{
		{runner.Result{Status: runner.Exited}, verdict.AC, ""},
		{runner.Result{Status: runner.Exited, ExitCode: 2}, verdict.RE, "exit 2"},
		{runner.Result{Status: runner.Exited, ExitCode: 1, Stderr: []byte("Traceback\nZeroDivisionError\n")}, verdict.RE, "exit 1: Traceback\nZeroDivisionError"},
		{runner.Result{Status: runner.Signaled, Signal: syscall.SIGSEGV}, verdict.RE, "SIGSEGV"},
		{runner.Result{Status: runner.Signaled, Signal: syscall.SIGABRT}, verdict.RE, "SIGABRT"},
		{runner.Result{Status: runner.CPUExceeded, CPU: 1010 * time.Millisecond}, verdict.TLE, "CPU time limit 1s exceeded"},
		{runner.Result{Status: runner.WallExceeded, CPU: 3 * time.Millisecond}, verdict.TLE, "wall time limit 3s exceeded (CPU 3ms)"},
		{runner.Result{Status: runner.MemoryExceeded}, verdict.MLE, "memory limit 64MiB exceeded"},
		{runner.Result{Status: runner.OutputExceeded}, verdict.OLE, "output limit 1MiB exceeded"},
	}
	for _, c := range cases {
		v, msg := Classify(c.res, lim)
		if v != c.want || !strings.HasPrefix(msg, c.message) {
			t.Errorf("Classify(%+v) = %s %q, want %s %q", c.res, v, msg, c.want, c.message)
		}
	}
}

func TestFirstLines(t *testing.T) {
	long := strings.Repeat("x", 3000)
	cases := []struct{ in, want string }{
		{"", ""},
		{"one\n", "one"},
		{"1\n2\n3\n4\n5\n6\n7\n", "1\n2\n3\n4\n5\n(truncated)"},
		{"1\n2\n3\n4\n5\n", "1\n2\n3\n4\n5"},
		{long, long[:2000] + " (truncated)"},
	}
	for _, c := range cases {
		if got := firstLines([]byte(c.in), 5); got != c.want {
			t.Errorf("firstLines(%.20q) = %.40q, want %.40q", c.in, got, c.want)
		}
	}
}
