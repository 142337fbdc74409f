package checker

import (
	"context"
	"errors"
	"github.com/puzzlejudge/judge/core/compile"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/config"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// TestMain lets the test binary serve as its own box helper.
func TestMain(m *testing.M) {
	runner.Init()
	os.Exit(m.Run())
}

// modeChecker is a custom checker that behaves according to the
// contestant output, which names a mode.
const modeChecker = `package main

import (
	"fmt"
	"os"
	"strings"
	"syscall"
)

func main() {
	in, _ := os.ReadFile(os.Args[1])
	out, err := os.ReadFile(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "read output:", err)
		os.Exit(3)
	}
	ans, _ := os.ReadFile(os.Args[3])
	switch strings.TrimSpace(string(out)) {
	case "ok":
		fmt.Fprintln(os.Stderr, "all good")
		fmt.Println("stdout is discarded")
	case "wa":
		fmt.Fprint(os.Stderr, "  wrong answer on query 3  \nsecond line\n")
		os.Exit(1)
	case "pe":
		fmt.Fprintln(os.Stderr, "bad spacing")
		os.Exit(2)
	case "pe-says-panic":
		// Not the runtime's panic: no goroutine trace follows.
		fmt.Fprintln(os.Stderr, "panic: is not a word of the answer")
		os.Exit(2)
	case "args":
		fmt.Fprintf(os.Stderr, "%s %q %q\n", strings.Join(os.Args[1:], " "), in, ans)
	case "chatty":
		fmt.Fprintln(os.Stderr, strings.Repeat("x", 1000000))
		os.Exit(1)
	case "panic":
		var a []int
		fmt.Println(a[len(os.Args)+1])
	case "deadlock":
		select {}
	case "exit3":
		fmt.Fprintln(os.Stderr, "cannot parse input")
		os.Exit(3)
	case "silent":
		os.Exit(4)
	case "signal":
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
		select {}
	case "loop":
		for {
		}
	case "alloc":
		b := make([]byte, 2<<30)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		fmt.Fprintln(os.Stderr, "allocated", len(b))
	case "host":
		// The input names a file of the judge's host.
		data, err := os.ReadFile(strings.TrimSpace(string(in)))
		if err != nil {
			fmt.Fprintln(os.Stderr, "cannot read:", err)
			os.Exit(1)
		}
		fmt.Fprintf(os.Stderr, "read %q\n", data)
	default:
		fmt.Fprintln(os.Stderr, "unknown mode")
		os.Exit(5)
	}
}
`

type customFixture struct {
	sandbox *runner.Sandbox
	program *compile.Program
}

var (
	customMu       sync.Mutex
	customFixtures = map[runner.Mode]*customFixture{}
)

// compiledChecker returns modeChecker compiled, and a sandbox of the given
// mode to run it in.
func compiledChecker(t *testing.T, mode runner.Mode) *customFixture {
	t.Helper()
	if mode == runner.ModeFull && os.Geteuid() != 0 {
		t.Skip("full sandbox mode needs root")
	}
	customMu.Lock()
	defer customMu.Unlock()
	if f := customFixtures[mode]; f != nil {
		return f
	}
	langs, err := config.LoadLanguages("../../configs/languages.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sb, err := runner.New(runner.Config{Mode: mode})
	if err != nil {
		t.Fatalf("sandbox %s: %v", mode, err)
	}
	// Shared with the grade tests, so that the warm Go build cache is
	// built once per machine.
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	comp := &compile.Compiler{Sandbox: sb, CacheDir: filepath.Join(cache, "puzzlejudge"), ConfigDir: "../../configs"}
	src := filepath.Join(t.TempDir(), "main.go")
	if err := os.WriteFile(src, []byte(modeChecker), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, c, err := comp.Compile(context.Background(), langs["go"], src)
	if err != nil || !c.OK {
		t.Fatalf("compile checker: %v %s", err, c.Output)
	}
	f := &customFixture{sandbox: sb, program: prog}
	customFixtures[mode] = f
	return f
}

func TestCustom(t *testing.T) {
	loop := CustomLimits()
	loop.CPU, loop.Wall = time.Second, 5*time.Second
	tests := []struct {
		mode   string
		limits runner.Limits
		full   bool // only in full mode, where the box isolates and cgroups limit memory
		want   verdict.Verdict
		msg    string // the message, or with an error the start of the error
		err    bool
	}{
		{mode: "ok", want: verdict.AC, msg: "all good"},
		{mode: "wa", want: verdict.WA, msg: "wrong answer on query 3"},
		{mode: "pe", want: verdict.PE, msg: "bad spacing"},
		{mode: "pe-says-panic", want: verdict.PE, msg: "panic: is not a word of the answer"},
		{mode: "chatty", want: verdict.WA, msg: strings.Repeat("x", maxMessage)},
		{mode: "args", full: true, want: verdict.AC, msg: `/prog/input /prog/output /prog/answer "1 2\n" "3\n"`},
		{mode: "panic", err: true, msg: "checker panicked: runtime error: index out of range [5] with length 0"},
		{mode: "deadlock", err: true, msg: "checker crashed: fatal error: all goroutines are asleep - deadlock!"},
		{mode: "exit3", err: true, msg: "checker exited 3: cannot parse input"},
		{mode: "silent", err: true, msg: "checker exited 4"},
		{mode: "signal", err: true, msg: "checker was killed by SIGKILL"},
		{mode: "loop", limits: loop, err: true, msg: "checker exceeded its "},
		{mode: "alloc", full: true, err: true, msg: "checker exceeded its memory limit of 1GiB"},
	}
	for _, mode := range []runner.Mode{runner.ModeFull, runner.ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			f := compiledChecker(t, mode)
			for _, tt := range tests {
				if tt.full && mode != runner.ModeFull {
					continue
				}
				t.Run(tt.mode, func(t *testing.T) {
					dir := t.TempDir()
					in := writeFile(t, dir, "t.in", "1 2\n")
					exp := writeFile(t, dir, "t.ans", "3\n")
					out := writeFile(t, dir, "t.out", tt.mode+"\n")
					c := Custom{Sandbox: f.sandbox, Program: f.program, Limits: tt.limits}
					res, err := c.Check(context.Background(), in, out, exp)
					if tt.err {
						var fail *Failure
						if !errors.As(err, &fail) || !strings.HasPrefix(err.Error(), tt.msg) {
							t.Fatalf("Check = %+v, %v; want a *Failure starting %q", res, err, tt.msg)
						}
						if strings.Contains(err.Error(), "\n") {
							t.Errorf("error spans lines: %q", err)
						}
						return
					}
					if err != nil {
						t.Fatal(err)
					}
					if res.Verdict != tt.want || res.Message != tt.msg {
						t.Errorf("Check = %+v, want %s %q", res, tt.want, tt.msg)
					}
				})
			}
		})
	}
}

// TestCustomSeesOnlyItsFiles checks that in full mode a checker cannot
// read the test's files where they are on the host, only its copies.
func TestCustomSeesOnlyItsFiles(t *testing.T) {
	f := compiledChecker(t, runner.ModeFull)
	dir := t.TempDir()
	exp := writeFile(t, dir, "1.out", "the expected answer\n")
	in := writeFile(t, dir, "1.in", exp+"\n") // names the answer's host path
	out := writeFile(t, dir, "received", "host\n")
	res, err := Custom{Sandbox: f.sandbox, Program: f.program}.Check(context.Background(), in, out, exp)
	if err != nil {
		t.Fatal(err)
	}
	want := "cannot read: open " + exp + ": no such file or directory"
	if res.Verdict != verdict.WA || res.Message != want {
		t.Errorf("Check = %+v, want WA %q", res, want)
	}
}

func TestCustomCancelled(t *testing.T) {
	f := compiledChecker(t, runner.ModeFull)
	dir := t.TempDir()
	in := writeFile(t, dir, "t.in", "1 2\n")
	exp := writeFile(t, dir, "t.ans", "3\n")
	out := writeFile(t, dir, "t.out", "loop\n")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := Custom{Sandbox: f.sandbox, Program: f.program}.Check(ctx, in, out, exp)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error = %v, want context.DeadlineExceeded", err)
	}
	var fail *Failure
	if errors.As(err, &fail) {
		t.Errorf("a cancelled check is the checker's failure: %v", err)
	}
}

