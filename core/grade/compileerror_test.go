package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// TestCompileErrorShown: a compile error shows what the contestant needs
// and no more: Python's SyntaxError as Python prints it (file, line,
// caret, message) without the syntax check's own tracebacks, and a
// source that is not text (a binary file submitted as C) one line saying
// so, not the compiler's echo of its NUL bytes.
func TestCompileErrorShown(t *testing.T) {
	f := newGrader(t, anyMode())
	binary := append([]byte("\x7fELF\x02\x01\x01"), make([]byte, 64<<10)...)
	cases := []struct {
		lang, file string
		source     []byte
		want       []string // in the compiler output
		not        []string // not in it
		most       int      // the output's length at most
	}{
		{"python", "bad.py", []byte("a = int(input()\nprint(a)\n"),
			[]string{`File "main.py", line 1`, "a = int(input()", "^", "SyntaxError: "},
			[]string{"Traceback", "py_compile", "During handling", "<string>"}, 400},
		{"python", "indent.py", []byte("if True:\nprint(1)\n"),
			[]string{`File "main.py", line 2`, "IndentationError: expected an indented block"},
			[]string{"Traceback"}, 400},
		{"pypy3", "bad.py", []byte("a = int(input()\n"),
			[]string{`File "main.py", line 1`, "SyntaxError: "},
			[]string{"Traceback", "py_compile"}, 400},
		{"c", "prog.c", binary,
			[]string{"the source is not text: it contains NUL bytes, the first at byte offset 7"},
			[]string{`\x00`, `\000`, "null character"}, 200},
		{"python", "nul.py", []byte("print(1)\x00\n"),
			[]string{"the source is not text: it contains NUL bytes, the first at byte offset 8"}, nil, 200},
	}
	p := load(t, "sum-roomy")
	for _, c := range cases {
		t.Run(c.lang+"/"+c.file, func(t *testing.T) {
			lang := f.langs[c.lang]
			if lang == nil {
				t.Fatalf("configs/languages.yaml has no %s", c.lang)
			}
			src := filepath.Join(t.TempDir(), c.file)
			if err := os.WriteFile(src, c.source, 0o644); err != nil {
				t.Fatal(err)
			}
			rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: lang}, grade.Options{StopOnFail: true})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Verdict != verdict.CE {
				t.Fatalf("verdict %s, want CE; compile %+v; error %q", rep.Verdict, rep.Compile, rep.Error)
			}
			out := rep.Compile.Output
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("compiler output %q lacks %q", out, w)
				}
			}
			for _, n := range c.not {
				if strings.Contains(out, n) {
					t.Errorf("compiler output %q has %q", out, n)
				}
			}
			if len(out) > c.most {
				t.Errorf("compiler output of %d bytes, want at most %d: %q", len(out), c.most, out)
			}
		})
	}
}
