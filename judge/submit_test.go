package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
)

// submitArgs are the arguments that point the judge binary at the
// fixture under root and at the repository's configuration.
func submitArgs(t *testing.T, root string, args ...string) []string {
	t.Helper()
	conf, err := filepath.Abs("../configs/judge.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{"--config", conf, "--workers", "2",
		"--problems-dir", filepath.Join(root, "problems"), "--solutions-dir", filepath.Join(root, "solutions")}, args...)
}

// slowLast is a C solution of the sum problem that is right on every
// test but the one with a == 99 (test 5, the last), where it sleeps past
// the wall limit.
const slowLast = `#include <stdio.h>
#include <unistd.h>
int main(void) {
	long long a, b;
	if (scanf("%lld %lld", &a, &b) != 2) return 1;
	if (a == 99) for (;;) sleep(1);
	printf("%lld\n", a + b);
	return 0;
}
`

// TestSubmitStreams runs the judge binary with its stdout a pipe and
// checks that each test's line comes out while later tests still run, in
// test order (samples first), and that jsonl is one object per test and
// a summary.
func TestSubmitStreams(t *testing.T) {
	root := fixture(t)
	src := filepath.Join(t.TempDir(), "slow.c")
	write(t, src, slowLast)
	for _, format := range []string{"jsonl", "text"} {
		t.Run(format, func(t *testing.T) {
			path, _ := judgeBinary(t)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, path, submitArgs(t, root, "submit", "sum", src, "--format", format)...)
			cmd.Env = append(os.Environ(), "CI=")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			pipe, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan struct{})
			lines := bufio.NewScanner(pipe)
			var first string
			for lines.Scan() {
				if l := lines.Text(); strings.Contains(l, "sample-1") {
					first = l
					break
				}
			}
			// Test 5 sleeps until its wall limit (1.6 s): the line of
			// sample-1 must be out well before the judge is done.
			go func() { cmd.Process.Wait(); close(exited) }()
			select {
			case <-exited:
				t.Errorf("the judge had exited when the first test's line was read: not streamed")
			case <-time.After(200 * time.Millisecond):
			}
			rest := []string{first}
			for lines.Scan() {
				rest = append(rest, lines.Text())
			}
			<-exited
			cmd.Wait()
			out := strings.Join(rest, "\n")
			if strings.Contains(out+stderr.String(), "\r") || strings.Contains(stderr.String(), "judging:") {
				t.Errorf("progress line drawn on a pipe:\n%q\n%q", out, stderr.String())
			}
			var names []string
			switch format {
			case "jsonl":
				for i, l := range rest {
					var m map[string]any
					if err := json.Unmarshal([]byte(l), &m); err != nil {
						t.Fatalf("line %d is not one JSON object: %q", i, l)
					}
					if i == len(rest)-1 {
						if m["type"] != "summary" || m["verdict"] != "TLE" || m["tests"] != nil {
							t.Errorf("last line %q: want the summary, verdict TLE, without tests", l)
						}
						continue
					}
					if m["type"] != "test" {
						t.Errorf("line %d %q: want type test", i, l)
					}
					names = append(names, m["name"].(string))
				}
			case "text":
				for _, l := range rest {
					if f := strings.Fields(l); strings.HasPrefix(l, "  ") && len(f) > 1 && (f[1] == "AC" || f[1] == "TLE") {
						names = append(names, f[0])
					}
				}
				if !strings.Contains(out, "verdict TLE") {
					t.Errorf("no summary:\n%s", out)
				}
			}
			if got := strings.Join(names, " "); got != "sample-1 1 2 3 4 5" {
				t.Errorf("tests in order %q, want samples first, then 1 to 5\n%s", got, out)
			}
		})
	}
}

// TestLiveProgress feeds the live printer results out of order, with a
// progress line, and checks that the lines come out in order with no
// progress text among them, and that the progress line is drawn and
// finally cleared.
func TestLiveProgress(t *testing.T) {
	var out, bar bytes.Buffer
	l := newLive(&out, &bar, "text", "Sum", report.Style{})
	l.bar = &progressLine{w: &bar, width: 100}
	names := []string{"sample-1", "1", "2"}
	l.onStart(grade.Report{Problem: "sum", Compile: grade.CompileReport{OK: true}}, names)
	order := grade.NewInOrder(func(r grade.TestResult) bool { l.onTestInOrder(r); return true })
	results := []grade.TestResult{
		{Name: "sample-1", Verdict: verdict.AC, TimeMs: 5, CPU: 5 * time.Millisecond},
		{Name: "1", Verdict: verdict.TLE, TimeMs: 900, CPU: 900 * time.Millisecond},
		{Name: "2", Verdict: verdict.AC, TimeMs: 7, CPU: 7 * time.Millisecond},
	}
	for _, i := range []int{2, 1, 0} {
		l.onTest(results[i])
		order.Put(i, results[i])
	}
	rep := &grade.Report{Problem: "sum", Verdict: verdict.TLE, Tests: results, Compile: grade.CompileReport{OK: true}}
	if err := l.finish(rep, "Sum", report.Style{}); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if strings.Contains(text, "judging") || strings.Contains(text, "\r") {
		t.Errorf("progress text among the lines:\n%q", text)
	}
	var want bytes.Buffer
	report.Text(&want, rep, "Sum", report.Style{})
	if text != want.String() {
		t.Errorf("streamed report differs from the whole one:\n%s\nwant\n%s", text, want.String())
	}
	b := bar.String()
	if !strings.Contains(b, "judging: 3/3 tests done, 1 failed") || !strings.Contains(b, "slowest 1 (900 ms)") {
		t.Errorf("progress line %q lacks the counts or the slowest test", b)
	}
	if !strings.HasSuffix(b, "\r\x1b[K") {
		t.Errorf("progress line not cleared at the end: %q", b)
	}
}

