package grade_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// languageNamed finds a language by name or alias, as the configuration
// does.
func languageNamed(langs map[string]*compile.Language) func(string) (*compile.Language, error) {
	return func(name string) (*compile.Language, error) {
		for n, l := range langs {
			if n == name || slices.Contains(l.Aliases, name) {
				return l, nil
			}
		}
		return nil, fmt.Errorf("unknown language %q", name)
	}
}

// TestKattisIncludeAndFolders judges folder and single-file submissions
// of a 2025-09 package with include/: a C++ folder whose header comes
// from include/cpp/, a C++ file whose helper of include/default/ is
// replaced by include/cpp/'s, a Java file with an odd name holding class
// Main, a Java folder whose main class is in an oddly named file, a
// Python folder run by its __main__.py, and one whose entry point
// submissions.yaml gives.
func TestKattisIncludeAndFolders(t *testing.T) {
	f := newGrader(t, anyMode())
	files := map[string]string{
		"problem.yaml":      "problem_format_version: 2025-09\nname: v\nuuid: u\nlimits: {time_limit: 4}\n",
		"data/sample/1.in":  "1 2\n",
		"data/sample/1.ans": "3\n",
		"data/secret/1.in":  "40 2\n",
		"data/secret/1.ans": "42\n",
		// include/cpp/ replaces default's add.h; default's note.txt stays.
		"include/default/add.h":    "#error default add.h must be replaced by include/cpp/add.h\n",
		"include/default/note.txt": "for every language\n",
		"include/cpp/add.h":        "inline long add(long a, long b) { return a + b; }\n",
		"include/python3/adder.py": "def add(a, b):\n    return a + b\n",

		"submissions/accepted/cpp_folder/solve.cpp": "#include <cstdio>\n#include \"add.h\"\nint main() { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; printf(\"%ld\\n\", add(a, b)); }\n",
		"submissions/accepted/cpp_folder/notes.md":  "not a source\n",
		"submissions/accepted/uses_include.cpp":     "#include <iostream>\n#include \"add.h\"\nint main() { long a, b; std::cin >> a >> b; std::cout << add(a, b) << '\\n'; }\n",
		"submissions/accepted/odd_name.java": "import java.util.Scanner;\nclass Main {\n    public static void main(String[] args) {\n" +
			"        Scanner in = new Scanner(System.in);\n        System.out.println(in.nextLong() + in.nextLong());\n    }\n}\n",
		"submissions/accepted/java_folder/Adder.java": "public class Adder {\n    static long add(long a, long b) { return a + b; }\n}\n",
		"submissions/accepted/java_folder/a_solution.java": "import java.util.Scanner;\nclass Solution {\n    public static void main(String[] args) {\n" +
			"        Scanner in = new Scanner(System.in);\n        System.out.println(Adder.add(in.nextLong(), in.nextLong()));\n    }\n}\n",
		"submissions/accepted/py_folder/__main__.py": "import adder, parse\nprint(adder.add(*parse.numbers()))\n",
		"submissions/accepted/py_folder/parse.py":    "def numbers():\n    return map(int, input().split())\n",
		"submissions/accepted/py_entry/alpha.py":     "raise SystemExit('alpha.py is not the entry point')\n",
		"submissions/accepted/py_entry/solve.py":     "a, b = map(int, input().split())\nprint(a + b)\n",
		"submissions/submissions.yaml":               "accepted/py_entry:\n  entrypoint: solve.py\n  language: python3\n",
	}
	_, p := writeKattis(t, files)
	subs, _, err := p.Kattis.Package.ListSubmissions()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{ // submission: its main file
		"accepted/cpp_folder":       "solve.cpp",
		"accepted/uses_include.cpp": "uses_include.cpp",
		"accepted/odd_name.java":    "odd_name.java",
		"accepted/java_folder":      "a_solution.java",
		"accepted/py_folder":        "__main__.py",
		"accepted/py_entry":         "solve.py",
	}
	if len(subs) != len(want) {
		t.Fatalf("%d submissions, want %d", len(subs), len(want))
	}
	for _, s := range subs {
		src, lang, extra, err := f.grader.SubmissionSource(s)
		if err != nil {
			t.Errorf("%s: %v", s.Name(), err)
			continue
		}
		if filepath.Base(src) != want[s.Name()] {
			t.Errorf("%s: main file %s, want %s", s.Name(), filepath.Base(src), want[s.Name()])
		}
		if lang.Name == "java" {
			if _, err := exec.LookPath("javac"); err != nil {
				t.Logf("%s: javac is not installed; not judged", s.Name())
				continue
			}
		}
		rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: lang, Extra: extra}, grade.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Verdict != verdict.AC {
			t.Errorf("%s (%s, %d extra files): %s %s %s %s", s.Name(), filepath.Base(src), len(extra), rep.Verdict, testVerdicts(rep), rep.InternalError(), rep.Compile.Output)
		}
	}
}

