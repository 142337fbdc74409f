package verify

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/runner"
)

// Names of the checks of a Kattis package (with CheckConfig,
// CheckStatement, CheckTestFiles, CheckACMargin and CheckTLEMargin).
const (
	CheckInputValidators = "input validators"
	CheckOutputValidator = "output validator"
	CheckTimeLimit       = "time limit"
	CheckSubmissions     = "submission folders"
	// SubmissionCheck + the path under submissions/ names the check of
	// one example submission ("submission accepted/hello.c").
	SubmissionCheck = "submission "
)

// kattisRun is the verification of one Kattis package.
type kattisRun struct {
	r      *run
	disp   string
	p      *problem.Problem
	grader *grade.Grader
	rep    *ProblemReport
	cache  *kattisCache // the run cache of its runs
}

// verifyKattis verifies a Kattis problem package: it loads, its input
// validators accept every test input (exit 42), its output validator
// compiles, its time limit is given or derived from the accepted
// submissions, and every example submission gets what its folder (or
// @EXPECTED_RESULTS@) says, in the sense of the package's version.
func (r *run) verifyKattis(ctx context.Context, disp string) *ProblemReport {
	abs, _ := filepath.Abs(disp)
	k := &kattisRun{r: r, disp: disp, rep: &ProblemReport{Problem: filepath.Base(abs), Dir: disp}}
	g := *r.grader
	g.Workers = r.workers
	k.cache = newKattisCache(r, k)
	g.Cache = k.cache
	k.grader = &g
	r.emitMu.Lock()
	stopped := r.stopped
	r.emitMu.Unlock()
	if stopped != "" {
		k.rep.Checks = append(k.rep.Checks, skip(&Check{Name: CheckConfig}, "not verified: verify stopped at the first failure, "+stopped))
		return k.rep
	}
	k.run(ctx)
	return k.rep
}

// add adds a finished check to the report and hands it to OnCheck.
func (k *kattisRun) add(c *Check) {
	if len(c.Details) > maxDetails {
		n := len(c.Details) - maxDetails
		c.Details = append(c.Details[:maxDetails:maxDetails], fmt.Sprintf("… and %d more", n))
	}
	k.rep.Checks = append(k.rep.Checks, c)
	r := k.r
	r.emitMu.Lock()
	defer r.emitMu.Unlock()
	if r.stopped != "" {
		return
	}
	if r.onCheck != nil {
		r.onCheck(k.rep.Problem, c)
	}
	if r.stopOnFail && (c.Status == Fail || c.Status == Error) {
		r.stopped = k.rep.Problem + ": " + c.Name
		r.cancel()
	}
}

func (k *kattisRun) run(ctx context.Context) {
	p, err := problem.Load(k.disp)
	if err != nil {
		name := CheckConfig
		if strings.HasPrefix(err.Error(), filepath.Join(k.disp, "data")) {
			name = CheckTestFiles
		}
		k.add(fail(&Check{Name: name}, err.Error()))
		return
	}
	if err := p.Kattis.Package.Complete(); err != nil {
		// submit judges it on its samples; as a package it is incomplete.
		k.add(fail(&Check{Name: CheckTestFiles}, err.Error()))
		return
	}
	k.p = p
	k.rep.Title = p.Title
	info := p.Kattis
	md := info.Package.Metadata
	tl := "derived from the accepted submissions"
	if !info.TimeFromSubmissions {
		tl = p.Limits.Time.String()
	}
	val := "default"
	if p.Checker.Kind == problem.CheckerValidator {
		val = "custom"
	}
	k.add(pass(&Check{Name: CheckConfig}, fmt.Sprintf("Kattis package, version %s, time limit %s, memory limit %s, %s output validator",
		md.Version, tl, figures.Size(p.Limits.Memory), val)))
	if p.Statement == "" {
		k.add(warn(&Check{Name: CheckStatement}, "no statement in statement/ or problem_statement/"))
	} else {
		k.add(pass(&Check{Name: CheckStatement}, p.Statement))
	}
	samples := 0
	for _, t := range p.Tests {
		if t.Sample {
			samples++
		}
	}
	k.add(pass(&Check{Name: CheckTestFiles}, fmt.Sprintf("%s (%d samples) in %s, each .in with its .ans",
		report.Plural(len(p.Tests), "test case"), samples, report.Plural(len(info.Package.Groups), "group"))))
	k.add(k.inputValidators(ctx))
	k.add(k.outputValidator(ctx))
	if ctx.Err() != nil {
		return
	}
	k.submissions(ctx)
}

