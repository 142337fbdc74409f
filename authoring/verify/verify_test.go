package verify_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/authoring/verify"
)

// Programs that break the fixture in one way each.
const (
	crashingGenerator = `package main

func main() {
	var m map[string]int
	m["seed"] = 1 // the generator crashes
}
`
	invalidGenerator = `package main

import "fmt"

func main() { fmt.Println("1 2 3") }
`
	lenientValidator = `package main

import (
	"fmt"
	"os"
)

func main() {
	var a, b int64
	fmt.Fscan(os.Stdin, &a, &b) // checks nothing
}
`
	brokenChecker = `package main

func main() { this is not Go }
`
)

// burner is a C solution that answers right after using ms milliseconds
// of CPU time.
func burner(ms int) string {
	return fmt.Sprintf(`#include <stdio.h>
#include <time.h>

int main(void) {
    long long a, b;
    if (scanf("%%lld %%lld", &a, &b) != 2) return 1;
    while (clock() < (clock_t)%d * (CLOCKS_PER_SEC / 1000)) {
    }
    printf("%%lld\n", a + b);
    return 0;
}
`, ms)
}

// napper is a C solution that sleeps for secs seconds when cond (on the
// numbers a and b it read) holds, then answers right.
func napper(cond string, secs int) string {
	return fmt.Sprintf(`#include <stdio.h>
#include <unistd.h>

int main(void) {
    long long a, b;
    if (scanf("%%lld %%lld", &a, &b) != 2) return 1;
    if (%s) sleep(%d);
    printf("%%lld\n", a + b);
    return 0;
}
`, cond, secs)
}

// lateFiller is a C solution that uses ms milliseconds of CPU time, then
// fills memory until the limit stops it; its pages are prefaulted, so it
// gets there in a few more milliseconds.
func lateFiller(ms int) string {
	return fmt.Sprintf(`#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

int main(void) {
    while (clock() < (clock_t)%d * (CLOCKS_PER_SEC / 1000)) {
    }
    for (;;) {
        size_t n = 16u << 20;
        char *t = aligned_alloc(4096, n);
        if (t == NULL) return 1;
        madvise(t, n, MADV_POPULATE_WRITE);
        memset(t, 1, n);
    }
}
`, ms)
}

