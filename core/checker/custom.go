package checker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// CustomLimits returns the limits a custom checker runs under, unless
// Custom.Limits says otherwise. A checker is the problem author's program,
// but it reads the contestant's output, so it runs in a box like any
// untrusted program:
//
//	CPU     10s, enough for any reasonable checker on a 64 MiB output
//	Wall    2*CPU + 1s = 21s
//	Memory  1 GiB
//	Output  1 MiB of standard output (discarded; it is not the message)
//	Stderr  64 KiB kept; its first line is the test's message
//
// A checker that passes one of them is the judge's failure (IE), not a
// verdict on the output.
func CustomLimits() runner.Limits {
	const cpu = 10 * time.Second
	return runner.Limits{
		CPU:    cpu,
		Wall:   2*cpu + time.Second,
		Memory: 1 << 30,
		Output: 1 << 20,
		Stderr: 64 << 10,
	}
}

// maxMessage is how many bytes of the first line of a checker's standard
// error are kept as the message.
const maxMessage = 512

// Names of the files a custom checker gets in its read-only program folder
// {prog}, next to its own files, and its arguments.
var customFiles = [...]string{"input", "output", "answer"}

// Custom runs a compiled checker program in a box of Sandbox as
//
//	checker {prog}/input {prog}/output {prog}/answer
//
// with the test input, the contestant output and the expected answer
// placed read-only in its program folder; in full sandbox mode it sees no
// other file of the judge. Its exit status gives the verdict, as in
// testlib: 0 for AC, 1 for WA and 2 for PE, and the first line of its
// standard error, trimmed and capped at 512 bytes, is the message; its
// standard output is discarded.
//
// A checker that does not answer is a *Failure error (an internal error,
// never WA or PE): the Go runtime ended it (a panic or a fatal error, which
// exit 2 as PE does), it was killed by a signal or passed a limit, or it
// exited with another status.
type Custom struct {
	Sandbox *runner.Sandbox
	Program *compile.Program // the compiled checker
	Limits  runner.Limits    // CustomLimits() if zero
}

// Failure is the error of a custom checker that ran but gave no verdict.
type Failure struct {
	// What happened, after "checker": "panicked: runtime error: …",
	// "exited 3: cannot parse input", "exceeded its CPU time limit of 10s".
	What string
}

// Error returns "checker " followed by what happened.
func (f *Failure) Error() string { return "checker " + f.What }

// Check implements Checker.
func (c Custom) Check(ctx context.Context, input, output, expected string) (Result, error) {
	res, lim, err := c.runBoxed(ctx, boxedRun{
		files: []string{input, output, expected},
		names: customFiles[:],
		args:  []string{"{prog}/input", "{prog}/output", "{prog}/answer"},
	})
	if err != nil {
		return Result{}, err
	}
	if what, crashed := Crash(res, lim); crashed {
		return Result{}, &Failure{What: what}
	}
	msg := firstLine(res.Stderr)
	switch res.ExitCode {
	case 0:
		return Result{Verdict: verdict.AC, Message: msg}, nil
	case 1:
		return Result{Verdict: verdict.WA, Message: msg}, nil
	case 2:
		return Result{Verdict: verdict.PE, Message: msg}, nil
	}
	return Result{}, &Failure{What: join(fmt.Sprintf("exited %d", res.ExitCode), msg)}
}

// boxedRun is one run of a checker program in a box: the host files it
// gets read-only in {prog} under names, the arguments after its own
// command, its standard input, and the files of its working directory
// {box} to collect into collectDir.
type boxedRun struct {
	files, names []string
	args         []string
	stdin        string
	work         []runner.File
	collect      []string
	collectAll   bool
	collectDir   string
}