// jsonReport is what the tests read of a JSON report.
type jsonReport struct {
	Verdict string
	Tests   []struct{ Name, Verdict string }
	Limits  struct {
		TimeMs    int64    `json:"time_ms"`
		MemoryKB  int64    `json:"memory_kb"`
		Overrides []string `json:"overrides"`
	}
	Warnings []string
}

func parseReport(t *testing.T, o outcome) jsonReport {
	t.Helper()
	var r jsonReport
	if err := json.Unmarshal([]byte(o.stdout), &r); err != nil {
		t.Fatalf("not a JSON report (exit %d): %v\nstdout: %s\nstderr: %s", o.code, err, o.stdout, o.stderr)
	}
	return r
}

func (r jsonReport) names() string {
	var n []string
	for _, t := range r.Tests {
		n = append(n, t.Name)
	}
	return strings.Join(n, " ")
}

// TestSubmitSubsets runs the judge binary with --test, --failed,
// --show-input and limit overrides.
func TestSubmitSubsets(t *testing.T) {
	root := fixture(t)
	cache := t.TempDir()
	sols := filepath.Join(root, "solutions", "sum")
	ac, wa := filepath.Join(sols, "accepted", "sum.c"), filepath.Join(sols, "wrong_answer", "abs.c")
	submit := func(args ...string) outcome {
		return runJudge(t, root, nil, submitArgs(t, root, append([]string{"--cache-dir", cache, "submit"}, args...)...)...)
	}

	o := submit("sum", ac, "--format", "json", "--test", "sample*", "--test", "3")
	if r := parseReport(t, o); r.names() != "sample-1 3" || o.code != 0 {
		t.Errorf("--test sample* --test 3 ran %q (exit %d), want sample-1 3", r.names(), o.code)
	}
	o = submit("sum", ac, "--test", "33")
	if o.code != exitUsage || !strings.Contains(o.stderr, `--test "33": sum has no such test; did you mean 3?`) {
		t.Errorf("unknown test: exit %d, %q", o.code, o.stderr)
	}
	o = submit("sum", ac, "--test", "[")
	if o.code != exitUsage || !strings.Contains(o.stderr, "bad pattern") {
		t.Errorf("bad glob: exit %d, %q", o.code, o.stderr)
	}

	// --failed needs an earlier run, then reruns exactly what failed.
	o = submit("sum", wa, "--failed")
	if o.code != exitUsage || !strings.Contains(o.stderr, "has not been judged on sum yet") {
		t.Errorf("--failed with no earlier run: exit %d, %q", o.code, o.stderr)
	}
	full := parseReport(t, submit("sum", wa, "--format", "json"))
	var failed []string
	for _, tr := range full.Tests {
		if tr.Verdict != "AC" {
			failed = append(failed, tr.Name)
		}
	}
	if len(failed) == 0 || len(failed) == len(full.Tests) {
		t.Fatalf("abs.c failed %v of %s: want some", failed, full.names())
	}
	o = submit("sum", wa, "--failed", "--format", "json")
	if r := parseReport(t, o); r.names() != strings.Join(failed, " ") {
		t.Errorf("--failed ran %q, want %q", r.names(), strings.Join(failed, " "))
	}
	if entries, _ := os.ReadDir(filepath.Join(cache, "failed")); len(entries) != 2 {
		t.Errorf("failed/ holds %d files, want one record per source", len(entries))
	}
	// The accepted source has its own record, with nothing failed.
	o = submit("sum", ac, "--failed")
	if o.code != exitUsage || !strings.Contains(o.stderr, "no test failed") {
		t.Errorf("--failed after a clean run: exit %d, %q", o.code, o.stderr)
	}

	// --show-input shows the first failing test's input and path.
	o = submit("sum", wa, "--show-input")
	first := failed[0]
	if o.code != exitVerdict || !strings.Contains(o.stdout, "input of test "+first+" (") ||
		!strings.Contains(o.stdout, filepath.Join("tests", first+".in")+")") {
		t.Errorf("--show-input: exit %d\n%s", o.code, o.stdout)
	}
	input, _ := os.ReadFile(filepath.Join(root, "problems", "sum", "tests", first+".in"))
	if !strings.Contains(o.stdout, "    "+strings.TrimSpace(string(input))+"\n") {
		t.Errorf("--show-input does not show %q:\n%s", input, o.stdout)
	}
	if o = submit("sum", wa, "--show-input", "--format", "json"); o.code != exitUsage {
		t.Errorf("--show-input with json: exit %d, want 2", o.code)
	}

	// Limit overrides: in the JSON limits and marked in the header.
	r := parseReport(t, submit("sum", ac, "--format", "json", "--time-limit", "2s", "--memory-limit", "32MiB"))
	if r.Limits.TimeMs != 2000 || r.Limits.MemoryKB != 32<<10 || strings.Join(r.Limits.Overrides, " ") != "time_ms memory_kb" {
		t.Errorf("limits %+v, want 2000 ms and 32 MiB as overrides", r.Limits)
	}
	o = submit("sum", ac, "--time-limit", "2s")
	if !strings.Contains(o.stdout, "time 2000 ms (override)") || strings.Contains(o.stdout, "MiB (override)") {
		t.Errorf("header does not mark the time override alone:\n%s", o.stdout)
	}
	for _, bad := range [][]string{{"--time-limit", "2"}, {"--memory-limit", "256MB"}, {"--time-limit", "-1s"}} {
		if o := submit(append([]string{"sum", ac}, bad...)...); o.code != exitUsage || !strings.Contains(o.stderr, bad[0]) {
			t.Errorf("%v: exit %d, %q", bad, o.code, o.stderr)
		}
	}
}
