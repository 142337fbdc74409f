package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProgramStart checks what a program holds at its first instruction
// (the launcher's own fork, on cgroup v1 and v2): the box's user and no
// supplementary groups, a process group of its own, no signal blocked,
// ignored or caught, no_new_privs and the filter, no capability, the
// run's rlimits, the box's working directory, and only its three
// standard streams.
func TestProgramStart(t *testing.T) {
	s := fullSandbox(t)
	lim := Limits{CPU: 2 * time.Second, Stack: 16 << 20, Files: 40, Output: 5 << 20}
	// Twice: the second run is started in a renewed group, by a launcher
	// that has forked before.
	for run := 1; run <= 2; run++ {
		res, out := runProgram(t, s, buildC(t, "startstate"), lim)
		if !res.OK() {
			t.Fatalf("run %d: result %+v, output %q", run, res, out)
		}
		got := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if f := strings.Fields(line); len(f) > 0 {
				got[strings.TrimSuffix(f[0], ":")] = strings.Join(f[1:], " ")
			}
		}
		uid, gid := s.UIDs()
		want := map[string]string{
			"groups":      "0",
			"pgid-is-pid": "1",
			"ppid":        "1", // the box's helper, its PID namespace's init
			"SigBlk":      "0000000000000000",
			"SigIgn":      "0000000000000000",
			"SigCgt":      "0000000000000000",
			"NoNewPrivs":  "1",
			"Seccomp":     "2",
			"CapEff":      "0000000000000000",
			"CapBnd":      "0000000000000000",
			"stack":       fmt.Sprintf("%d %d", lim.Stack, lim.Stack),
			"nofile":      fmt.Sprintf("%d %d", lim.Files, lim.Files),
			"cwd":         "/box",
			"fds":         "0 1 2",
		}
		if os.Getuid() == 0 {
			// The box's uid is one of the judge's range; its gid the same.
			if u, g := got["uid"], got["gid"]; !uidInRange(u, uid, gid) || !uidInRange(g, uid, gid) {
				t.Errorf("run %d: uid %q gid %q, want one of %d-%d for both", run, u, g, uid, gid)
			}
		}
		if !canRaiseHardLimits() {
			// Without CAP_SYS_RESOURCE only the soft limits come down.
			delete(want, "stack")
			delete(want, "nofile")
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("run %d: %s = %q, want %q", run, k, got[k], v)
			}
		}
		// Output through a pipe: files are bounded by the output limit.
		if f := got["fsize"]; !strings.HasPrefix(f, fmt.Sprint(lim.Output)+" ") {
			t.Errorf("run %d: RLIMIT_FSIZE %q, want %d", run, f, lim.Output)
		}
	}
	stillWorks(t, s)
}

// uidInRange says an "id id" line holds the same id twice, within
// first-last.
func uidInRange(line string, first, last int) bool {
	var a, b int
	if _, err := fmt.Sscan(line, &a, &b); err != nil {
		return false
	}
	return a == b && a >= first && a <= last
}

// TestStartFailure checks that a program the kernel cannot exec is the
// judge's error, named by the kernel's reason, and that the box serves the
// next run.
func TestStartFailure(t *testing.T) {
	s := fullSandbox(t)
	bad := filepath.Join(t.TempDir(), "notaprogram")
	if err := os.WriteFile(bad, []byte("\x7fELF but not really\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := s.Run(context.Background(), Spec{Args: []string{"{prog}/notaprogram"}, Program: []File{{Name: "notaprogram", Path: bad}}})
	if err == nil || !strings.Contains(err.Error(), "exec format error") {
		t.Fatalf("Run of a file that is no program: %v, want an exec format error", err)
	}
	if errors.Is(err, ErrCommandNotFound) {
		t.Errorf("Run of a file that is no program: %v, not a missing command", err)
	}
	stillWorks(t, s)
}
