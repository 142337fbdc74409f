package runner

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func buildC(t *testing.T, name string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), name)
	src := filepath.Join("testdata", "hostile", name+".c")
	if b, err := exec.Command("gcc", "-O2", "-o", out, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc %s: %v\n%s", src, err, b)
	}
	return out
}

func fullSandbox(t *testing.T) *Sandbox {
	t.Helper()
	needRoot(t)
	s, err := New(Config{Mode: ModeFull, Idle: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("close sandbox: %v", err)
		}
	})
	return s
}

// modeSandbox is fullSandbox for ModeFull, and a basic sandbox (closed
// when the test ends) for ModeBasic.
func modeSandbox(t *testing.T, mode Mode) *Sandbox {
	t.Helper()
	if mode == ModeFull {
		return fullSandbox(t)
	}
	s, err := New(Config{Mode: ModeBasic, Idle: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// boxProcesses lists host processes whose uid is one of the sandbox's box
// uids (each sandbox has a block of its own).
func boxProcesses(s *Sandbox) []string {
	first, last := s.UIDs()
	var out []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		var st syscall.Stat_t
		if syscall.Stat("/proc/"+e.Name(), &st) != nil {
			continue
		}
		if int(st.Uid) >= first && int(st.Uid) <= last {
			cmd, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
			out = append(out, e.Name()+" "+strings.ReplaceAll(string(cmd), "\x00", " "))
		}
	}
	return out
}

// runProgram runs a host binary in the box with arguments and returns the
// result and its stdout.
func runProgram(t *testing.T, s *Sandbox, bin string, lim Limits, args ...string) (Result, string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "stdout")
	spec := Spec{
		Args:    append([]string{"{prog}/" + filepath.Base(bin)}, args...),
		Program: []File{{Name: filepath.Base(bin), Path: bin}},
		Stdout:  out,
		Limits:  lim,
	}
	res, err := s.Run(context.Background(), spec)
	if err != nil {
		t.Fatalf("run %s: %v", filepath.Base(bin), err)
	}
	data, _ := os.ReadFile(out)
	return res, string(data)
}

// stillWorks checks that the sandbox answers after a hostile run and that
// no process of any box is left.
func stillWorks(t *testing.T, s *Sandbox) {
	t.Helper()
	res, err := s.Run(context.Background(), Spec{Args: []string{"true"}})
	if err != nil || !res.OK() {
		t.Fatalf("sandbox no longer answers: %v %+v", err, res)
	}
	if left := boxProcesses(s); len(left) > 0 {
		t.Fatalf("processes outlived their run: %v", left)
	}
}

func TestHostile(t *testing.T) {
	s := fullSandbox(t)
	quick := Limits{CPU: time.Second, Wall: 2 * time.Second, Memory: 64 << 20}

	t.Run("fork bomb", func(t *testing.T) {
		res, _ := runProgram(t, s, buildC(t, "forkbomb"), quick)
		// The pids limit makes every fork past it fail; what ends the
		// program is then another limit: its CPU or wall time, or, on
		// kernels that charge each failed fork's kernel memory to the
		// run's cgroup (seen on 6.18), its memory.
		switch res.Status {
		case CPUExceeded, WallExceeded, MemoryExceeded:
		default:
			t.Errorf("fork bomb ended with %v, want a time or memory limit: %+v", res.Status, res)
		}
		stillWorks(t, s)
	})

	t.Run("detached child", func(t *testing.T) {
		res, out := runProgram(t, s, buildC(t, "detach"), quick)
		if !res.OK() || !strings.Contains(out, "parent done") {
			t.Errorf("result %+v, output %q", res, out)
		}
		stillWorks(t, s)
		time.Sleep(300 * time.Millisecond)
		if left := boxProcesses(s); len(left) > 0 {
			t.Fatalf("a detached child survived: %v", left)
		}
	})

	t.Run("open forbidden files", func(t *testing.T) {
		wd, _ := os.Getwd()
		secret := filepath.Join(t.TempDir(), "answer.out")
		if err := os.WriteFile(secret, []byte("42\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		paths := []string{
			"/etc/shadow",
			secret,
			filepath.Join(wd, "box.go"),         // the judge's source
			filepath.Join(wd, "..", "problems"), // the problems folder
			"../../../../" + strings.TrimPrefix(secret, "/"), // relative
			"/root", "/home", "/proc/1/root/etc/shadow", "/dev/random", "/dev/sda",
		}
		res, out := runProgram(t, s, buildC(t, "openfiles"), quick, paths...)
		if !res.OK() {
			t.Fatalf("result %+v", res)
		}
		if strings.Contains(out, "OPENED") {
			t.Errorf("the box could open host files:\n%s", out)
		}
		if n := strings.Count(out, "refused"); n != len(paths) {
			t.Errorf("%d of %d paths reported refused:\n%s", n, len(paths), out)
		}
		stillWorks(t, s)
	})

	t.Run("write outside the box", func(t *testing.T) {
		wd, _ := os.Getwd()
		name := fmt.Sprintf("judge-escape-%d", time.Now().UnixNano())
		targets := []string{"/tmp/" + name, filepath.Join(wd, name), "/usr/" + name, "/" + name, "/prog/" + name}
		res, out := runProgram(t, s, buildC(t, "writefiles"), quick, targets...)
		if !res.OK() {
			t.Fatalf("result %+v", res)
		}
		for _, p := range targets {
			if _, err := os.Stat(p); err == nil {
				os.Remove(p)
				t.Errorf("the box wrote %s on the host", p)
			}
		}
		// Its own /tmp is writable, but private to the box.
		if !strings.Contains(out, "WROTE /tmp/"+name) {
			t.Errorf("the box's private /tmp was not writable:\n%s", out)
		}
		stillWorks(t, s)
	})

	t.Run("network", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		accepted := make(chan struct{}, 1)
		go func() {
			if c, err := ln.Accept(); err == nil {
				c.Close()
				accepted <- struct{}{}
			}
		}()
		port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
		_, out := runProgram(t, s, buildC(t, "connect"), quick, port)
		if strings.Contains(out, "CONNECTED") {
			t.Errorf("the box reached a listener on the host: %q", out)
		}
		select {
		case <-accepted:
			t.Error("the host listener accepted a connection from the box")
		case <-time.After(100 * time.Millisecond):
		}
		stillWorks(t, s)
	})

	t.Run("many files", func(t *testing.T) {
		lim := quick
		lim.Files = 64
		res, out := runProgram(t, s, buildC(t, "manyfiles"), lim)
		n, err := strconv.Atoi(strings.TrimSpace(out))
		if !res.OK() || err != nil || n > 64 {
			t.Errorf("opened %q files (result %+v), want at most 64", out, res)
		}
		stillWorks(t, s)
	})

	t.Run("5 GiB file", func(t *testing.T) {
		lim := quick
		lim.CPU, lim.Wall = 5*time.Second, 10*time.Second
		res, out := runProgram(t, s, buildC(t, "bigfile"), lim)
		t.Logf("big file: %v, wrote %s bytes, stderr %q", res.Status, strings.TrimSpace(out), res.Stderr)
		// The box's tmpfs fills (64 MiB) before RLIMIT_FSIZE (the 64 MiB
		// output limit) would stop it; either way far from 5 GiB.
		if n, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64); err == nil && n > 128<<20 {
			t.Errorf("the box wrote %d bytes", n)
		}
		if res.Status == CPUExceeded || res.Status == WallExceeded {
			t.Errorf("writing a big file ran into a time limit: %+v", res)
		}
		stillWorks(t, s)
	})

	t.Run("environment", func(t *testing.T) {
		t.Setenv("JUDGE_HOST_SECRET", "do-not-leak")
		_, out := runProgram(t, s, buildC(t, "env"), quick)
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			name, _, _ := strings.Cut(line, "=")
			switch name {
			case "PATH", "HOME", "LANG", "TMPDIR":
			default:
				t.Errorf("unexpected variable in the box: %q", line)
			}
		}
		stillWorks(t, s)
	})
}