// TestWithIncludes: included files replace the submission's of the same
// name, a driver becomes the main file with the submission beside it,
// and a second call changes nothing.
func TestWithIncludes(t *testing.T) {
	f := newGrader(t, anyMode())
	dir, p := writeKattis(t, map[string]string{
		"problem.yaml":             "problem_format_version: 2025-09\nname: v\nuuid: u\nlimits: {time_limit: 1}\n",
		"data/secret/1.in":         "1\n",
		"data/secret/1.ans":        "1\n",
		"include/python3/main.py":  "import solution\n",
		"include/default/check.py": "# the package's\n",
		"include/cpp/check.h":      "",
	})
	sub := filepath.Join(t.TempDir(), "solution.py")
	own := []runner.File{{Name: "check.py", Path: "/elsewhere/check.py"}, {Name: "util.py", Path: "/elsewhere/util.py"}}
	src, extra, err := grade.WithIncludes(p, f.langs["python"], sub, own)
	if err != nil {
		t.Fatal(err)
	}
	show := func(src string, extra []runner.File) string {
		out := []string{strings.TrimPrefix(src, dir+"/")}
		for _, e := range extra {
			out = append(out, e.Name+"="+strings.TrimPrefix(e.Path, dir+"/"))
		}
		return strings.Join(out, " ")
	}
	wantShow := "include/python3/main.py check.py=include/default/check.py util.py=/elsewhere/util.py solution.py=" + sub
	if got := show(src, extra); got != wantShow {
		t.Errorf("got %q, want %q", got, wantShow)
	}
	src2, extra2, err := grade.WithIncludes(p, f.langs["python"], src, extra)
	if err != nil || show(src2, extra2) != wantShow {
		t.Errorf("second call: %q %v", show(src2, extra2), err)
	}
	if own[0].Path != "/elsewhere/check.py" {
		t.Errorf("the caller's slice changed: %v", own)
	}
}

// TestPickSourcesTies: a folder with one C and one C++ file is C++, as
// problemtools' priorities say.
func TestPickSourcesTies(t *testing.T) {
	f := newGrader(t, anyMode())
	prog := t.TempDir()
	for _, n := range []string{"a.c", "b.cpp", "c.py", "d.py"} {
		if err := os.WriteFile(filepath.Join(prog, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		files []string
		lang  string
	}{
		{[]string{"a.c", "b.cpp"}, "cpp"},
		{[]string{"a.c", "b.cpp", "c.py", "d.py"}, "python"},
	} {
		var paths []string
		for _, n := range tt.files {
			paths = append(paths, filepath.Join(prog, n))
		}
		_, lang, _, err := f.grader.PickSources(prog, paths)
		if err != nil || lang.Name != tt.lang {
			t.Errorf("%v: %v %v, want %s", tt.files, lang, err, tt.lang)
		}
	}
}
