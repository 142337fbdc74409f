package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/runner"
)

// judgeable returns an error when the problem cannot be judged as it is:
// a Kattis package whose time limit is still to be derived from its
// accepted submissions, or of a type the judge does not run yet.
func judgeable(p *problem.Problem) error {
	if p.Kattis == nil {
		return nil
	}
	switch {
	case p.Limits.Time <= 0:
		return fmt.Errorf("%s: the package gives no time limit; derive it from the accepted submissions first (judge verify, or authoring/timelimit.Resolve)", p.Slug)
	}
	return nil
}

// ValidationLimits returns the limits a Kattis package's validators run
// under: validation_time of CPU (wall twice that plus a second),
// validation_memory, and validation_output of output.
func ValidationLimits(p *problem.Problem) runner.Limits {
	if p.Kattis == nil {
		return checker.CustomLimits()
	}
	v := p.Kattis.ValidationLimits
	return runner.Limits{
		CPU:    v.Time,
		Wall:   runner.DefaultWall(v.Time),
		Memory: v.Memory,
		Output: v.Output,
		Stderr: 64 << 10,
	}
}

// CompileProgram compiles a program of a Kattis package (a validator): a
// single source file, in the language of its extension, or a folder (see
// PickSources), with the package's constants substituted in its files.
// The language comes from g.LanguageOf.
func (g *Grader) CompileProgram(ctx context.Context, path string) (*compile.Program, compile.Compilation, error) {
	if g.LanguageOf == nil {
		return nil, compile.Compilation{}, errors.New("no languages to compile package programs with")
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, compile.Compilation{}, err
	}
	files := []string{path}
	if fi.IsDir() {
		entries, err := os.ReadDir(path)
		if err != nil {
			return nil, compile.Compilation{}, err
		}
		files = files[:0]
		for _, e := range entries {
			if !e.IsDir() {
				files = append(files, filepath.Join(path, e.Name()))
			}
		}
	}
	source, lang, extra, err := g.PickSources(path, files)
	if err != nil {
		return nil, compile.Compilation{}, err
	}
	dir, constants, err := kattis.ConstantsOf(path)
	if err != nil {
		return nil, compile.Compilation{}, err
	}
	source, extra, done, err := withConstants(dir, constants, source, extra)
	if err != nil {
		return nil, compile.Compilation{}, err
	}
	prog, comp, err := g.Compiler.CompileWith(ctx, lang, source, extra)
	done()
	if err != nil {
		return nil, comp, fmt.Errorf("compile %s: %w", path, err)
	}
	return prog, comp, nil
}

// validator compiles a Kattis package's custom output validator.
func (g *Grader) validator(ctx context.Context, p *problem.Problem) (checker.Validator, error) {
	prog, comp, err := g.CompileProgram(ctx, p.Checker.Source)
	if err != nil {
		return checker.Validator{}, fmt.Errorf("output validator: %w", err)
	}
	if !comp.OK {
		return checker.Validator{}, fmt.Errorf("output validator %s does not compile: %s", p.Checker.Source, comp.Output)
	}
	return checker.Validator{Custom: checker.Custom{Sandbox: g.Sandbox, Program: prog, Limits: ValidationLimits(p)}}, nil
}

// session is the output validator of a problem whose tests are more than
// one run and one check (runSession): interactive problems, where the
// submission runs against it, and multi-pass problems, where it may ask
// for another pass.
type session struct {
	checker.Validator
	interactive bool
	passes      int // multi-pass: at most this many passes; 0 for one
}
