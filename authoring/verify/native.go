package verify

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/puzzlejudge/judge/core/problem"
)

// nativePkg is what the aspects of a native package share: the problem
// as loaded, and whether its programs run (pkg.runnable).
type nativePkg struct {
	*pkg
	r       *run
	p       *problem.Problem
	loadErr error
	blame   string // the check the load error belongs to
	// limitOverride is set when --time-limit replaced the time limit.
	limitOverride bool
	// toolIDs identify the validator and the generator in the run cache's
	// keys.
	toolIDs toolIDs
}

// nativePackage loads a native package, makes its static checks and
// its aspects, and plans what its programs are to run.
func (r *run) nativePackage(disp string, index int) (*pkg, error) {
	abs, err := filepath.Abs(disp)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", disp, err)
	}
	n := &nativePkg{pkg: newPkg(disp, filepath.Base(abs)), r: r}
	n.order = nativeOrder
	n.load()
	config := newConfigAspect(n)
	tests := newTestsAspect(n)
	statement := newStatementAspect(n, tests.found)
	checker := &checkerAspect{n: n}
	sols := newSolutionsAspect(n, checker)
	switch {
	case n.p == nil:
		n.runnable = "the package does not load"
	case tests.broken():
		n.runnable = "the test files are broken"
	}
	if n.runnable == "" {
		tests.selectTests()
	}
	val := &validatorsAspect{n: n}
	gen := newGeneratorsAspect(n, val)
	if n.runnable == "" {
		// What is to be run: the validator on every test and on junk,
		// the generator, every solution.
		gen.readGenerated()
		val.makeJunkCases(index)
		sols.plan()
	}
	refs := &referencesAspect{n: n, sols: sols, checker: checker}
	n.aspects = []aspect{config, statement, tests, checker, val, gen, sols, refs}
	if n.p != nil {
		n.title = n.p.Title
	}
	n.timing = sols.timing
	return n.pkg, nil
}

// load loads the problem; test files without their pair are the test
// files check's failure, and the rest of the package is checked with the
// complete pairs.
func (n *nativePkg) load() {
	n.p, n.loadErr = problem.Load(n.disp)
	var ue *problem.UnpairedError
	if errors.As(n.loadErr, &ue) {
		n.p, n.loadErr = ue.Problem, nil
	}
	if n.loadErr != nil {
		n.blame = blame(n.disp, n.loadErr)
	}
	if n.p != nil && n.r.timeLimit > 0 {
		n.p.Limits.Time = n.r.timeLimit
		n.limitOverride = true
	}
}

// emit gives final checks of the package to OnCheck.
func (n *nativePkg) emit(checks ...*Check) {
	for _, c := range checks {
		n.r.emit(n.pkg, c)
	}
}

// interactive reports whether the problem loaded and is interactive.
func (n *nativePkg) interactive() bool { return n.p != nil && n.p.Interactive }

// customChecker reports whether the problem has a program that judges the
// solutions: a custom checker, or an interactor.
func (n *nativePkg) customChecker() bool {
	return n.p != nil && (n.p.Checker.Kind == problem.CheckerCustom || n.p.Interactive)
}

func (n *nativePkg) testPath(name, ext string) string {
	return filepath.Join(n.disp, problem.TestsDir, name+ext)
}

// blame returns the check a load error of the package belongs to, from
// the file it names.
func blame(disp string, err error) string {
	msg := err.Error()
	for _, b := range []struct{ path, check string }{
		{problem.ConfigFile, CheckConfig},
		{problem.StatementFile, CheckStatement},
		{problem.TestsDir, CheckTestFiles},
		{problem.ValidatorDir, CheckValidator},
		{problem.GeneratorDir, CheckGenerator},
	} {
		if strings.HasPrefix(msg, filepath.Join(disp, b.path)) {
			return b.check
		}
	}
	return CheckConfig
}

// matchAny reports whether name matches one of the globs.
func matchAny(globs []string, name string) bool {
	for _, g := range globs {
		if ok, _ := path.Match(g, name); ok {
			return true
		}
	}
	return false
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
