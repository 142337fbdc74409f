package main

import (
	"bytes"
	"context"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/internal/mountinfo"

	"golang.org/x/sys/unix"
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

// sleeperName is the process name of the program the test judges: the C
// sleeper compiles to main.
const sleeperName = "main"

// TestInterruptTearsDown sends SIGINT and SIGTERM to a judge while the
// program it judges (a sleeper) runs inside a box, and checks that the
// judge exits with status 3 and leaves no process, box, mount or cgroup
// behind.
func TestInterruptTearsDown(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root for the full sandbox")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			boxes := t.TempDir()
			cmd := exec.Command(os.Args[0], "--config", "../configs/judge.yaml", "--sandbox", "full",
				"submit", "../core/grade/testdata/problems/sum", "../core/grade/testdata/programs/c/sleep.c")
			cmd.Env = append(os.Environ(), cliEnv+"=1", "JUDGE_BOX_DIR="+boxes)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			startTicks := uptimeTicks(t)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()

			// Wait until the sleeper itself runs in a box of this judge,
			// not merely the box helper or the compiler. Each test of the
			// problem gives it a wall limit of seconds, time enough to send
			// the signal while it runs.
			var instance string
			var inside boxIdentity
			deadline := time.After(60 * time.Second)
		wait:
			for {
				select {
				case err := <-exited:
					t.Fatalf("the judge exited (%v) before the sleeper ran; stderr:\n%s", err, stderr.String())
				case <-deadline:
					cmd.Process.Kill()
					<-exited
					t.Fatalf("the sleeper did not run in a box within a minute; stderr:\n%s", stderr.String())
				case <-time.After(20 * time.Millisecond):
				}
				instance = onlyEntry(boxes)
				inside = boxIdentity{devs: mountedDevices(boxes), since: startTicks, until: math.MaxUint64}
				for _, pid := range processes() {
					if processName(pid) != sleeperName {
						continue
					}
					if why := inside.holds(pid, boxes, instance); why != "" {
						t.Logf("judge instance %s; the sleeper %d runs in a box: %s", instance, pid, why)
						break wait
					}
				}
			}
			if instance == "" {
				cmd.Process.Kill()
				<-exited
				t.Fatalf("the box directory does not hold just the judge's own folder")
			}
			// The cgroup check below must see what it looks for while the
			// judge runs, or its passing afterwards would prove nothing.
			if len(cgroupsOf(instance)) == 0 {
				t.Errorf("no cgroup of instance %s found while the judge runs", instance)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				cmd.Process.Kill()
				<-exited
				t.Fatal(err)
			}
			select {
			case err := <-exited:
				if code := cmd.ProcessState.ExitCode(); code != exitInternal {
					t.Errorf("exit %d (%v), want %d; stderr:\n%s", code, err, exitInternal, stderr.String())
				}
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				<-exited
				t.Fatal("the judge did not exit within 10s of the signal")
			}
			inside.until = uptimeTicks(t) + 1

			var survivors []string
			for _, pid := range processes() {
				if pid == os.Getpid() {
					continue
				}
				if why := inside.holds(pid, boxes, instance); why != "" {
					survivors = append(survivors, strconv.Itoa(pid)+" "+processName(pid)+" ("+why+")")
				}
			}
			if len(survivors) > 0 {
				t.Errorf("processes outlived the judge in its boxes: %s", strings.Join(survivors, "; "))
			}
			if entries, err := os.ReadDir(boxes); err != nil || len(entries) != 0 {
				var names []string
				for _, e := range entries {
					names = append(names, e.Name())
				}
				t.Errorf("box directory not empty: %v %v", names, err)
			}
			if left := mountsUnder(boxes); len(left) > 0 {
				t.Errorf("mounts left under the box directory: %v", left)
			}
			if left := cgroupsOf(instance); len(left) > 0 {
				t.Errorf("cgroups left: %v", left)
			}
		})
	}
}

// onlyEntry returns the name of the judge's own folder under the box
// directory, its only entry; "" when it does not hold just one folder.
func onlyEntry(boxes string) string {
	entries, err := os.ReadDir(boxes)
	if err != nil || len(entries) != 1 || !entries[0].IsDir() {
		return ""
	}
	return entries[0].Name()
}

