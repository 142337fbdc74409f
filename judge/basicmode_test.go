package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// runAs runs the judge binary at path in dir as the given uid (and gid).
func runAs(t *testing.T, path string, uid int, dir string, args ...string) outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
	if uid != os.Geteuid() {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(uid)}}
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	o := outcome{stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	if err != nil && o.code < 0 {
		t.Fatalf("judge %s: %v", strings.Join(args, " "), err)
	}
	return o
}

// TestBasicModeSaysWhy checks that a basic-mode report, JSON included,
// says it does not isolate, why and how to get the full sandbox, in the
// report and in one line on stderr, and that a full sandbox that cannot
// be had is a usage error (exit 2) that says so. The not-root cases run
// the judge as nobody, which takes root to arrange.
func TestBasicModeSaysWhy(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root, to run the judge both as root and as nobody")
	}
	const nobody = 65534
	// Everything nobody reads is copied into a folder nobody can reach:
	// the checkout may lie in a private folder (mode 0700), as a clone in
	// a home folder or a mktemp -d does.
	work := othersCanReach(t)
	path, _ := judgeBinary(t)
	bin := filepath.Join(work, "bin", "judge")
	copyFile(t, path, bin, 0o755)
	copyProblem(t, filepath.Join(work, "a-plus-b"))
	src, err := os.ReadFile("../solutions/a-plus-b/accepted/sum.c")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(work, "sum.c"), string(src))
	// A cache for each user, as each would have.
	for _, uid := range []int{0, nobody} {
		if err := os.MkdirAll(filepath.Join(work, "cache", fmt.Sprint(uid)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(filepath.Join(work, "cache", fmt.Sprint(uid)), uid, uid); err != nil {
			t.Fatal(err)
		}
	}
	// The configuration folder whole: judge.yaml names languages.yaml
	// beside it.
	if err := os.CopyFS(filepath.Join(work, "configs"), os.DirFS("../configs")); err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(work, "configs", "judge.yaml")
	uid := 0
	args := func(extra ...string) []string {
		return append([]string{"--config", conf, "--cache-dir", filepath.Join(work, "cache", fmt.Sprint(uid))}, extra...)
	}
	for _, tt := range []struct {
		name string
		uid  int
		why  string
		fix  string
	}{
		{"asked for as root", 0, "basic mode was asked for", "run the same command with --sandbox full"},
		{"not root", nobody, "not running as root", "sudo "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			uid = tt.uid
			for _, format := range []string{"json", "jsonl"} {
				o := runAs(t, bin, tt.uid, work, args("--sandbox", "basic", "submit", "./a-plus-b", "sum.c", "--test", "1", "--format", format)...)
				lines := strings.Split(strings.TrimSpace(o.stdout), "\n")
				var rep struct {
					Verdict, Sandbox string
					Warnings         []string
				}
				doc := o.stdout
				if format == "jsonl" {
					doc = lines[len(lines)-1]
				}
				if err := json.Unmarshal([]byte(doc), &rep); err != nil || rep.Verdict != "AC" || rep.Sandbox != "basic" {
					t.Fatalf("%s: exit %d, report %+v (%v)\nstdout: %s\nstderr: %s", format, o.code, rep, err, o.stdout, o.stderr)
				}
				if _, fix, _ := strings.Cut(strings.Join(rep.Warnings, ""), "for full isolation:"); strings.Contains(fix, "--sandbox basic") {
					t.Errorf("the command for full isolation keeps --sandbox basic: %q", rep.Warnings)
				}
				if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "does not isolate") ||
					!strings.Contains(rep.Warnings[0], tt.why) || !strings.Contains(rep.Warnings[0], tt.fix) {
					t.Errorf("%s warnings %q: want one that says it does not isolate, %q and %q", format, rep.Warnings, tt.why, tt.fix)
				}
				if w := strings.TrimSpace(o.stderr); strings.Count(w, "\n") != 0 || !strings.HasPrefix(w, "judge: warning: ") || !strings.Contains(w, tt.why) {
					t.Errorf("%s stderr %q: want the one warning line", format, o.stderr)
				}
			}
			o := runAs(t, bin, tt.uid, work, args("--sandbox", "basic", "submit", "./a-plus-b", "sum.c", "--test", "1")...)
			if !strings.HasPrefix(o.stdout, "warning: sandbox mode basic does not isolate") || !strings.Contains(o.stdout, tt.fix) {
				t.Errorf("text report does not begin with the warning:\n%s", o.stdout)
			}
		})
	}

	t.Run("full unavailable", func(t *testing.T) {
		uid = nobody
		o := runAs(t, bin, nobody, work, args("--sandbox", "full", "submit", "./a-plus-b", "sum.c")...)
		if o.code != exitUsage || !strings.Contains(o.stderr, "--sandbox full cannot be had here") ||
			!strings.Contains(o.stderr, "run the judge as root: sudo ") || strings.Count(strings.TrimSpace(o.stderr), "\n") != 0 {
			t.Errorf("exit %d, stderr %q: want 2 and one line that says why and what to do", o.code, o.stderr)
		}
	})
}

// othersCanReach makes a temporary folder (mode 0755) that every user can
// reach: under the temporary folder when each folder above it lets others
// through, or else under /tmp.
func othersCanReach(t *testing.T) string {
	t.Helper()
	for _, parent := range []string{os.TempDir(), "/tmp"} {
		if !traversable(parent) {
			continue
		}
		dir, err := os.MkdirTemp(parent, "judge-shared-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	t.Fatalf("neither %s nor /tmp lets other users through: no folder to share with nobody", os.TempDir())
	return ""
}

// traversable says whether every folder from the root down to dir lets
// other users through (its x bit for others is set).
func traversable(dir string) bool {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for {
		fi, err := os.Stat(dir)
		if err != nil || fi.Mode().Perm()&0o001 == 0 {
			return false
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return true
		}
		dir = parent
	}
}

// copyFile copies the file src to dst with mode perm, making dst's folder.
func copyFile(t *testing.T, src, dst string, perm os.FileMode) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dst, perm); err != nil {
		t.Fatal(err)
	}
}
