package grade_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
)

// languageOf finds a language by file extension, as the configuration does.
func languageOf(langs map[string]*compile.Language) func(string) (*compile.Language, error) {
	return func(file string) (*compile.Language, error) {
		ext := strings.ToLower(filepath.Ext(file))
		for _, l := range langs {
			for _, e := range l.Extensions {
				if e == ext {
					return l, nil
				}
			}
		}
		return nil, fmt.Errorf("%s: no language for extension %q", file, ext)
	}
}

// writeKattis writes files (path under the package: content) into a new
// package folder and loads it as a Kattis package.
func writeKattis(t *testing.T, files map[string]string) (string, *problem.Problem) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "pkg")
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, loadKattis(t, dir)
}

// gradePython judges the Python source against p with f's grader.
func gradePython(t *testing.T, f *fixture, p *problem.Problem, source string) *grade.Report {
	t.Helper()
	rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: source, Language: f.langs["python"]}, grade.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func loadKattis(t *testing.T, dir string) *problem.Problem {
	t.Helper()
	p, err := problem.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p.Format != problem.FormatKattis {
		t.Fatalf("%s loaded as %s", dir, p.Format)
	}
	return p
}

// gradeKattisPython judges the Python submission source of the Kattis
// fixture pkg (testdata/kattis/pkg) with f.
func gradeKattisPython(t *testing.T, f *fixture, pkg, source string) *grade.Report {
	t.Helper()
	dir := filepath.Join("testdata", "kattis", pkg)
	p := loadKattis(t, dir)
	rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: filepath.Join(dir, source), Language: f.langs["python"]}, grade.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// testVerdicts shows a report's tests as "name:VERDICT ...".
func testVerdicts(rep *grade.Report) string {
	var parts []string
	for _, tr := range rep.Tests {
		parts = append(parts, tr.Name+":"+string(tr.Verdict))
	}
	return strings.Join(parts, " ")
}

// TestKattisPackages judges real programs against Kattis packages: the
// default output validator with a group's flags, and a custom validator
// with a group's arguments; test names are paths under data/.
func TestKattisPackages(t *testing.T) {
	f := newGrader(t, anyMode())
	tests := []struct {
		pkg, source string
		want        verdict.Verdict
		tests       string
		message     string // in the message of the first failing test
	}{
		{"sum-legacy", "submissions/accepted/sum.py", verdict.AC,
			"sample/1:AC secret/int/1:AC secret/int/10:AC secret/real/1:AC secret/real/2:AC", ""},
		// 6.00 is not 6 without a tolerance; in the real group it is.
		{"sum-legacy", "submissions/wrong_answer/always_float.c", verdict.WA,
			"sample/1:WA secret/int/1:WA secret/int/10:WA secret/real/1:AC secret/real/2:AC", `answer "5", output "5.00"`},
		{"parity-2025", "submissions/accepted/sum.c", verdict.AC, "sample/1:AC secret/a/1:AC secret/b/1:AC", ""},
		// The parity group's argument reaches the validator.
		{"parity-2025", "submissions/wrong_answer/plus_two.py", verdict.WA, "sample/1:WA secret/a/1:WA secret/b/1:AC", "got 7, want 5"},
	}
	for _, tt := range tests {
		t.Run(tt.pkg+"/"+filepath.Base(tt.source), func(t *testing.T) {
			dir := filepath.Join("testdata", "kattis", tt.pkg)
			p := loadKattis(t, dir)
			src := filepath.Join(dir, tt.source)
			lang, err := f.grader.LanguageOf(src)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: lang}, grade.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Verdict != tt.want || testVerdicts(rep) != tt.tests {
				t.Fatalf("verdict %s, tests %s (%s); want %s, %s", rep.Verdict, testVerdicts(rep), rep.InternalError(), tt.want, tt.tests)
			}
			if tt.message != "" && !strings.Contains(rep.Tests[0].Message, tt.message) {
				t.Errorf("message %q, want %q in it", rep.Tests[0].Message, tt.message)
			}
		})
	}
}

