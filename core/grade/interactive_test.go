package grade_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// TestInteractiveVerdict checks the precedence of how an interactive
// test ends (the Kattis format's; problemtools and DOMjudge agree).
func TestInteractiveVerdict(t *testing.T) {
	lim := runner.Limits{CPU: time.Second, Wall: 3 * time.Second, Memory: 256 << 20}
	vlim := runner.Limits{CPU: 10 * time.Second, Wall: 21 * time.Second, Memory: 1 << 30}
	exit := func(code int) runner.Result { return runner.Result{Status: runner.Exited, ExitCode: code} }
	ok := exit(0)
	tle := runner.Result{Status: runner.CPUExceeded, Signal: 9}
	wall := runner.Result{Status: runner.WallExceeded, Signal: 9}
	segv := runner.Result{Status: runner.Signaled, Signal: 11}
	mle := runner.Result{Status: runner.MemoryExceeded, Signal: 9}
	tests := []struct {
		name      string
		program   runner.Result
		validator runner.Result
		first     bool // the validator ended first
		judgeMsg  string
		teamMsg   string
		want      verdict.Verdict
		msgHas    string
	}{
		{"both fine, accepted", ok, exit(42), false, "", "", verdict.AC, ""},
		{"accepted, message kept", ok, exit(42), true, "3 guesses", "", verdict.AC, "3 guesses"},
		{"both fine, rejected", ok, exit(43), false, "wrong guess 7", "", verdict.WA, "wrong guess 7"},
		{"team message when no judge message", ok, exit(43), false, "", "you guessed too often", verdict.WA, "you guessed too often"},
		{"validator first with WA beats a crash", segv, exit(43), true, "out of range", "", verdict.WA, "out of range"},
		{"validator first with WA beats TLE", tle, exit(43), true, "", "", verdict.WA, "rejected before the submission ended"},
		{"validator first with WA beats wall TLE", wall, exit(43), true, "", "", verdict.WA, ""},
		{"TLE beats the validator's WA after it", tle, exit(43), false, "no guess", "", verdict.TLE, "CPU time limit"},
		{"wall TLE (never answers)", wall, exit(43), false, "no guess", "", verdict.TLE, "wall time limit"},
		{"TLE after the validator accepted", tle, exit(42), true, "", "", verdict.TLE, ""},
		{"crash after the validator accepted is RE", segv, exit(42), true, "", "", verdict.RE, "SIGSEGV"},
		{"non-zero exit beats the validator's WA after it", exit(3), exit(43), false, "no guess", "", verdict.RE, "exit 3; output validator: no guess"},
		{"memory limit", mle, exit(43), false, "", "", verdict.MLE, "memory limit"},
		{"validator exits 0", ok, exit(0), false, "", "", verdict.IE, "exited 0, not 42"},
		{"validator exits 1 with a message", ok, exit(1), true, "cannot read input", "", verdict.IE, "exited 1, not 42 (accepted) or 43 (wrong answer): cannot read input"},
		{"validator crash beats the submission's TLE", tle, segv, false, "", "", verdict.IE, "was killed by SIGSEGV"},
		{"validator out of time", wall, runner.Result{Status: runner.WallExceeded, Signal: 9}, false, "", "", verdict.IE, "exceeded its wall time limit"},
		{"validator crash before the submission's WA-looking end", exit(0), exit(2), true, "", "", verdict.IE, "exited 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ix := checker.Interaction{
				Program: tt.program, Validator: tt.validator, ValidatorLimits: vlim,
				ValidatorFirst: tt.first, JudgeMessage: tt.judgeMsg, TeamMessage: tt.teamMsg,
			}
			v, msg := grade.InteractiveVerdict(ix, lim)
			if v != tt.want || !strings.Contains(msg, tt.msgHas) {
				t.Errorf("got %s %q, want %s with %q", v, msg, tt.want, tt.msgHas)
			}
		})
	}
}

