package grade

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/runner"
)

// CompileSubmission compiles a submission's source (with its extra
// files) for p as Grade does: with a Kattis package's included files
// (WithIncludes) and, in a package's own files, its constants
// substituted. A compile error is not an error (see compile.Compiler);
// an error wrapping runner.ErrCommandNotFound says the compiler is not
// installed here.
func (g *Grader) CompileSubmission(ctx context.Context, p *problem.Problem, lang *compile.Language, source string, extra []runner.File) (*compile.Program, compile.Compilation, error) {
	source, extra, err := WithIncludes(p, lang, source, extra)
	if err != nil {
		return nil, compile.Compilation{}, err
	}
	if p.Kattis != nil && p.Kattis.Package != nil {
		var done func()
		source, extra, done, err = withConstants(p.Dir, p.Kattis.Package.Metadata.Constants, source, extra)
		if err != nil {
			return nil, compile.Compilation{}, err
		}
		defer done()
	}
	return g.Compiler.CompileWith(ctx, lang, source, extra)
}

// withConstants returns source and extra with every file of the Kattis
// package in dir (see kattis.SubstitutesIn: validators, included files,
// example submissions; not a contestant's file from elsewhere) that holds
// a sequence of one of its constants replaced by a copy with them
// substituted, under its own name, in a new temporary folder; done
// removes that folder once the compile has taken the files. A folder
// source (build/run scripts) is left as it is. Without constants, or
// without such a file, it returns its arguments.
func withConstants(dir string, c kattis.Constants, source string, extra []runner.File) (string, []runner.File, func(), error) {
	done := func() {}
	if len(c) == 0 {
		return source, extra, done, nil
	}
	tmp := ""
	substitute := func(path, name string) (string, error) {
		if !kattis.SubstitutesIn(dir, path) {
			return path, nil
		}
		fi, err := os.Stat(path)
		if err != nil || !fi.Mode().IsRegular() {
			return path, nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return "", fmt.Errorf("constants: %w", err)
		}
		if !c.Has(data) {
			return path, nil
		}
		if tmp == "" {
			if tmp, err = os.MkdirTemp("", "judge-constants-"); err != nil {
				return "", fmt.Errorf("constants: %w", err)
			}
		}
		// A folder per file: names of several files may be the same.
		d, err := os.MkdirTemp(tmp, "f")
		if err != nil {
			return "", fmt.Errorf("constants: %w", err)
		}
		out := filepath.Join(d, name)
		if err := os.WriteFile(out, c.Substitute(data), fi.Mode().Perm()); err != nil {
			return "", fmt.Errorf("constants: %w", err)
		}
		return out, nil
	}
	fail := func(err error) (string, []runner.File, func(), error) {
		if tmp != "" {
			os.RemoveAll(tmp)
		}
		return "", nil, done, err
	}
	src, err := substitute(source, filepath.Base(source))
	if err != nil {
		return fail(err)
	}
	out := make([]runner.File, len(extra))
	for i, f := range extra {
		p, err := substitute(f.Path, filepath.Base(f.Name))
		if err != nil {
			return fail(err)
		}
		out[i] = runner.File{Name: f.Name, Path: p}
	}
	if tmp != "" {
		done = func() { os.RemoveAll(tmp) }
	}
	return src, out, done, nil
}