// packageFixture is a Kattis package of core/problem/kattis/testdata:
// those that import (and judge verify's check of every imported fixture)
// cannot take, a package with samples alone (import refuses it, as
// verify does) and one whose constants are in its included files and
// validator (import drops those).
func packageFixture(name string) string {
	return filepath.Join("..", "problem", "kattis", "testdata", name)
}

// TestKattisSamplesOnly: a package without data/secret (DOMjudge's
// hello, BAPCtools' hellounix) is judged on its samples, as DOMjudge and
// BAPCtools judge it.
func TestKattisSamplesOnly(t *testing.T) {
	f := newGrader(t, anyMode())
	for source, want := range map[string]string{
		"submissions/accepted/hello.py":       "sample/1:AC sample/2:AC",
		"submissions/wrong_answer/goodbye.py": "sample/1:WA sample/2:WA",
	} {
		dir := packageFixture("hello-samples")
		rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: loadKattis(t, dir), Source: filepath.Join(dir, source), Language: f.langs["python"]}, grade.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := testVerdicts(rep); got != want {
			t.Errorf("%s: tests %s (%s), want %s", source, got, rep.InternalError(), want)
		}
	}
}

// TestKattisPy3: .py3 is Python 3, as the format's language table and
// problemtools say.
func TestKattisPy3(t *testing.T) {
	f := newGrader(t, anyMode())
	dir := packageFixture("hello-samples")
	src := filepath.Join(dir, "submissions", "accepted", "hello.py3")
	lang, err := f.grader.LanguageOf(src)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: loadKattis(t, dir), Source: src, Language: lang}, grade.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if lang.Name != "python" || rep.Verdict != verdict.AC {
		t.Errorf("language %s, verdict %s (%s), want python, AC", lang.Name, rep.Verdict, rep.InternalError())
	}
}

// TestKattisConstants: a 2025-09 package's constants are substituted in
// its output validator, its included files, its example submissions and
// test_group.yaml (the validator's argument), not in a contestant's
// submission from elsewhere.
func TestKattisConstants(t *testing.T) {
	f := newGrader(t, anyMode())
	dir := packageFixture("constants-2025")
	outside := filepath.Join(t.TempDir(), "direct.py")
	if err := os.WriteFile(outside, []byte("print(int(input()) + {{offset}})\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		source string
		want   verdict.Verdict
		tests  string
	}{
		{filepath.Join(dir, "submissions/accepted/with_include.py"), verdict.AC, "sample/1:AC secret/1:AC secret/2:AC"},
		{filepath.Join(dir, "submissions/accepted/direct.py"), verdict.AC, "sample/1:AC secret/1:AC secret/2:AC"},
		{filepath.Join(dir, "submissions/wrong_answer/plus_one.py"), verdict.WA, "sample/1:WA secret/1:WA secret/2:WA"},
		// {{offset}} stays as it is: a set of a set of an undefined name.
		{outside, verdict.RE, "sample/1:RE secret/1:RE secret/2:RE"},
	}
	p := loadKattis(t, dir)
	for _, tt := range tests {
		t.Run(filepath.Base(tt.source), func(t *testing.T) {
			rep := gradePython(t, f, p, tt.source)
			if rep.Verdict != tt.want || testVerdicts(rep) != tt.tests {
				t.Errorf("verdict %s, tests %s (%s %s); want %s, %s", rep.Verdict, testVerdicts(rep), rep.InternalError(), firstFailure(rep).Message, tt.want, tt.tests)
			}
		})
	}
}

// TestKattisValidatorMisbehaves: a validator that does not exit 42 or 43
// is the judge's failure (IE), never a verdict on the submission.
func TestKattisValidatorMisbehaves(t *testing.T) {
	f := newGrader(t, anyMode())
	tests := []struct {
		name, validator, want string
	}{
		{"exit 0", "import sys\nsys.exit(0)\n", "exited 0, not 42 (accepted) or 43 (wrong answer)"},
		{"crash", "raise RuntimeError('boom')\n", "exited 1"},
		{"hang", "while True:\n    pass\n", "(output validator) exceeded its"},
		{"writes a lot", "import sys\nwhile True:\n    sys.stdout.write('x' * 65536)\n", "exceeded its output limit of 1MiB"},
		{"score with wrong answer", "import sys\nopen(sys.argv[3] + 'score.txt', 'w').write('5')\nsys.exit(43)\n", "wrote score.txt and exited 43"},
		{"bad score", "import sys\nopen(sys.argv[3] + 'score.txt', 'w').write('lots')\nsys.exit(42)\n", `score.txt: "lots" is not a number`},
		{"judge message on failure", "import sys\nopen(sys.argv[3] + 'judgemessage.txt', 'w').write('cannot read answer\\n')\nsys.exit(3)\n", "exited 3, not 42 (accepted) or 43 (wrong answer): cannot read answer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"problem.yaml":                 "problem_format_version: 2025-09\nname: v\nuuid: u\nlimits: {time_limit: 1, validation_time: 1, validation_output: 1}\n",
				"data/secret/1.in":             "1 2\n",
				"data/secret/1.ans":            "3\n",
				"output_validator/validate.py": tt.validator,
				"sum.py":                       "a, b = map(int, input().split())\nprint(a + b)\n",
			}
			dir, p := writeKattis(t, files)
			rep := gradePython(t, f, p, filepath.Join(dir, "sum.py"))
			if rep.Verdict != verdict.IE || !strings.Contains(rep.InternalError(), tt.want) {
				t.Errorf("verdict %s, error %q; want IE with %q", rep.Verdict, rep.InternalError(), tt.want)
			}
		})
	}
}

