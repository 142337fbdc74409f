// Package problem loads problem packages: folders holding a problem.yaml
// configuration, a statement.md statement and tests/NAME.in, tests/NAME.out
// pairs, with optional validator/ and generator/ programs.
//
// Every error returned while loading a package is a single line naming the
// offending file, such as
//
//	problems/x/problem.yaml: time_limit: bad duration "fast"
package problem

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// Names of the files and folders making up a problem package.
const (
	ConfigFile    = "problem.yaml"
	StatementFile = "statement.md"
	TestsDir      = "tests"
	ValidatorDir  = "validator"
	GeneratorDir  = "generator"
)

// Checker kinds accepted in the checker key of problem.yaml.
const (
	CheckerTokens = "tokens"
	CheckerExact  = "exact"
	CheckerFloat  = "float"
	CheckerCustom = "custom"
	// CheckerDefault is the Kattis default output validator, with the
	// flags of Test.CheckerArgs.
	CheckerDefault = "default"
	// CheckerValidator is a Kattis custom output validator (Source is its
	// file or folder), run with the flags of Test.CheckerArgs.
	CheckerValidator = "validator"
)

// Defaults applied when problem.yaml leaves a key out.
const (
	DefaultOutputLimit = 64 * figures.MiB
	DefaultFloatAbs    = 1e-6
	DefaultFloatRel    = 1e-6
)

// ErrNotFound is wrapped by the error Find returns for an unknown slug.
var ErrNotFound = errors.New("problem not found")

// Limits are the resource limits of one run of a solution on one test.
type Limits struct {
	Time   time.Duration // CPU time limit
	Memory int64         // memory limit in bytes
	Output int64         // output size limit in bytes
}

// CheckerSpec says how outputs are checked against expected answers.
type CheckerSpec struct {
	Kind     string  // CheckerTokens, CheckerExact, CheckerFloat or CheckerCustom
	FloatAbs float64 // absolute tolerance, for CheckerFloat
	FloatRel float64 // relative tolerance, for CheckerFloat
	Source   string  // absolute path of the checker's Go source, for CheckerCustom; of the validator, for CheckerValidator
}

// Test is one input file and its expected answer.
type Test struct {
	// Name is the file name without extension, such as "sample1" or "3";
	// in a Kattis package the path under data/ without extension, such as
	// "secret/group1/01".
	Name   string
	Input  string // absolute path of NAME.in
	Output string // absolute path of NAME.out (NAME.ans in a Kattis package)
	Sample bool   // whether Name starts with "sample" (is under data/sample)
	// Group is the test's group folder under data/ in a Kattis package
	// ("secret/group1"), "" in a native one.
	Group string
	// CheckerArgs are the flags the output validator gets on this test
	// (Kattis packages: validator_flags and the group's flags).
	CheckerArgs []string
	// ValidatorArgs are the input validators' flags on this test, under
	// "" for every validator or under a validator's name (Kattis).
	ValidatorArgs map[string][]string
	// Static says the test is a 2025-09 static validation test case
	// (KattisInfo.StaticTests): the static validator judges the
	// submission's files, with CheckerArgs as its arguments; it has no
	// Input or Output.
	Static bool
}

// Problem is a loaded problem package.
type Problem struct {
	Slug      string      // base name of the package folder
	Dir       string      // absolute path of the package folder
	Title     string      // title from problem.yaml
	Limits    Limits      // resource limits
	Checker   CheckerSpec // how outputs are checked
	Reference string      // reference solution, relative to solutions/<slug>/, or ""
	Statement string      // absolute path of statement.md
	Validator string      // absolute path of validator/ if it holds main.go, else ""
	// InputValidator is the absolute path of the input_validator program
	// of problem.yaml (any language; exit 42 = valid, the Kattis
	// convention), else "". A package has it or Validator, not both.
	InputValidator string
	// ImportedFrom is problem.yaml's imported_from: the package judge
	// import made this one from, "" for a package written here.
	ImportedFrom string
	Generator    string // absolute path of generator/ if it holds main.go, else ""
	Tests        []Test // samples first, then the other tests, each sorted by NaturalLess on Name (Kattis: lexicographic, depth first)
	// Interactive says the submission talks with the output validator
	// (Checker.Kind CheckerValidator, the interactor) through pipes on
	// each test instead of reading the test's input: Kattis interactive
	// problems, and native ones with an interactor.
	Interactive bool
	// Passes is, for a multi-pass problem, the most passes a test may
	// take (a pass's validator asks for the next by writing nextpass.in);
	// 0 for others.
	Passes int
	// Scoring says how a scoring problem's submissions are scored (Kattis
	// type scoring, or a native problem.yaml with groups); nil for a
	// pass-fail problem.
	Scoring *Scoring
	// Format is FormatNative or FormatKattis.
	Format string
	// Feedback is what the service shows a contestant of the tests
	// (problem.yaml's feedback; a Kattis package has feedback.Default).
	Feedback feedback.Level
	// Kattis holds what only a Kattis package says, nil for a native one.
	Kattis *KattisInfo
}

