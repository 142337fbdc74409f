package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/internal/natscluster"
	"github.com/puzzlejudge/judge/runner"
	"github.com/spf13/cobra"
)

func TestMain(m *testing.M) {
	// TestServeOnNATSCluster runs this test binary again as NATS nodes.
	natscluster.NodeMain()
	// The sandbox runs this test binary again as its box helper.
	runner.Init()
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// fixture copies the verify tests' sum problem and its solutions into a
// new temporary folder and returns it.
func fixture(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, d := range []string{"problems", "solutions"} {
		src := filepath.Join("..", "authoring", "verify", "testdata", d)
		err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, path)
			target := filepath.Join(root, filepath.Base(src), rel)
			if d.IsDir() {
				return os.MkdirAll(target, 0o755)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// The slow failures are the verify tests' business.
	for _, f := range []string{"time_limit_exceeded", "memory_limit_exceeded", "output_limit_exceeded"} {
		os.RemoveAll(filepath.Join(root, "solutions", "sum", f))
	}
	return root
}

// result is what a judge command did.
type result struct {
	stdout string
	stderr string
	err    string
	code   int
}

// judge runs the judge's command line on the problems and solutions
// under root, as main does.
func judge(t *testing.T, root string, args ...string) result {
	t.Helper()
	cmd := newRootCmd()
	cmd.SetArgs(append([]string{"--config", "../configs/judge.yaml", "--workers", "2",
		"--problems-dir", filepath.Join(root, "problems"), "--solutions-dir", filepath.Join(root, "solutions")}, args...))
	r := execute(cmd, nil)
	if strings.Contains(r.err, "\n") {
		t.Errorf("judge %s: error of more than one line: %q", strings.Join(args, " "), r.err)
	}
	return r
}

// execute runs cmd as main does, with stdin (nil: the process's own), and
// gives what it wrote, its exit code and its error.
func execute(cmd *cobra.Command, stdin io.Reader) result {
	var out, errOut bytes.Buffer
	if stdin != nil {
		cmd.SetIn(stdin)
	}
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	err := cmd.ExecuteContext(context.Background())
	r := result{stdout: out.String(), stderr: errOut.String()}
	var ee *exitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		r.code, r.err = ee.code, ee.err.Error()
	default:
		r.code, r.err = exitUsage, err.Error()
	}
	return r
}

func (r result) want(t *testing.T, code int, texts ...string) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit %d, want %d (error %q)\n%s", r.code, code, r.err, r.stdout)
	}
	for _, s := range texts {
		if !strings.Contains(r.stdout+r.err, s) {
			t.Errorf("output lacks %q:\nstdout: %s\nerror: %s", s, r.stdout, r.err)
		}
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestVerifyCommand(t *testing.T) {
	root := fixture(t)
	tests := []struct {
		name  string
		args  []string
		code  int
		texts []string
	}{
		{"text", []string{"verify", "sum"}, 0, []string{"PASS  validator rejects junk", "PASS  1 problem (0 failed)"}},
		{"all problems", []string{"verify"}, 0, []string{"sum — Sum"}},
		{"json", []string{"verify", "--format", "json", "sum"}, 0, []string{`"ok": true`, `"name": "expected outputs"`}},
		{"unknown problem", []string{"verify", "nope"}, exitUsage, []string{`"nope"`, "known: sum"}},
		{"unknown format", []string{"verify", "--format", "xml"}, exitUsage, []string{`unknown format "xml" (want text, json or junit)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			judge(t, root, tt.args...).want(t, tt.code, tt.texts...)
		})
	}

	t.Run("junit file", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "verify.xml")
		judge(t, root, "verify", "sum", "--format", "junit", "--output", path).want(t, 0, "PASS  validator")
		var doc struct {
			Suites []struct {
				Name  string `xml:"name,attr"`
				Cases []struct {
					Name string `xml:"name,attr"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		if err := xml.Unmarshal([]byte(readFile(t, path)), &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Suites) != 1 || doc.Suites[0].Name != "sum" || len(doc.Suites[0].Cases) < 10 {
			t.Errorf("junit %+v", doc)
		}
	})

	t.Run("broken package", func(t *testing.T) {
		root := fixture(t)
		os.RemoveAll(filepath.Join(root, "problems", "sum", "validator"))
		judge(t, root, "verify", "sum").want(t, exitVerdict, "FAIL  validator", "no validator", "FAIL  1 problem (1 failed)")
	})
}

// TestVerifyLiveAndFilters checks that verify shows progress on stderr as
// it goes (without a terminal: one timestamped line per finished
// solution) and that --solution, --test, --time-limit and --strict
// select and judge what they say.
func TestVerifyLiveAndFilters(t *testing.T) {
	root := fixture(t)
	r := judge(t, root, "verify", "sum", "--solution", "accepted/*", "--test", "sample*", "--time-limit", "5s")
	r.want(t, 0, "time limit 5s (from --time-limit)", "AC on the 1 test, at most", "accepts the 1 test input", "the 1 expected output agrees")
	if strings.Contains(r.stdout, "wrong_answer/abs.c") {
		t.Errorf("--solution accepted/* judged wrong_answer/abs.c:\n%s", r.stdout)
	}
	line := regexp.MustCompile(`(?m)^\d\d:\d\d:\d\d PASS  sum: solution accepted/sum\.c  AC on the 1 test, .*\(\d+/\d+ steps, [0-9.]+ s\)$`)
	if !line.MatchString(r.stderr) {
		t.Errorf("stderr lacks a timestamped line for the solution:\n%s", r.stderr)
	}

	judge(t, root, "verify", "sum", "--times").want(t, 0, "CPU times in ms", "wrong_answer/abs.c", "% of 300 ms", "suggested ")
	judge(t, root, "verify", "sum", "--format", "json").want(t, 0, `"times": {`, `"slowest_ac_ms"`, `"limit_ms"`)
	judge(t, root, "verify", "sum", "--test", "nope*").want(t, exitVerdict, "--test nope* matches no test of sum (tests: ", "sample-1")
	judge(t, root, "verify", "sum", "--time-limit", "fast").want(t, exitUsage, `--time-limit "fast"`)
	judge(t, root, "verify", "sum", "--solution", "[").want(t, exitUsage, `bad glob "["`)

	os.RemoveAll(filepath.Join(root, "problems", "sum", "generator"))
	os.Remove(filepath.Join(root, "problems", "sum", "tests", "generated.yaml"))
	judge(t, root, "verify", "sum", "--solution", "none").want(t, 0, "WARN  generator")
	judge(t, root, "verify", "sum", "--solution", "none", "--strict").want(t, exitVerdict, "FAIL  generator", "warning, failed by --strict")
}

// TestVerifyOutputChecked checks that an --output the report cannot be
// written to is refused before anything runs, with exit 2 and no report.
func TestVerifyOutputChecked(t *testing.T) {
	root := fixture(t)
	dir := t.TempDir()
	for _, tt := range []struct{ output, text string }{
		{filepath.Join(dir, "missing", "verify.xml"), "does not exist"},
		{dir, "is a folder"},
		{filepath.Join(dir, "file.txt", "verify.xml"), "is not a folder"},
	} {
		os.WriteFile(filepath.Join(dir, "file.txt"), nil, 0o644)
		r := judge(t, root, "verify", "sum", "--format", "junit", "--output", tt.output)
		r.want(t, exitUsage, "--output: "+tt.output, tt.text)
		if r.stdout != "" {
			t.Errorf("--output %s: something ran:\n%s", tt.output, r.stdout)
		}
	}
	if os.Geteuid() == 0 {
		return // root writes into read-only folders
	}
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o555)
	judge(t, root, "verify", "sum", "--output", filepath.Join(ro, "v.json")).want(t, exitUsage, "cannot write")
}

// TestVerifyInternalError checks that a check the judge itself fails (here
// a solution whose compiler is missing from the box) exits 3, is IERR in
// the text and an <error> counted in errors= in JUnit, while the text
// report is still printed beside the file.
func TestVerifyInternalError(t *testing.T) {
	root := fixture(t)
	conf := t.TempDir()
	files := map[string]string{
		"judge.yaml": "languages: languages.yaml\ncache_dir: " + filepath.Join(conf, "cache") + "\n",
		"languages.yaml": "fake:\n  extensions: [.fake]\n  source: main.fake\n  compile: [no-such-compiler, main.fake]\n" +
			"  artifacts: [main]\n  run: [\"{prog}/main\"]\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(conf, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, "solutions", "sum", "accepted", "x.fake"), []byte("x"), 0o644)
	out := filepath.Join(t.TempDir(), "verify.xml")
	r := judge(t, root, "--config", filepath.Join(conf, "judge.yaml"), "verify", "sum", "--format", "junit", "--output", out)
	r.want(t, exitInternal, "IERR  solution accepted/x.fake", "no-such-compiler not found in the box", "2 internal errors", "internal error of the judge")
	var doc struct {
		Errors   int `xml:"errors,attr"`
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Errors int `xml:"errors,attr"`
			Cases  []struct {
				Name  string    `xml:"name,attr"`
				Time  string    `xml:"time,attr"`
				Error *struct{} `xml:"error"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(readFile(t, out)), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Errors != 2 || len(doc.Suites) != 1 || doc.Suites[0].Errors != 2 {
		t.Fatalf("errors=%d, suites %+v", doc.Errors, doc.Suites)
	}
	found := false
	for _, c := range doc.Suites[0].Cases {
		if c.Time == "" {
			t.Errorf("case %q has no time", c.Name)
		}
		if c.Name == "solution accepted/x.fake" {
			found = c.Error != nil
		}
	}
	if !found {
		t.Errorf("no <error> for the solution the judge could not compile:\n%s", readFile(t, out))
	}
}

func TestTestAdd(t *testing.T) {
	root := fixture(t)
	tests := filepath.Join(root, "problems", "sum", "tests")
	in := filepath.Join(t.TempDir(), "input.txt")
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(in, []byte("4 5\n"), 0o644)
	os.WriteFile(bad, []byte("4  5\n"), 0o644)

	judge(t, root, "test", "add", "sum", in).want(t, 0, "6.in", "6.out", "from "+in)
	if got := readFile(t, filepath.Join(tests, "6.in")) + readFile(t, filepath.Join(tests, "6.out")); got != "4 5\n9\n" {
		t.Errorf("test 6 = %q", got)
	}

	// An input the validator rejects is refused, and nothing of the
	// batch is written.
	judge(t, root, "test", "add", "sum", in, bad).want(t, exitUsage, bad+": rejected by the validator: line 1")
	if _, err := os.Stat(filepath.Join(tests, "7.in")); err == nil {
		t.Error("a test was written from a batch with a rejected input")
	}
	judge(t, root, "test", "add", "sum", filepath.Join(t.TempDir(), "none")).want(t, exitUsage, "no such file")

	// Never overwrite without --force.
	os.WriteFile(in, []byte("1 1\n"), 0o644)
	judge(t, root, "test", "add", "sum", in, "--name", "6").want(t, exitUsage, "6.in: already exists (use --force to overwrite)")
	judge(t, root, "test", "add", "sum", in, "--name", "6", "--force").want(t, 0, "added")
	if got := readFile(t, filepath.Join(tests, "6.out")); got != "2\n" {
		t.Errorf("test 6 after --force = %q", got)
	}
	entries, _ := os.ReadDir(tests)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file %s left in tests", e.Name())
		}
	}

	// A package without a validator cannot check inputs.
	os.RemoveAll(filepath.Join(root, "problems", "sum", "validator"))
	judge(t, root, "test", "add", "sum", in).want(t, exitUsage, "no validator")
}

func TestTestGenAndRegen(t *testing.T) {
	root := fixture(t)
	pkg := filepath.Join(root, "problems", "sum")
	r := judge(t, root, "test", "gen", "sum", "--count", "2", "--", "--max", "10")
	r.want(t, 0, "6.in", "7.in", "generator seed 6 [--max 10]", "generator seed 7 [--max 10]")
	gen := readFile(t, filepath.Join(pkg, "tests", "generated.yaml"))
	if !strings.Contains(gen, "  - name: \"6\"\n    seed: 6\n    args: [\"--max\", \"10\"]\n") {
		t.Errorf("generated.yaml does not record test 6:\n%s", gen)
	}
	judge(t, root, "test", "gen", "sum", "--count", "1", "--seed", "40").want(t, 0, "8.in", "seed 40")

	// regen rebuilds what was recorded, byte for byte.
	judge(t, root, "test", "regen", "sum", "--check").want(t, 0, "5 tests, 0 changed")
	orig := readFile(t, filepath.Join(pkg, "tests", "6.in"))
	os.WriteFile(filepath.Join(pkg, "tests", "6.in"), []byte("0 0\n"), 0o644)
	judge(t, root, "test", "regen", "sum", "--check").want(t, exitVerdict, "input differs", "1 changed")
	judge(t, root, "test", "regen", "sum").want(t, 0, "input rewritten")
	if got := readFile(t, filepath.Join(pkg, "tests", "6.in")); got != orig {
		t.Errorf("regen made %q, want %q", got, orig)
	}
	judge(t, root, "verify", "sum").want(t, 0, "rebuilds 5 tests of generated.yaml")

	// Bad usage, and a generator that crashes: exit 2, nothing written.
	judge(t, root, "test", "gen", "sum").want(t, exitUsage, "--count is required")
	judge(t, root, "test", "gen", "sum", "--count", "0").want(t, exitUsage, "--count must be positive, got 0")
	os.WriteFile(filepath.Join(pkg, "generator", "main.go"), []byte("package main\n\nfunc main() { panic(\"boom\") }\n"), 0o644)
	judge(t, root, "test", "gen", "sum", "--count", "1").want(t, exitUsage, "generator seed 41 failed: exit 2: panic: boom")
	if _, err := os.Stat(filepath.Join(pkg, "tests", "9.in")); err == nil {
		t.Error("a test was written from a crashing generator")
	}
	if got := readFile(t, filepath.Join(pkg, "tests", "generated.yaml")); strings.Contains(got, "41") {
		t.Errorf("generated.yaml records the failed seed:\n%s", got)
	}
	os.Remove(filepath.Join(pkg, "tests", "generated.yaml"))
	judge(t, root, "test", "regen", "sum").want(t, exitUsage, "generated.yaml: no such file")
}

// TestTestFill checks that a .in without its .out is a failed check of
// verify that names judge test fill, and that fill writes the output the
// reference solution computes.
func TestTestFill(t *testing.T) {
	root := fixture(t)
	tests := filepath.Join(root, "problems", "sum", "tests")
	os.Remove(filepath.Join(tests, "2.out"))
	os.WriteFile(filepath.Join(tests, "9.in"), []byte("40 2\n"), 0o644)
	judge(t, root, "verify", "sum").want(t, exitVerdict, "FAIL  test files", "2.in: no matching 2.out (judge test fill sum computes it", "PASS  solution accepted/sum.c")
	judge(t, root, "test", "fill", "sum").want(t, 0, "2.out", "9.out", "reference accepted/sum.c", "2 missing outputs filled")
	if got := readFile(t, filepath.Join(tests, "9.out")); got != "42\n" {
		t.Errorf("9.out = %q", got)
	}
	judge(t, root, "test", "fill", "sum").want(t, 0, "0 missing outputs filled")
	judge(t, root, "verify", "sum").want(t, 0, "PASS  test files")

	// An input the validator rejects: nothing is written.
	os.WriteFile(filepath.Join(tests, "10.in"), []byte("1  2\n"), 0o644)
	judge(t, root, "test", "fill", "sum").want(t, exitUsage, "10.in: rejected by the validator")
	if _, err := os.Stat(filepath.Join(tests, "10.out")); err == nil {
		t.Error("fill wrote the output of a rejected input")
	}
}

func TestStress(t *testing.T) {
	root := fixture(t)
	judge(t, root, "stress", "sum", "accepted/sum.c", "--iterations", "4").want(t, 0, "agree on 4 inputs (seeds 1 to 4)")
	r := judge(t, root, "stress", "sum", "wrong_answer/abs.c", "--iterations", "30", "--save", "--", "--max", "100")
	r.want(t, exitVerdict, "gets WA against", "input:", "expected (output of", "received (output of", "saved as")
	// The first disagreement in seed order is the one reported, whatever
	// the workers finished first.
	r2 := judge(t, root, "stress", "sum", "wrong_answer/abs.c", "--iterations", "30", "--", "--max", "100")
	first := strings.SplitN(r.stdout, ":", 2)[0]
	if !strings.HasPrefix(r2.stdout, first+":") {
		t.Errorf("second run reports %q, first %q", strings.SplitN(r2.stdout, "\n", 2)[0], first)
	}
	saved := readFile(t, filepath.Join(root, "problems", "sum", "tests", "6.in"))
	if !strings.Contains(r.stdout, "  "+strings.TrimSpace(saved)+"\n") {
		t.Errorf("saved input %q is not the one shown:\n%s", saved, r.stdout)
	}
	judge(t, root, "stress", "sum", "missing.c").want(t, exitUsage, "missing.c: no such solution file")
	judge(t, root, "stress", "sum", "accepted/sum.c", "--iterations", "0").want(t, exitUsage, "--iterations must be positive")
}

func TestNewListShow(t *testing.T) {
	root := fixture(t)
	judge(t, root, "new", "knight-moves").want(t, 0, "created", "knight-moves", "judge test add knight-moves", "judge test gen knight-moves --count N")
	judge(t, root, "new", "knight-moves").want(t, exitUsage, "already exists")
	judge(t, root, "new", "Knight_Moves").want(t, exitUsage, "bad problem slug")

	// The scaffold loads, and verify reports it incomplete.
	r := judge(t, root, "verify", "knight-moves")
	r.want(t, exitVerdict, "FAIL  problem.yaml", "placeholder TODO", "FAIL  statement", "no accepted solution", "PASS  validator rejects junk", "PASS  generator",
		"FAIL  scaffold leftovers", "the scaffold's template validator, unchanged")

	r = judge(t, root, "list")
	r.want(t, 0, "SLUG", "knight-moves", "sum", "Sum", "300 ms", "64MiB", "6 (1 sample)", "AC 1 WA 1 RE 1 CE 1")
	r = judge(t, root, "list", "--format", "json")
	var entries []listEntry
	if err := json.Unmarshal([]byte(r.stdout), &entries); err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 || entries[1].Slug != "sum" || entries[1].Tests != 6 || entries[1].Solutions["AC"] != 1 {
		t.Errorf("list json %+v", entries)
	}
	os.WriteFile(filepath.Join(root, "problems", "knight-moves", "problem.yaml"), []byte("title: x\n"), 0o644)
	judge(t, root, "list").want(t, exitUsage, "broken:", "1 of 2 problem packages do not load")

	judge(t, root, "show", "sum").want(t, 0, "sum — Sum", "time limit 300ms", "# Sum", "## Input")
	judge(t, root, "show", "nope").want(t, exitUsage, "nope")
}

// TestSubmitMissingCompiler checks that a compiler missing from the box is
// an internal error (exit 3) that names it and how to install it.
func TestSubmitMissingCompiler(t *testing.T) {
	root := fixture(t)
	conf := t.TempDir()
	files := map[string]string{
		"judge.yaml": "languages: languages.yaml\ncache_dir: " + filepath.Join(conf, "cache") + "\n",
		"languages.yaml": "fake:\n  extensions: [.fake]\n  source: main.fake\n  compile: [no-such-compiler, main.fake]\n" +
			"  artifacts: [main]\n  run: [\"{prog}/main\"]\n  install: apt-get install -y fake\n",
		"main.fake": "whatever",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(conf, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := judge(t, root, "--config", filepath.Join(conf, "judge.yaml"), "submit", "sum", filepath.Join(conf, "main.fake"))
	r.want(t, exitInternal, "internal error: compile fake: no-such-compiler not found in the box (install: apt-get install -y fake)")
}

// TestNoProblemsFolder runs the commands that look up problems where there
// is no problems folder: each says so on one line, names the folder and
// the way out, and exits 2.
func TestNoProblemsFolder(t *testing.T) {
	root := t.TempDir() // no problems/ in it
	for _, args := range [][]string{
		{"list"},
		{"verify"},
		{"submit", "a-plus-b", filepath.Join(root, "x.c")},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			judge(t, root, args...).want(t, exitUsage, "no problems folder", filepath.Join(root, "problems"))
		})
	}
}

// TestFormatFlag gives every command with --format a format it does not
// have: each names the ones it does, and exits 2.
func TestFormatFlag(t *testing.T) {
	root := fixture(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "--format", "xml"}, `unknown format "xml" (want text or json)`},
		{[]string{"doctor", "--format", "yaml"}, `unknown format "yaml" (want text or json)`},
		{[]string{"cache", "--format", "csv"}, `unknown format "csv" (want text or json)`},
		{[]string{"submit", "sum", "x.go", "--format", "junit"}, `unknown format "junit" (want text, json or jsonl)`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			judge(t, root, tc.args...).want(t, exitUsage, tc.want)
		})
	}
}
