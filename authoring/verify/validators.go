package verify

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/puzzlejudge/judge/authoring/author"
	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
)

// validatorsAspect is a native package's validator (validator/main.go,
// or an imported package's input_validator program): it compiles,
// accepts every test input, and rejects the junk made from them
// (junk.go). The generator's outputs are validated with it too.
type validatorsAspect struct {
	n   *nativePkg
	gen *generatorsAspect // whose runs wait for the validator
	// prog is the validator, compiled; err why it is not. validExit is
	// its exit status for a valid input: 0, or 42 for an input_validator
	// program.
	prog      *compile.Program
	validExit int
	err       error
	results   []toolResult // per test

	junk    []junkCase
	junkDir string
	junkRes []toolResult // per junk case
}

// toolResult is a validator's answer on one input.
type toolResult struct {
	done bool
	v    author.Validation
	err  error
}

// present reports whether the package has a validator.
func (a *validatorsAspect) present() bool {
	return a.n.p != nil && (a.n.p.Validator != "" || a.n.p.InputValidator != "")
}

func (a *validatorsAspect) schedule(s *schedule) {
	n := a.n
	if n.runnable != "" || !a.present() {
		return
	}
	p := n.p
	lang := n.r.eng.Config.Languages["go"]
	if l, err := n.r.eng.Config.Language(p.InputValidator, ""); p.InputValidator != "" && err == nil {
		lang = l
	}
	s.compile(lang, func(ctx context.Context) {
		var c compile.Compilation
		a.prog, a.validExit, c, a.err = n.r.tools.CompileValidator(ctx, p)
		n.r.compiled(c)
	}, func() {
		a.start(s)
		a.gen.ready(s, true, false)
	})
	s.expect(len(p.Tests) + len(a.junk))
}

// start adds the validator's runs on every test and on junk, once it is
// compiled.
func (a *validatorsAspect) start(s *schedule) {
	done := func() { a.n.emit(a.check(), a.junkCheck()) }
	s.add(a.sequence(), rankTools, done, len(a.n.p.Tests)+len(a.junk))
}

// sequence makes the jobs that run the validator on every test and on
// junk, or returns nil when it did not compile.
func (a *validatorsAspect) sequence() *sequence {
	if a.prog == nil {
		return nil
	}
	p := a.n.p
	a.results = make([]toolResult, len(p.Tests))
	s := newSequence(false)
	for i, t := range p.Tests {
		s.add(func(ctx context.Context) bool { a.validate(ctx, t.Input, &a.results[i]); return false })
	}
	a.junkRes = make([]toolResult, len(a.junk))
	for i := range a.junk {
		s.add(func(ctx context.Context) bool { a.validateJunk(ctx, i, &a.junkRes[i]); return false })
	}
	return s
}

// validate runs the validator on the input.
func (a *validatorsAspect) validate(ctx context.Context, input string, into *toolResult) {
	in, err := runcache.HashFile(input)
	a.validateOn(ctx, in, err == nil, func() (string, error) { return input, nil }, into)
}

// validateJunk runs the validator on junk case i, whose file is written
// only when the run cache does not have the answer.
func (a *validatorsAspect) validateJunk(ctx context.Context, i int, into *toolResult) {
	a.validateOn(ctx, runcache.HashBytes(a.junk[i].data), true, func() (string, error) { return a.junkFile(i) }, into)
}

// validateOn runs the validator on the input file that file returns,
// whose bytes' hash is in (usable when hashed), unless the run cache has
// its answer.
func (a *validatorsAspect) validateOn(ctx context.Context, in string, hashed bool, file func() (string, error), into *toolResult) {
	r := a.n.r
	key, useCache := a.key(ctx, in)
	useCache = useCache && hashed
	var c cachedValidation
	if useCache && r.cache.Get(key, &c) {
		r.hit()
		*into = toolResult{done: true, v: c.validation()}
		return
	}
	input, err := file()
	if err != nil {
		*into = toolResult{done: true, err: err}
		return
	}
	v, err := r.tools.ValidateExit(ctx, a.prog, input, a.validExit)
	if err == nil {
		r.ran(v.Result.CPU)
	}
	*into = toolResult{done: err == nil || ctx.Err() == nil, v: v, err: err}
	if useCache && ctx.Err() == nil && validationCacheable(v, err) {
		_ = r.cache.Put(key, toValidation(v)) // a result not kept is made again next time
	}
}

func (a *validatorsAspect) report(b *reportBuilder) {
	b.ran(CheckValidator, a.check)
	b.ran(CheckJunk, a.junkCheck)
}

func (a *validatorsAspect) check() *Check {
	n := a.n
	c := &Check{Name: CheckValidator}
	switch {
	case n.blame == CheckValidator:
		return fail(c, n.loadErr.Error())
	case n.runnable != "":
		return skip(c, n.runnable)
	case !a.present() && n.p.ImportedFrom != "":
		return warn(c, fmt.Sprintf("imported from a package without an input validator (%s): inputs are not checked; add %s/main.go",
			n.p.ImportedFrom, problem.ValidatorDir))
	case !a.present():
		return fail(c, fmt.Sprintf("%s: no validator: add %s/main.go, a Go program that reads one input on stdin and exits 0 only when it is valid",
			filepath.Join(n.disp, problem.ValidatorDir), problem.ValidatorDir))
	case a.err != nil:
		return failErr(c, a.err)
	}
	var details []string
	isInternal := false
	for i, t := range n.p.Tests {
		res := a.results[i]
		c.TimeMs += res.v.Result.Wall.Milliseconds()
		switch {
		case res.err != nil:
			isInternal = true
			details = append(details, fmt.Sprintf("%s: internal error: %v", n.testPath(t.Name, ".in"), res.err))
		case !res.v.Valid:
			details = append(details, fmt.Sprintf("%s: rejected by the validator: %s (fix the input or the validator; judge test add %s <input-file> --name %s --force replaces it)",
				n.testPath(t.Name, ".in"), res.v.Message, n.slug, t.Name))
		}
	}
	if len(details) > 0 {
		return failDetails(c, details, isInternal)
	}
	return pass(c, "accepts "+all(len(n.p.Tests), "test input"))
}
