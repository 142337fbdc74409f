package problem

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
)

const minimalYAML = "title: Sum\ntime_limit: 1s\nmemory_limit: 256MiB\n"

// writeTree creates files (slash-separated paths relative to root) with
// the given contents.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// pkg returns the files of a valid package called slug with problem.yaml
// replaced by yml, plus extra files (an empty content deletes a file).
func pkg(slug, yml string, extra map[string]string) map[string]string {
	files := map[string]string{
		"problems/" + slug + "/problem.yaml": yml,
		"problems/" + slug + "/statement.md": "# Sum\n",
		"problems/" + slug + "/tests/1.in":   "1 2\n",
		"problems/" + slug + "/tests/1.out":  "3\n",
	}
	for k, v := range extra {
		if v == "" {
			delete(files, "problems/"+slug+"/"+k)
			continue
		}
		files["problems/"+slug+"/"+k] = v
	}
	return files
}

func TestLoadValid(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	writeTree(t, root, pkg("sum", minimalYAML+"reference: accepted/bfs.go\n", map[string]string{
		"tests/10.in":          "a",
		"tests/10.out":         "a",
		"tests/2.in":           "b",
		"tests/2.out":          "b",
		"tests/sample1.in":     "c",
		"tests/sample1.out":    "c",
		"tests/generated.yaml": "x: 1\n",
		"tests/README.txt":     "ignored",
		"validator/main.go":    "package main\n",
		"generator/notes.txt":  "no main.go here",
	}))
	p, err := Load("problems/sum")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "problems", "sum")
	want := &Problem{
		Slug:      "sum",
		Dir:       dir,
		Title:     "Sum",
		Limits:    Limits{Time: time.Second, Memory: 256 << 20, Output: 64 << 20},
		Checker:   CheckerSpec{Kind: CheckerTokens},
		Reference: "accepted/bfs.go",
		Statement: filepath.Join(dir, "statement.md"),
		Validator: filepath.Join(dir, "validator"),
		Generator: "",
		Format:    FormatNative,
		Feedback:  feedback.Default,
	}
	for _, n := range []string{"sample1", "1", "2", "10"} { // samples first
		want.Tests = append(want.Tests, Test{
			Name:   n,
			Input:  filepath.Join(dir, "tests", n+".in"),
			Output: filepath.Join(dir, "tests", n+".out"),
			Sample: n == "sample1",
		})
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("Load =\n%+v\nwant\n%+v", p, want)
	}
}