// outputValidator checks that a custom output validator compiles.
func (k *kattisRun) outputValidator(ctx context.Context) *Check {
	c := &Check{Name: CheckOutputValidator}
	if k.p.Checker.Kind != problem.CheckerValidator {
		return pass(c, "the default output validator")
	}
	prog, comp, err := k.grader.CompileProgram(ctx, k.p.Checker.Source)
	k.r.compiled(comp)
	switch {
	case err != nil:
		return fail(c, err.Error())
	case !comp.OK || prog == nil:
		return fail(c, fmt.Sprintf("%s does not compile: %s", k.p.Checker.Source, firstLine(comp.Output)))
	}
	return pass(c, k.p.Checker.Source+" compiles")
}

// inputValidators runs every input validator on every test input, with
// the flags of the test's group: exit 42 is valid. Validators of kinds or
// languages the judge cannot run are skipped with a warning.
func (k *kattisRun) inputValidators(ctx context.Context) *Check {
	c := &Check{Name: CheckInputValidators}
	vals := k.p.Kattis.Package.InputValidators
	if len(vals) == 0 {
		return warn(c, "no input validators")
	}
	var skipped, details []string
	ran := 0
	lim := grade.ValidationLimits(k.p)
	for _, v := range vals {
		if v.Kind != kattis.KindProgram {
			skipped = append(skipped, fmt.Sprintf("%s: %s validators are not supported; skipped", v.Path, v.Kind))
			continue
		}
		prog, comp, err := k.grader.CompileProgram(ctx, v.Path)
		k.r.compiled(comp)
		switch {
		case errors.Is(err, runner.ErrCommandNotFound) || err != nil && strings.Contains(err.Error(), "language"):
			skipped = append(skipped, fmt.Sprintf("%s: cannot be run here (%v); skipped", v.Path, err))
			continue
		case err != nil:
			details = append(details, fmt.Sprintf("%s: %v", v.Path, err))
			continue
		case !comp.OK || prog == nil:
			details = append(details, fmt.Sprintf("%s: does not compile: %s", v.Path, firstLine(comp.Output)))
			continue
		}
		ran++
		for _, t := range k.p.Tests {
			if ctx.Err() != nil {
				return c
			}
			flags, ok := t.ValidatorArgs[v.Name]
			if !ok {
				flags = t.ValidatorArgs[""]
			}
			why, err := k.cache.validateInput(ctx, prog, v.Name, t, flags, lim)
			if err != nil {
				details = append(details, fmt.Sprintf("%s: validator %s: internal error: %v", t.Input, v.Name, err))
				continue
			}
			if why != "" {
				details = append(details, fmt.Sprintf("%s: %s", t.Input, why))
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
	msg := fmt.Sprintf("%s accept all %s", report.Plural(ran, "validator"), report.Plural(len(k.p.Tests), "test input"))
	if len(skipped) > 0 {
		return warn(c, msg+fmt.Sprintf("; %d skipped", len(skipped)))
	}
	return pass(c, msg)
}

func join(head, tail string) string {
	if tail == "" {
		return head
	}
	return head + ": " + tail
}

// durationMs shows a duration to the millisecond.
func durationMs(d time.Duration) string { return d.Round(time.Millisecond).String() }