// TestKattisNoTimeLimit: a package that leaves its time limit to its
// submissions is IE until the limit is derived (authoring/timelimit).
func TestKattisNoTimeLimit(t *testing.T) {
	f := newGrader(t, anyMode())
	dir := filepath.Join(t.TempDir(), "sum-legacy")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "kattis", "sum-legacy"))); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, ".timelimit")); err != nil {
		t.Fatal(err)
	}
	p := loadKattis(t, dir)
	rep := gradePython(t, f, p, filepath.Join(dir, "submissions/accepted/sum.py"))
	if rep.Verdict != verdict.IE || !strings.Contains(rep.Error, "gives no time limit") {
		t.Errorf("verdict %s, error %q: want IE, the limit to derive first", rep.Verdict, rep.Error)
	}
}

// TestKattisFolderPrograms: an output validator of two C++ files and a
// header, folder submissions whose main file imports a module beside it,
// and C and C++ submissions of several files compiled and linked
// together (headers beside them), as problemtools does.
func TestKattisFolderPrograms(t *testing.T) {
	f := newGrader(t, anyMode())
	files := map[string]string{
		"problem.yaml":      "problem_format_version: 2025-09\nname: v\nuuid: u\nlimits: {time_limit: 2}\n",
		"data/secret/1.in":  "1 2\n",
		"data/secret/1.ans": "3\n",
		"output_validator/validate.cpp": "#include <cstdio>\n#include \"verdicts.h\"\n" +
			"int main(int argc, char **argv) {\n\tFILE *a = fopen(argv[2], \"r\");\n\tlong want, got;\n" +
			"\tif (!a || fscanf(a, \"%ld\", &want) != 1) return 1;\n\tif (scanf(\"%ld\", &got) != 1) return wrong();\n\treturn got == want ? accepted() : wrong();\n}\n",
		"output_validator/verdicts.cpp":              "#include \"verdicts.h\"\nint accepted() { return 42; }\nint wrong() { return 43; }\n",
		"output_validator/verdicts.h":                "int accepted();\nint wrong();\n",
		"submissions/accepted/modules/main.py":       "import adder\na, b = map(int, input().split())\nprint(adder.add(a, b))\n",
		"submissions/accepted/modules/adder.py":      "def add(a, b):\n    return a + b\n",
		"submissions/wrong_answer/modules/solve.py":  "import wutil\nprint(wutil.add(*map(int, input().split())) + 1)\n",
		"submissions/wrong_answer/modules/wutil.py":  "def add(a, b):\n    return a + b\n",
		"submissions/wrong_answer/modules/README.md": "not a source",
		"submissions/accepted/two_c/a.c":             "#include <stdio.h>\nint add(int, int);\nint main(void) { int a, b; if (scanf(\"%d %d\", &a, &b) != 2) return 1; printf(\"%d\\n\", add(a, b)); return 0; }\n",
		"submissions/accepted/two_c/b.c":             "int add(int a, int b) { return a + b; }\n",
		"submissions/accepted/cpp_files/main.cpp":    "#include <iostream>\n#include \"util.h\"\nint main() { long a, b; std::cin >> a >> b; std::cout << util::add(a, b) << '\\n'; }\n",
		"submissions/accepted/cpp_files/util.cpp":    "#include \"util.h\"\nnamespace util { long add(long a, long b) { return a + b; } }\n",
		"submissions/accepted/cpp_files/util.h":      "namespace util { long add(long a, long b); }\n",
		// util.cpp's add is defined twice: the files are linked together.
		"submissions/rejected/cpp_twice/main.cpp": "#include <iostream>\nlong add(long a, long b) { return a + b; }\nint main() { long a, b; std::cin >> a >> b; std::cout << add(a, b) << '\\n'; }\n",
		"submissions/rejected/cpp_twice/util.cpp": "long add(long a, long b) { return a + b; }\n",
	}
	_, p := writeKattis(t, files)
	subs, _, err := p.Kattis.Package.ListSubmissions()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		main    string // main file
		verdict verdict.Verdict
	}{
		"accepted/modules":     {"main.py", verdict.AC},  // main.py by name
		"wrong_answer/modules": {"solve.py", verdict.WA}, // else the first in order
		"accepted/two_c":       {"a.c", verdict.AC},
		"accepted/cpp_files":   {"main.cpp", verdict.AC},
		"rejected/cpp_twice":   {"main.cpp", verdict.CE},
	}
	if len(subs) != len(want) {
		t.Fatalf("%d submissions, want %d", len(subs), len(want))
	}
	for _, s := range subs {
		w := want[s.Name()]
		src, lang, extra, err := f.grader.SubmissionSource(s)
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		if base := filepath.Base(src); base != w.main {
			t.Errorf("%s: source %s, want %s", s.Name(), base, w.main)
		}
		rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: lang, Extra: extra}, grade.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Verdict != w.verdict {
			t.Errorf("%s (source %s, %d extra files): %s %s %s %s, want %s", s.Name(), filepath.Base(src), len(extra), rep.Verdict, testVerdicts(rep), rep.InternalError(), rep.Compile.Output, w.verdict)
		}
	}
}

