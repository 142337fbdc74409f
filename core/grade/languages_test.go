package grade_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// TestLanguages judges real programs in the languages beyond the first
// four (JVM languages, Rust, JavaScript, PyPy), on the sum-roomy fixture:
// the JVM takes a few hundred milliseconds of CPU to start, and every MLE
// program here reaches the 256 MiB limit, which a JVM or node needs to
// start at all, in about a second of page faults.
func TestLanguages(t *testing.T) {
	f := newGrader(t, anyMode())
	cases := []struct {
		lang, file string
		want       verdict.Verdict
		message    string // in the first failing test's message, or the compiler's output
	}{
		{"java", "ac.java", verdict.AC, ""},
		{"java", "ce.java", verdict.CE, "incompatible types"},
		{"java", "re.java", verdict.RE, "java.lang.ArithmeticException: / by zero"},
		{"java", "mle.java", verdict.MLE, "memory limit"},
		// 128 MiB kept and 2 GiB of garbage: AC under 256 MiB only if the
		// JVM sizes its heap from the limit (by default it would size it
		// from the machine's memory, grow past the limit, and be killed).
		{"java", "heap.java", verdict.AC, ""},
		// Classes not named after the file; the one with main is found.
		{"java", "odd-name.java", verdict.AC, ""},
		{"java", "wrong-file.java", verdict.CE, "should be declared in a file named Elsewhere.java"},
		{"java", "no-main.java", verdict.CE, "no class has public static void main(String[])"},
		{"kotlin", "ac.kt", verdict.AC, ""},
		{"kotlin", "ce.kt", verdict.CE, "type mismatch"},
		{"kotlin", "re.kt", verdict.RE, "java.lang.ArithmeticException: / by zero"},
		{"kotlin", "mle.kt", verdict.MLE, "memory limit"},
		{"rust", "ac.rs", verdict.AC, ""},
		{"rust", "ce.rs", verdict.CE, "mismatched types"},
		{"rust", "re.rs", verdict.RE, "exit 101: thread 'main' panicked at 'attempt to divide by zero'"},
		{"rust", "mle.rs", verdict.MLE, "memory limit"},
		{"javascript", "ac.js", verdict.AC, ""},
		{"javascript", "ce.js", verdict.CE, "SyntaxError"},
		{"javascript", "re.js", verdict.RE, "RangeError: Division by zero"},
		{"javascript", "mle.js", verdict.MLE, "memory limit"},
		{"pypy3", "ac.py", verdict.AC, ""},
		{"pypy3", "ce.py", verdict.CE, "SyntaxError"},
		{"pypy3", "re.py", verdict.RE, "ZeroDivisionError"},
		{"pypy3", "mle.py", verdict.MLE, "memory limit"},
	}
	p := load(t, "sum-roomy")
	for _, c := range cases {
		t.Run(c.lang+"/"+c.file, func(t *testing.T) {
			t.Parallel()
			lang := f.langs[c.lang]
			if lang == nil {
				t.Fatalf("configs/languages.yaml has no %s", c.lang)
			}
			src := filepath.Join("testdata", "programs", c.lang, c.file)
			rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: lang}, grade.Options{StopOnFail: true})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Verdict == verdict.IE && strings.Contains(rep.Error, "not found in the box") {
				t.Skipf("%s is not installed (.ci/run installs it): %s", c.lang, rep.Error)
			}
			if rep.Verdict != c.want {
				t.Fatalf("verdict %s, want %s; compile %+v; tests %+v; error %q", rep.Verdict, c.want, rep.Compile, rep.Tests, rep.Error)
			}
			if c.want == verdict.CE {
				if !strings.Contains(rep.Compile.Output, c.message) {
					t.Errorf("compiler output %q lacks %q", rep.Compile.Output, c.message)
				}
				return
			}
			if len(rep.Tests) == 0 {
				t.Fatalf("verdict %s with no test results", rep.Verdict)
			}
			last := rep.Tests[len(rep.Tests)-1]
			if !strings.Contains(last.Message, c.message) {
				t.Errorf("message %q lacks %q", last.Message, c.message)
			}
			limitKB := rep.Limits.MemoryKB
			switch {
			case c.want == verdict.MLE && last.MemoryKB < limitKB*9/10:
				t.Errorf("MLE run reports %d KiB, want about the %d KiB limit", last.MemoryKB, limitKB)
			case c.file == "heap.java" && (last.MemoryKB < 128<<10 || last.MemoryKB >= limitKB):
				t.Errorf("heap.java reports %d KiB, want its 128 MiB and below the %d KiB limit", last.MemoryKB, limitKB)
			}
		})
	}
}
