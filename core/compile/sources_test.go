package compile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/runner"
)

// cLanguage is the C entry of configs/languages.yaml, with the compile
// command given.
func cLanguage(compile ...string) *Language {
	return &Language{Name: "c", Extensions: []string{".c"}, Source: "main.c", Compile: compile,
		Artifacts: []string{"main"}, Run: []string{"{prog}/main"}, Version: []string{"gcc", "--version"}}
}

// TestSourcesKey checks that a single source has the same cache key
// whether the compile command names it or says {sources}, and that with
// several sources the key covers each one's name and content.
func TestSourcesKey(t *testing.T) {
	literal := cLanguage("gcc", "-O2", "-o", "main", "main.c", "-lm")
	sources := cLanguage("gcc", "-O2", "-o", "main", SourcesArg, "-lm")
	src := []byte("int main(void) { return 0; }\n")
	lim := DefaultLimits()
	one := key(forSource(literal, "main.c"), "gcc 14", lim, src)
	if got := key(forSource(sources, "main.c"), "gcc 14", lim, src); got != one {
		t.Errorf("single source: key %s with {sources}, %s with main.c", got, one)
	}
	dir := t.TempDir()
	write := func(name, body string) runner.File {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return runner.File{Name: name, Path: path}
	}
	keyOf := func(main string, extra ...runner.File) string {
		t.Helper()
		all, err := withExtra(src, extra)
		if err != nil {
			t.Fatal(err)
		}
		return key(forSource(sources, main, otherSources(sources, extra)...), "gcc 14", lim, all)
	}
	util := write("util.c", "int f(void) { return 1; }\n")
	util2 := write("util2.c", "int f(void) { return 2; }\n")
	header := write("util.h", "int f(void);\n")
	keys := map[string]string{
		"one source":             one,
		"with util.c":            keyOf("a.c", util),
		"with another util.c":    keyOf("a.c", runner.File{Name: "util.c", Path: util2.Path}),
		"with util.c and util.h": keyOf("a.c", util, header),
		"main named b.c":         keyOf("b.c", util),
	}
	seen := map[string]string{}
	for what, k := range keys {
		if other, dup := seen[k]; dup {
			t.Errorf("%s and %s have the same key", what, other)
		}
		seen[k] = what
	}
	l := forSource(sources, "a.c", otherSources(sources, []runner.File{util, header})...)
	if got := strings.Join(l.Compile, " "); got != "gcc -O2 -o main a.c util.c -lm" {
		t.Errorf("compile command %q", got)
	}
	if sources.Compile[4] != SourcesArg {
		t.Errorf("the language's compile command was changed: %q", sources.Compile)
	}
}

// TestSeveralSources compiles and runs a C program of two source files
// and a header, the main one under its own name.
func TestSeveralSources(t *testing.T) {
	s := sandbox(t)
	c := &Compiler{Sandbox: s, CacheDir: t.TempDir()}
	lang := cLanguage("gcc", "-O2", "-std=c17", "-o", "main", SourcesArg, "-lm")
	dir := t.TempDir()
	files := map[string]string{
		"solve.c": "#include <stdio.h>\n#include \"twice.h\"\nint main(void) { printf(\"%d %s\\n\", twice(21), __FILE__); return 0; }\n",
		"twice.c": "#include \"twice.h\"\nint twice(int x) { return 2 * x; }\n",
		"twice.h": "int twice(int x);\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	extra := []runner.File{{Name: "twice.c", Path: filepath.Join(dir, "twice.c")}, {Name: "twice.h", Path: filepath.Join(dir, "twice.h")}}
	for _, wantCached := range []bool{false, true} {
		prog, comp, err := c.CompileWith(t.Context(), lang, filepath.Join(dir, "solve.c"), extra)
		if err != nil || !comp.OK || comp.Cached != wantCached {
			t.Fatalf("compile %+v, error %v; want OK, cached %v", comp, err, wantCached)
		}
		spec := prog.Spec("", "", runner.Limits{})
		spec.Combined = true
		res, err := s.Run(t.Context(), spec)
		if err != nil || !res.OK() {
			t.Fatalf("run %+v, error %v", res, err)
		}
		if got := strings.TrimSpace(string(res.Stderr)); got != "42 solve.c" {
			t.Errorf("program printed %q, want \"42 solve.c\"", got)
		}
	}
	// Without twice.c the program does not link: a compile error.
	_, comp, err := c.CompileWith(t.Context(), lang, filepath.Join(dir, "solve.c"), extra[1:])
	if err != nil || comp.OK || !strings.Contains(comp.Output, "twice") {
		t.Errorf("compile without twice.c: %+v, error %v; want a compile error naming twice", comp, err)
	}
}
