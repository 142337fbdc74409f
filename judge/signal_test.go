package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cliEnv makes this test binary act as the judge command when set, so that
// a test can signal a real judge process.
const cliEnv = "JUDGE_TEST_AS_CLI"

func init() {
	if os.Getenv(cliEnv) != "1" {
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// TestInterruptTearsDown sends SIGINT and SIGTERM to a judge that is
// running a program that sleeps, and checks that it exits with status 3
// and leaves no box, mount, cgroup or process behind.
func TestInterruptTearsDown(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Fatal("needs root for the full sandbox")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			boxes := t.TempDir()
			cmd := exec.Command(os.Args[0], "--config", "../configs/judge.yaml", "--sandbox", "full",
				"submit", "../grade/testdata/problems/sum", "../grade/testdata/programs/c/sleep.c")
			cmd.Env = append(os.Environ(), cliEnv+"=1", "JUDGE_BOX_DIR="+boxes)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			pid := cmd.Process.Pid
			// Wait until a box runs the sleeper: its tests hold wall limits of
			// seconds, so there is time to interrupt.
			deadline := time.Now().Add(20 * time.Second)
			for len(children(pid)) == 0 || time.Now().Before(deadline.Add(-19*time.Second)) {
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatal("the judge started no box")
				}
				time.Sleep(50 * time.Millisecond)
			}
			time.Sleep(300 * time.Millisecond)
			cmd.Process.Signal(sig)
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if code := cmd.ProcessState.ExitCode(); code != exitInternal {
					t.Errorf("exit %d (%v), want %d", code, err, exitInternal)
				}
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				t.Fatal("the judge did not exit after the signal")
			}
			if left := children(pid); len(left) > 0 {
				t.Errorf("processes of the judge outlived it: %v", left)
			}
			if entries, _ := os.ReadDir(boxes); len(entries) != 0 {
				t.Errorf("box directories left: %v", entries)
			}
			mounts, _ := os.ReadFile("/proc/self/mountinfo")
			if strings.Contains(string(mounts), boxes) {
				t.Errorf("mounts left under %s", boxes)
			}
			groups, _ := filepath.Glob(fmt.Sprintf("/sys/fs/cgroup/*/*/judge-%d-*", pid))
			more, _ := filepath.Glob(fmt.Sprintf("/sys/fs/cgroup/*/judge-%d-*", pid))
			if left := append(groups, more...); len(left) > 0 {
				t.Errorf("cgroups left: %v", left)
			}
		})
	}
}

// children lists the processes whose parent is pid.
func children(pid int) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(data)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(pid) {
			out = append(out, p)
		}
	}
	return out
}