func TestLoadConfig(t *testing.T) {
	tests := []struct {
		name   string
		yml    string
		extra  map[string]string
		limits Limits
		spec   CheckerSpec // Source relative to the package
	}{
		{
			name:   "limits",
			yml:    "title: T\ntime_limit: 2.5s\nmemory_limit: 1GiB\noutput_limit: 512KiB\n",
			limits: Limits{Time: 2500 * time.Millisecond, Memory: 1 << 30, Output: 512 << 10},
			spec:   CheckerSpec{Kind: CheckerTokens},
		},
		{
			name:   "plain bytes and ms",
			yml:    "title: T\ntime_limit: 1500ms\nmemory_limit: 67108864B\noutput_limit: 100B\n",
			limits: Limits{Time: 1500 * time.Millisecond, Memory: 64 << 20, Output: 100},
			spec:   CheckerSpec{Kind: CheckerTokens},
		},
		{
			name:   "exact",
			yml:    minimalYAML + "checker: exact\n",
			limits: Limits{Time: time.Second, Memory: 256 << 20, Output: 64 << 20},
			spec:   CheckerSpec{Kind: CheckerExact},
		},
		{
			name:   "float defaults",
			yml:    minimalYAML + "checker: float\n",
			limits: Limits{Time: time.Second, Memory: 256 << 20, Output: 64 << 20},
			spec:   CheckerSpec{Kind: CheckerFloat, FloatAbs: 1e-6, FloatRel: 1e-6},
		},
		{
			name:   "float abs only",
			yml:    minimalYAML + "checker: float\nfloat_abs: 1e-4\n",
			limits: Limits{Time: time.Second, Memory: 256 << 20, Output: 64 << 20},
			spec:   CheckerSpec{Kind: CheckerFloat, FloatAbs: 1e-4},
		},
		{
			name:   "float both",
			yml:    minimalYAML + "checker: float\nfloat_abs: 0\nfloat_rel: 0.001\n",
			limits: Limits{Time: time.Second, Memory: 256 << 20, Output: 64 << 20},
			spec:   CheckerSpec{Kind: CheckerFloat, FloatRel: 1e-3},
		},
		{
			name:   "custom",
			yml:    minimalYAML + "checker: custom\nchecker_source: checker/main.go\n",
			extra:  map[string]string{"checker/main.go": "package main\n"},
			limits: Limits{Time: time.Second, Memory: 256 << 20, Output: 64 << 20},
			spec:   CheckerSpec{Kind: CheckerCustom, Source: filepath.Join("checker", "main.go")},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, pkg("p", tt.yml, tt.extra))
			p, err := Load(filepath.Join(root, "problems", "p"))
			if err != nil {
				t.Fatal(err)
			}
			if p.Limits != tt.limits {
				t.Errorf("Limits = %+v, want %+v", p.Limits, tt.limits)
			}
			want := tt.spec
			if want.Source != "" {
				want.Source = filepath.Join(p.Dir, want.Source)
			}
			if p.Checker != want {
				t.Errorf("Checker = %+v, want %+v", p.Checker, want)
			}
		})
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		yml   string
		extra map[string]string
		want  string
	}{
		{"missing problem.yaml", "", map[string]string{"problem.yaml": "", "x": "x"},
			"problems/x/problem.yaml: no such file or directory"},
		{"bad yaml", "title: [unclosed\n", nil,
			"problems/x/problem.yaml: line 1: did not find expected ',' or ']'"},
		{"not a mapping", "- a\n- b\n", nil,
			"problems/x/problem.yaml: line 1: want a mapping of keys to values"},
		{"empty file", "\n", nil,
			`problems/x/problem.yaml: missing required key "title"`},
		{"unknown key", "title: T\ntme_limit: 1s\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: unknown key "tme_limit"`},
		{"duplicate key", minimalYAML + "title: U\n", nil,
			`problems/x/problem.yaml: line 4: duplicate key "title"`},
		{"missing title", "time_limit: 1s\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: missing required key "title"`},
		{"missing time_limit", "title: T\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: missing required key "time_limit"`},
		{"missing memory_limit", "title: T\ntime_limit: 1s\n", nil,
			`problems/x/problem.yaml: missing required key "memory_limit"`},
		{"null value", "title:\ntime_limit: 1s\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: title: missing value`},
		{"empty title", "title: ' '\ntime_limit: 1s\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: title: must not be empty`},
		{"list value", "title: [a, b]\ntime_limit: 1s\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: title: want a single value`},
		{"input_validator outside", minimalYAML + "input_validator: ../v.py\n", nil,
			`problems/x/problem.yaml: input_validator: "../v.py" must be a path inside the package folder`},
		{"input_validator missing", minimalYAML + "input_validator: input_validator/v.py\n", nil,
			`problems/x/problem.yaml: input_validator: "input_validator/v.py": file does not exist`},
		{"input_validator and validator", minimalYAML + "input_validator: v.py\n", map[string]string{"v.py": "exit(42)\n", "validator/main.go": "package main\n"},
			`problems/x/problem.yaml: input_validator: not allowed with validator/main.go (one validator)`},
		{"bad duration", "title: T\ntime_limit: fast\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: time_limit: bad duration "fast"`},
		{"duration without unit", "title: T\ntime_limit: 1\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: time_limit: "1" needs a unit (e.g. 1s, 1500ms)`},
		{"fraction without unit", "title: T\ntime_limit: 1.5\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: time_limit: "1.5" needs a unit (e.g. 1s, 1500ms)`},
		{"quoted duration without unit", "title: T\ntime_limit: '2'\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: time_limit: "2" needs a unit (e.g. 1s, 1500ms)`},
		{"memory without unit", "title: T\ntime_limit: 1s\nmemory_limit: 256\n", nil,
			`problems/x/problem.yaml: memory_limit: "256" needs a unit (e.g. 256MiB, 1GiB, 512KiB)`},
		{"memory fraction without unit", "title: T\ntime_limit: 1s\nmemory_limit: 0.5\n", nil,
			`problems/x/problem.yaml: memory_limit: "0.5" needs a unit (e.g. 256MiB, 1GiB, 512KiB)`},
		{"output without unit", minimalYAML + "output_limit: 1024\n", nil,
			`problems/x/problem.yaml: output_limit: "1024" needs a unit (e.g. 256MiB, 1GiB, 512KiB)`},
		{"zero duration", "title: T\ntime_limit: 0s\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: time_limit: bad duration "0s": must be positive`},
		{"negative duration", "title: T\ntime_limit: -1s\nmemory_limit: 1MiB\n", nil,
			`problems/x/problem.yaml: time_limit: bad duration "-1s": must be positive`},
		{"MB unit", "title: T\ntime_limit: 1s\nmemory_limit: 256MB\n", nil,
			`problems/x/problem.yaml: memory_limit: bad size "256MB": unknown unit "MB" (use B, KiB, MiB or GiB)`},
		{"zero memory", "title: T\ntime_limit: 1s\nmemory_limit: 0MiB\n", nil,
			`problems/x/problem.yaml: memory_limit: bad size "0MiB": must be positive`},
		{"negative memory", "title: T\ntime_limit: 1s\nmemory_limit: -5MiB\n", nil,
			`problems/x/problem.yaml: memory_limit: bad size "-5MiB": must not be negative`},
		{"zero output", minimalYAML + "output_limit: 0KiB\n", nil,
			`problems/x/problem.yaml: output_limit: bad size "0KiB": must be positive`},
		{"bad output", minimalYAML + "output_limit: lots\n", nil,
			`problems/x/problem.yaml: output_limit: bad size "lots": want a number with unit B, KiB, MiB or GiB`},
		{"unknown checker", minimalYAML + "checker: fuzzy\n", nil,
			`problems/x/problem.yaml: checker: unknown checker "fuzzy" (want tokens, exact, float or custom)`},
		{"unknown feedback", minimalYAML + "feedback: everything\n", nil,
			`problems/x/problem.yaml: feedback: unknown value "everything" (want samples, first-failure or all)`},
		{"float_abs without float", minimalYAML + "float_abs: 0.1\n", nil,
			`problems/x/problem.yaml: float_abs: only allowed with checker: float, not tokens`},
		{"float_rel with exact", minimalYAML + "checker: exact\nfloat_rel: 0.1\n", nil,
			`problems/x/problem.yaml: float_rel: only allowed with checker: float, not exact`},
		{"bad float_abs", minimalYAML + "checker: float\nfloat_abs: tiny\n", nil,
			`problems/x/problem.yaml: float_abs: bad number "tiny"`},
		{"negative float_rel", minimalYAML + "checker: float\nfloat_rel: -1\n", nil,
			`problems/x/problem.yaml: float_rel: "-1" must not be negative`},
		{"custom without source", minimalYAML + "checker: custom\n", nil,
			`problems/x/problem.yaml: missing required key "checker_source" for checker: custom`},
		{"source without custom", minimalYAML + "checker_source: c.go\n", map[string]string{"c.go": "package main"},
			`problems/x/problem.yaml: checker_source: only allowed with checker: custom, not tokens`},
		{"source not go", minimalYAML + "checker: custom\nchecker_source: c.cpp\n", map[string]string{"c.cpp": "x"},
			`problems/x/problem.yaml: checker_source: "c.cpp" must be a .go file`},
		{"source outside", minimalYAML + "checker: custom\nchecker_source: ../c.go\n", nil,
			`problems/x/problem.yaml: checker_source: "../c.go" must be a path inside the package folder`},
		{"source missing", minimalYAML + "checker: custom\nchecker_source: checker/main.go\n", nil,
			`problems/x/problem.yaml: checker_source: "checker/main.go": file does not exist`},
		{"interactor with checker", minimalYAML + "checker: exact\ninteractor: i.cpp\n", map[string]string{"i.cpp": "x"},
			`problems/x/problem.yaml: checker: not allowed with interactor (the interactor gives each test's verdict)`},
		{"interactor outside", minimalYAML + "interactor: ../i.cpp\n", nil,
			`problems/x/problem.yaml: interactor: "../i.cpp" must be a path inside the package folder`},
		{"interactor missing", minimalYAML + "interactor: interactor/i.cpp\n", nil,
			`problems/x/problem.yaml: interactor: "interactor/i.cpp": file does not exist`},
		{"missing statement", minimalYAML, map[string]string{"statement.md": ""},
			`problems/x/statement.md: file does not exist`},
		{"in without out", minimalYAML, map[string]string{"tests/3.in": "x"},
			"problems/x/tests/3.in: no matching 3.out"},
		{"out without in", minimalYAML, map[string]string{"tests/4.out": "x"},
			"problems/x/tests/4.out: no matching 4.in"},
		{"no tests", minimalYAML, map[string]string{"tests/1.in": "", "tests/1.out": "", "tests/generated.yaml": "a: 1\n"},
			"problems/x/tests: no tests (want NAME.in and NAME.out pairs)"},
		{"checker_source is a folder", minimalYAML + "checker: custom\nchecker_source: dir.go\n", map[string]string{"dir.go/x": "x"},
			`problems/x/problem.yaml: checker_source: "dir.go": not a regular file`},
		{"no tests folder", minimalYAML, map[string]string{"tests/1.in": "", "tests/1.out": ""},
			"problems/x/tests: missing tests folder"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			t.Chdir(root)
			files := pkg("x", tt.yml, tt.extra)
			if tt.name == "no tests" {
				if err := os.MkdirAll(filepath.Join(root, "problems/x/tests"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			writeTree(t, root, files)
			p, err := Load("problems/x")
			if err == nil {
				t.Fatalf("Load succeeded: %+v", p)
			}
			got := filepath.ToSlash(err.Error())
			if got != tt.want {
				t.Errorf("error\n got %s\nwant %s", got, tt.want)
			}
			if strings.Contains(got, "\n") {
				t.Errorf("error spans lines: %q", got)
			}
		})
	}
}

// TestLoadInteractive loads a native package with an interactor: it is
// interactive, judged by the interactor as a Kattis output validator.
func TestLoadInteractive(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, pkg("x", minimalYAML+"interactor: interactor/main.py\n", map[string]string{"interactor/main.py": "import sys\n"}))
	p, err := Load(filepath.Join(root, "problems/x"))
	if err != nil {
		t.Fatal(err)
	}
	want := CheckerSpec{Kind: CheckerValidator, Source: filepath.Join(root, "problems/x/interactor/main.py")}
	if !p.Interactive || p.Checker != want || p.Passes != 0 {
		t.Errorf("interactive %v, checker %+v, passes %d; want interactive, %+v", p.Interactive, p.Checker, p.Passes, want)
	}
}

func TestFindAndList(t *testing.T) {
	tmp := t.TempDir()
	writeTree(t, tmp, pkg("b10", minimalYAML, nil))
	writeTree(t, tmp, pkg("b2", minimalYAML, nil))
	writeTree(t, tmp, pkg("a", minimalYAML, nil))
	writeTree(t, tmp, pkg("broken", "title: T\n", nil))
	writeTree(t, tmp, map[string]string{"problems/notes/readme.md": "not a problem", "problems/file.txt": "x"})
	root := filepath.Join(tmp, "problems")

	p, err := Find(root, "b2")
	if err != nil || p.Slug != "b2" {
		t.Fatalf("Find(b2) = %v, %v", p, err)
	}

	tests := []struct {
		slug string
		want string
	}{
		{"nope", `"nope"`},
		{"notes", `"notes"`},
		{"../" + filepath.Base(root), "problem not found"},
		{"", "problem not found"},
	}
	for _, tt := range tests {
		_, err := Find(root, tt.slug)
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("Find(%q) error = %v, want ErrNotFound", tt.slug, err)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tt.want) || !strings.Contains(msg, "known: a, b2, b10, broken") {
			t.Errorf("Find(%q) error = %q", tt.slug, msg)
		}
	}
	if _, err := Find(root, "broken"); err == nil || errors.Is(err, ErrNotFound) {
		t.Errorf("Find(broken) error = %v, want a load error", err)
	}

	probs, errs := List(root)
	var slugs []string
	for _, p := range probs {
		slugs = append(slugs, p.Slug)
	}
	if want := []string{"a", "b2", "b10"}; !reflect.DeepEqual(slugs, want) {
		t.Errorf("List slugs = %v, want %v", slugs, want)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), `missing required key "time_limit"`) {
		t.Errorf("List errors = %v", errs)
	}

	if probs, errs := List(filepath.Join(root, "missing")); probs != nil || len(errs) != 1 {
		t.Errorf("List(missing) = %v, %v", probs, errs)
	}
}

// TestLoadTestLinks checks that a test file may be a symbolic link inside
// its package but not one that leads out of it.
func TestLoadTestLinks(t *testing.T) {
	type link struct{ name, target string } // name relative to root
	tests := []struct {
		name  string
		links []link
		move  string // move the tests folder here first (relative to root)
		want  string // error with ROOT for the resolved root; "" to load
		tests int    // tests loaded when want is ""
	}{
		{name: "inside tests", links: []link{{"problems/x/tests/2.in", "1.in"}, {"problems/x/tests/2.out", "1.out"}}, tests: 2},
		{name: "inside package", links: []link{{"problems/x/tests/2.in", "../data/2.in"}, {"problems/x/tests/2.out", "../data/2.out"}}, tests: 2},
		{name: "tests folder inside package", move: "problems/x/data/tests", links: []link{{"problems/x/tests", "data/tests"}}, tests: 1},
		{name: "package through a link", links: []link{{"problems/y", "x"}}, tests: 1},
		{name: "absolute outside", links: []link{{"problems/x/tests/2.in", "ROOT/secret"}, {"problems/x/tests/2.out", "1.out"}},
			want: "problems/x/tests/2.in: symbolic link to ROOT/secret, outside the package folder (tests must be files inside it)"},
		{name: "relative outside", links: []link{{"problems/x/tests/2.in", "1.in"}, {"problems/x/tests/2.out", "../../../secret"}},
			want: "problems/x/tests/2.out: symbolic link to ROOT/secret, outside the package folder (tests must be files inside it)"},
		{name: "sibling package", links: []link{{"problems/x/tests/2.in", "../../z/tests/1.in"}, {"problems/x/tests/2.out", "1.out"}},
			want: "problems/x/tests/2.in: symbolic link to ROOT/problems/z/tests/1.in, outside the package folder (tests must be files inside it)"},
		{name: "through a link inside", links: []link{{"problems/x/data/out", "../../../secret"}, {"problems/x/tests/2.in", "../data/out"}, {"problems/x/tests/2.out", "1.out"}},
			want: "problems/x/tests/2.in: symbolic link to ROOT/secret, outside the package folder (tests must be files inside it)"},
		{name: "tests folder outside", move: "elsewhere", links: []link{{"problems/x/tests", "ROOT/elsewhere"}},
			want: "problems/x/tests: symbolic link to ROOT/elsewhere, outside the package folder (tests must be files inside it)"},
		// Left to whoever reads it, as judge verify does.
		{name: "dangling", links: []link{{"problems/x/tests/2.in", "ROOT/nowhere.in"}, {"problems/x/tests/2.out", "1.out"}}, tests: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := filepath.EvalSymlinks(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			t.Chdir(root)
			files := pkg("x", minimalYAML, map[string]string{"data/2.in": "a", "data/2.out": "a"})
			files["secret"] = "the judge's secret"
			files["problems/z/tests/1.in"] = "b"
			writeTree(t, root, files)
			if tt.move != "" {
				if err := os.Rename("problems/x/tests", tt.move); err != nil {
					t.Fatal(err)
				}
			}
			for _, l := range tt.links {
				if err := os.Symlink(strings.ReplaceAll(l.target, "ROOT", root), l.name); err != nil {
					t.Fatal(err)
				}
			}
			slug := "x"
			if tt.name == "package through a link" {
				slug = "y"
			}
			p, err := Load(filepath.Join("problems", slug))
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if len(p.Tests) != tt.tests {
					t.Errorf("loaded %d tests, want %d", len(p.Tests), tt.tests)
				}
				return
			}
			want := strings.ReplaceAll(tt.want, "ROOT", root)
			if err == nil || err.Error() != want {
				t.Errorf("Load error\n got %v\nwant %s", err, want)
			}
		})
	}
}

// TestFindWithoutProblemsFolder looks a slug up under a folder that does
// not exist: not found, saying the problems folder is missing.
func TestFindWithoutProblemsFolder(t *testing.T) {
	root := filepath.Join(t.TempDir(), "problems")
	_, err := Find(root, "a-plus-b")
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("Find: %v, want ErrNotFound", err)
	}
	if !strings.Contains(err.Error(), "no problems folder") || !strings.Contains(err.Error(), root) {
		t.Errorf("Find: %q does not name the missing problems folder %s", err, root)
	}
}

// TestLoadFeedback reads each feedback level from problem.yaml; none
// given is the default.
func TestLoadFeedback(t *testing.T) {
	for _, tt := range []struct{ yml, want string }{
		{"", string(feedback.Default)},
		{"feedback: samples\n", "samples"},
		{"feedback: first-failure\n", "first-failure"},
		{"feedback: all\n", "all"},
	} {
		root := t.TempDir()
		writeTree(t, root, pkg("x", minimalYAML+tt.yml, nil))
		p, err := Load(filepath.Join(root, "problems/x"))
		if err != nil {
			t.Fatalf("%q: %v", tt.yml, err)
		}
		if string(p.Feedback) != tt.want {
			t.Errorf("%q: feedback %q, want %q", tt.yml, p.Feedback, tt.want)
		}
	}
}
