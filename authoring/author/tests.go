package author

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"github.com/puzzlejudge/judge/internal/pool"
)

// Added describes a test written to a package.
type Added struct {
	Name   string // test name: tests/NAME.in and tests/NAME.out
	Input  string // path of NAME.in
	Output string // path of NAME.out
	From   string // where the input came from: a file, or a generator call
}

// AddOptions change how AddTests writes tests.
type AddOptions struct {
	// Force lets a test overwrite an existing one of the same name.
	Force bool
	// Name names the test (only with a single input); "" takes the next
	// free number.
	Name string
}

// GenOptions say which tests GenTests makes.
type GenOptions struct {
	// Count is how many inputs to generate.
	Count int
	// Seed is the first seed; the inputs use Seed, Seed+1, ... When
	// SeedSet is false, the first seed is one more than the largest seed
	// recorded in tests/generated.yaml (or 1).
	Seed    uint64
	SeedSet bool
	// Args are passed to the generator after the seed.
	Args []string
}

// Regenerated describes one test rebuilt by Regen.
type Regenerated struct {
	Name          string
	InputChanged  bool // the generator's output differs from tests/NAME.in (or it is missing)
	OutputChanged bool // the reference's output differs from tests/NAME.out (or it is missing)
}

// tools are the compiled programs that making tests needs.
type tools struct {
	validator *compile.Program
	validExit int // the validator's exit status for a valid input
	generator *compile.Program
	ref       Solution
	refProg   *compile.Program
}

// prepare compiles p's validator (required), its generator (when
// generator is true) and its reference solution.
func (tl *Tools) prepare(ctx context.Context, p *problem.Problem, generator bool) (*tools, error) {
	if p.Interactive {
		return nil, fmt.Errorf("%s: interactive problem: a test's .out is the interactor's answer file, not a reference's output; write tests/NAME.in and tests/NAME.out yourself", p.Dir)
	}
	if p.Validator == "" && p.InputValidator == "" {
		return nil, fmt.Errorf("%s: no validator (%s/main.go): inputs cannot be checked", p.Dir, problem.ValidatorDir)
	}
	if generator && p.Generator == "" {
		return nil, fmt.Errorf("%s: no generator (%s/main.go)", p.Dir, problem.GeneratorDir)
	}
	t := &tools{}
	var err error
	if t.validator, t.validExit, _, err = tl.CompileValidator(ctx, p); err != nil {
		return nil, err
	}
	if generator {
		if t.generator, _, err = tl.CompileGo(ctx, filepath.Join(p.Generator, "main.go")); err != nil {
			return nil, err
		}
	}
	if t.ref, err = tl.Reference(p); err != nil {
		return nil, err
	}
	if t.refProg, _, err = tl.compile(ctx, t.ref.Language, t.ref.Path); err != nil {
		return nil, err
	}
	return t, nil
}

// check validates the input file and computes its expected output with the
// reference solution. from names the input in errors.
func (tl *Tools) check(ctx context.Context, p *problem.Problem, t *tools, input, output, from string) error {
	v, err := tl.ValidateExit(ctx, t.validator, input, t.validExit)
	if err != nil {
		return err
	}
	if !v.Valid {
		return fmt.Errorf("%s: %w: %s", from, ErrInvalid, v.Message)
	}
	if _, err := tl.Solve(ctx, p, t.refProg, input, output); err != nil {
		var ie *InternalError
		if errors.As(err, &ie) || ctx.Err() != nil {
			return err
		}
		return fmt.Errorf("%s: reference solution %s: %w", from, t.ref.Path, err)
	}
	return nil
}

