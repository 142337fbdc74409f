package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// sumValidatorBuildRun is an output validator with build and run scripts,
// as BAPCtools' boolfind has: build compiles a C file with cc, run calls
// what it made by a path relative to its own folder.
var sumValidatorBuildRun = map[string]string{
	"output_validator/build": "#!/bin/sh\ncc -O2 -o jury compare.c\n",
	"output_validator/run":   "#!/bin/sh\nexec ./jury \"$@\"\n",
	"output_validator/compare.c": "#include <stdio.h>\nint main(int argc, char **argv) {\n\tFILE *a = fopen(argv[2], \"r\");\n\tlong want, got;\n" +
		"\tif (!a || fscanf(a, \"%ld\", &want) != 1) return 1;\n\treturn scanf(\"%ld\", &got) == 1 && got == want ? 42 : 43;\n}\n",
}

// writeKattisExec is writeKattis with execute bits on the paths in execs.
func writeKattisExec(t *testing.T, files map[string]string, execs ...string) (string, *problem.Problem) {
	t.Helper()
	dir, p := writeKattis(t, files)
	for _, name := range execs {
		if err := os.Chmod(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir, p
}

// TestKattisBuildRun judges submissions with build and run scripts (a
// shell script alone, a C program its build compiles, a build that fails,
// a run that is not executable) against a package whose output validator
// has build and run scripts too, in both sandbox modes.
func TestKattisBuildRun(t *testing.T) {
	for _, mode := range []runner.Mode{runner.ModeFull, runner.ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			needFull(t, mode)
			testKattisBuildRun(t, newGrader(t, mode))
		})
	}
}

func testKattisBuildRun(t *testing.T, f *fixture) {
	files := map[string]string{
		"problem.yaml":      "problem_format_version: 2025-09\nname: v\nuuid: u\nlimits: {time_limit: 2}\n",
		"data/sample/1.in":  "1 2\n",
		"data/sample/1.ans": "3\n",
		"data/secret/1.in":  "40 2\n",
		"data/secret/1.ans": "42\n",

		"submissions/accepted/shell/run": "#!/bin/sh\nread a b\necho $((a + b))\n",
		// include/default/ goes at the top of a build/run folder.
		"include/default/add.sh":                         "add() { echo $(($1 + $2)); }\n",
		"submissions/accepted/uses_include/run":          "#!/bin/sh\n. ./add.sh\nread a b\nadd \"$a\" \"$b\"\n",
		"submissions/accepted/built/build":               "#!/bin/sh\ncc -O2 -o sum sum.c\n",
		"submissions/accepted/built/run":                 "#!/bin/sh\nexec ./sum\n",
		"submissions/accepted/built/sum.c":               "#include <stdio.h>\nint main(void) { long a, b; if (scanf(\"%ld %ld\", &a, &b) != 2) return 1; printf(\"%ld\\n\", a + b); return 0; }\n",
		"submissions/wrong_answer/shell/run":             "#!/bin/sh\nread a b\necho $((a - b))\n",
		"submissions/rejected/build_fails/build":         "#!/bin/sh\necho no compiler today >&2\nexit 3\n",
		"submissions/rejected/build_fails/run":           "#!/bin/sh\n",
		"submissions/rejected/run_not_executable/run":    "#!/bin/sh\nread a b\necho $((a + b))\n",
		"submissions/rejected/run_not_executable/sum.py": "print(sum(map(int, input().split())))\n",
	}
	for k, v := range sumValidatorBuildRun {
		files[k] = v
	}
	_, p := writeKattisExec(t, files, "output_validator/build", "output_validator/run",
		"submissions/accepted/shell/run", "submissions/accepted/uses_include/run", "submissions/accepted/built/build", "submissions/accepted/built/run",
		"submissions/wrong_answer/shell/run", "submissions/rejected/build_fails/build", "submissions/rejected/build_fails/run")
	subs, _, err := p.Kattis.Package.ListSubmissions()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		verdict verdict.Verdict
		output  string // in the compile output
	}{
		"accepted/shell":              {verdict.AC, ""},
		"accepted/uses_include":       {verdict.AC, ""},
		"accepted/built":              {verdict.AC, ""},
		"wrong_answer/shell":          {verdict.WA, ""},
		"rejected/build_fails":        {verdict.CE, "build failed with exit status 3"},
		"rejected/run_not_executable": {verdict.CE, "run is not executable"},
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
		if src != s.Path || lang.Name != compile.BuildRunName {
			t.Errorf("%s: source %s in %s, want the folder in %s", s.Name(), src, lang.Name, compile.BuildRunName)
		}
		rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: src, Language: lang, Extra: extra}, grade.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Verdict != w.verdict || !strings.Contains(rep.Compile.Output, w.output) {
			t.Errorf("%s: %s %s %s, compile output %q; want %s with %q", s.Name(), rep.Verdict, testVerdicts(rep), rep.InternalError(), rep.Compile.Output, w.verdict, w.output)
		}
	}
}