func TestCustomMissing(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "t.in", "1 2\n")
	if _, err := (Custom{}).Check(context.Background(), in, in, in); err == nil {
		t.Error("no error without a sandbox and a program")
	}
	f := compiledChecker(t, runner.ModeBasic)
	c := Custom{Sandbox: f.sandbox, Program: f.program}
	if _, err := c.Check(context.Background(), in, filepath.Join(dir, "nope"), in); err == nil {
		t.Error("no error for a missing output")
	}
	clash := &compile.Program{Language: f.program.Language, Files: []runner.File{{Name: "input", Path: in}}}
	if _, err := (Custom{Sandbox: f.sandbox, Program: clash}).Check(context.Background(), in, in, in); err == nil {
		t.Error("no error for a checker file named like a checked file")
	}
}

func TestCrash(t *testing.T) {
	lim := runner.Limits{CPU: 2 * time.Second, Memory: 512 << 20}
	trace := "\n\ngoroutine 1 [running]:\nmain.main()\n"
	tests := []struct {
		name string
		res  runner.Result
		want string // "" when it is not a crash
	}{
		{"answer 0", runner.Result{}, ""},
		{"answer 1", runner.Result{ExitCode: 1, Stderr: []byte("wrong\n")}, ""},
		{"answer 2", runner.Result{ExitCode: 2, Stderr: []byte("spacing\n")}, ""},
		{"panic", runner.Result{ExitCode: 2, Stderr: []byte("panic: boom" + trace)}, "panicked: boom"},
		{"panic after output", runner.Result{ExitCode: 2, Stderr: []byte("checking line 3\npanic: runtime error: x [recovered]" + trace)},
			"panicked: runtime error: x [recovered]"},
		{"nil pointer", runner.Result{ExitCode: 2, Stderr: []byte("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation]" + trace)},
			"panicked: runtime error: invalid memory address or nil pointer dereference"},
		{"panic word without trace", runner.Result{ExitCode: 2, Stderr: []byte("panic: no\n")}, ""},
		{"panic not at line start", runner.Result{ExitCode: 1, Stderr: []byte("got panic: x" + trace)}, ""},
		{"fatal error", runner.Result{ExitCode: 2, Stderr: []byte("fatal error: concurrent map writes" + trace)},
			"crashed: fatal error: concurrent map writes"},
		{"signal", runner.Result{Status: runner.Signaled, Signal: 11}, "was killed by SIGSEGV"},
		{"signal with message", runner.Result{Status: runner.Signaled, Signal: 6, Stderr: []byte("abort\nmore")}, "was killed by SIGABRT: abort"},
		{"cpu", runner.Result{Status: runner.CPUExceeded}, "exceeded its CPU time limit of 2s"},
		{"wall", runner.Result{Status: runner.WallExceeded}, "exceeded its wall time limit of 5s"},
		{"memory", runner.Result{Status: runner.MemoryExceeded}, "exceeded its memory limit of 512MiB"},
		{"output", runner.Result{Status: runner.OutputExceeded}, "exceeded its output limit of 64MiB"},
	}
	for _, tt := range tests {
		got, crashed := Crash(tt.res, lim)
		if got != tt.want || crashed != (tt.want != "") {
			t.Errorf("%s: Crash = %q, %v; want %q", tt.name, got, crashed, tt.want)
		}
	}
}
