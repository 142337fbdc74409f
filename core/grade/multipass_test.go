package grade_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// TestKattisMultiPass judges real programs against a 2025-09 multi-pass
// package: the validator's nextpass.in is the second pass's input.
func TestKattisMultiPass(t *testing.T) {
	f := newGrader(t, anyMode())
	dir := filepath.Join("testdata", "kattis", "encode-2025")
	p := loadKattis(t, dir)
	if p.Passes != 2 || p.Interactive {
		t.Fatalf("passes %d, interactive %v", p.Passes, p.Interactive)
	}
	tests := []struct {
		source  string
		want    verdict.Verdict
		message string
	}{
		{"accepted/reverse.py", verdict.AC, "pass 2: decoded"},
		{"accepted/rotate.c", verdict.AC, "pass 2: decoded"},
		{"wrong_answer/forgets_to_decode.py", verdict.WA, `pass 2: decoded 'olleh', want 'hello'`},
		{"wrong_answer/plain.py", verdict.WA, "the encoding is the word itself"},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			src := filepath.Join(dir, "submissions", tt.source)
			lang, err := f.grader.LanguageOf(src)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: lang}, grade.Options{})
			if err != nil {
				t.Fatal(err)
			}
			msg := firstFailure(rep).Message
			if rep.Verdict != tt.want || !strings.Contains(msg, tt.message) {
				t.Fatalf("verdict %s, tests %s, message %q (%s); want %s with %q", rep.Verdict, testVerdicts(rep), msg, rep.InternalError(), tt.want, tt.message)
			}
		})
	}
}

// TestMultiPassValidatorMisbehaves: a validator that asks for more passes
// than validation_passes, or writes nextpass.in without accepting, is
// the judge's failure; one that stops asking ends the test.
func TestMultiPassValidatorMisbehaves(t *testing.T) {
	f := newGrader(t, anyMode())
	tests := []struct {
		name, validator string
		interactive     bool
		want            verdict.Verdict
		message         string
	}{
		{"always asks", "import sys\nsys.stdin.read()\nopen(sys.argv[3] + 'nextpass.in', 'w').write('1\\n')\nsys.exit(42)\n", false,
			verdict.IE, "still asks for another pass after 3"},
		{"asks and rejects", "import sys\nsys.stdin.read()\nopen(sys.argv[3] + 'nextpass.in', 'w').write('1\\n')\nsys.exit(43)\n", false,
			verdict.IE, "wrote nextpass.in but did not accept (pass 1)"},
		// The feedback folder stays from pass to pass: the second pass
		// finds what the first left, and stops.
		{"state kept between passes", "import os, sys\nsys.stdin.read()\nm = sys.argv[3] + 'mark'\nif os.path.exists(m):\n    sys.exit(42)\n" +
			"open(m, 'w').write('x')\nopen(sys.argv[3] + 'nextpass.in', 'w').write('2\\n')\nsys.exit(42)\n", false, verdict.AC, ""},
		// Sub-folders of the feedback folder are carried too.
		{"sub-folder kept between passes", "import os, sys\nsys.stdin.read()\nd = sys.argv[3] + 'state/deep/'\n" +
			"if os.path.exists(d + 'seen.txt'):\n    sys.exit(42 if open(d + 'seen.txt').read() == 'pass 1' else 43)\n" +
			"os.makedirs(d)\nopen(d + 'seen.txt', 'w').write('pass 1')\nopen(sys.argv[3] + 'nextpass.in', 'w').write('2\\n')\nsys.exit(42)\n", false, verdict.AC, ""},
		{"interactive, two passes", "import os, sys\nn = int(open(sys.argv[1]).read())\nprint(n, flush=True)\nif int(sys.stdin.readline()) != 2 * n:\n    sys.exit(43)\n" +
			"if n == 1:\n    open(sys.argv[3] + 'nextpass.in', 'w').write('5\\n')\n" +
			"open(sys.argv[3] + 'judgemessage.txt', 'w').write('pass with %d\\n' % n)\nsys.exit(42)\n", true, verdict.AC, "pass 2: pass with 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			typ := "multi-pass"
			if tt.interactive {
				typ = "[multi-pass, interactive]"
			}
			files := map[string]string{
				"problem.yaml":                 "problem_format_version: 2025-09\nname: v\nuuid: u\ntype: " + typ + "\nlimits: {time_limit: 1, validation_time: 2, validation_passes: 3}\n",
				"data/secret/1.in":             "1\n",
				"data/secret/1.ans":            "2\n",
				"output_validator/validate.py": tt.validator,
				"sub.py":                       "print(2 * int(input()))\n",
			}
			dir, p := writeKattis(t, files)
			rep := gradePython(t, f, p, filepath.Join(dir, "sub.py"))
			msg := firstFailure(rep).Message
			if rep.Verdict != tt.want || !strings.Contains(msg, tt.message) {
				t.Errorf("verdict %s, message %q (%s); want %s with %q", rep.Verdict, msg, rep.InternalError(), tt.want, tt.message)
			}
		})
	}
}
