package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/config"
)

// binary is the judge built as `go install ./judge` builds it, shared by
// the tests that run it; binDir is removed by TestMain.
var binary struct {
	once sync.Once
	path string
	vcs  bool // built with VCS information
	err  error
}

var binDir string

// judgeBinary builds the judge command once. It stamps the VCS commit
// where the go command can (a checkout with a .git folder; not a linked
// worktree, golang.org/issue/58218).
func judgeBinary(t *testing.T) (path string, vcs bool) {
	t.Helper()
	binary.once.Do(func() {
		binDir, binary.err = os.MkdirTemp("", "judge-bin-")
		if binary.err != nil {
			return
		}
		binary.path = filepath.Join(binDir, "judge")
		if fi, err := os.Stat("../.git"); err == nil && fi.IsDir() {
			if _, err := exec.LookPath("git"); err == nil {
				binary.vcs = true
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "go", "build", "-buildvcs="+map[bool]string{true: "true", false: "false"}[binary.vcs], "-o", binary.path, ".")
		if out, err := cmd.CombinedOutput(); err != nil {
			binary.err = &buildError{err, string(out)}
		}
	})
	if binary.err != nil {
		t.Fatal(binary.err)
	}
	return binary.path, binary.vcs
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return "go build: " + e.err.Error() + "\n" + e.out }

// outcome is what a run of the judge binary did.
type outcome struct {
	stdout, stderr string
	code           int
}

// runJudge runs the judge binary in dir with the extra environment env
// (and no JUDGE_CONFIG unless env sets it).
func runJudge(t *testing.T, dir string, env []string, args ...string) outcome {
	t.Helper()
	path, _ := judgeBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "JUDGE_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	o := outcome{stdout: stdout.String(), stderr: stderr.String(), code: cmd.ProcessState.ExitCode()}
	if err != nil && o.code < 0 {
		t.Fatalf("judge %s: %v", strings.Join(args, " "), err)
	}
	return o
}

// noConfigAbove fails the test when a configs/judge.yaml lies in dir or
// a parent: the built-in configuration would not be the one in force.
func noConfigAbove(t *testing.T, dir string) {
	t.Helper()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, config.DefaultPath)); err == nil {
			t.Fatalf("%s has a %s: the test needs a folder without one above it", d, config.DefaultPath)
		}
		if filepath.Dir(d) == d {
			return
		}
	}
}

// copyProblem copies problems/a-plus-b to dst.
func copyProblem(t *testing.T, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS("../problems/a-plus-b")); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRunsFromAnywhere runs the installed judge in a folder far from the
// repository, on a problem given by path: it uses its built-in
// configuration.
func TestRunsFromAnywhere(t *testing.T) {
	work := t.TempDir()
	noConfigAbove(t, work)
	copyProblem(t, filepath.Join(work, "a-plus-b"))
	src, err := os.ReadFile("../solutions/a-plus-b/accepted/sum.c")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(work, "sum.c"), string(src))

	o := runJudge(t, work, nil, "submit", "./a-plus-b", "sum.c", "--format", "json")
	var rep struct{ Verdict string }
	if err := json.Unmarshal([]byte(o.stdout), &rep); err != nil || o.code != 0 || rep.Verdict != "AC" {
		t.Errorf("submit: exit %d, verdict %q (%v)\nstdout: %s\nstderr: %s", o.code, rep.Verdict, err, o.stdout, o.stderr)
	}

	o = runJudge(t, work, nil, "doctor", "--format", "json")
	if got := configDetail(t, o); !strings.HasPrefix(got, "built-in") {
		t.Errorf("doctor says the configuration is %q, want built-in", got)
	}
}

// configDetail is what `judge doctor --format json` says of the
// configuration.
func configDetail(t *testing.T, o outcome) string {
	t.Helper()
	var doc struct {
		Checks []struct{ Name, Detail string }
	}
	if err := json.Unmarshal([]byte(o.stdout), &doc); err != nil {
		t.Fatalf("doctor: %v\nstdout: %s\nstderr: %s", err, o.stdout, o.stderr)
	}
	for _, c := range doc.Checks {
		if c.Name == "configuration" {
			return c.Detail
		}
	}
	t.Fatalf("doctor reports no configuration check:\n%s", o.stdout)
	return ""
}