// AddTests adds the input files as tests of p: each is validated, its
// expected output computed with the reference solution, and both written
// as tests/NAME.in and tests/NAME.out, NAME being the next free number. If
// any input fails, nothing is written.
func (tl *Tools) AddTests(ctx context.Context, p *problem.Problem, inputs []string, opt AddOptions) ([]Added, error) {
	if len(inputs) == 0 {
		return nil, errors.New("no input files")
	}
	if opt.Name != "" {
		if len(inputs) > 1 {
			return nil, errors.New("a test name can be given for a single input only")
		}
		if err := checkName(opt.Name); err != nil {
			return nil, err
		}
	}
	for _, in := range inputs {
		fi, err := os.Stat(in)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in, fileutil.UnwrapPath(err))
		}
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("%s: not a regular file", in)
		}
	}
	t, err := tl.prepare(ctx, p, false)
	if err != nil {
		return nil, err
	}
	stage, err := os.MkdirTemp("", "judge-add-")
	if err != nil {
		return nil, &InternalError{fmt.Errorf("create staging folder: %w", err)}
	}
	defer os.RemoveAll(stage)
	err = pool.Run(ctx, len(inputs), tl.workers(), func(ctx context.Context, i int) error {
		in := filepath.Join(stage, strconv.Itoa(i)+".in")
		data, err := os.ReadFile(inputs[i])
		if err != nil {
			return fmt.Errorf("%s: %w", inputs[i], fileutil.UnwrapPath(err))
		}
		if err := os.WriteFile(in, data, 0o644); err != nil {
			return &InternalError{err}
		}
		return tl.check(ctx, p, t, in, filepath.Join(stage, strconv.Itoa(i)+".out"), inputs[i])
	})
	if err != nil {
		return nil, err
	}
	names := []string{opt.Name}
	if opt.Name == "" {
		if names, err = nextNames(p, len(inputs)); err != nil {
			return nil, err
		}
	}
	added := make([]Added, len(inputs))
	for i := range inputs {
		added[i] = Added{Name: names[i], From: inputs[i]}
	}
	return added, tl.write(p, stage, added, opt.Force, nil)
}

// GenTests generates opt.Count inputs with p's generator and adds them as
// tests like AddTests, recording the seed and arguments of each in
// tests/generated.yaml so that Regen can rebuild them.
func (tl *Tools) GenTests(ctx context.Context, p *problem.Problem, opt GenOptions) ([]Added, error) {
	if opt.Count <= 0 {
		return nil, fmt.Errorf("count must be positive, got %d", opt.Count)
	}
	seed := opt.Seed
	if !opt.SeedSet {
		recorded, err := ReadGenerated(p.Dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		seed = 1
		for _, r := range recorded {
			seed = max(seed, r.Seed+1)
		}
	}
	t, err := tl.prepare(ctx, p, true)
	if err != nil {
		return nil, err
	}
	stage, err := os.MkdirTemp("", "judge-gen-")
	if err != nil {
		return nil, &InternalError{fmt.Errorf("create staging folder: %w", err)}
	}
	defer os.RemoveAll(stage)
	err = pool.Run(ctx, opt.Count, tl.workers(), func(ctx context.Context, i int) error {
		s := seed + uint64(i)
		in := filepath.Join(stage, strconv.Itoa(i)+".in")
		if _, err := tl.Generate(ctx, t.generator, s, opt.Args, in); err != nil {
			return err
		}
		return tl.check(ctx, p, t, in, filepath.Join(stage, strconv.Itoa(i)+".out"), "generator "+GenCall(s, opt.Args))
	})
	if err != nil {
		return nil, err
	}
	names, err := nextNames(p, opt.Count)
	if err != nil {
		return nil, err
	}
	added := make([]Added, opt.Count)
	records := make([]GeneratedTest, opt.Count)
	for i := range added {
		s := seed + uint64(i)
		added[i] = Added{Name: names[i], From: "generator " + GenCall(s, opt.Args)}
		records[i] = GeneratedTest{Name: names[i], Seed: s, Args: opt.Args}
	}
	gen, err := appendGenerated(p.Dir, records)
	if err != nil {
		return nil, err
	}
	return added, tl.write(p, stage, added, false, gen)
}

// Regen rebuilds every test recorded in tests/generated.yaml: it runs the
// generator with the recorded seed and arguments, validates the input and
// computes the expected output with the reference solution. Unless check
// is set, it writes the files that changed. It reports, for every test,
// what changed.
func (tl *Tools) Regen(ctx context.Context, p *problem.Problem, check bool) ([]Regenerated, error) {
	entries, err := ReadGenerated(p.Dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file: nothing to regenerate", GeneratedPath(p.Dir))
		}
		return nil, err
	}
	t, err := tl.prepare(ctx, p, true)
	if err != nil {
		return nil, err
	}
	stage, err := os.MkdirTemp("", "judge-regen-")
	if err != nil {
		return nil, &InternalError{fmt.Errorf("create staging folder: %w", err)}
	}
	defer os.RemoveAll(stage)
	out, err := pool.Map(ctx, len(entries), pool.Options[Regenerated]{Workers: tl.workers()}, func(ctx context.Context, _, i int) (Regenerated, error) {
		e := entries[i]
		in := filepath.Join(stage, strconv.Itoa(i)+".in")
		exp := filepath.Join(stage, strconv.Itoa(i)+".out")
		if _, err := tl.Generate(ctx, t.generator, e.Seed, e.Args, in); err != nil {
			return Regenerated{}, fmt.Errorf("test %s: %w", e.Name, err)
		}
		if err := tl.check(ctx, p, t, in, exp, fmt.Sprintf("test %s: generator %s", e.Name, GenCall(e.Seed, e.Args))); err != nil {
			return Regenerated{}, err
		}
		return Regenerated{
			Name:          e.Name,
			InputChanged:  !sameFiles(in, testPath(p, e.Name, ".in")),
			OutputChanged: !sameFiles(exp, testPath(p, e.Name, ".out")),
		}, nil
	})
	if err != nil {
		return nil, err
	}
	if check {
		return out, nil
	}
	b := &Batch{}
	for i, r := range out {
		if r.InputChanged {
			b.AddCopy(testPath(p, r.Name, ".in"), filepath.Join(stage, strconv.Itoa(i)+".in"), 0o644)
		}
		if r.OutputChanged {
			b.AddCopy(testPath(p, r.Name, ".out"), filepath.Join(stage, strconv.Itoa(i)+".out"), 0o644)
		}
	}
	if err := b.Commit(); err != nil {
		return nil, err
	}
	return out, nil
}

