package author

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/pool"
)

// StressOptions say what Stress compares.
type StressOptions struct {
	// Solution is the source file under test.
	Solution string
	// Against is the source file it is compared with; "" for the
	// problem's reference solution.
	Against string
	// Iterations is how many generated inputs to try.
	Iterations int
	// Seed is the generator's seed for the first input; input i uses
	// Seed+i.
	Seed uint64
	// Args are passed to the generator after the seed.
	Args []string
	// OnIteration, if set, is called after each input that is tried (from
	// any goroutine).
	OnIteration func()
}

// Disagreement is an input on which the solution under test did not get
// AC against the other solution's output.
type Disagreement struct {
	Seed uint64
	Args []string
	// Input, Expected and Got are files holding the input, the output of
	// the solution compared against, and the output of the solution
	// under test ("" when it has none).
	Input, Expected, Got string
	// Verdict and Message are the solution's verdict and the reason.
	Verdict verdict.Verdict
	Message string
	// AgainstFailed is set when the solution compared against failed to
	// answer the input itself; Verdict and Message are then its own.
	AgainstFailed bool
}

// StressResult is the outcome of Stress. Close removes its files.
type StressResult struct {
	// Against is the source file compared against.
	Against string
	// Tried is how many inputs were tried.
	Tried int
	// Disagreement is the first input, in seed order, where the two
	// solutions disagree, or nil.
	Disagreement *Disagreement
	dir          string
}

// errDisagree is how an input the solutions disagree on stops Stress's
// pool.
var errDisagree = errors.New("the solutions disagree")

// Close removes the files of the result.
func (r *StressResult) Close() error { return os.RemoveAll(r.dir) }

// Stress feeds inputs from p's generator (checked with its validator, if
// it has one) to two solutions and checks the output of the one under test
// against the other's with the problem's checker. It stops at the first
// disagreement in seed order.
func (tl *Tools) Stress(ctx context.Context, p *problem.Problem, opt StressOptions) (*StressResult, error) {
	if opt.Iterations <= 0 {
		return nil, fmt.Errorf("iterations must be positive, got %d", opt.Iterations)
	}
	if p.Generator == "" {
		return nil, fmt.Errorf("%s: no generator (%s/main.go) to make inputs with", p.Dir, problem.GeneratorDir)
	}
	if p.Interactive {
		return nil, fmt.Errorf("%s: interactive problem: outputs cannot be compared; judge the solution with judge submit or judge verify", p.Dir)
	}
	if tl.Grader == nil {
		return nil, errors.New("stress: no grader")
	}
	lang, err := tl.Config.Language(opt.Solution, "")
	if err != nil {
		return nil, err
	}
	against := opt.Against
	var againstLang *compile.Language
	if against == "" {
		ref, err := tl.Reference(p)
		if err != nil {
			return nil, err
		}
		against, againstLang = ref.Path, ref.Language
	} else if againstLang, err = tl.Config.Language(against, ""); err != nil {
		return nil, err
	}
	gen, _, err := tl.CompileGo(ctx, filepath.Join(p.Generator, "main.go"))
	if err != nil {
		return nil, err
	}
	validator, validExit, _, err := tl.CompileValidator(ctx, p)
	if err != nil {
		return nil, err
	}
	if _, _, err := tl.compile(ctx, lang, opt.Solution); err != nil {
		return nil, err
	}
	againstProg, _, err := tl.compile(ctx, againstLang, against)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "judge-stress-")
	if err != nil {
		return nil, &InternalError{fmt.Errorf("create stress folder: %w", err)}
	}
	res := &StressResult{Against: against, dir: dir}

	// one tries input i and returns a disagreement or nil.
	one := func(ctx context.Context, i int) (*Disagreement, error) {
		seed := opt.Seed + uint64(i)
		d := &Disagreement{Seed: seed, Args: opt.Args}
		idir := filepath.Join(dir, strconv.Itoa(i))
		if err := os.Mkdir(idir, 0o755); err != nil {
			return nil, &InternalError{err}
		}
		d.Input = filepath.Join(idir, "input")
		d.Expected = filepath.Join(idir, "expected")
		if _, err := tl.Generate(ctx, gen, seed, opt.Args, d.Input); err != nil {
			return nil, err
		}
		if validator != nil {
			v, err := tl.ValidateExit(ctx, validator, d.Input, validExit)
			if err != nil {
				return nil, err
			}
			if !v.Valid {
				return nil, fmt.Errorf("generator %s printed an invalid input: %w: %s", GenCall(seed, opt.Args), ErrInvalid, v.Message)
			}
		}
		ares, err := tl.run(ctx, againstProg, nil, d.Input, d.Expected, grade.Limits(p, againstLang))
		if err != nil {
			return nil, err
		}
		if v, how := Classify(ares, grade.Limits(p, againstLang)); v != verdict.AC {
			d.AgainstFailed, d.Verdict, d.Message = true, v, how
			return d, nil
		}
		q := *p
		q.Tests = []problem.Test{{Name: "seed-" + strconv.FormatUint(seed, 10), Input: d.Input, Output: d.Expected}}
		rep, err := tl.Grader.Grade(ctx, grade.Submission{Problem: &q, Source: opt.Solution, Language: lang}, grade.Options{OutputDir: idir})
		if err != nil {
			return nil, err
		}
		if rep.Verdict == verdict.IE {
			return nil, &InternalError{fmt.Errorf("judging %s: %s", opt.Solution, rep.InternalError())}
		}
		if rep.Verdict == verdict.AC {
			os.RemoveAll(idir)
			return nil, nil
		}
		d.Verdict = rep.Verdict
		if len(rep.Tests) > 0 {
			d.Message, d.Got = rep.Tests[0].Message, rep.Tests[0].OutputPath
		}
		return d, nil
	}

	// A disagreement stops the pool as a failure does; the lowest index
	// that failed says which stands.
	var onIteration func(i int, d *Disagreement, err error, counts bool)
	if opt.OnIteration != nil {
		onIteration = func(_ int, _ *Disagreement, err error, _ bool) {
			if err == nil || errors.Is(err, errDisagree) {
				opt.OnIteration()
			}
		}
	}
	found, err := pool.Map(ctx, opt.Iterations, pool.Options[*Disagreement]{Workers: tl.workers(), Done: onIteration},
		func(ctx context.Context, _, i int) (*Disagreement, error) {
			d, err := one(ctx, i)
			if err == nil && d != nil {
				err = errDisagree
			}
			return d, err
		})
	if ctx.Err() != nil {
		res.Close()
		return nil, ctx.Err()
	}
	if errors.Is(err, errDisagree) {
		first := slices.IndexFunc(found, func(d *Disagreement) bool { return d != nil })
		res.Disagreement, res.Tried = found[first], first+1
		return res, nil
	}
	if err != nil {
		res.Close()
		return nil, err
	}
	res.Tried = opt.Iterations
	return res, nil
}