// TestKillAllStaysInBox checks that kill(-1) inside a box reaches nothing
// outside it, not even a process of the box's own uid.
func TestKillAllStaysInBox(t *testing.T) {
	s := fullSandbox(t)
	// The sandbox's first box runs as the first of its uids; so does the
	// sentinel.
	base, _ := s.UIDs()
	sentinel := exec.Command("sleep", "30")
	sentinel.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(base), Gid: uint32(base)}}
	if err := sentinel.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { sentinel.Process.Kill(); sentinel.Wait() }()
	res, out := runProgram(t, s, buildC(t, "killall"), Limits{CPU: time.Second})
	if !strings.Contains(out, "kill(-1)") && res.Status != Signaled {
		t.Errorf("result %+v, output %q", res, out)
	}
	if err := sentinel.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("kill(-1) in the box killed a host process: %v", err)
	}
	res2, err := s.Run(context.Background(), Spec{Args: []string{"true"}})
	if err != nil || !res2.OK() {
		t.Fatalf("sandbox no longer answers: %v %+v", err, res2)
	}
}

// cgroupsNamed lists the folders with the given name anywhere in the
// cgroup hierarchies.
func cgroupsNamed(name string) []string {
	var out []string
	filepath.WalkDir("/sys/fs/cgroup", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		if d.Name() == name {
			out = append(out, path)
			return filepath.SkipDir
		}
		return nil
	})
	return out
}

// TestTeardown checks that Close leaves nothing behind: no box folder, no
// mount, no cgroup.
func TestTeardown(t *testing.T) {
	needRoot(t)
	work := t.TempDir()
	s, err := New(Config{Mode: ModeFull, WorkDir: work})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		if _, err := s.Run(context.Background(), Spec{Args: []string{"true"}}); err != nil {
			t.Fatal(err)
		}
	}
	name := s.Instance()
	if len(cgroupsNamed("judge-"+name)) == 0 {
		t.Fatalf("no cgroup judge-%s while the sandbox is open", name)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(work); len(entries) != 0 {
		t.Errorf("box directory not empty after Close: %v", entries)
	}
	if m := mountsBelow(work); len(m) != 0 {
		t.Errorf("mounts left after Close: %v", m)
	}
	for _, left := range cgroupsNamed("judge-" + name) {
		// On v2 the judge's own leaf stays while this process lives in it.
		entries, _ := os.ReadDir(left)
		for _, e := range entries {
			if e.IsDir() && e.Name() != "judge" {
				t.Errorf("cgroup left after Close: %s/%s", left, e.Name())
			}
		}
		if s.Info().Memory == "cgroup-v1" {
			t.Errorf("cgroup left after Close: %s", left)
		}
	}
}

func needRoot(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root for the full sandbox")
	}
}
