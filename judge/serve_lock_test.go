package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service"
)

// TestServeOneServerPerData starts two judge serve processes on one data
// folder: the second exits 2 with one line naming the folder and the
// first's pid, and takes nothing; once the first is killed with SIGKILL, a
// new one starts on the folder.
func TestServeOneServerPerData(t *testing.T) {
	data, cache := t.TempDir(), t.TempDir()
	first := runServe(t, data, cache, "--slots", "0")
	pid := first.cmd.Process.Pid

	path, _ := judgeBinary(t)
	second := exec.Command(path, "--config", "../configs/judge.yaml", "--cache-dir", cache,
		"serve", "--addr", "127.0.0.1:0", "--data", data, "--slots", "0")
	second.Env = judgeEnv(t.TempDir())
	var stdout, stderr bytes.Buffer
	second.Stdout, second.Stderr = &stdout, &stderr
	if err := second.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { second.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(time.Minute):
		second.Process.Kill()
		<-exited
		t.Fatalf("a second judge serve on the folder still runs after a minute; stdout:\n%s", stdout.String())
	}
	msg := strings.TrimSpace(stderr.String())
	want := fmt.Sprintf("data folder %s is in use by another judge serve (pid %d)", data, pid)
	if code := second.ProcessState.ExitCode(); code != exitUsage || !strings.Contains(msg, want) || strings.Contains(msg, "\n") {
		t.Errorf("second judge serve: exit %d, stderr %q; want %d and one line with %q", code, msg, exitUsage, want)
	}
	if stdout.Len() != 0 {
		t.Errorf("second judge serve printed %q", stdout.String())
	}

	// The first still serves; killed, it leaves its lock file, which does
	// not keep the next from starting.
	if code, _ := first.call(t, "GET", "/healthz", "", nil); code != 200 {
		t.Errorf("the first judge serve stopped answering")
	}
	first.kill(t)
	third := runServe(t, data, cache, "--slots", "0")
	held, err := os.ReadFile(filepath.Join(data, service.LockFile))
	if err != nil || strings.TrimSpace(string(held)) != strconv.Itoa(third.cmd.Process.Pid) {
		t.Errorf("%s holds %q (%v), want the new server's pid %d", service.LockFile, held, err, third.cmd.Process.Pid)
	}
	third.stop(t)
}
