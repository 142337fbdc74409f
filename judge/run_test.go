package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runWithInput runs the judge binary in dir with stdin as its standard
// input.
func runWithInput(t *testing.T, dir, stdin string, args ...string) outcome {
	t.Helper()
	path, _ := judgeBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	o := outcome{stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	if err != nil && o.code < 0 {
		t.Fatalf("judge %s: %v", strings.Join(args, " "), err)
	}
	return o
}

func TestRunCommand(t *testing.T) {
	root := fixture(t)
	cache := t.TempDir()
	sols := filepath.Join(root, "solutions", "sum")
	ac := filepath.Join(sols, "accepted", "sum.c")
	crash := filepath.Join(t.TempDir(), "crash.c")
	write(t, crash, "#include <stdio.h>\nint main(void) { fputs(\"oops\\n\", stderr); return 3; }\n")
	spin := filepath.Join(t.TempDir(), "spin.c")
	write(t, spin, "int main(void) { for (volatile long i = 0;; i++) ; }\n")
	in := filepath.Join(t.TempDir(), "in.txt")
	write(t, in, "40 2\n")
	for _, tt := range []struct {
		name        string
		stdin       string
		args        []string
		code        int
		stdout      string // exactly
		stderrParts []string
	}{
		{"stdin", "1 2\n", []string{"sum", ac}, 0, "3\n", []string{"judge: exited 0", "time ", "memory ", "limits: time 300 ms, memory 64MiB"}},
		{"stdin dash", "5 5\n", []string{"sum", ac, "--input", "-"}, 0, "10\n", []string{"exited 0"}},
		{"input file", "", []string{"sum", ac, "--input", in}, 0, "42\n", []string{"exited 0"}},
		{"no problem", "1 1\n", []string{ac}, 0, "2\n", []string{"limits: time 1000 ms, memory 256MiB"}},
		{"overrides", "1 1\n", []string{"sum", ac, "--time-limit", "2s", "--memory-limit", "128MiB"}, 0, "2\n", []string{"limits: time 2000 ms, memory 128MiB"}},
		{"spin", "1 1\n", []string{"sum", spin}, exitVerdict, "", []string{"judge: TLE: "}},
		{"crash", "", []string{crash}, exitVerdict, "", []string{"oops\njudge: RE: exit 3   time"}},
		{"missing input", "", []string{"sum", ac, "--input", filepath.Join(root, "none")}, exitUsage, "", []string{"not a readable file"}},
		{"compile error", "", []string{"sum", filepath.Join(sols, "compile_error", "typo.c")}, exitVerdict, "", []string{"judge: compile error"}},
		{"too many args", "", []string{"sum", ac, ac}, exitUsage, "", []string{"accepts between 1 and 2 arg(s)"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := runWithInput(t, root, tt.stdin, submitArgs(t, root, append([]string{"--cache-dir", cache, "run"}, tt.args...)...)...)
			if o.code != tt.code || o.stdout != tt.stdout {
				t.Errorf("exit %d, stdout %q; want %d, %q\nstderr: %s", o.code, o.stdout, tt.code, tt.stdout, o.stderr)
			}
			for _, s := range tt.stderrParts {
				if !strings.Contains(o.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, o.stderr)
				}
			}
		})
	}
}
