package compile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

// shLanguage is a language whose compiler is a shell script, so that a
// test can make a compile end any way it likes.
func shLanguage(name, script string, version ...string) *Language {
	return &Language{
		Name:      name,
		Source:    "main.c",
		Compile:   []string{"sh", "-c", script},
		Artifacts: []string{"main"},
		Run:       []string{"{prog}/main"},
		Version:   version,
	}
}

// writeSource writes a source file unique to the test.
func writeSource(t *testing.T) string {
	t.Helper()
	src := filepath.Join(t.TempDir(), "main.c")
	if err := os.WriteFile(src, []byte(t.Name()+" "+time.Now().String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return src
}

// entries lists the compile cache's entries.
func entries(t *testing.T, cacheDir string) []string {
	t.Helper()
	list, err := os.ReadDir(filepath.Join(cacheDir, "bin"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range list {
		names = append(names, e.Name())
	}
	return names
}

// TestMissingCompiler checks that a compiler missing from the box is the
// judge's failure, named with its install hint, and leaves no cache entry.
func TestMissingCompiler(t *testing.T) {
	s := sandbox(t)
	cases := []struct {
		name    string
		version []string
	}{
		{"with a version command", []string{"echo", "v1"}},
		{"with a missing version command", []string{"no-such-compiler-xyz", "--version"}},
		{"without a version command", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			c := &Compiler{Sandbox: s, CacheDir: dir}
			lang := &Language{Name: "fake", Source: "main.c", Compile: []string{"no-such-compiler-xyz", "-o", "main", "main.c"},
				Artifacts: []string{"main"}, Run: []string{"{prog}/main"}, Version: tc.version, Install: "apt-get install -y fake"}
			prog, comp, err := c.Compile(t.Context(), lang, writeSource(t))
			if err == nil {
				t.Fatalf("no error; compile %+v", comp)
			}
			if !errors.Is(err, runner.ErrCommandNotFound) {
				t.Errorf("error %v does not wrap runner.ErrCommandNotFound", err)
			}
			want := "compile fake: no-such-compiler-xyz not found in the box (install: apt-get install -y fake)"
			if err.Error() != want {
				t.Errorf("error %q, want %q", err, want)
			}
			if prog != nil || comp.Cached {
				t.Errorf("program %v, compile %+v", prog, comp)
			}
			if e := entries(t, dir); len(e) != 0 {
				t.Errorf("cache entries left: %v", e)
			}
		})
	}
}

// TestCacheHonesty checks which compiles are cached: successes and real
// compile errors are; failures caused by a limit, a signal or a missing
// command are compile errors with a note, and run again next time.
func TestCacheHonesty(t *testing.T) {
	s := sandbox(t)
	cases := []struct {
		name   string
		script string
		ok     bool
		cached bool          // the second compile comes from the cache
		want   string        // in the compile's output
		cpu    time.Duration // the compile's CPU limit; 0 for 5 s
	}{
		{"success", "cp main.c main", true, true, "", 0},
		{"compile error", "echo 'main.c:1: error: expected ;' >&2; exit 1", false, true, "expected ;", 0},
		{"time limit", "while :; do :; done", false, false, "exceeded its time limit", time.Second},
		{"memory limit", "exec python3 -c 'b = b\"x\" * (1 << 30)'", false, false, "exceeded its memory limit", 10 * time.Second},
		{"signal", "echo crashing >&2; kill -SEGV $$", false, false, "compiler killed by SIGSEGV", 0},
		{"exit 127", "echo 'sh: 1: cc1: not found' >&2; exit 127", false, false, "status 127", 0},
		{"exit 126", "exit 126", false, false, "status 126", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			cpu := tc.cpu
			if cpu == 0 {
				cpu = 5 * time.Second
			}
			c := &Compiler{Sandbox: s, CacheDir: dir, Limits: runner.Limits{CPU: cpu, Memory: 256 << 20, Procs: 16}}
			lang := shLanguage("sh", tc.script)
			src := writeSource(t)
			for i, wantCached := range []bool{false, tc.cached} {
				prog, comp, err := c.Compile(t.Context(), lang, src)
				if err != nil {
					t.Fatal(err)
				}
				if comp.OK != tc.ok || comp.Cached != wantCached || (prog != nil) != tc.ok {
					t.Errorf("compile %d: ok=%v cached=%v program=%v, want ok=%v cached=%v", i, comp.OK, comp.Cached, prog != nil, tc.ok, wantCached)
				}
				if !strings.Contains(comp.Output, tc.want) {
					t.Errorf("compile %d: output %q lacks %q", i, comp.Output, tc.want)
				}
			}
			if n := len(entries(t, dir)); (n == 1) != tc.cached || n > 1 {
				t.Errorf("%d cache entries, want cached=%v", n, tc.cached)
			}
		})
	}
}

// TestVersionInKey checks that a new compiler version, or new compile
// limits, means a new compile.
func TestVersionInKey(t *testing.T) {
	s := sandbox(t)
	c := &Compiler{Sandbox: s, CacheDir: t.TempDir()}
	src := writeSource(t)
	steps := []struct {
		version string
		limits  runner.Limits
		cached  bool
	}{
		{"v1", runner.Limits{}, false},
		{"v1", runner.Limits{}, true},
		{"v2", runner.Limits{}, false},
		{"v2", runner.Limits{}, true},
		{"v1", runner.Limits{}, true},
		{"v1", runner.Limits{CPU: 20 * time.Second}, false},
	}
	for i, st := range steps {
		c.Limits = st.limits
		lang := shLanguage("fake", "cp main.c main", "echo", st.version)
		_, comp, err := c.Compile(t.Context(), lang, src)
		if err != nil || !comp.OK {
			t.Fatalf("step %d: %v %+v", i, err, comp)
		}
		if comp.Cached != st.cached {
			t.Errorf("step %d (version %s, limits %+v): cached=%v, want %v", i, st.version, st.limits, comp.Cached, st.cached)
		}
	}
}

// TestIdentityOnce checks that concurrent compiles ask the compiler's
// version once: the version command prints a new random value at every
// run, so every caller must see the same one.
func TestIdentityOnce(t *testing.T) {
	s := sandbox(t)
	c := &Compiler{Sandbox: s, CacheDir: t.TempDir()}
	lang := shLanguage("fake", "cp main.c main", "cat", "/proc/sys/kernel/random/uuid")
	ids := make([]string, 6)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() { ids[i] = c.identity(t.Context(), lang) })
	}
	wg.Wait()
	for i, id := range ids {
		if id != ids[0] || len(strings.TrimSpace(id)) != 36 {
			t.Errorf("identity %d = %q, identity 0 = %q", i, id, ids[0])
		}
	}
	if again := c.identity(t.Context(), lang); again != ids[0] {
		t.Errorf("identity asked again: %q, then %q", ids[0], again)
	}
}

