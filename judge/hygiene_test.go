package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSubmitHygiene checks what is refused before compiling (empty and
// oversized sources, - without --lang), the language aliases and .C,
// sources read from standard input, and list's plurals and per-language
// time limits.
func TestSubmitHygiene(t *testing.T) {
	root := fixture(t)
	cache := t.TempDir()
	dir := t.TempDir()
	sum, err := os.ReadFile(filepath.Join(root, "solutions", "sum", "accepted", "sum.c"))
	if err != nil {
		t.Fatal(err)
	}
	// Valid C++ only: gcc would compile a .C file as C++, and so must the judge.
	cxx := "#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << std::endl; }\n"
	write(t, filepath.Join(dir, "empty.c"), "")
	write(t, filepath.Join(dir, "big.c"), "//"+strings.Repeat("x", 300<<10)+"\n")
	write(t, filepath.Join(dir, "upper.C"), cxx)
	write(t, filepath.Join(dir, "sum.txt"), "a, b = map(int, input().split())\nprint(a + b)\n")
	judgeIn := func(stdin string, args ...string) outcome {
		return runWithInput(t, root, stdin, submitArgs(t, root, append([]string{"--cache-dir", cache}, args...)...)...)
	}
	for _, tt := range []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stderr string
		lang   string // of the JSON report, when it is one
	}{
		{"empty", "", []string{"submit", "sum", filepath.Join(dir, "empty.c")}, exitUsage, filepath.Join(dir, "empty.c") + ": the source file is empty", ""},
		{"too big", "", []string{"submit", "sum", filepath.Join(dir, "big.c")}, exitUsage, "over the source limit of 256KiB (source_limit)", ""},
		{"run too big", "", []string{"run", "sum", filepath.Join(dir, "big.c")}, exitUsage, "over the source limit", ""},
		{"stdin without lang", string(sum), []string{"submit", "sum", "-"}, exitUsage, "give its language with --lang", ""},
		{"stdin empty", "", []string{"submit", "sum", "-", "--lang", "c"}, exitUsage, "-: the source file is empty", ""},
		{"stdin", string(sum), []string{"submit", "sum", "-", "--lang", "c", "--format", "json"}, 0, "", "c"},
		{"stdin c++", cxx, []string{"submit", "sum", "-", "--lang", "c++", "--format", "json"}, 0, "", "cpp"},
		{"dot C", "", []string{"submit", "sum", filepath.Join(dir, "upper.C"), "--format", "json"}, 0, "", "cpp"},
		{"py alias", "", []string{"submit", "sum", filepath.Join(dir, "sum.txt"), "--lang", "py", "--format", "json"}, 0, "", "python"},
		{"python3 alias", "", []string{"submit", "sum", filepath.Join(dir, "sum.txt"), "--lang", "python3", "--format", "json"}, 0, "", "python"},
		{"run stdin twice", cxx, []string{"run", "sum", "-", "--lang", "c++"}, exitUsage, "cannot both come from standard input", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := judgeIn(tt.stdin, tt.args...)
			if o.code != tt.code || !strings.Contains(o.stderr, tt.stderr) {
				t.Errorf("exit %d, stderr %q; want %d, %q\nstdout: %s", o.code, o.stderr, tt.code, tt.stderr, o.stdout)
			}
			if tt.code == exitUsage && strings.Count(strings.TrimSpace(o.stderr), "\n") > 0 {
				t.Errorf("error of more than one line: %q", o.stderr)
			}
			if tt.lang != "" {
				var rep struct{ Language, Source, Verdict string }
				if err := json.Unmarshal([]byte(o.stdout), &rep); err != nil || rep.Language != tt.lang || rep.Verdict != "AC" {
					t.Errorf("report language %q verdict %q (%v), want %s AC\n%s", rep.Language, rep.Verdict, err, tt.lang, o.stdout)
				}
				if tt.stdin != "" && rep.Source != "-" {
					t.Errorf("report source %q, want -", rep.Source)
				}
			}
		})
	}

	o := judgeIn("", "list")
	if !strings.Contains(o.stdout, "6 (1 sample)") || !strings.Contains(o.stdout, "300 ms (python 600 ms)") {
		t.Errorf("list does not say 1 sample and the python limit:\n%s", o.stdout)
	}
	o = judgeIn("", "show", "sum", "--plain")
	if !strings.Contains(o.stdout, "time limit 300ms (python 600ms)") {
		t.Errorf("show does not give the python limit:\n%s", o.stdout)
	}
}
