package compile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

// poisonLanguages are the C, C++ and Python entries of
// configs/languages.yaml.
func poisonLanguages() []*Language {
	return []*Language{
		cLanguage("gcc", "-O2", "-std=c17", "-pipe", "-o", "main", SourcesArg, "-lm"),
		{Name: "cpp", Source: "main.cpp", Compile: []string{"g++", "-O2", "-std=c++17", "-pipe", "-o", "main", SourcesArg},
			Artifacts: []string{"main"}, Run: []string{"{prog}/main"}, Version: []string{"g++", "--version"}},
		{Name: "python", Source: "main.py", Compile: []string{"python3", "-c", "import py_compile, sys; py_compile.compile('main.py', cfile='{box}/main.pyc', doraise=True)"},
			Artifacts: []string{"main.py"}, Run: []string{"python3", "{prog}/main.py"}, Env: []string{"PYTHONDONTWRITEBYTECODE=1"},
			Version: []string{"python3", "--version"}},
	}
}

// TestCompileAfterPoisonedBox checks that a program that poisons its box
// (chmod 0555 of its folders, a default ACL that gives new files no
// rights, a user extended attribute, things left behind) spoils neither
// the next compile in that box nor the cache: a correct C, C++ or Python
// source compiles, runs, and is served from the cache as compiled when
// the judge starts again.
func TestCompileAfterPoisonedBox(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root for a full-mode sandbox")
	}
	tamper := filepath.Join(t.TempDir(), "tamper")
	if out, err := exec.Command("gcc", "-O2", "-o", tamper, filepath.Join("..", "..", "runner", "testdata", "hostile", "tamper.c")).CombinedOutput(); err != nil {
		t.Fatalf("gcc tamper.c: %v\n%s", err, out)
	}
	lim := runner.Limits{CPU: 5 * time.Second, Wall: 10 * time.Second}
	for _, poison := range []string{"chmod", "acl", "xattr", "leftovers"} {
		t.Run(poison, func(t *testing.T) {
			// One box, so that the compiles come after the poison in it.
			s, err := runner.New(runner.Config{Mode: runner.ModeFull, Idle: 1})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			cacheDir := t.TempDir()
			for _, lang := range poisonLanguages() {
				res, err := s.Run(t.Context(), runner.Spec{Args: []string{"{prog}/tamper", poison},
					Program: []runner.File{{Name: "tamper", Path: tamper}}, Combined: true, Limits: lim})
				if err == nil && res.Status == runner.Exited && res.ExitCode == 3 {
					// tamper's exit for EOPNOTSUPP: a tmpfs before Linux
					// 6.6 takes no user extended attribute.
					t.Skipf("the box's file system cannot make this change: %s", res.Stderr)
				}
				if err != nil || !res.OK() {
					t.Fatalf("tamper %s: %v %+v\n%s", poison, err, res, res.Stderr)
				}
				src := filepath.Join("testdata", "poison", "hello"+filepath.Ext(lang.Source))
				for i, wantCached := range []bool{false, true} {
					// The second compile is a judge started again: a new
					// Compiler on the same cache.
					c := &Compiler{Sandbox: s, CacheDir: cacheDir}
					prog, comp, err := c.Compile(t.Context(), lang, src)
					if err != nil {
						t.Fatalf("%s: %v", lang.Name, err)
					}
					if !comp.OK || comp.Cached != wantCached {
						t.Fatalf("%s compile %d after %s: ok=%v cached=%v (want ok, cached=%v)\n%s", lang.Name, i, poison, comp.OK, comp.Cached, wantCached, comp.Output)
					}
					out := filepath.Join(t.TempDir(), "out")
					res, err := s.Run(t.Context(), prog.Spec("", out, lim))
					got, _ := os.ReadFile(out)
					if err != nil || !res.OK() || string(got) != "hello from a box as new\n" {
						t.Fatalf("%s program: %v %+v, output %q", lang.Name, err, res, got)
					}
				}
			}
		})
	}
}

// TestEnvironmentFaultNotCached checks that a compile error the compile's
// environment may have caused is not cached (the same source is compiled
// again next time), while a compile error of the source is.
func TestEnvironmentFaultNotCached(t *testing.T) {
	s := sandbox(t)
	cases := []struct {
		name, script string
		cached       bool
	}{
		// The compiler cannot read its source: cc1 says Permission denied.
		{"unreadable source", "chmod 000 main.c && gcc -o main main.c", false},
		// The compiler cannot write its output (ld: cannot open output
		// file), its folder made read-only, which changes the box too.
		{"unwritable folder", "chmod 0555 . && gcc -o main main.c", false},
		// A compile that fails with nothing but a changed box.
		{"box changed", "gcc -o main main.c; chmod 0700 .; exit 1", false},
		// The source's own fault: kept.
		{"syntax error", "echo 'int main(void) { return }' > main.c && gcc -o main main.c", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &Compiler{Sandbox: s, CacheDir: t.TempDir()}
			lang := shLanguage("sh-"+strings.ReplaceAll(tc.name, " ", "-"), tc.script)
			src := filepath.Join("testdata", "poison", "hello.c")
			for i, wantCached := range []bool{false, tc.cached} {
				_, comp, err := c.Compile(t.Context(), lang, src)
				if err != nil {
					t.Fatal(err)
				}
				if comp.OK {
					t.Fatalf("compile %d succeeded: %s", i, comp.Output)
				}
				if comp.Cached != wantCached {
					t.Errorf("compile %d: cached=%v, want %v (output %q)", i, comp.Cached, wantCached, comp.Output)
				}
			}
			if n := len(entries(t, c.CacheDir)); (n > 0) != tc.cached {
				t.Errorf("%d cache entries, want cached=%v", n, tc.cached)
			}
		})
	}
}

// TestEnvironmentFault checks which compile outputs name a fault of the
// environment rather than of the source.
func TestEnvironmentFault(t *testing.T) {
	own := []string{"main.c", "main"}
	cases := []struct {
		output string
		want   bool
	}{
		{"cc1: fatal error: main.c: Permission denied\ncompilation terminated.", true},
		{"/usr/bin/ld: cannot open output file main: Permission denied", true},
		{"/usr/bin/ld: cannot open output file main: No such file or directory", true},
		{"cc1: fatal error: main.c: No such file or directory", true},
		{"open /box/main: permission denied", true},
		{"FileNotFoundError: [Errno 2] No such file or directory: 'main.c'", true},
		{"gcc: fatal error: cannot execute 'cc1': execvp: No such file or directory", true},
		{"main.c:1:10: fatal error: main.h: No such file or directory", false},
		{"main.c:1:10: fatal error: conio.h: No such file or directory", false},
		{"main.c:3:1: error: expected ';' before '}' token", false},
		{"", false},
	}
	for _, tc := range cases {
		if got := environmentFault(tc.output, own); got != tc.want {
			t.Errorf("environmentFault(%q) = %v, want %v", tc.output, got, tc.want)
		}
	}
}
