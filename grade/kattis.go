package grade

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/puzzlejudge/judge/checker"
	"github.com/puzzlejudge/judge/compile"
	"github.com/puzzlejudge/judge/problem"
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
	case p.Kattis.Interactive:
		return fmt.Errorf("%s: interactive problems are not supported yet", p.Slug)
	case p.Kattis.MultiPass:
		return fmt.Errorf("%s: multi-pass problems are not supported yet", p.Slug)
	case p.Limits.Time <= 0:
		return fmt.Errorf("%s: the package gives no time limit; derive it from the accepted submissions first (judge verify, or grade.DeriveTimeLimit)", p.Slug)
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
// single source file, in the language of its extension, or a folder
// holding one source file of the language most of its files are in (and,
// for C and C++, headers). The language comes from g.LanguageOf.
func (g *Grader) CompileProgram(ctx context.Context, path string) (*compile.Program, compile.Compilation, error) {
	if g.LanguageOf == nil {
		return nil, compile.Compilation{}, errors.New("no languages to compile package programs with")
	}
	source, err := g.programSource(path)
	if err != nil {
		return nil, compile.Compilation{}, err
	}
	lang, err := g.LanguageOf(source)
	if err != nil {
		return nil, compile.Compilation{}, err
	}
	prog, comp, err := g.Compiler.Compile(ctx, lang, source)
	if err != nil {
		return nil, comp, fmt.Errorf("compile %s: %w", path, err)
	}
	return prog, comp, nil
}

// programSource returns the source file of a program that is a file or a
// folder.
func (g *Grader) programSource(path string) (string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	if !fi.IsDir() {
		return path, nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return "", err
	}
	byLang := map[*compile.Language][]string{}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasPrefix(n, ".") {
			continue
		}
		if n == "build" || n == "run" {
			return "", fmt.Errorf("%s: programs with build and run scripts are not supported yet", path)
		}
		if l, err := g.LanguageOf(n); err == nil {
			byLang[l] = append(byLang[l], filepath.Join(path, n))
		}
	}
	var best *compile.Language
	for l, files := range byLang {
		if best == nil || len(files) > len(byLang[best]) || len(files) == len(byLang[best]) && l.Name < best.Name {
			best = l
		}
	}
	switch {
	case best == nil:
		return "", fmt.Errorf("%s: no source file in a known language", path)
	case len(byLang[best]) > 1:
		files := byLang[best]
		sort.Strings(files)
		return "", fmt.Errorf("%s: programs of several %s source files are not supported yet (%d files)", path, best.Name, len(files))
	}
	return byLang[best][0], nil
}

// validator compiles a Kattis package's custom output validator.
func (g *Grader) validator(ctx context.Context, p *problem.Problem) (checker.Checker, error) {
	prog, comp, err := g.CompileProgram(ctx, p.Checker.Source)
	if err != nil {
		return nil, fmt.Errorf("output validator: %w", err)
	}
	if !comp.OK {
		return nil, fmt.Errorf("output validator %s does not compile: %s", p.Checker.Source, comp.Output)
	}
	return checker.Validator{Custom: checker.Custom{Sandbox: g.Sandbox, Program: prog, Limits: ValidationLimits(p)}}, nil
}
