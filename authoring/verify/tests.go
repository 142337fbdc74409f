package verify

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// testsAspect is a native package's tests folder: every .in has its .out
// and can be read, the inputs differ, and --test selects some.
type testsAspect struct {
	n        *nativePkg
	found    []testFile // the pairs of files in the tests folder
	files    *Check
	distinct *Check
	// details are the test files check's findings, unpaired those of
	// them that are files without their pair.
	details, unpaired []string
}

// newTestsAspect scans the tests folder of the package.
func newTestsAspect(n *nativePkg) *testsAspect {
	a := &testsAspect{n: n, files: &Check{Name: CheckTestFiles}}
	a.found, a.details, a.unpaired = scanTests(n.disp)
	if n.blame == CheckTestFiles && len(a.details) == 0 {
		a.details = []string{n.loadErr.Error()}
	}
	if len(a.details) > 0 {
		failWith(a.files, a.details)
	} else {
		pass(a.files, report.Plural(len(a.found), "test")+", each .in with its .out")
	}
	a.distinct = checkDistinct(a.found)
	return a
}

// broken reports whether the test files are too broken for the programs
// to run: more is wrong than files without their pair, or no test is
// complete.
func (a *testsAspect) broken() bool {
	return a.files.Status == Fail && (len(a.details) > len(a.unpaired) || len(a.n.p.Tests) == 0)
}

// selectTests keeps the tests --test selects; none is the test files
// check's failure, and then nothing runs.
func (a *testsAspect) selectTests() {
	n := a.n
	if len(n.r.tests) == 0 {
		return
	}
	all := n.p.Tests
	n.p.Tests = slices.DeleteFunc(slices.Clone(all), func(t problem.Test) bool { return !matchAny(n.r.tests, t.Name) })
	if len(n.p.Tests) > 0 {
		return
	}
	names := make([]string, len(all))
	for i, t := range all {
		names[i] = t.Name
	}
	failWith(a.files, []string{fmt.Sprintf("--test %s matches no test of %s (tests: %s)", strings.Join(n.r.tests, ","), n.slug, strings.Join(names, ", "))})
	n.runnable = "no test selected"
}

func (a *testsAspect) schedule(*schedule) {}

func (a *testsAspect) report(b *reportBuilder) {
	b.add(a.files)
	b.add(a.distinct)
}

// testFile is one pair of test files found in the tests folder.
type testFile struct {
	name     string
	in, out  string // paths as shown in messages
	hasIn    bool
	hasOut   bool
	readable bool
}

// scanTests lists the tests folder of the package shown as disp and
// returns its findings: a .in without its .out (or the reverse) in
// unpaired, each with the command that fixes it, and in details those and
// a file that cannot be read, no tests at all.
func scanTests(disp string) (tests []testFile, details, unpaired []string) {
	dir := filepath.Join(disp, problem.TestsDir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, []string{dir + ": missing tests folder"}, nil
		}
		return nil, []string{fmt.Sprintf("%s: %v", dir, fileutil.UnwrapPath(err))}, nil
	}
	byName := map[string]*testFile{}
	var names []string
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if (ext != ".in" && ext != ".out") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		name := strings.TrimSuffix(e.Name(), ext)
		t := byName[name]
		if t == nil {
			t = &testFile{name: name, in: filepath.Join(dir, name+".in"), out: filepath.Join(dir, name+".out"), readable: true}
			byName[name] = t
			names = append(names, name)
		}
		path := filepath.Join(dir, e.Name())
		if ext == ".in" {
			t.hasIn = true
		} else {
			t.hasOut = true
		}
		if err := readable(path); err != nil {
			t.readable = false
			details = append(details, fmt.Sprintf("%s: cannot be read: %v", path, err))
		}
	}
	slices.SortFunc(names, problem.NaturalCompare)
	pairs := 0
	for _, n := range names {
		t := byName[n]
		switch {
		case !t.hasOut:
			unpaired = append(unpaired, fmt.Sprintf("%s: no matching %s.out (judge test fill %s computes it with the reference solution)", t.in, n, filepath.Base(filepath.Clean(disp))))
		case !t.hasIn:
			unpaired = append(unpaired, fmt.Sprintf("%s: no matching %s.in (remove it, or add its input with judge test add %s <input-file> --name %s)", t.out, n, filepath.Base(filepath.Clean(disp)), n))
		default:
			pairs++
		}
		tests = append(tests, *t)
	}
	if pairs == 0 && len(details) == 0 && len(unpaired) == 0 {
		details = append(details, dir+": no tests (want NAME.in and NAME.out pairs)")
	}
	return tests, append(unpaired, details...), unpaired
}

// readable returns why the file cannot be read, or nil.
func readable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		if _, lerr := os.Lstat(path); lerr == nil {
			return errors.New("dangling symbolic link")
		}
		return fileutil.UnwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return errors.New("not a regular file")
	}
	f, err := os.Open(path)
	if err != nil {
		return fileutil.UnwrapPath(err)
	}
	defer f.Close()
	var b [1]byte
	if _, err := f.Read(b[:]); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

// checkDistinct warns about tests whose inputs are the same bytes.
func checkDistinct(tests []testFile) *Check {
	c := &Check{Name: CheckDistinct}
	first := map[[32]byte]string{}
	var details []string
	n := 0
	for _, t := range tests {
		if !t.hasIn || !t.readable {
			continue
		}
		data, err := os.ReadFile(t.in)
		if err != nil {
			continue // the test files check says why
		}
		n++
		sum := sha256.Sum256(data)
		if f, ok := first[sum]; ok {
			details = append(details, fmt.Sprintf("%s: the same input as %s (remove one; for a generated test, judge test gen with another --seed)", t.in, f))
			continue
		}
		first[sum] = t.in
	}
	if len(details) > 0 {
		c.Status, c.Message, c.Details = Warn, details[0], details
		if len(details) > 1 {
			c.Message = fmt.Sprintf("%d inputs repeat another: %s", len(details), details[0])
		}
		return c
	}
	return pass(c, fmt.Sprintf("%s, no two the same", report.Plural(n, "input")))
}