// TestKattisInteractive judges real programs, in C and Python, against
// an interactive legacy package whose interactor is a C program.
func TestKattisInteractive(t *testing.T) {
	f := newGrader(t, anyMode())
	dir := filepath.Join("testdata", "kattis", "guess-legacy")
	p := loadKattis(t, dir)
	if !p.Interactive {
		t.Fatal("not loaded as interactive")
	}
	tests := []struct {
		source  string
		want    verdict.Verdict
		message string // in the message of the first failing test (or the first test)
	}{
		{"accepted/binary.c", verdict.AC, "guessed on guess "},
		{"accepted/binary.py", verdict.AC, "guessed on guess "},
		{"wrong_answer/counts_up.py", verdict.WA, "not guessed in 10 guesses"},
		// Exits after one guess: the interactor, waiting for the next,
		// sees end of file only then, and rejects.
		{"wrong_answer/exits_early.c", verdict.WA, "no guess 2: the submission stopped guessing"},
		// The interactor rejects the first guess: WA, and the
		// submission, which then spins, is stopped at once.
		{"wrong_answer/out_of_range_then_spins.py", verdict.WA, "guess -1 is out of range"},
		{"time_limit_exceeded/never_answers.py", verdict.TLE, "wall time limit"},
		{"run_time_error/reads_input_file.py", verdict.RE, "no input file to read"},
		// Fails after one guess, before the interactor decided: RE.
		{"run_time_error/exits_early_failing.py", verdict.RE, "exit 3"},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			src := filepath.Join(dir, "submissions", tt.source)
			lang, err := f.grader.LanguageOf(src)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: lang}, grade.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Verdict != tt.want {
				t.Fatalf("verdict %s, tests %s (%s %s); want %s", rep.Verdict, testVerdicts(rep), rep.InternalError(), firstFailure(rep).Message, tt.want)
			}
			if msg := firstFailure(rep).Message; !strings.Contains(msg, tt.message) {
				t.Errorf("message %q, want %q in it", msg, tt.message)
			}
			if tt.want == verdict.WA {
				// Decided by the interactor: no test takes the submission
				// near its limit.
				for _, tr := range rep.Tests {
					if tr.CPU > p.Limits.Time/2 {
						t.Errorf("test %s: %v of CPU, want it stopped when the interactor decided (limit %v)", tr.Name, tr.CPU, p.Limits.Time)
					}
				}
			}
		})
	}
}

// firstFailure is a report's first test that is not AC, or its first test.
func firstFailure(rep *grade.Report) grade.TestResult {
	for _, tr := range rep.Tests {
		if tr.Verdict != verdict.AC {
			return tr
		}
	}
	if len(rep.Tests) == 0 {
		return grade.TestResult{}
	}
	return rep.Tests[len(rep.Tests)-1]
}