// TestConfigOverride checks the order in which a configuration file is
// looked for: --config, then JUDGE_CONFIG, then configs/judge.yaml in the
// working folder or a parent. Each file names its own problems folder, so
// `judge list` shows which one is in force.
func TestConfigOverride(t *testing.T) {
	root := t.TempDir()
	noConfigAbove(t, root)
	// A configuration file that lists problem "<name>" only.
	config := func(file, name string) string {
		write(t, file, "problems_dir: probs\n")
		copyProblem(t, filepath.Join(filepath.Dir(file), "probs", name))
		return file
	}
	flagFile := config(filepath.Join(root, "flag", "judge.yaml"), "from-flag")
	envFile := config(filepath.Join(root, "env", "judge.yaml"), "from-env")
	parentFile := filepath.Join(root, "project", "configs", "judge.yaml")
	write(t, parentFile, "problems_dir: probs\n")
	copyProblem(t, filepath.Join(root, "project", "probs", "from-parent"))
	deep := filepath.Join(root, "project", "sub", "deeper")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}

	cases := []struct {
		name string
		dir  string
		env  []string
		args []string
		want string // the one problem listed
	}{
		{"configs/judge.yaml in a parent folder", deep, nil, nil, "from-parent"},
		{"JUDGE_CONFIG beats the parent folder", deep, []string{"JUDGE_CONFIG=" + envFile}, nil, "from-env"},
		{"--config beats JUDGE_CONFIG", deep, []string{"JUDGE_CONFIG=" + envFile}, []string{"--config", flagFile}, "from-flag"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := runJudge(t, tc.dir, tc.env, append(tc.args, "list", "--format", "json")...)
			var entries []listEntry
			if err := json.Unmarshal([]byte(o.stdout), &entries); err != nil || o.code != 0 {
				t.Fatalf("list: exit %d (%v)\nstdout: %s\nstderr: %s", o.code, err, o.stdout, o.stderr)
			}
			if len(entries) != 1 || entries[0].Slug != tc.want || entries[0].Tests == 0 {
				t.Errorf("list shows %+v, want only %s", entries, tc.want)
			}
		})
	}

	t.Run("doctor names the file", func(t *testing.T) {
		if got := configDetail(t, runJudge(t, deep, nil, "doctor", "--format", "json")); got != parentFile {
			t.Errorf("doctor says the configuration is %q, want %s", got, parentFile)
		}
	})
	t.Run("a named file that does not exist", func(t *testing.T) {
		o := runJudge(t, deep, nil, "--config", filepath.Join(root, "none.yaml"), "list")
		if o.code != exitUsage || !strings.Contains(o.stderr, "none.yaml") {
			t.Errorf("exit %d, stderr %q; want %d naming none.yaml", o.code, o.stderr, exitUsage)
		}
	})
}

// TestRefusesFoldersInBoxes checks that the judge will not keep problems,
// solutions, its cache or its boxes where every box can read them.
func TestRefusesFoldersInBoxes(t *testing.T) {
	work := t.TempDir()
	cases := []struct {
		name       string
		env, args  []string
		key, bound string
	}{
		{"problems", nil, []string{"--problems-dir", "/usr/share/problems"}, "problems_dir", "/usr"},
		{"solutions", nil, []string{"--solutions-dir", "/lib/solutions"}, "solutions_dir", "/lib"},
		{"cache", []string{"JUDGE_CACHE_DIR=/usr/local/cache"}, nil, "cache_dir", "/usr"},
		{"boxes", []string{"JUDGE_BOX_DIR=/etc/ssl/certs/boxes"}, nil, "box_dir", "/etc/ssl/certs"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := runJudge(t, work, tc.env, append(tc.args, "list")...)
			line := strings.TrimSpace(o.stderr)
			if o.code != exitUsage || strings.Contains(line, "\n") || !strings.Contains(line, tc.key) || !strings.Contains(line, "under "+tc.bound+",") {
				t.Errorf("exit %d, stderr %q; want %d and one line naming %s and %s", o.code, o.stderr, exitUsage, tc.key, tc.bound)
			}
		})
	}
}

// TestVersion checks that --version names the commit the judge was built
// from, when the build could record it.
func TestVersion(t *testing.T) {
	_, vcs := judgeBinary(t)
	o := runJudge(t, t.TempDir(), nil, "--version")
	if o.code != 0 || !strings.HasPrefix(o.stdout, "judge ") || !strings.Contains(o.stdout, "go1.") {
		t.Fatalf("--version: exit %d, stdout %q, stderr %q", o.code, o.stdout, o.stderr)
	}
	want := "commit unknown"
	if vcs {
		out, err := exec.Command("git", "-C", "..", "rev-parse", "HEAD").Output()
		if err != nil {
			t.Fatal(err)
		}
		want = "commit " + strings.TrimSpace(string(out))
	}
	if !strings.Contains(o.stdout, want) {
		t.Errorf("--version printed %q, want it to contain %q", o.stdout, want)
	}
}