// boxIdentity is what marks a process as one of the judge's boxes' after
// the judge is gone and its mounts with it: the devices mounted under the
// box directory while it ran, held by a process started while it ran (a
// device number is reused once nothing holds it).
type boxIdentity struct {
	devs         map[uint64]bool
	since, until uint64 // clock ticks since boot
}

// holds says why process pid belongs to the judge's boxes, or "" when it
// does not: its root or working folder lies under the box directory, by
// path (seen from this mount namespace) or on a file system mounted there
// (seen from the box's own namespace, where the paths are the box's); or
// it is in one of the cgroups of the judge instance (when known).
func (b boxIdentity) holds(pid int, boxes, instance string) string {
	for _, link := range []string{"root", "cwd"} {
		if target, err := os.Readlink(procPath(pid, link)); err == nil && under(target, boxes) {
			return link + " " + target
		}
	}
	if started := startTicks(pid); started >= b.since && started <= b.until {
		for _, link := range []string{"root", "cwd"} {
			var st unix.Stat_t
			if unix.Stat(procPath(pid, link), &st) == nil && b.devs[st.Dev] {
				return link + " on a file system mounted in a box"
			}
		}
	}
	if data, err := os.ReadFile(procPath(pid, "cgroup")); err == nil && instance != "" {
		for _, line := range strings.Split(string(data), "\n") {
			if path := line[strings.LastIndexByte(line, ':')+1:]; line != "" && namesInstance(filepath.Base(path), instance) {
				return "cgroup " + path
			}
		}
	}
	return ""
}

func procPath(pid int, name string) string {
	return "/proc/" + strconv.Itoa(pid) + "/" + name
}

// under reports whether path is dir or lies below it.
func under(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+"/")
}

// namesInstance reports whether a cgroup's name is one of the judge
// instance's: judge-<instance>, or judge-<pid>-<instance>-<box><half>.
func namesInstance(name, instance string) bool {
	return strings.HasPrefix(name, "judge-") && strings.Contains(name+"-", "-"+instance+"-")
}

// processes lists the pids in /proc.
func processes() []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

func processName(pid int) string {
	data, _ := os.ReadFile(procPath(pid, "comm"))
	return strings.TrimSpace(string(data))
}

// startTicks is when process pid started, in clock ticks since boot; 0 if
// it is gone.
func startTicks(pid int) uint64 {
	data, err := os.ReadFile(procPath(pid, "stat"))
	if err != nil {
		return 0
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	// After the command: state is field 3 of stat, starttime field 22.
	if len(f) < 20 {
		return 0
	}
	n, _ := strconv.ParseUint(f[19], 10, 64)
	return n
}

// userHZ is the unit of /proc/PID/stat's times on Linux.
const userHZ = 100

// uptimeTicks is the time since boot in clock ticks.
func uptimeTicks(t *testing.T) uint64 {
	t.Helper()
	data, err := os.ReadFile("/proc/uptime")
	if err != nil {
		t.Fatal(err)
	}
	secs, err := strconv.ParseFloat(strings.Fields(string(data))[0], 64)
	if err != nil {
		t.Fatal(err)
	}
	return uint64(secs * userHZ)
}

// mountsUnder lists the mount points at or below dir in this mount
// namespace.
func mountsUnder(dir string) []string {
	var out []string
	mounts, _ := mountinfo.Read()
	for _, m := range mounts {
		if under(m.MountPoint, dir) {
			out = append(out, m.MountPoint)
		}
	}
	return out
}

// mountedDevices are the devices of the file systems mounted at or below
// dir.
func mountedDevices(dir string) map[uint64]bool {
	devs := map[uint64]bool{}
	mounts, _ := mountinfo.Read()
	for _, m := range mounts {
		if under(m.MountPoint, dir) {
			devs[m.Dev] = true
		}
	}
	return devs
}

// cgroupsOf lists the cgroup directories, at any depth of any hierarchy
// under /sys/fs/cgroup, whose name is one of the judge instance's.
func cgroupsOf(instance string) []string {
	var out []string
	filepath.WalkDir("/sys/fs/cgroup", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			// A cgroup another process removed while we walked.
			if d != nil && d.IsDir() && path != "/sys/fs/cgroup" {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() && namesInstance(d.Name(), instance) {
			out = append(out, path)
		}
		return nil
	})
	return out
}