// Load loads and validates the problem package in dir, native or Kattis
// (a folder with data/ and problem.yaml, see LoadKattis). Errors name the
// offending file using dir as given. In a native package a test file (or the tests folder) may
// be a symbolic link to a place inside the package folder, never outside
// it; validator/ and generator/ may link anywhere, such as to a sibling
// package's.
func Load(dir string) (*Problem, error) {
	if kattis.IsPackage(dir) {
		return LoadKattis(dir)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	cfgPath := filepath.Join(dir, ConfigFile)
	data, err := os.ReadFile(cfgPath)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfgPath, fileutil.UnwrapPath(err))
	}
	cfg, err := parseConfig(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfgPath, err)
	}
	p := &Problem{
		Slug:      filepath.Base(abs),
		Dir:       abs,
		Title:     cfg.title,
		Limits:    cfg.limits,
		Checker:   cfg.checker,
		Reference: cfg.reference,
		Format:    FormatNative,
	}
	if p.Checker.Kind == CheckerCustom {
		src := filepath.Join(dir, cfg.checker.Source)
		if err := requireFile(src); err != nil {
			return nil, fmt.Errorf("%s: checker_source: %q: %w", cfgPath, filepath.ToSlash(cfg.checker.Source), err)
		}
		p.Checker.Source = filepath.Join(abs, cfg.checker.Source)
	}

	if cfg.interactor != "" {
		src := filepath.Join(dir, cfg.interactor)
		if err := requireFile(src); err != nil {
			return nil, fmt.Errorf("%s: %s: %q: %w", cfgPath, keyInteractor, filepath.ToSlash(cfg.interactor), err)
		}
		p.Checker.Source = filepath.Join(abs, cfg.interactor)
		p.Interactive = true
	}

	stmt := filepath.Join(dir, StatementFile)
	if err := requireFile(stmt); err != nil {
		return nil, fmt.Errorf("%s: %w", stmt, err)
	}
	p.Statement = filepath.Join(abs, StatementFile)

	if p.Validator, err = program(dir, abs, ValidatorDir); err != nil {
		return nil, err
	}
	p.ImportedFrom = cfg.importedFrom
	p.Feedback = cfg.feedback
	if cfg.inputValidator != "" {
		src := filepath.Join(dir, cfg.inputValidator)
		if err := requireFile(src); err != nil {
			return nil, fmt.Errorf("%s: %s: %q: %w", cfgPath, keyInputValidator, filepath.ToSlash(cfg.inputValidator), err)
		}
		if p.Validator != "" {
			return nil, fmt.Errorf("%s: %s: not allowed with %s/main.go (one validator)", cfgPath, keyInputValidator, ValidatorDir)
		}
		p.InputValidator = filepath.Join(abs, cfg.inputValidator)
	}
	if p.Generator, err = program(dir, abs, GeneratorDir); err != nil {
		return nil, err
	}
	var unpaired []string
	if p.Tests, unpaired, err = loadTests(dir, abs); err != nil {
		return nil, err
	}
	if len(unpaired) > 0 {
		return nil, &UnpairedError{Problem: p, Unpaired: unpaired}
	}
	if cfg.groups != nil {
		if p.Scoring, err = nativeScoring(cfg.groups, p.Tests); err != nil {
			return nil, fmt.Errorf("%s: %w", cfgPath, err)
		}
	}
	return p, nil
}

// UnpairedError is Load's error for a package whose only fault is test
// files without their pair (a .in without its .out, or the reverse).
// Problem is the package with the complete pairs only (it may have no
// test), for the tools that report or fix the fault (judge verify, judge
// test fill); Unpaired lists each unpaired file's message.
type UnpairedError struct {
	Problem  *Problem
	Unpaired []string
}

// Error returns the first unpaired file's message.
func (e *UnpairedError) Error() string {
	msg := e.Unpaired[0]
	if n := len(e.Unpaired) - 1; n > 0 {
		msg += fmt.Sprintf(" (and %d more unpaired test files)", n)
	}
	return msg
}

// requireFile returns an error unless path is an existing regular file.
// The error does not repeat the path.
func requireFile(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return errors.New("file does not exist")
	case err != nil:
		return fileutil.UnwrapPath(err)
	case !fi.Mode().IsRegular():
		return errors.New("not a regular file")
	}
	return nil
}

// program returns the absolute path of the folder name in the package if
// it holds a main.go file, or "" if it does not.
func program(dir, abs, name string) (string, error) {
	if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || !fi.IsDir() {
		return "", nil
	}
	main := filepath.Join(dir, name, "main.go")
	fi, err := os.Stat(main)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil
	case err != nil:
		return "", fmt.Errorf("%s: %w", main, fileutil.UnwrapPath(err))
	case !fi.Mode().IsRegular():
		return "", fmt.Errorf("%s: not a regular file", main)
	}
	return filepath.Join(abs, name), nil
}

