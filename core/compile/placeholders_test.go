package compile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/runner"
)

// TestKeepName checks that a language whose Source is KeepName compiles
// the submission under its own name, given to the compile command as
// {source}, and that the name is part of the cache key.
func TestKeepName(t *testing.T) {
	s := sandbox(t)
	c := &Compiler{Sandbox: s, CacheDir: t.TempDir()}
	lang := &Language{
		Name:   "named",
		Source: KeepName,
		// The program is the source's name, so a run shows which name
		// the compile saw.
		Compile:   []string{"sh", "-c", `test -f "./$1" && printf '#!/bin/sh\necho %s\n' "$1" > main && chmod +x main`, "sh", "{source}"},
		Artifacts: []string{"main"},
		Run:       []string{"{prog}/main"},
		Version:   []string{"echo", "v1"},
	}
	dir := t.TempDir()
	body := []byte(t.Name())
	for _, name := range []string{"Odd-Name.java", "-J-flag.java", "Solution.java"} {
		src := filepath.Join(dir, name)
		if err := os.WriteFile(src, body, 0o644); err != nil {
			t.Fatal(err)
		}
		prog, comp, err := c.Compile(t.Context(), lang, src)
		if err != nil || !comp.OK || comp.Cached {
			t.Fatalf("%s: compile %+v, error %v; want a fresh successful compile", name, comp, err)
		}
		spec := prog.Spec("", "", runner.Limits{})
		spec.Combined = true
		res, err := s.Run(t.Context(), spec)
		if err != nil || !res.OK() {
			t.Fatalf("%s: run %+v, error %v", name, res, err)
		}
		if got := strings.TrimSpace(string(res.Stderr)); got != name {
			t.Errorf("compile saw the source as %q, want %q", got, name)
		}
	}
	if n := len(entries(t, c.CacheDir)); n != 3 {
		t.Errorf("%d cache entries for three names of one source, want 3", n)
	}
}

// TestExpandLimits checks that {memory_mib} in a run command becomes the
// run's memory limit, and the default limit when none is given.
func TestExpandLimits(t *testing.T) {
	p := &Program{Language: &Language{Run: []string{"java", "-XX:MaxRAM={memory_mib}m", "{prog}/main.jar"}}}
	cases := []struct {
		lim  runner.Limits
		want string
	}{
		{runner.Limits{Memory: 256 << 20}, "-XX:MaxRAM=256m"},
		{runner.Limits{Memory: 64<<20 + 4096}, "-XX:MaxRAM=64m"},
		{runner.Limits{}, "-XX:MaxRAM=256m"},
	}
	for _, tc := range cases {
		spec := p.Spec("", "", tc.lim)
		want := []string{"java", tc.want, "{prog}/main.jar"}
		if !slices.Equal(spec.Args, want) {
			t.Errorf("limits %+v: args %q, want %q", tc.lim, spec.Args, want)
		}
	}
	if p.Language.Run[1] != "-XX:MaxRAM={memory_mib}m" {
		t.Errorf("the language's run command was changed: %q", p.Language.Run)
	}
}