// write moves the staged tests i.in and i.out into the package as
// added[i].Name, with generated.yaml's new content when gen is not nil.
// It fills in the paths of added.
func (tl *Tools) write(p *problem.Problem, stage string, added []Added, force bool, gen []byte) error {
	b := &Batch{}
	for i := range added {
		a := &added[i]
		a.Input, a.Output = testPath(p, a.Name, ".in"), testPath(p, a.Name, ".out")
		if !force {
			for _, f := range []string{a.Input, a.Output} {
				if _, err := os.Lstat(f); err == nil {
					return fmt.Errorf("%s: already exists (use --force to overwrite)", f)
				}
			}
		}
		b.AddCopy(a.Input, filepath.Join(stage, strconv.Itoa(i)+".in"), 0o644)
		b.AddCopy(a.Output, filepath.Join(stage, strconv.Itoa(i)+".out"), 0o644)
	}
	if gen != nil {
		b.AddData(GeneratedPath(p.Dir), gen, 0o644)
	}
	return b.Commit()
}

func testPath(p *problem.Problem, name, ext string) string {
	return filepath.Join(p.Dir, problem.TestsDir, name+ext)
}

// sameFiles reports whether two files hold the same bytes (false when
// either cannot be read).
func sameFiles(a, b string) bool {
	da, err := os.ReadFile(a)
	if err != nil {
		return false
	}
	return sameFile(b, da)
}

// checkName refuses a test name that is not a plain file name.
func checkName(name string) error {
	if name == "" || strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") ||
		strings.HasSuffix(name, ".in") || strings.HasSuffix(name, ".out") {
		return fmt.Errorf("bad test name %q: want a plain name such as 12 or max-size, without extension", name)
	}
	return nil
}

// nextNames returns n free test names continuing the package's numbering:
// one more than the largest number a test name starts with, padded with
// zeros like the existing names ("07" after "06-edge").
func nextNames(p *problem.Problem, n int) ([]string, error) {
	testsDir := filepath.Join(p.Dir, problem.TestsDir)
	entries, err := os.ReadDir(testsDir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", testsDir, fileutil.UnwrapPath(err))
	}
	taken := map[string]bool{}
	last, width := 0, 0
	for _, e := range entries {
		name := e.Name()
		ext := filepath.Ext(name)
		if ext != ".in" && ext != ".out" {
			continue
		}
		name = strings.TrimSuffix(name, ext)
		taken[name] = true
		digits := len(name) - len(strings.TrimLeft(name, "0123456789"))
		if digits == 0 || digits > 9 {
			continue
		}
		v, _ := strconv.Atoi(name[:digits])
		last = max(last, v)
		if name[0] == '0' && digits > 1 {
			width = max(width, digits)
		}
	}
	names := make([]string, 0, n)
	for v := last + 1; len(names) < n; v++ {
		name := fmt.Sprintf("%0*d", width, v)
		if !taken[name] {
			names = append(names, name)
		}
	}
	return names, nil
}
