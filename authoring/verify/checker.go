package verify

import (
	"context"
	"fmt"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/runner"
)

// checkerAspect is a native package's custom checker or interactor: it
// compiles. The solutions run once it has.
type checkerAspect struct {
	n    *nativePkg
	sols *solutionsAspect // whose runs wait for the checker
	prog *compile.Program // the custom checker or interactor, compiled
	err  error            // why it is not
}

func (a *checkerAspect) schedule(s *schedule) {
	n := a.n
	if n.runnable != "" || !n.customChecker() {
		return
	}
	lang, job := n.r.eng.Config.Languages["go"], a.compileChecker
	if n.p.Interactive {
		lang, job = a.interactorCompile()
	}
	s.compile(lang, job, func() {
		n.emit(a.check())
		a.sols.ready(s, nil)
	})
}

// compileChecker compiles a custom checker (Go).
func (a *checkerAspect) compileChecker(ctx context.Context) {
	var c compile.Compilation
	a.prog, c, a.err = a.n.r.tools.CompileGo(ctx, a.n.p.Checker.Source)
	a.n.r.compiled(c)
}

// interactorCompile returns the language of an interactive problem's
// interactor and the compile job that sets a.err when it does not
// compile (or its language is unknown).
func (a *checkerAspect) interactorCompile() (*compile.Language, func(context.Context)) {
	r := a.n.r
	src := a.n.p.Checker.Source
	lang, err := r.eng.Config.Language(src, "")
	if err != nil {
		return nil, func(context.Context) { a.err = fmt.Errorf("interactor %s: %w", src, err) }
	}
	return lang, func(ctx context.Context) {
		prog, c, err := r.eng.Compiler.Compile(ctx, lang, src)
		r.compiled(c)
		a.prog = prog
		switch {
		case err != nil && ctx.Err() == nil:
			a.err = &author.InternalError{Err: fmt.Errorf("compile %s: %w", src, err)}
		case err == nil && !c.OK:
			a.err = fmt.Errorf("%s: does not compile: %s", src, author.FirstLines(c.Output, 3))
		}
	}
}

func (a *checkerAspect) report(b *reportBuilder) {
	if a.n.customChecker() {
		b.ran(CheckChecker, a.check)
	}
}

func (a *checkerAspect) check() *Check {
	c := &Check{Name: CheckChecker}
	switch {
	case a.n.runnable != "":
		return skip(c, a.n.runnable)
	case a.err != nil:
		return failErr(c, a.err)
	}
	if a.n.p.Interactive {
		return pass(c, "interactor compiles")
	}
	return pass(c, "custom checker compiles")
}

// files returns the checker's program files for the run cache's keys,
// nil for a built-in checker.
func (a *checkerAspect) files() []runner.File {
	if a.prog == nil {
		return nil
	}
	return a.prog.Files
}
