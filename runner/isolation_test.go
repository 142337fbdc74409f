package runner

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestNothingCarriedOver checks that what one run leaves in the kernel
// (SysV IPC, POSIX message queues, charged memory) does not reach the next
// run of the same box.
func TestNothingCarriedOver(t *testing.T) {
	needRoot(t)
	s, err := New(Config{Mode: ModeFull, Idle: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Small sizes and a wide CPU limit: first touches of memory are slow
	// on some machines (about 150 µs a page in user-mode Linux).
	lim := Limits{CPU: 10 * time.Second, Memory: 24 << 20}
	ipc := buildC(t, "ipc")
	res, out := runProgram(t, s, ipc, lim, "leave", "12")
	if !res.OK() || !strings.Contains(out, "left shm=") || strings.Contains(out, "shm=-1") {
		t.Fatalf("leave: %+v %q", res, out)
	}
	res, out = runProgram(t, s, ipc, lim, "look")
	if !res.OK() {
		t.Fatalf("look: %+v", res)
	}
	if strings.Contains(out, "FOUND") {
		t.Errorf("the next run found what the last one left:\n%s", out)
	}
	// An honest program that needs 16 MiB is not pushed over 24 MiB by
	// the 12 MiB segment the first run left.
	res, _ = runProgram(t, s, buildC(t, "touch"), lim, strconv.Itoa(16<<20))
	if !res.OK() || res.Memory > 20<<20 {
		t.Errorf("16 MiB after a 12 MiB leftover: %v, %d KiB", res.Status, res.Memory>>10)
	}
	stillWorks(t, s)
}

// TestKernelSurface checks that a box cannot reach the kernel's riskiest
// entry points: user namespaces and mounts, io_uring, perf events, bpf,
// keyrings, userfaultfd, ptrace.
func TestKernelSurface(t *testing.T) {
	s := fullSandbox(t)
	// A secret in the launcher's session keyring must not be readable.
	if _, err := unix.AddKey("user", "judge-test-secret", []byte("launcher-secret"), unix.KEY_SPEC_SESSION_KEYRING); err != nil {
		t.Logf("no session keyring to test with: %v", err)
	}
	res, out := runProgram(t, s, buildC(t, "kernel"), Limits{CPU: 2 * time.Second})
	if !res.OK() {
		t.Fatalf("result %+v, output %q", res, out)
	}
	for _, what := range []string{"unshare(CLONE_NEWUSER)", "clone(CLONE_NEWUSER)", "io_uring_setup", "perf_event_open", "bpf", "add_key @u", "keyctl read @s", "userfaultfd", "ptrace attach"} {
		if !strings.Contains(out, what+" refused") {
			t.Errorf("%s not refused", what)
		}
	}
	if strings.Contains(out, "ALLOWED") || strings.Contains(out, "launcher-secret") {
		t.Errorf("the box reached the kernel:\n%s", out)
	}
	stillWorks(t, s)
}

// TestHostLayoutHidden checks that a program learns neither the test
// file's host path from its stdin nor the host's cgroup layout.
func TestHostLayoutHidden(t *testing.T) {
	s := fullSandbox(t)
	in := filepath.Join(t.TempDir(), "secret-test-name.in")
	if err := os.WriteFile(in, []byte("1 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := buildC(t, "procinfo")
	outFile := filepath.Join(t.TempDir(), "out")
	res, err := s.Run(context.Background(), Spec{
		Args: []string{"{prog}/procinfo"}, Program: []File{{Name: "procinfo", Path: bin}},
		Stdin: in, Stdout: outFile,
	})
	if err != nil || !res.OK() {
		t.Fatalf("run: %v %+v", err, res)
	}
	data, _ := os.ReadFile(outFile)
	out := string(data)
	if !strings.Contains(out, "read 4 bytes") {
		t.Errorf("the program did not get its input:\n%s", out)
	}
	if strings.Contains(out, "secret-test-name") || strings.Contains(out, filepath.Dir(in)) {
		t.Errorf("stdin shows the host file:\n%s", out)
	}
	if strings.Contains(out, "judge-") || !strings.Contains(out, "cgroup ") {
		t.Errorf("/proc/self/cgroup shows the host layout:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "cgroup ") && !strings.HasSuffix(line, ":/") {
			t.Errorf("cgroup line not at its namespace root: %q", line)
		}
	}
}

// TestProgramFolderRestored checks that a program cannot change its own
// program file for the next test.
func TestProgramFolderRestored(t *testing.T) {
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			if mode == ModeFull {
				needRoot(t)
			}
			s, err := New(Config{Mode: mode, Idle: 1})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			bin := buildC(t, "rewrite")
			for i := 0; i < 2; i++ {
				res, out := runProgram(t, s, bin, Limits{CPU: time.Second})
				if !res.OK() || !strings.HasPrefix(out, "original") {
					t.Fatalf("run %d: %+v %q", i, res, out)
				}
				if mode == ModeFull && (strings.Contains(out, "REWROTE") || strings.Contains(out, "UNLINKED")) {
					t.Errorf("run %d changed its read-only program folder: %q", i, out)
				}
			}
		})
	}
}

// TestAccountingFromZero runs, in one box, an MLE, then an AC, then a
// CPU-heavy AC, again and again: each is measured from zero.
func TestAccountingFromZero(t *testing.T) {
	needRoot(t)
	s, err := New(Config{Mode: ModeFull, Idle: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	touch, busy := buildC(t, "touch"), buildC(t, "busy")
	// A wide CPU limit: first touches of memory are slow on some machines
	// (about 150 µs a page in user-mode Linux).
	lim := Limits{CPU: 10 * time.Second, Wall: 30 * time.Second, Memory: 16 << 20}
	// CPU counted from an earlier run would make a run's figure at least
	// the sum of theirs; each bound allows half that sum (a loaded
	// machine, user-mode Linux above all, inflates every figure alike),
	// and at least 1.5 s: in an emulated VM on a busy host one run of a
	// trivial program was charged a second. Carried-over CPU passes that
	// floor after about twenty runs.
	var before time.Duration
	for i := 0; i < 50; i++ {
		var res Result
		switch i % 3 {
		case 0:
			res, _ = runProgram(t, s, touch, lim, strconv.Itoa(64<<20))
			if res.Status != MemoryExceeded {
				t.Fatalf("run %d: 64 MiB under 16 MiB gave %v (%d KiB, %v)", i, res.Status, res.Memory>>10, res.CPU)
			}
		case 1:
			res, _ = runProgram(t, s, touch, lim, strconv.Itoa(1<<20))
			if !res.OK() || res.Memory > 8<<20 || res.CPU > max(1500*time.Millisecond, before/2) {
				t.Fatalf("run %d: 1 MiB after an MLE: %v, %d KiB, %v", i, res.Status, res.Memory>>10, res.CPU)
			}
		case 2:
			res, _ = runProgram(t, s, busy, lim, "200")
			if !res.OK() || res.CPU < 150*time.Millisecond || res.CPU > max(1500*time.Millisecond, before/2) || res.Memory > 8<<20 {
				t.Fatalf("run %d: a 200 ms busy loop: %v, %v, %d KiB", i, res.Status, res.CPU, res.Memory>>10)
			}
		}
		before += res.CPU
	}
	stillWorks(t, s)
}
