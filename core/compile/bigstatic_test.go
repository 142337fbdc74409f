package compile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlejudge/judge/runner"
)

// TestLargeStaticArray compiles a C program with a statically initialized
// array of 128 MiB, so that its object file and its binary are each
// larger than box_disk (64 MiB by default): a compile writes within its
// memory limit, not within box_disk, and the program it makes is brought
// out whole (DOMjudge's test-memstatic.cc, 512 MiB, is a real program's
// case; a compile held to 64 MiB died with "File size limit exceeded").
func TestLargeStaticArray(t *testing.T) {
	s := sandbox(t)
	src := filepath.Join(t.TempDir(), "big.c")
	body := "char a[128 << 20] = {1};\nint main(void) { return a[0] - 1; }\n"
	if err := os.WriteFile(src, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &Compiler{Sandbox: s, CacheDir: t.TempDir()}
	lang := cLanguage("gcc", "-O2", "-pipe", "-o", "main", SourcesArg)
	prog, comp, err := c.Compile(t.Context(), lang, src)
	if err != nil || !comp.OK || prog == nil {
		t.Fatalf("compile %+v, error %v; want it compiled", comp, err)
	}
	if len(prog.Files) != 1 {
		t.Fatalf("program files %+v, want the binary", prog.Files)
	}
	fi, err := os.Stat(prog.Files[0].Path)
	if err != nil || fi.Size() < 128<<20 {
		t.Fatalf("the binary: %v; want all of its 128 MiB brought out", err)
	}
	res, err := s.Run(t.Context(), prog.Spec("", "", runner.Limits{Memory: 512 << 20}))
	if err != nil || !res.OK() {
		t.Errorf("run: %v %+v; want it to exit 0", err, res)
	}
	stillWorks(t, s)
}
