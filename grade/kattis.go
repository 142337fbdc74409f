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
// single source file, in the language of its extension, or a folder (see
// PickSources). The language comes from g.LanguageOf.
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
	prog, comp, err := g.Compiler.CompileWith(ctx, lang, source, extra)
	if err != nil {
		return nil, comp, fmt.Errorf("compile %s: %w", path, err)
	}
	return prog, comp, nil
}

// PickSources picks, among the files of a program or submission that is
// the folder dir (or the one file files[0] when dir is that file), the
// source to compile, its language and the files to place beside it. The
// language is the one most files are in (by extension; ties by name); the
// source is its one file, or of several the one called main.* or Main.*,
// or for Java the one declaring main, or else the first in lexicographic
// order (problemtools' rule). The other files of the folder come along
// (headers, modules), but not files in its sub-folders. Several C or C++
// files, and build/run scripts, are not supported yet.
func (g *Grader) PickSources(dir string, files []string) (string, *compile.Language, []runner.File, error) {
	if g.LanguageOf == nil {
		return "", nil, nil, errors.New("no languages to compile package programs with")
	}
	if len(files) == 1 && files[0] == dir {
		lang, err := g.LanguageOf(dir)
		return dir, lang, nil, err
	}
	var top []string
	for _, f := range files {
		rel, err := filepath.Rel(dir, f)
		if err != nil || strings.ContainsRune(rel, filepath.Separator) || strings.HasPrefix(rel, ".") {
			continue
		}
		if rel == "build" || rel == "run" {
			return "", nil, nil, fmt.Errorf("%s: programs with build and run scripts are not supported yet", dir)
		}
		top = append(top, f)
	}
	sort.Strings(top)
	byLang := map[*compile.Language][]string{}
	var best *compile.Language
	for _, f := range top {
		l, err := g.LanguageOf(f)
		if err != nil {
			continue
		}
		byLang[l] = append(byLang[l], f)
		if best == nil || len(byLang[l]) > len(byLang[best]) || len(byLang[l]) == len(byLang[best]) && l.Name < best.Name {
			best = l
		}
	}
	if best == nil {
		return "", nil, nil, fmt.Errorf("%s: no source file in a known language", dir)
	}
	sources := byLang[best]
	main := sources[0]
	if len(sources) > 1 {
		if best.Name == "c" || best.Name == "cpp" {
			return "", nil, nil, fmt.Errorf("%s: programs of several %s source files are not supported yet (%d files)", dir, best.Name, len(sources))
		}
		main = mainSource(sources)
	}
	var extra []runner.File
	for _, f := range top {
		if f != main {
			extra = append(extra, runner.File{Name: filepath.Base(f), Path: f})
		}
	}
	return main, best, extra, nil
}

// mainSource picks the main file among several of one language.
func mainSource(sources []string) string {
	for _, f := range sources {
		base := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))
		if base == "main" || base == "Main" {
			return f
		}
	}
	for _, f := range sources {
		if filepath.Ext(f) == ".java" {
			if data, err := os.ReadFile(f); err == nil && strings.Contains(string(data), "static void main") {
				return f
			}
		}
	}
	return sources[0]
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
