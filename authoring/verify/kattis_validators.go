package verify

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/runner"
)

// inputValidatorsAspect is a Kattis package's input validators: each runs
// on every test input with the flags of the test's group, and exit 42 is
// valid. Validators of kinds or languages the judge cannot run are
// skipped with a warning.
type inputValidatorsAspect struct {
	k        *kattisPkg
	vals     []*inputValidator // in the package's order
	programs int               // how many of them are programs, which run
	left     int               // programs whose runs have not ended (run.mu)
}

// inputValidator is one input validator of the package and its runs.
type inputValidator struct {
	v    kattis.Program
	prog *compile.Program
	comp compile.Compilation
	err  error
	why  []string // per test: why its input is rejected, "" if valid
	errs []error  // per test: the judge's failure
}

func newInputValidatorsAspect(k *kattisPkg) *inputValidatorsAspect {
	a := &inputValidatorsAspect{k: k}
	for _, v := range k.p.Kattis.Package.InputValidators {
		a.vals = append(a.vals, &inputValidator{v: v})
		if v.Kind == kattis.KindProgram {
			a.programs++
		}
	}
	return a
}

func (a *inputValidatorsAspect) schedule(s *schedule) {
	k := a.k
	tests := len(k.p.Tests)
	a.left = a.programs
	for _, iv := range a.vals {
		if iv.v.Kind != kattis.KindProgram {
			continue
		}
		s.compile(nil, func(ctx context.Context) {
			iv.prog, iv.comp, iv.err = k.grader.CompileProgram(ctx, iv.v.Path)
			k.r.compiled(iv.comp)
		}, func() { s.add(a.sequence(iv), rankTools, a.ended, tests) })
		s.expect(tests)
	}
}

// sequence makes the jobs that run a validator on every test input, or
// returns nil when it did not compile.
func (a *inputValidatorsAspect) sequence(iv *inputValidator) *sequence {
	if iv.err != nil || !iv.comp.OK || iv.prog == nil {
		return nil
	}
	p := a.k.p
	iv.why = make([]string, len(p.Tests))
	iv.errs = make([]error, len(p.Tests))
	lim := grade.ValidationLimits(p)
	seq := newSequence(false)
	for i, t := range p.Tests {
		seq.add(func(ctx context.Context) bool {
			flags, ok := t.ValidatorArgs[iv.v.Name]
			if !ok {
				flags = t.ValidatorArgs[""]
			}
			iv.why[i], iv.errs[i] = a.k.cache.validateInput(ctx, iv.prog, iv.v.Name, t, flags, lim)
			return false
		})
	}
	return seq
}

// ended counts a validator done; the check is given with the last.
func (a *inputValidatorsAspect) ended() {
	r := a.k.r
	r.mu.Lock()
	a.left--
	last := a.left == 0
	r.mu.Unlock()
	if last {
		a.k.emit(a.check())
	}
}

func (a *inputValidatorsAspect) report(b *reportBuilder) {
	if a.programs == 0 {
		b.add(a.check()) // nothing runs
		return
	}
	b.ran(CheckInputValidators, a.check)
}

func (a *inputValidatorsAspect) check() *Check {
	c := &Check{Name: CheckInputValidators}
	if len(a.vals) == 0 {
		return warn(c, "no input validators")
	}
	var skipped, details []string
	ran := 0
	for _, iv := range a.vals {
		v := iv.v
		switch {
		case v.Kind != kattis.KindProgram:
			skipped = append(skipped, fmt.Sprintf("%s: %s validators are not supported; skipped", v.Path, v.Kind))
			continue
		case errors.Is(iv.err, runner.ErrCommandNotFound) || iv.err != nil && strings.Contains(iv.err.Error(), "language"):
			skipped = append(skipped, fmt.Sprintf("%s: cannot be run here (%v); skipped", v.Path, iv.err))
			continue
		case iv.err != nil:
			details = append(details, fmt.Sprintf("%s: %v", v.Path, iv.err))
			continue
		case !iv.comp.OK || iv.prog == nil:
			details = append(details, fmt.Sprintf("%s: does not compile: %s", v.Path, firstLine(iv.comp.Output)))
			continue
		}
		ran++
		for i, t := range a.k.p.Tests {
			switch {
			case iv.errs[i] != nil:
				details = append(details, fmt.Sprintf("%s: validator %s: internal error: %v", t.Input, v.Name, iv.errs[i]))
			case iv.why[i] != "":
				details = append(details, fmt.Sprintf("%s: %s", t.Input, iv.why[i]))
			}
		}
	}
	switch {
	case len(details) > 0:
		return failWith(c, append(details, skipped...))
	case ran == 0:
		c.Details = skipped
		return warn(c, "no input validator could be run: "+skipped[0])
	}
	c.Details = skipped
	msg := fmt.Sprintf("%s accept all %s", report.Plural(ran, "validator"), report.Plural(len(a.k.p.Tests), "test input"))
	if len(skipped) > 0 {
		return warn(c, msg+fmt.Sprintf("; %d skipped", len(skipped)))
	}
	return pass(c, msg)
}

// outputValidatorAspect is a Kattis package's output validator: a custom
// one compiles.
type outputValidatorAspect struct {
	k    *kattisPkg
	prog *compile.Program
	comp compile.Compilation
	err  error
}

// custom reports whether the package has an output validator of its own.
func (a *outputValidatorAspect) custom() bool { return a.k.p.Checker.Kind == problem.CheckerValidator }

func (a *outputValidatorAspect) schedule(s *schedule) {
	if !a.custom() {
		return
	}
	k := a.k
	s.compile(nil, func(ctx context.Context) {
		a.prog, a.comp, a.err = k.grader.CompileProgram(ctx, k.p.Checker.Source)
		k.r.compiled(a.comp)
	}, func() { k.emit(a.check()) })
}

func (a *outputValidatorAspect) report(b *reportBuilder) {
	if !a.custom() {
		b.add(a.check())
		return
	}
	b.ran(CheckOutputValidator, a.check)
}

func (a *outputValidatorAspect) check() *Check {
	c := &Check{Name: CheckOutputValidator}
	src := a.k.p.Checker.Source
	switch {
	case !a.custom():
		return pass(c, "the default output validator")
	case a.err != nil:
		return fail(c, a.err.Error())
	case !a.comp.OK || a.prog == nil:
		return fail(c, fmt.Sprintf("%s does not compile: %s", src, firstLine(a.comp.Output)))
	}
	return pass(c, src+" compiles")
}
