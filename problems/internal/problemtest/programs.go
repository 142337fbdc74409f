// Package problemtest holds the checks that the Go tests of the problem
// packages under problems/ share: building the package's validator and
// generator, running the validator on every test input and on broken
// inputs, regenerating the entries of tests/generated.yaml byte for byte,
// checking that the generator is deterministic, and checking the samples
// shown in statement.md.
//
// Every function works on the folder the test runs in, which go test makes
// the problem package's folder; the checks build its ./validator and
// ./generator themselves, once per test binary when the test's TestMain
// calls Main. What is particular to a problem (its second solver, the facts
// it checks, its broken inputs, the generator arguments it tries) stays in
// the problem's own test and is passed in as data.
package problemtest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	buildMu  sync.Mutex
	buildDir string                // set by Main: the folder shared by all tests
	built    = map[string]string{} // package path -> program in buildDir
)

// Main runs the tests of m so that Build makes each program once for all of
// them, in a temporary folder that it removes when the tests end, and then
// exits with the tests' exit code. Call it from TestMain:
//
//	func TestMain(m *testing.M) { problemtest.Main(m) }
func Main(m *testing.M) {
	dir, err := os.MkdirTemp("", "problemtest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	buildMu.Lock()
	buildDir = dir
	buildMu.Unlock()
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// Build builds the Go package pkg (a path such as "./validator", relative to
// the folder the test runs in) and returns the path of the program; it fails
// the test at once if the build fails. Under Main a package is built once
// per test binary and the program shared by all tests; otherwise it is built
// into the test's own temporary folder each time.
func Build(tb testing.TB, pkg string) string {
	tb.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	if bin, ok := built[pkg]; ok {
		return bin
	}
	dir := buildDir
	if dir == "" {
		dir = tb.TempDir()
	}
	bin := filepath.Join(dir, strings.ReplaceAll(filepath.Clean(pkg), string(filepath.Separator), "_"))
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		tb.Fatalf("building %s: %v\n%s", pkg, err, out)
	}
	if buildDir != "" {
		built[pkg] = bin
	}
	return bin
}

// Validator returns the problem package's validator, ./validator, built
// with Build.
func Validator(tb testing.TB) string {
	tb.Helper()
	return Build(tb, "./validator")
}

// Generator returns the problem package's generator, ./generator, built with
// Build.
func Generator(tb testing.TB) string {
	tb.Helper()
	return Build(tb, "./generator")
}

// Run runs the program bin with args and stdin, and returns its standard
// output, its standard error and how it ended.
func Run(bin string, stdin []byte, args ...string) (stdout, stderr []byte, err error) {
	cmd := exec.Command(bin, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.Bytes(), e.Bytes(), err
}

// Inputs returns the test inputs tests/*.in of the problem package, in name
// order; it fails the test at once if there are none.
func Inputs(tb testing.TB) []string {
	tb.Helper()
	ins, err := filepath.Glob(filepath.Join("tests", "*.in"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(ins) == 0 {
		tb.Fatal("no tests found in tests/*.in")
	}
	return ins
}

// CountInputs returns how many of the test inputs ins are samples (files
// whose name begins with "sample") and how many are other tests.
func CountInputs(ins []string) (samples, others int) {
	for _, in := range ins {
		if strings.HasPrefix(filepath.Base(in), "sample") {
			samples++
		} else {
			others++
		}
	}
	return samples, others
}
