package runner

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// staticTrivial builds a statically linked C program that exits at once.
func staticTrivial(b *testing.B) string {
	return staticC(b, "int main(void){return 0;}")
}

// staticC builds a statically linked C program of source, named trivial.
func staticC(b *testing.B, source string) string {
	b.Helper()
	out := filepath.Join(b.TempDir(), "trivial")
	c := exec.Command("gcc", "-O2", "-static", "-x", "c", "-o", out, "-")
	c.Stdin = strings.NewReader(source)
	if msg, err := c.CombinedOutput(); err != nil {
		b.Fatalf("gcc: %v: %s", err, msg)
	}
	return out
}

// BenchmarkBareExec is the baseline: fork, exec and wait through os/exec.
func BenchmarkBareExec(b *testing.B) {
	bin := staticTrivial(b)
	for b.Loop() {
		if err := exec.Command(bin).Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRunFull is one run of the same program in a full-mode box;
// compare with BenchmarkBareExec for the judge's overhead per test.
func BenchmarkRunFull(b *testing.B) { benchmarkRun(b, ModeFull) }

// BenchmarkRunBasic is the same in basic mode.
func BenchmarkRunBasic(b *testing.B) { benchmarkRun(b, ModeBasic) }

// BenchmarkRunFullChangesBox is a run whose program changes its box
// (chmod 0555 of its working folder): each run then costs a new box.
func BenchmarkRunFullChangesBox(b *testing.B) {
	benchmarkProgram(b, ModeFull, staticC(b, "#include <sys/stat.h>\nint main(void){return chmod(\".\", 0555);}"))
}

func benchmarkRun(b *testing.B, mode Mode) { benchmarkProgram(b, mode, staticTrivial(b)) }

func benchmarkProgram(b *testing.B, mode Mode, bin string) {
	s, err := New(Config{Mode: mode, Idle: 1})
	if err != nil {
		b.Skipf("sandbox %s: %v", mode, err)
	}
	defer s.Close()
	spec := Spec{Args: []string{"{prog}/trivial"}, Program: []File{{Name: "trivial", Path: bin}}}
	for b.Loop() {
		r, err := s.Run(context.Background(), spec)
		if err != nil || !r.OK() {
			b.Fatal(err, r)
		}
	}
}

// BenchmarkBoxReset is what each run spends making its box as new when the
// run left nothing (see box.reset), in full mode.
func BenchmarkBoxReset(b *testing.B) {
	s, err := New(Config{Mode: ModeFull, Idle: 1})
	if err != nil {
		b.Skipf("sandbox full: %v", err)
	}
	defer s.Close()
	box, err := s.acquire(nil, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer s.release(box, true)
	for b.Loop() {
		if !box.reset() {
			b.Fatal("a box no run used is not as new")
		}
	}
}