// TestKattisTeamMessage: an output validator's teammessage.txt is kept
// apart from its judgemessage.txt (the message), for the service to show
// a contestant the one meant for them; batch and interactive alike.
func TestKattisTeamMessage(t *testing.T) {
	f := newGrader(t, anyMode())
	const write = "import sys\nopen(sys.argv[3] + 'judgemessage.txt', 'w').write('the answer was 3\\n')\n" +
		"open(sys.argv[3] + 'teammessage.txt', 'w').write('too small\\n')\nsys.exit(43)\n"
	for _, tt := range []struct {
		name, kind, submission string
	}{
		{"batch", "", "print(1)\n"},
		{"interactive", "type: interactive\n", "print(1, flush=True)\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir, p := writeKattis(t, map[string]string{
				"problem.yaml":                 "problem_format_version: 2025-09\nname: v\nuuid: u\n" + tt.kind + "limits: {time_limit: 1, validation_time: 2}\n",
				"data/secret/1.in":             "1 2\n",
				"data/secret/1.ans":            "3\n",
				"output_validator/validate.py": "import sys\nsys.stdin.read()\n" + write,
				"sub.py":                       tt.submission,
			})
			rep := gradePython(t, f, p, filepath.Join(dir, "sub.py"))
			if len(rep.Tests) != 1 {
				t.Fatalf("verdict %s, %d tests (%s)", rep.Verdict, len(rep.Tests), rep.InternalError())
			}
			tr := rep.Tests[0]
			if tr.Verdict != verdict.WA || tr.Message != "the answer was 3" || tr.TeamMessage != "too small" {
				t.Errorf("verdict %s, message %q, team message %q; want WA, the judge's and the team's", tr.Verdict, tr.Message, tr.TeamMessage)
			}
		})
	}
}