// TestKattisBuildRunValidatorFails: an output validator whose build fails
// is the judge's failure (IE) naming it, for every submission.
func TestKattisBuildRunValidatorFails(t *testing.T) {
	f := newGrader(t, anyMode())
	dir, p := writeKattisExec(t, map[string]string{
		"problem.yaml":              "problem_format_version: 2025-09\nname: v\nuuid: u\nlimits: {time_limit: 2}\n",
		"data/secret/1.in":          "1 2\n",
		"data/secret/1.ans":         "3\n",
		"output_validator/build":    "#!/bin/sh\ncc -o jury missing.c\n",
		"output_validator/run":      "#!/bin/sh\nexec ./jury \"$@\"\n",
		"submissions/accepted/a.py": "print(sum(map(int, input().split())))\n",
	}, "output_validator/build", "output_validator/run")
	rep := gradePython(t, f, p, filepath.Join(dir, "submissions", "accepted", "a.py"))
	if rep.Verdict != verdict.IE || !strings.Contains(rep.Error, "output_validator") || !strings.Contains(rep.Error, "does not compile") {
		t.Errorf("verdict %s, error %q; want IE naming output_validator", rep.Verdict, rep.Error)
	}
}

// TestKattisBuildRunInteractive judges submissions of an interactive
// problem whose interactor has build and run scripts: the C interactor
// of guess-legacy, compiled by build.
func TestKattisBuildRunInteractive(t *testing.T) {
	f := newGrader(t, anyMode())
	legacy := filepath.Join("testdata", "kattis", "guess-legacy")
	read := func(rel string) string {
		data, err := os.ReadFile(filepath.Join(legacy, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	files := map[string]string{
		"problem.yaml":                          "problem_format_version: 2025-09\nname: Guess\nuuid: u\ntype: interactive\nlimits: {time_limit: 2}\n",
		"output_validator/build":                "#!/bin/sh\nset -e\nmkdir -p bin\ncc -O2 -o bin/guess src/guess.c\n",
		"output_validator/run":                  "#!/bin/sh\nexec bin/guess \"$@\"\n",
		"output_validator/src/guess.c":          read("output_validators/guess/guess.c"),
		"submissions/accepted/binary.py":        read("submissions/accepted/binary.py"),
		"submissions/wrong_answer/counts_up.py": read("submissions/wrong_answer/counts_up.py"),
	}
	for _, n := range []string{"1", "2", "3"} {
		files["data/secret/"+n+".in"] = read("data/secret/" + n + ".in")
		files["data/secret/"+n+".ans"] = read("data/secret/" + n + ".ans")
	}
	dir, p := writeKattisExec(t, files, "output_validator/build", "output_validator/run")
	if !p.Interactive {
		t.Fatal("not loaded as interactive")
	}
	for _, tt := range []struct {
		source  string
		want    verdict.Verdict
		message string
	}{
		{"accepted/binary.py", verdict.AC, "guessed on guess "},
		{"wrong_answer/counts_up.py", verdict.WA, "not guessed in 10 guesses"},
	} {
		rep := gradePython(t, f, p, filepath.Join(dir, "submissions", tt.source))
		if rep.Verdict != tt.want || !strings.Contains(firstFailure(rep).Message, tt.message) {
			t.Errorf("%s: %s %s %s %q; want %s with %q", tt.source, rep.Verdict, testVerdicts(rep), rep.InternalError(), firstFailure(rep).Message, tt.want, tt.message)
		}
	}
}

// TestPickSourcesScripts: a folder of several C files is its first one
// with the others beside it (the compile takes them all), unless the
// configured C compile takes one source, which is an error saying how to
// fix it; a folder with a build or a run file is a build/run program.
func TestPickSourcesScripts(t *testing.T) {
	base := newGrader(t, anyMode())
	oneSource := *base.langs["c"]
	oneSource.Compile = []string{"gcc", "-o", "main", "main.c"}
	g := *base.grader
	g.LanguageOf = func(file string) (*compile.Language, error) {
		if filepath.Ext(file) == ".c" {
			return &oneSource, nil
		}
		return base.grader.LanguageOf(file)
	}
	for _, tt := range []struct {
		name   string
		grader *grade.Grader
		files  []string
		source string // "" for the folder itself
		lang   string
		extra  int
		err    string
	}{
		{"two C files", base.grader, []string{"b.c", "a.c", "a.h"}, "a.c", "c", 2, ""},
		{"C compile of one source", &g, []string{"b.c", "a.c"}, "", "", 0, "give it {sources}"},
		{"run", base.grader, []string{"run", "a.c", "b.c"}, "", compile.BuildRunName, 0, ""},
		{"build", base.grader, []string{"build", "x.py"}, "", compile.BuildRunName, 0, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var paths []string
			for _, n := range tt.files {
				paths = append(paths, filepath.Join(dir, n))
				if err := os.WriteFile(paths[len(paths)-1], []byte("x\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			src, lang, extra, err := tt.grader.PickSources(dir, paths)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q in it", err, tt.err)
				}
				return
			}
			want := dir
			if tt.source != "" {
				want = filepath.Join(dir, tt.source)
			}
			if err != nil || src != want || lang.Name != tt.lang || len(extra) != tt.extra {
				t.Errorf("source %s in %v with %d extra files, error %v; want %s in %s with %d", src, lang, len(extra), err, want, tt.lang, tt.extra)
			}
		})
	}
}