// TestBinaryIdentity checks the identity of a compiler without a version
// command: its binary, found along the box's PATH.
func TestBinaryIdentity(t *testing.T) {
	id, ok := binaryIdentity("sh")
	if !ok || !strings.HasPrefix(id, "binary /") {
		t.Errorf("identity of sh = %q, %v", id, ok)
	}
	if id2, _ := binaryIdentity("sh"); id2 != id {
		t.Errorf("identity of sh changed: %q, then %q", id, id2)
	}
	if id, ok := binaryIdentity("no-such-compiler-xyz"); ok {
		t.Errorf("identity of a missing compiler = %q", id)
	}
}

// TestKey checks that every input of a compile changes the cache key.
func TestKey(t *testing.T) {
	base := func() *Language { return shLanguage("c", "cc -o main main.c") }
	lim := DefaultLimits()
	want := key(base(), "v1", lim, []byte("src"))
	if again := key(base(), "v1", lim, []byte("src")); again != want {
		t.Fatalf("key not stable: %s, then %s", want, again)
	}
	cases := []struct {
		name string
		key  string
	}{
		{"name", key(shLanguage("cpp", "cc -o main main.c"), "v1", lim, []byte("src"))},
		{"source name", key(func() *Language { l := base(); l.Source = "x.c"; return l }(), "v1", lim, []byte("src"))},
		{"command", key(shLanguage("c", "cc -O2 -o main main.c"), "v1", lim, []byte("src"))},
		{"env", key(func() *Language { l := base(); l.Env = []string{"A=1"}; return l }(), "v1", lim, []byte("src"))},
		{"artifacts", key(func() *Language { l := base(); l.Artifacts = []string{"main", "x"}; return l }(), "v1", lim, []byte("src"))},
		{"identity", key(base(), "v2", lim, []byte("src"))},
		{"memory limit", key(base(), "v1", runner.Limits{CPU: lim.CPU, Memory: lim.Memory / 2}.WithDefaults(), []byte("src"))},
		{"source", key(base(), "v1", lim, []byte("src2"))},
	}
	for _, tc := range cases {
		if tc.key == want {
			t.Errorf("changing the %s does not change the key", tc.name)
		}
	}
}

// TestTrimOutput checks that long compiler messages are cut.
func TestTrimOutput(t *testing.T) {
	long := strings.Repeat("line\n", 300)
	got := trimOutput(long, false)
	if n := strings.Count(got, "\n"); n != 200 || !strings.HasSuffix(got, "(truncated: 100 more lines)") {
		t.Errorf("%d lines, ending %q", n+1, got[len(got)-30:])
	}
	if got := trimOutput("  short\n", false); got != "short" {
		t.Errorf("trimOutput(short) = %q", got)
	}
	// Output the runner cut at the compile's stderr limit says so.
	if got := trimOutput("error: one\nerror: tw", true); got != "error: one\nerror: tw\n(truncated)" {
		t.Errorf("trimOutput(cut) = %q", got)
	}
	wide := strings.Repeat("x", 70<<10)
	if got := trimOutput(wide, false); !strings.HasSuffix(got, "\n(truncated)") || len(got) > 65<<10 {
		t.Errorf("trimOutput(70 KiB line) is %d bytes, ending %q", len(got), got[len(got)-20:])
	}
}
