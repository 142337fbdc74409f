package compile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/runner"
)

// writeTree writes files (path: content) under a new folder; the paths in
// execs get execute bits.
func writeTree(t *testing.T, files map[string]string, execs ...string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range execs {
		if err := os.Chmod(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// runProgram runs prog with args and returns what it printed.
func runProgram(t *testing.T, s *runner.Sandbox, prog *Program, args ...string) string {
	t.Helper()
	spec := prog.Spec("", "", runner.Limits{})
	spec.Args = append(spec.Args, args...)
	spec.Combined = true
	res, err := s.Run(t.Context(), spec)
	if err != nil || !res.OK() {
		t.Fatalf("run: %+v %s, error %v", res, res.Stderr, err)
	}
	return strings.TrimSpace(string(res.Stderr))
}

// TestBuildRun builds a build/run program whose build makes files in a
// sub-folder and whose run, started in its own folder, uses them; the
// second build of the same folder is the cache's, and an execute bit is
// part of the key.
func TestBuildRun(t *testing.T) {
	s := sandbox(t)
	c := &Compiler{Sandbox: s, CacheDir: t.TempDir()}
	lang := BuildRunLanguage()
	dir := writeTree(t, map[string]string{
		"build":      "#!/bin/sh\nset -e\nmkdir -p lib/deep\n./helper > lib/deep/made.txt\necho building >&2\n",
		"helper":     "#!/bin/sh\necho made by the build\n",
		"run":        "#!/bin/sh\nprintf '%s|%s|%s\\n' \"$(cat lib/deep/made.txt)\" \"$(cat data/given.txt)\" \"$*\"\n",
		"data/given": "unused\n",
		// The folder's own sub-folders come along.
		"data/given.txt": "given\n",
	}, "build", "helper", "run")
	prog, comp, err := c.CompileWith(t.Context(), lang, dir, nil)
	if err != nil || !comp.OK || comp.Cached {
		t.Fatalf("build %+v, error %v; want a fresh successful build", comp, err)
	}
	if comp.Output != "building" {
		t.Errorf("build output %q, want the build's own", comp.Output)
	}
	if got := runProgram(t, s, prog, "a", "b c"); got != "made by the build|given|a b c" {
		t.Errorf("run printed %q", got)
	}
	if _, comp, err := c.CompileWith(t.Context(), lang, dir, nil); err != nil || !comp.OK || !comp.Cached {
		t.Errorf("second build %+v, error %v; want the cached one", comp, err)
	}
	// An extra file (a package's include/) goes at the top of the copy,
	// in place of the folder's file of that name.
	extra := filepath.Join(t.TempDir(), "given.txt")
	if err := os.WriteFile(extra, []byte("included\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "given.txt"), []byte("replaced\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, comp, err = c.CompileWith(t.Context(), lang, dir, []runner.File{{Name: "given.txt", Path: extra}})
	if err != nil || !comp.OK || comp.Cached {
		t.Fatalf("build with an extra file %+v, error %v; want a fresh successful build", comp, err)
	}
	if got := string(mustRead(t, prog, "given.txt")); got != "included\n" {
		t.Errorf("given.txt in the program is %q, want the extra file's", got)
	}
	if err := os.Chmod(filepath.Join(dir, "data", "given"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, comp, err := c.CompileWith(t.Context(), lang, dir, nil); err != nil || !comp.OK || comp.Cached {
		t.Errorf("build after an execute bit changed: %+v, error %v; want a fresh one", comp, err)
	}
}

// TestBuildRunFails: a build that fails, a run that is not executable, a
// build that makes no run, a build that is not executable, and a folder
// with neither script are compile errors saying so; a build that runs out
// of time is one that is not cached.
func TestBuildRunFails(t *testing.T) {
	s := sandbox(t)
	c := &Compiler{Sandbox: s, CacheDir: t.TempDir(), Limits: runner.Limits{CPU: 2e9, Wall: 4e9, Memory: 256 << 20}}
	cases := []struct {
		name   string
		files  map[string]string
		execs  []string
		output string
		cached bool // the second try is the cache's
	}{
		{"build fails", map[string]string{"build": "#!/bin/sh\necho no compiler today >&2\nexit 3\n", "run": "#!/bin/sh\n"},
			[]string{"build", "run"}, "no compiler today\nbuild failed with exit status 3", true},
		{"run not executable", map[string]string{"run": "#!/bin/sh\necho hi\n"}, nil, "run is not executable", true},
		{"built run not executable", map[string]string{"build": "#!/bin/sh\necho 'echo hi' > run\n"},
			[]string{"build"}, "run is not executable", true},
		{"no run", map[string]string{"build": "#!/bin/sh\ntrue\n"}, []string{"build"}, "the build left no run script", true},
		{"build not executable", map[string]string{"build": "#!/bin/sh\n", "run": "#!/bin/sh\n"}, []string{"run"}, "build is not executable", true},
		{"build spins", map[string]string{"build": "#!/bin/sh\nwhile :; do :; done\n", "run": "#!/bin/sh\n"},
			[]string{"build", "run"}, "the build exceeded its time limit", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTree(t, tc.files, tc.execs...)
			for _, cached := range []bool{false, tc.cached} {
				prog, comp, err := c.CompileWith(t.Context(), BuildRunLanguage(), dir, nil)
				if err != nil || comp.OK || prog != nil || comp.Cached != cached {
					t.Fatalf("build %+v, program %v, error %v; want a failed build, cached %v", comp, prog, err, cached)
				}
				if !strings.Contains(comp.Output, tc.output) {
					t.Errorf("output %q, want %q in it", comp.Output, tc.output)
				}
			}
		})
	}
}

// mustRead returns the content of the program's file called name.
func mustRead(t *testing.T, prog *Program, name string) []byte {
	t.Helper()
	for _, f := range prog.Files {
		if f.Name == name {
			data, err := os.ReadFile(f.Path)
			if err != nil {
				t.Fatal(err)
			}
			return data
		}
	}
	t.Fatalf("no program file %s among %v", name, prog.Files)
	return nil
}

// TestProgramTreeFollowsNoLink lists a program folder with a link in a
// sub-folder: it is an error naming the link, not the file it points to
// read; the same folder without it hashes the same twice, and a byte's
// change changes its key.
func TestProgramTreeFollowsNoLink(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("root-only secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := writeTree(t, map[string]string{"run": "#!/bin/sh\n", "lib/a.txt": "a"}, "run")
	if err := os.Symlink(secret, filepath.Join(dir, "lib", "canary")); err != nil {
		t.Fatal(err)
	}
	if _, err := programTree(dir, nil); err == nil || !strings.Contains(err.Error(), "lib/canary") || strings.Contains(err.Error(), "root-only") {
		t.Errorf("programTree of a folder with a link: %v, want an error naming lib/canary", err)
	}
	os.Remove(filepath.Join(dir, "lib", "canary"))
	sum := func() string {
		t.Helper()
		files, err := programTree(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		blob, err := treeContent(files)
		if err != nil {
			t.Fatal(err)
		}
		return string(blob)
	}
	first := sum()
	if sum() != first {
		t.Error("the same folder hashes differently")
	}
	if err := os.WriteFile(filepath.Join(dir, "lib", "a.txt"), []byte("b"), 0o644); err != nil {
		t.Fatal(err)
	}
	if sum() == first {
		t.Error("a changed file left the folder's key as it was")
	}
}