// loadTests pairs the .in and .out files of the tests folder. The files
// without their pair are returned apart, one message each.
func loadTests(dir, abs string) ([]Test, []string, error) {
	testsDir := filepath.Join(dir, TestsDir)
	entries, err := os.ReadDir(testsDir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, fmt.Errorf("%s: missing tests folder", testsDir)
		}
		return nil, nil, fmt.Errorf("%s: %w", testsDir, fileutil.UnwrapPath(err))
	}
	inside, err := insidePackage(dir, abs)
	if err != nil {
		return nil, nil, err
	}
	if err := inside(TestsDir); err != nil {
		return nil, nil, err
	}
	ins := map[string]bool{}
	outs := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		link := e.Type()&fs.ModeSymlink != 0
		if !e.Type().IsRegular() && !link {
			continue
		}
		ext := filepath.Ext(name)
		if ext != ".in" && ext != ".out" {
			continue
		}
		if link {
			if err := inside(filepath.Join(TestsDir, name)); err != nil {
				return nil, nil, err
			}
		}
		if ext == ".in" {
			ins[strings.TrimSuffix(name, ext)] = true
		} else {
			outs[strings.TrimSuffix(name, ext)] = true
		}
	}
	names := make([]string, 0, len(ins)+len(outs))
	for n := range ins {
		names = append(names, n)
	}
	for n := range outs {
		if !ins[n] {
			names = append(names, n)
		}
	}
	slices.SortFunc(names, NaturalCompare)
	tests := make([]Test, 0, len(ins))
	var unpaired []string
	for _, n := range names {
		switch {
		case n == "":
			return nil, nil, fmt.Errorf("%s: test file with empty name", testsDir)
		case !outs[n]:
			unpaired = append(unpaired, fmt.Sprintf("%s: no matching %s.out", filepath.Join(testsDir, n+".in"), n))
			continue
		case !ins[n]:
			unpaired = append(unpaired, fmt.Sprintf("%s: no matching %s.in", filepath.Join(testsDir, n+".out"), n))
			continue
		}
		tests = append(tests, Test{
			Name:   n,
			Input:  filepath.Join(abs, TestsDir, n+".in"),
			Output: filepath.Join(abs, TestsDir, n+".out"),
			Sample: strings.HasPrefix(n, "sample"),
		})
	}
	if len(tests) == 0 && len(unpaired) == 0 {
		return nil, nil, fmt.Errorf("%s: no tests (want NAME.in and NAME.out pairs)", testsDir)
	}
	return SamplesFirst(tests), unpaired, nil
}

// insidePackage returns a function that returns an error if the file rel
// of the package folder abs (given as dir) resolves, through symbolic
// links, to a place outside the folder. Tests must be files of the
// package: a test that links out of it would make the package depend on,
// and the judge read, whatever the link points to.
func insidePackage(dir, abs string) (func(rel string) error, error) {
	root, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, fileutil.UnwrapPath(err))
	}
	return func(rel string) error {
		path := filepath.Join(dir, rel)
		real, err := filepath.EvalSymlinks(filepath.Join(abs, rel))
		if err != nil {
			// A dangling link leads nowhere: reading the test fails, and
			// judge verify names it.
			return nil
		}
		if r, err := filepath.Rel(root, real); err != nil || !filepath.IsLocal(r) {
			return fmt.Errorf("%s: symbolic link to %s, outside the package folder (tests must be files inside it)", path, real)
		}
		return nil
	}, nil
}

// Find loads the problem called slug under root. If there is no such
// problem, the error wraps ErrNotFound and lists the known slugs.
func Find(root, slug string) (*Problem, error) {
	if slug != "" && filepath.IsLocal(slug) && !strings.ContainsAny(slug, `/\`) {
		dir := filepath.Join(root, slug)
		if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil {
			return Load(dir)
		}
	}
	known, err := slugs(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %q is not a problem folder, and there is no problems folder %q to look it up in (give the problem folder's path, or set problems_dir)", ErrNotFound, slug, root)
	}
	if err != nil {
		return nil, fmt.Errorf("find %q: %w", slug, err)
	}
	list := "none"
	if len(known) > 0 {
		list = strings.Join(known, ", ")
	}
	return nil, fmt.Errorf("%w: %q under %s (known: %s)", ErrNotFound, slug, root, list)
}

// List loads every problem package under root, in natural name order. A
// folder is a problem package if it holds a problem.yaml. Packages that
// fail to load are left out of the problems and reported in the errors.
func List(root string) ([]*Problem, []error) {
	known, err := slugs(root)
	if err != nil {
		return nil, []error{fmt.Errorf("list problems: %w", err)}
	}
	var (
		probs []*Problem
		errs  []error
	)
	for _, s := range known {
		p, err := Load(filepath.Join(root, s))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		probs = append(probs, p)
	}
	return probs, errs
}

// slugs returns the names of the folders under root that hold a
// problem.yaml, in natural order.
func slugs(root string) ([]string, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", root, fileutil.UnwrapPath(err))
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(root, e.Name(), ConfigFile)); err == nil {
			names = append(names, e.Name())
		}
	}
	slices.SortFunc(names, NaturalCompare)
	return names, nil
}