// TestInteractorMisbehaves: interactors that crash, hang or exit 0 are the
// judge's failure (IE); one that rejects first and closes the pipes wins
// over what the submission then does; one that accepts first does not
// hide the submission's crash.
func TestInteractorMisbehaves(t *testing.T) {
	f := newGrader(t, anyMode())
	const echo = "import sys\nprint(1, flush=True)\nx = sys.stdin.readline()\n"
	tests := []struct {
		name, interactor, submission string
		want                         verdict.Verdict
		message                      string
	}{
		{"crash", "raise RuntimeError('boom')\n", echo, verdict.IE, "exited 1"},
		{"killed", "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n", echo, verdict.IE, "was killed by SIGSEGV"},
		{"exit 0", echo + "sys.exit(0)\n", echo, verdict.IE, "exited 0, not 42 (accepted) or 43 (wrong answer)"},
		{"hang", "while True:\n    pass\n", "import time\ntime.sleep(0.5)\n", verdict.IE, "exceeded its"},
		{"rejects first, submission then spins", "import sys\nopen(sys.argv[3] + 'judgemessage.txt', 'w').write('bad start\\n')\nsys.exit(43)\n",
			"import sys\nsys.stdin.read()\nwhile True:\n    pass\n", verdict.WA, "bad start"},
		{"rejects first, submission then crashes", "import sys\nsys.stdin.close()\nsys.stdout.close()\nsys.exit(43)\n",
			"import sys\nsys.stdin.read()\nraise SystemExit(5)\n", verdict.WA, "rejected before the submission ended"},
		{"accepts first, submission then crashes", "import sys\nsys.exit(42)\n",
			"import sys\nsys.stdin.read()\nraise SystemExit(5)\n", verdict.RE, "exit 5"},
		// Its output has no limit of its own (it goes to the pipe): once
		// the submission has ended it is read and dropped, and the
		// interactor's CPU or wall limit ends it.
		{"writes forever", "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n", "import sys\nsys.exit(0)\n", verdict.IE, "output validator exceeded its"},
		{"accepts first, submission keeps writing", "import sys\nsys.exit(42)\n",
			"import sys\nsys.stdin.read()\nsys.stdout.write('x' * 1000000)\n", verdict.AC, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"problem.yaml":                 "problem_format_version: 2025-09\nname: v\nuuid: u\ntype: interactive\nlimits: {time_limit: 1, validation_time: 2}\n",
				"data/secret/1.in":             "1\n",
				"data/secret/1.ans":            "1\n",
				"output_validator/validate.py": tt.interactor,
				"sub.py":                       tt.submission,
			}
			dir, p := writeKattis(t, files)
			rep := gradePython(t, f, p, filepath.Join(dir, "sub.py"))
			msg := firstFailure(rep).Message
			if rep.Verdict != tt.want || !strings.Contains(msg, tt.message) {
				t.Errorf("verdict %s, message %q (%s); want %s with %q", rep.Verdict, msg, rep.InternalError(), tt.want, tt.message)
			}
		})
	}
}

// TestInteractiveWall: the submission of an interactive problem gets the
// pair's wall-clock limit, ceil(2 × its CPU limit) in whole seconds
// (problemtools), not the 2 × CPU + 1 s of other runs. Python's time
// multiplier of 2 makes a 0.75 s limit 1.5 s of CPU: a wall limit of 3 s
// (4 s otherwise). A submission that sleeps 3.6 s without answering is
// TLE on that wall limit, and the report says so.
func TestInteractiveWall(t *testing.T) {
	for _, tt := range []struct {
		cpu         time.Duration
		interactive bool
		want        time.Duration
	}{
		{time.Second, false, 3 * time.Second},
		{time.Second, true, 2 * time.Second},
		{1500 * time.Millisecond, true, 3 * time.Second},
		{300 * time.Millisecond, true, time.Second},
		{1001 * time.Millisecond, true, 3 * time.Second},
	} {
		if got := grade.WallLimit(&problem.Problem{Interactive: tt.interactive}, tt.cpu); got != tt.want {
			t.Errorf("WallLimit(interactive %v, %v) = %v, want %v", tt.interactive, tt.cpu, got, tt.want)
		}
	}
	f := newGrader(t, anyMode())
	dir, p := writeKattis(t, map[string]string{
		"problem.yaml":                 "problem_format_version: 2025-09\nname: v\nuuid: u\ntype: interactive\nlimits: {time_limit: 0.75, time_resolution: 0.25, validation_time: 10}\n",
		"data/secret/1.in":             "1\n",
		"data/secret/1.ans":            "1\n",
		"output_validator/validate.py": "import sys\nprint(1, flush=True)\nok = sys.stdin.readline().strip() == '1'\nsys.exit(42 if ok else 43)\n",
		"sub.py":                       "import time\ninput()\ntime.sleep(3.6)\nprint(1)\n",
	})
	rep := gradePython(t, f, p, filepath.Join(dir, "sub.py"))
	if rep.Limits.WallMs != 3000 {
		t.Errorf("report's wall limit %d ms, want 3000", rep.Limits.WallMs)
	}
	msg := firstFailure(rep).Message
	if rep.Verdict != verdict.TLE || !strings.Contains(msg, "wall time limit 3s exceeded") {
		t.Errorf("verdict %s, message %q (%s); want TLE on the 3s wall limit", rep.Verdict, msg, rep.InternalError())
	}
}
