package compile

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

// TestHostileCompiles checks that compiles meant to hang or flood the
// judge end as compile errors within the compile's limits, and that those
// stopped by a limit are not cached.
func TestHostileCompiles(t *testing.T) {
	s := sandbox(t)
	c := &Compiler{Sandbox: s, CacheDir: t.TempDir(), Limits: runner.Limits{CPU: 2 * time.Second, Wall: 4 * time.Second, Memory: 512 << 20, Stderr: 64 << 10, Procs: 64, Files: 64}}
	cases := []struct {
		file, compiler, want string
		cached               bool // a second compile comes from the cache
	}{
		{"devrandom.c", "gcc", "/dev/random", true},
		{"templatebomb.cpp", "g++", "time limit", false},
		{"hugeconst.c", "gcc", "", true},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			src := "main" + filepath.Ext(tc.file)
			lang := &Language{Name: tc.compiler, Source: src, Compile: []string{tc.compiler, "-O2", "-o", "main", src}, Artifacts: []string{"main"}, Run: []string{"{prog}/main"}}
			for i, wantCached := range []bool{false, tc.cached} {
				start := time.Now()
				_, comp, err := c.Compile(t.Context(), lang, filepath.Join("testdata", "hostile", tc.file))
				if err != nil {
					t.Fatal(err)
				}
				if comp.OK {
					t.Fatalf("%s compiled", tc.file)
				}
				if !strings.Contains(comp.Output, tc.want) {
					t.Errorf("compile output %q lacks %q", comp.Output, tc.want)
				}
				if comp.Cached != wantCached {
					t.Errorf("compile %d: cached=%v, want %v", i, comp.Cached, wantCached)
				}
				if d := time.Since(start); d > 10*time.Second {
					t.Errorf("compile took %v", d)
				}
				t.Logf("%s: %v after %v", tc.file, strings.SplitN(comp.Output, "\n", 2)[0], time.Since(start).Round(time.Millisecond))
			}
			stillWorks(t, s)
		})
	}
}