// runBoxed runs the checker program as r says, under c.Limits, and
// returns its result and the limits it ran under. It is the one way
// checker programs run: native custom checkers and Kattis output
// validators alike.
func (c Custom) runBoxed(ctx context.Context, r boxedRun) (runner.Result, runner.Limits, error) {
	if c.Sandbox == nil || c.Program == nil {
		return runner.Result{}, runner.Limits{}, errors.New("custom checker: no sandbox or no compiled program")
	}
	lim := c.Limits
	if lim == (runner.Limits{}) {
		lim = CustomLimits()
	}
	lim = lim.WithDefaults()
	files := slices.Clone(c.Program.Files)
	for _, f := range files {
		if slices.Contains(r.names, f.Name) {
			return runner.Result{}, lim, fmt.Errorf("custom checker: its file %q has the name of one of the files it checks", f.Name)
		}
	}
	staged, cleanup, err := stage(r.files, r.names)
	if err != nil {
		return runner.Result{}, lim, fmt.Errorf("custom checker: %w", err)
	}
	defer cleanup()
	spec := c.Program.Spec(r.stdin, "", lim)
	spec.Args = append(slices.Clone(spec.Args), r.args...)
	for i, name := range r.names {
		files = append(files, runner.File{Name: name, Path: staged[i]})
	}
	spec.Program = files
	spec.Work = r.work
	spec.Collect, spec.CollectAll, spec.CollectDir = r.collect, r.collectAll, r.collectDir

	res, err := c.Sandbox.Run(ctx, spec)
	if err != nil {
		if ctx.Err() != nil {
			return res, lim, fmt.Errorf("custom checker: %w", ctx.Err())
		}
		return res, lim, fmt.Errorf("run custom checker: %w", err)
	}
	return res, lim, nil
}

// stage links (or, across file systems, copies) the files into a new
// temporary folder under names, so that each check hands the box paths it
// has never seen: a box may keep program files it was given before when
// their path, size and modification time are unchanged, and a contestant
// output rewritten in place could match all three.
func stage(paths, names []string) ([]string, func(), error) {
	dir, err := os.MkdirTemp("", "judge-check-")
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	staged := make([]string, len(paths))
	for i, p := range paths {
		staged[i] = filepath.Join(dir, names[i])
		if err := fileutil.LinkOrCopy(p, staged[i], 0o644); err != nil {
			cleanup()
			return nil, nil, err
		}
	}
	return staged, cleanup, nil
}

// Crash says how a run of a helper program, such as a custom checker or a
// validator, ended without giving an answer, or reports false when it
// ended by itself with an exit status that is its answer. It did not
// answer when the runner stopped it at a limit of lim (what ran), when a
// signal killed it, or when the Go runtime ended it: an unrecovered panic
// ("panic: " followed by a "goroutine " trace) or a fatal runtime error
// ("fatal error: "), both of which exit 2 and must not be taken for a
// checker's PE or a validator's rejection. The description follows the
// program's name: "panicked: runtime error: index out of range [5] with
// length 3", "crashed: fatal error: all goroutines are asleep - deadlock!",
// "was killed by SIGSEGV", "exceeded its memory limit of 1GiB".
func Crash(res runner.Result, lim runner.Limits) (string, bool) {
	lim = lim.WithDefaults()
	switch res.Status {
	case runner.CPUExceeded:
		return fmt.Sprintf("exceeded its CPU time limit of %v", lim.CPU), true
	case runner.WallExceeded:
		return fmt.Sprintf("exceeded its wall time limit of %v", lim.Wall), true
	case runner.MemoryExceeded:
		return "exceeded its memory limit of " + figures.Size(lim.Memory), true
	case runner.OutputExceeded:
		return "exceeded its output limit of " + figures.Size(lim.Output), true
	case runner.Signaled:
		return join("was killed by "+runner.SignalName(res.Signal), firstLine(res.Stderr)), true
	}
	if res.ExitCode == 0 {
		return "", false
	}
	return goCrash(res.Stderr)
}

// goCrash finds in a program's standard error the Go runtime's report of
// an unrecovered panic or a fatal error, and describes it by its first
// line.
func goCrash(stderr []byte) (string, bool) {
	for rest := stderr; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		if v, ok := bytes.CutPrefix(line, []byte("panic: ")); ok && goroutineTrace(rest) {
			return "panicked: " + firstLine(v), true
		}
		if bytes.HasPrefix(line, []byte("fatal error: ")) {
			return "crashed: " + firstLine(line), true
		}
	}
	return "", false
}

// goroutineTrace reports whether b has a line starting with "goroutine ",
// as the Go runtime's stack traces do.
func goroutineTrace(b []byte) bool {
	return bytes.HasPrefix(b, []byte("goroutine ")) || bytes.Contains(b, []byte("\ngoroutine "))
}

// join joins a description and a message with ": ", or returns the
// description alone if the message is empty.
func join(head, msg string) string {
	if msg == "" {
		return head
	}
	return head + ": " + msg
}

// firstLine returns the first line of b, trimmed, made valid UTF-8 and
// capped at maxMessage bytes.
func firstLine(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	b = cutRunes(bytes.TrimSpace(b), maxMessage)
	return strings.ToValidUTF8(string(b), "\uFFFD")
}
