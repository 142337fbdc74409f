package runner

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/runner/cgroup"
)

// TestJudgesInPIDNamespaces runs judges at once in different PID
// namespaces (as in containers or CI runners), where none can see the
// others' processes: this one, and two children in namespaces of their
// own, one of them sharing this one's box folder. All must finish clean.
func TestJudgesInPIDNamespaces(t *testing.T) {
	needRoot(t)
	host, err := New(Config{Mode: ModeFull, Idle: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	works := []string{"/run/judge", t.TempDir()}
	var wg sync.WaitGroup
	errs := make([]string, len(works))
	for i, w := range works {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), judgeEnv+"="+w)
			cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWPID}
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				errs[i] = err.Error() + ": " + out.String()
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for runs := 0; ; runs++ {
		// Room for a slow machine (under emulation a shell costs a tenth
		// of a second of CPU): no limit is tested here.
		res, err := host.Run(context.Background(), Spec{Args: []string{"sh", "-c", "sleep 0.02"}, Limits: Limits{CPU: 10 * time.Second}})
		if err != nil || !res.OK() {
			t.Fatalf("run %d beside the other judges: %v %+v", runs, err, res)
		}
		select {
		case <-done:
		default:
			continue
		}
		break
	}
	for i, e := range errs {
		if e != "" {
			t.Errorf("judge %d: %s", i, e)
		}
	}
}

// TestStaleCleanup checks that a new sandbox removes what a dead judge
// left (a mounted box folder, cgroups with a process in them), and leaves
// alone everything of a judge that is alive, even one with its boxes in
// another folder.
func TestStaleCleanup(t *testing.T) {
	needRoot(t)
	work := t.TempDir()
	other, err := New(Config{Mode: ModeFull, WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.Run(context.Background(), Spec{Args: []string{"true"}}); err != nil {
		t.Fatal(err)
	}

	// A dead judge: no lock held (its lock file was never made, or it
	// died holding it), a mounted box folder, and groups with a task.
	const dead = "0123456789ab"
	staleBox := filepath.Join(work, dead)
	if err := os.MkdirAll(staleBox, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", staleBox, "tmpfs", 0, "size=1m"); err != nil {
		t.Fatal(err)
	}
	sleeper := exec.Command("sleep", "60")
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	defer sleeper.Process.Kill()
	exited := make(chan struct{})
	go func() { sleeper.Wait(); close(exited) }()
	var staleGroups []string
	for _, dir := range other.cg.Dirs() {
		g := filepath.Join(filepath.Dir(dir), cgroup.Prefix+dead, "box0-run1")
		if err := os.MkdirAll(g, 0o755); err != nil {
			t.Fatal(err)
		}
		staleGroups = append(staleGroups, filepath.Dir(g))
	}
	// The sleeper joins the dead judge's groups (v1: every hierarchy).
	for _, g := range staleGroups {
		procs := filepath.Join(g, "box0-run1", "cgroup.procs")
		if err := os.WriteFile(procs, []byte(strconv.Itoa(sleeper.Process.Pid)), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	s, err := New(Config{Mode: ModeFull, WorkDir: work})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := os.Stat(staleBox); err == nil {
		t.Errorf("stale box %s not removed", staleBox)
	}
	for _, g := range staleGroups {
		if _, err := os.Stat(g); err == nil {
			t.Errorf("stale cgroup %s not removed", g)
		}
	}
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		t.Error("the dead judge's task was not killed")
	}
	// The live judge keeps everything.
	if _, err := os.Stat(other.dir); err != nil {
		t.Errorf("a live judge's boxes were removed: %v", err)
	}
	for _, dir := range other.cg.Dirs() {
		if _, err := os.Stat(dir); err != nil {
			t.Errorf("a live judge's cgroup was removed: %v", err)
		}
	}
	if res, err := other.Run(context.Background(), Spec{Args: []string{"true"}}); err != nil || !res.OK() {
		t.Errorf("the live judge no longer runs: %v %+v", err, res)
	}
}

// TestRootNeverUnisolated checks that a root judge whose full sandbox
// cannot be had refuses to start in auto mode, and that basic mode, asked
// for, runs programs as an unprivileged uid with no capabilities.
func TestRootNeverUnisolated(t *testing.T) {
	needRoot(t)
	_, err := New(Config{Mode: ModeAuto, WorkDir: "/proc/no-such-folder"})
	if !errors.Is(err, ErrNoFullSandbox) {
		t.Errorf("auto as root without a full sandbox: %v, want ErrNoFullSandbox", err)
	}
	s, err := New(Config{Mode: ModeBasic, Idle: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	first, last := s.UIDs()
	out := filepath.Join(t.TempDir(), "out")
	res, err := s.Run(context.Background(), Spec{
		Args:   []string{"sh", "-c", "id -u; grep -E '^Cap(Eff|Prm|Bnd):' /proc/self/status"},
		Stdout: out,
		Limits: Limits{CPU: 10 * time.Second}, // room for a slow machine: no limit is tested here
	})
	if err != nil || !res.OK() {
		t.Fatalf("run: %v %+v", err, res)
	}
	data, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	uid, _ := strconv.Atoi(lines[0])
	if uid < first || uid > last || uid == 0 {
		t.Errorf("basic mode as root ran the program as uid %d, want one of %d-%d", uid, first, last)
	}
	for _, l := range lines[1:] {
		if !strings.HasSuffix(l, "0000000000000000") {
			t.Errorf("the program holds capabilities: %q", l)
		}
	}
	// And a fork bomb ends: RLIMIT_NPROC binds the box uid.
	res, _ = runProgram(t, s, buildC(t, "forkbomb"), Limits{CPU: time.Second, Wall: 3 * time.Second, Procs: 32})
	if res.Status != CPUExceeded && res.Status != WallExceeded {
		t.Errorf("fork bomb in basic mode as root ended with %v", res.Status)
	}
	if left := boxProcesses(s); len(left) > 0 {
		t.Errorf("processes outlived the run: %v", left)
	}
}

// TestNewRefusesInHelper checks that a program started as a box helper
// which forgot runner.Init gets an error from New instead of opening boxes
// that start it again without end.
func TestNewRefusesInHelper(t *testing.T) {
	t.Setenv(helperEnv, "1")
	s, err := New(Config{Mode: ModeBasic})
	if err == nil {
		s.Close()
		t.Fatal("New succeeded in a process marked as a box helper")
	}
	if !strings.Contains(err.Error(), "runner.Init") {
		t.Errorf("error %q does not name runner.Init", err)
	}
}