// want is a check's expected status and a text its message or details
// hold.
type want struct {
	status verify.Status
	text   string
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func remove(t *testing.T, path string) {
	t.Helper()
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
}

// trimSlow removes the solutions that take time to fail, for the cases
// that are not about solutions.
func trimSlow(t *testing.T, root string) {
	for _, f := range []string{"time_limit_exceeded", "memory_limit_exceeded", "output_limit_exceeded", "compile_error"} {
		remove(t, filepath.Join(root, "solutions", "sum", f))
	}
}

func TestVerify(t *testing.T) {
	tests := []struct {
		name string
		// serial cases measure CPU time against limits and run alone.
		serial bool
		// timed cases judge solutions whose CPU time lies near a limit.
		// They need the full sandbox: in basic mode a loaded machine can
		// starve such a solution into its wall limit, a TLE the margin
		// checks would count.
		timed bool
		// stall, when set, is the machine's CPU pressure stall the
		// grader reads around each run (see grade.Grader.CPUStall).
		stall  func() (time.Duration, bool)
		break_ func(t *testing.T, pkg, sols string)
		want   map[string]want
	}{{
		name:   "good package",
		serial: true,
		want: map[string]want{
			verify.CheckConfig:                       {verify.Pass, "time limit 300ms"},
			verify.CheckStatement:                    {verify.Pass, ""},
			verify.CheckTestFiles:                    {verify.Pass, "6 tests"},
			verify.CheckSamples:                      {verify.Pass, "1 sample"},
			verify.CheckStatedLimits:                 {verify.Pass, "no Limits section"},
			verify.CheckDistinct:                     {verify.Pass, "6 inputs, no two the same"},
			verify.CheckLeftovers:                    {verify.Pass, ""},
			verify.CheckValidator:                    {verify.Pass, "accepts all 6 test inputs"},
			verify.CheckJunk:                         {verify.Pass, "value out of range"},
			verify.CheckGenerator:                    {verify.Pass, "rebuilds 2 tests"},
			verify.CheckSolutions:                    {verify.Pass, "7 solutions, 1 accepted"},
			"solution accepted/sum.c":                {verify.Pass, "AC on all 6 tests"},
			"solution wrong_answer/abs.c":            {verify.Pass, "WA on test 4"},
			"solution time_limit_exceeded/spin.c":    {verify.Pass, "TLE on test sample-1"},
			"solution memory_limit_exceeded/table.c": {verify.Pass, "MLE on test sample-1"},
			"solution output_limit_exceeded/debug.c": {verify.Pass, "OLE on test sample-1"},
			"solution run_time_error/abort.c":        {verify.Pass, "RE on test sample-1 as expected: exit 3"},
			"solution compile_error/typo.c":          {verify.Pass, "CE as expected"},
			verify.CheckACMargin:                     {verify.Pass, "slowest: accepted/sum.c"},
			verify.CheckTLEMargin:                    {verify.Pass, "still exceeds 1.5x"},
			verify.CheckMLEMargin:                    {verify.Pass, "slowest to reach the memory limit: memory_limit_exceeded/table.c on test "},
			verify.CheckReferences:                   {verify.Pass, "all 6 expected outputs agree with accepted/sum.c"},
		},
	}, {
		name: "missing validator",
		break_: func(t *testing.T, pkg, sols string) {
			remove(t, filepath.Join(pkg, "validator"))
		},
		want: map[string]want{
			verify.CheckValidator: {verify.Fail, "no validator"},
			verify.CheckJunk:      {verify.Skip, "no validator"},
			verify.CheckGenerator: {verify.Pass, ""},
		},
	}, {
		name: "solution in an unknown folder",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(sols, "slow", "sum.c"), "int main(void) { return 0; }\n")
			write(t, filepath.Join(sols, "accepted", "sum.rb"), "puts gets.split.map(&:to_i).sum\n")
		},
		want: map[string]want{
			verify.CheckSolutions:     {verify.Fail, `solutions/sum/slow/sum.c: unknown verdict folder "slow"`},
			"solution accepted/sum.c": {verify.Pass, ""},
		},
	}, {
		name: "solution of an unknown language",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(sols, "accepted", "sum.rb"), "puts gets.split.map(&:to_i).sum\n")
		},
		want: map[string]want{
			verify.CheckSolutions: {verify.Fail, `accepted/sum.rb: unknown language (extension ".rb")`},
		},
	}, {
		name: "missing .out",
		break_: func(t *testing.T, pkg, sols string) {
			remove(t, filepath.Join(pkg, "tests", "2.out"))
		},
		want: map[string]want{
			verify.CheckConfig:     {verify.Pass, ""},
			verify.CheckTestFiles:  {verify.Fail, "tests/2.in: no matching 2.out (judge test fill sum computes it with the reference solution)"},
			verify.CheckValidator:  {verify.Pass, "accepts all 5 test inputs"},
			verify.CheckReferences: {verify.Pass, "all 5 expected outputs agree"},
		},
	}, {
		name: "unreadable .out",
		break_: func(t *testing.T, pkg, sols string) {
			out := filepath.Join(pkg, "tests", "2.out")
			remove(t, out)
			if err := os.Symlink(filepath.Join(pkg, "gone"), out); err != nil {
				t.Fatal(err)
			}
		},
		want: map[string]want{
			verify.CheckTestFiles:  {verify.Fail, "tests/2.out: cannot be read: dangling symbolic link"},
			verify.CheckValidator:  {verify.Skip, "test files are broken"},
			verify.CheckReferences: {verify.Skip, "test files are broken"},
		},
	}, {
		name: "generator crashes",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(pkg, "generator", "main.go"), crashingGenerator)
		},
		want: map[string]want{
			verify.CheckGenerator: {verify.Fail, "test 4: generator seed 4 [--max 100] failed: exit 2: panic"},
		},
	}, {
		name: "generator prints an invalid input",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(pkg, "generator", "main.go"), invalidGenerator)
		},
		want: map[string]want{
			verify.CheckGenerator: {verify.Fail, "generator seed 4 [--max 100] printed an invalid input: line 1: expected 2 integers"},
		},
	}, {
		name: "generator no longer makes the recorded tests",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(pkg, "tests", "4.in"), "1 1\n")
			write(t, filepath.Join(pkg, "tests", "4.out"), "2\n")
		},
		want: map[string]want{
			verify.CheckGenerator: {verify.Fail, "tests/4.in: differs from the output of generator seed 4 [--max 100]"},
		},
	}, {
		name: "validator accepts junk",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(pkg, "validator", "main.go"), lenientValidator)
		},
		want: map[string]want{
			verify.CheckValidator: {verify.Pass, ""},
			verify.CheckJunk:      {verify.Fail, "accepts junk: doubled whitespace"},
		},
	}, {
		name: "validator rejects a test",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(pkg, "tests", "1.in"), "5  7\n")
		},
		want: map[string]want{
			verify.CheckValidator: {verify.Fail, "tests/1.in: rejected by the validator: line 1"},
		},
	}, {
		name: "wrong expected output",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(pkg, "tests", "1.out"), "13\n")
		},
		want: map[string]want{
			verify.CheckReferences:    {verify.Fail, `tests/1.out: disagrees with the output of the reference accepted/sum.c: line 1, token 1: expected "13", got "12"`},
			"solution accepted/sum.c": {verify.Fail, "expected AC, got WA on test 1"},
		},
	}, {
		name: "sample missing from the statement",
		break_: func(t *testing.T, pkg, sols string) {
			path := filepath.Join(pkg, "statement.md")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			write(t, path, strings.Replace(string(data), "```\n3\n```", "```\n4\n```", 1))
		},
		want: map[string]want{
			verify.CheckSamples: {verify.Fail, "tests/sample-1.out: does not appear in statement.md"},
		},
	}, {
		name: "statement states other limits",
		break_: func(t *testing.T, pkg, sols string) {
			path := filepath.Join(pkg, "statement.md")
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			write(t, path, strings.Replace(string(data), "## Samples", "## Limits\n\n- Time limit: 2 seconds. Memory limit: 64 MiB.\n\n## Samples", 1))
		},
		want: map[string]want{
			verify.CheckStatedLimits: {verify.Fail, "statement.md:15: states time 2 seconds, but "},
		},
	}, {
		name: "identical inputs",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(pkg, "tests", "9.in"), "10 20\n")
			write(t, filepath.Join(pkg, "tests", "9.out"), "30\n")
			write(t, filepath.Join(pkg, "tests", "10.in"), "10 20\n")
			write(t, filepath.Join(pkg, "tests", "10.out"), "30\n")
		},
		want: map[string]want{
			verify.CheckDistinct: {verify.Warn, "tests/10.in: the same input as "},
		},
	}, {
		name: "scaffold template left",
		break_: func(t *testing.T, pkg, sols string) {
			tmp := t.TempDir()
			if _, err := author.Scaffold(filepath.Join(tmp, "p"), filepath.Join(tmp, "s"), "x"); err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{"generator/main.go", "validator/main.go"} {
				data, err := os.ReadFile(filepath.Join(tmp, "p", "x", f))
				if err != nil {
					t.Fatal(err)
				}
				if f == "validator/main.go" {
					data = append(data, "\n// edited\n"...)
				}
				write(t, filepath.Join(pkg, f), string(data))
			}
		},
		want: map[string]want{
			verify.CheckLeftovers: {verify.Fail, "generator/main.go: the scaffold's template generator, unchanged"},
		},
	}, {
		name: "statement missing",
		break_: func(t *testing.T, pkg, sols string) {
			remove(t, filepath.Join(pkg, "statement.md"))
		},
		want: map[string]want{
			verify.CheckConfig:    {verify.Pass, ""},
			verify.CheckStatement: {verify.Fail, "statement.md: no such file or directory"},
			verify.CheckSamples:   {verify.Skip, "no statement"},
		},
	}, {
		name: "bad problem.yaml",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(pkg, "problem.yaml"), "title: Sum\ntime_limit: fast\nmemory_limit: 64MiB\n")
		},
		want: map[string]want{
			verify.CheckConfig:     {verify.Fail, `problem.yaml: time_limit: bad duration "fast"`},
			verify.CheckTestFiles:  {verify.Pass, ""},
			verify.CheckValidator:  {verify.Skip, "does not load"},
			"solution folders":     {verify.Pass, ""},
			verify.CheckReferences: {verify.Skip, "does not load"},
		},
	}, {
		name: "custom checker does not compile",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(pkg, "problem.yaml"), "title: Sum\ntime_limit: 300ms\nmemory_limit: 64MiB\nchecker: custom\nchecker_source: checker/main.go\n")
			write(t, filepath.Join(pkg, "checker", "main.go"), brokenChecker)
		},
		want: map[string]want{
			verify.CheckChecker:       {verify.Fail, "checker/main.go: does not compile"},
			"solution accepted/sum.c": {verify.Skip, "checker does not compile"},
			verify.CheckReferences:    {verify.Skip, "checker does not compile"},
		},
	}, {
		name: "solution in the wrong folder",
		break_: func(t *testing.T, pkg, sols string) {
			data, err := os.ReadFile(filepath.Join(sols, "accepted", "sum.c"))
			if err != nil {
				t.Fatal(err)
			}
			write(t, filepath.Join(sols, "wrong_answer", "right.c"), string(data))
			write(t, filepath.Join(sols, "run_time_error", "wrong.c"), "#include <stdio.h>\nint main(void) { puts(\"7\"); return 0; }\n")
		},
		want: map[string]want{
			"solution wrong_answer/right.c":   {verify.Fail, "expected WA, got AC on every test"},
			"solution run_time_error/wrong.c": {verify.Fail, "expected RE, got WA on test sample-1: line 1, token 1: expected \"3\", got \"7\""},
		},
	}, {
		name:   "TLE solution within the margin",
		serial: true,
		timed:  true,
		break_: func(t *testing.T, pkg, sols string) {
			// 375 ms: over the 300 ms limit, under 1.5x it.
			write(t, filepath.Join(sols, "time_limit_exceeded", "near.c"), burner(375))
		},
		want: map[string]want{
			"solution time_limit_exceeded/near.c": {verify.Pass, "TLE on test sample-1 as expected: used"},
			verify.CheckTLEMargin:                 {verify.Fail, "near.c: gets TLE at the time limit but not at 1.5x the limit (450 ms)"},
		},
	}, {
		name:   "MLE solution too slow for the margin",
		serial: true,
		timed:  true,
		break_: func(t *testing.T, pkg, sols string) {
			// Half the 300 ms limit, then some more to fill 64 MiB: over
			// the margin however fast page faults are, under the limit
			// however slow (about 1.3 ms per MiB on a loaded machine).
			write(t, filepath.Join(sols, "memory_limit_exceeded", "late.c"), lateFiller(150))
		},
		want: map[string]want{
			"solution memory_limit_exceeded/late.c": {verify.Pass, "as expected: memory limit 64MiB exceeded"},
			verify.CheckMLEMargin:                   {verify.Fail, "late.c: reaches the memory limit only after more than half its time limit: memory_limit_exceeded/late.c on test "},
		},
	}, {
		name:   "accepted solution too slow for the margin",
		serial: true,
		timed:  true,
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(sols, "accepted", "slow.c"), burner(200)) // 67% of the limit
		},
		want: map[string]want{
			"solution accepted/slow.c": {verify.Pass, "AC on all 6 tests"},
			verify.CheckACMargin:       {verify.Fail, "uses more than half its time limit: accepted/slow.c on test"},
		},
	}, {
		// A wall-time stop with the CPU time under its limit, on a machine
		// whose runnable tasks waited for a CPU all along (the stall
		// given), is run again with a longer wall limit: a loaded machine
		// stretches a run the way this nap does, and the second run
		// decides.
		name:  "solution stopped by the wall clock once",
		stall: loadedMachine(),
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(sols, "accepted", "napper.c"), napper("a == 1 && b == 2", 2))
		},
		want: map[string]want{
			"solution accepted/napper.c": {verify.Pass, "(test sample-1 re-run with a longer wall limit: the machine was loaded)"},
			verify.CheckACMargin:         {verify.Pass, "accepted/napper.c: test sample-1 re-run with a longer wall limit"},
		},
	}, {
		// The same nap on a machine with CPU to spare (no stall) is a
		// program that waits: TLE at once, without the re-run.
		name:  "solution stopped by the wall clock on a quiet machine",
		stall: quietMachine,
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(sols, "accepted", "napper.c"), napper("a == 1 && b == 2", 2))
		},
		want: map[string]want{
			"solution accepted/napper.c": {verify.Fail, "(test sample-1 stopped by the wall clock while the machine had CPU to spare: the program waits)"},
		},
	}, {
		// Only a second wall-time stop is TLE: the program really waits.
		name: "TLE solution that waits",
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(sols, "time_limit_exceeded", "waits.c"), napper("1", 60))
		},
		want: map[string]want{
			"solution time_limit_exceeded/waits.c": {verify.Pass, "TLE on test sample-1 as expected: wall time limit"},
			verify.CheckTLEMargin:                  {verify.Pass, "still exceeds 1.5x"},
		},
	}, {
		name:   "accepted solution near the margin",
		serial: true,
		timed:  true,
		break_: func(t *testing.T, pkg, sols string) {
			write(t, filepath.Join(sols, "accepted", "slowish.c"), burner(130)) // 43% of the limit
		},
		want: map[string]want{
			verify.CheckACMargin: {verify.Warn, "more than a third of its time limit: accepted/slowish.c"},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.timed && os.Geteuid() != 0 {
				t.Skip("needs root for the full sandbox: basic mode lets a loaded machine starve a timed solution")
			}
			if !tt.serial {
				t.Parallel()
			}
			root := copyFixture(t)
			pkg, sols := filepath.Join(root, "problems", "sum"), filepath.Join(root, "solutions", "sum")
			if tt.break_ != nil {
				if !tt.serial {
					trimSlow(t, root)
				}
				tt.break_(t, pkg, sols)
			}
			pr := verifySumStall(t, root, tt.stall)
			failed := false
			for name, w := range tt.want {
				c := pr.Check(name)
				if c == nil {
					t.Errorf("no check %q", name)
					continue
				}
				text := c.Message + "\n" + strings.Join(c.Details, "\n")
				if c.Status != w.status || !strings.Contains(text, w.text) {
					t.Errorf("check %q: got %s %q, want %s with %q", name, c.Status, text, w.status, w.text)
					failed = true
				}
			}
			if tt.break_ == nil {
				for _, c := range pr.Checks {
					if c.Status != verify.Pass {
						t.Errorf("good package: check %q is %s: %s", c.Name, c.Status, c.Message)
						failed = true
					}
				}
				if len(pr.Checks) != len(tt.want) {
					t.Errorf("good package: got %d checks, want %d", len(pr.Checks), len(tt.want))
				}
			} else if pr.OK == (countFailures(tt.want) > 0) {
				t.Errorf("report OK = %v, want %v", pr.OK, !pr.OK)
			}
			if failed {
				for _, c := range pr.Checks {
					t.Logf("%s %s: %s %v", c.Status, c.Name, c.Message, c.Details)
				}
			}
		})
	}
}

func countFailures(w map[string]want) int {
	n := 0
	for _, x := range w {
		if x.status == verify.Fail {
			n++
		}
	}
	return n
}

// loadedMachine returns a CPU stall reader for a machine whose runnable
// tasks wait for a CPU all the time: ten seconds more at every reading.
func loadedMachine() func() (time.Duration, bool) {
	var mu sync.Mutex
	var total time.Duration
	return func() (time.Duration, bool) {
		mu.Lock()
		defer mu.Unlock()
		total += 10 * time.Second
		return total, true
	}
}

// quietMachine is a CPU stall reader for a machine with CPU to spare: no
// task ever waits for one.
func quietMachine() (time.Duration, bool) { return 0, true }
