// Package author holds the tools of a problem author: it validates inputs
// with a problem's validator, computes expected outputs with the reference
// solution, adds and generates tests (recording how in
// tests/generated.yaml), stress-tests a solution against another, and
// scaffolds new problem packages.
//
// Every file it writes appears whole or not at all (see [Batch]). Errors
// are single lines naming the file or input at fault; an error that is the
// judge's own failure rather than the package's wraps [InternalError].
package author

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// ErrInvalid is wrapped by the errors about an input that the problem's
// validator rejects.
var ErrInvalid = errors.New("rejected by the validator")

// InternalError is a failure of the judge itself (the sandbox could not
// run a program), as opposed to a fault of the problem package or input.
type InternalError struct {
	Err error
}

// Error returns the message of the underlying error.
func (e *InternalError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InternalError) Unwrap() error { return e.Err }

// Tools run the programs of problem packages on a judging stack: its
// sandbox runs every program, its compiler compiles validators,
// generators and solutions, its grader judges solutions in Stress, and
// its configuration gives the languages, the solutions folder and how
// many programs run at once. Tools are safe for concurrent use.
type Tools struct {
	*engine.Engine
}

// ToolLimits returns the limits validators and generators run under: they
// are the author's trusted programs, so the limits are generous.
func ToolLimits() runner.Limits {
	return runner.Limits{
		CPU:    10 * time.Second,
		Wall:   30 * time.Second,
		Memory: 1 << 30,
		Output: 256 << 20,
		Stderr: 16 << 10,
	}
}

// workers is how many programs run at once: the configuration's workers,
// at least one.
func (tl *Tools) workers() int { return max(tl.Config.Workers, 1) }

// goLanguage returns the language that compiles validators and generators.
func (tl *Tools) goLanguage() (*compile.Language, error) {
	l, ok := tl.Config.Languages["go"]
	if !ok {
		return nil, errors.New("no go language in the languages configuration (validators and generators are Go programs)")
	}
	return l, nil
}

// CompileGo compiles a single-file Go program such as validator/main.go.
// A compile error is returned as an error naming the file, with the
// compiler's first lines.
func (tl *Tools) CompileGo(ctx context.Context, src string) (*compile.Program, compile.Compilation, error) {
	lang, err := tl.goLanguage()
	if err != nil {
		return nil, compile.Compilation{}, err
	}
	return tl.compile(ctx, lang, src)
}

func (tl *Tools) compile(ctx context.Context, lang *compile.Language, src string) (*compile.Program, compile.Compilation, error) {
	prog, comp, err := tl.Compiler.Compile(ctx, lang, src)
	if err != nil {
		if ctx.Err() != nil {
			return nil, comp, ctx.Err()
		}
		return nil, comp, &InternalError{fmt.Errorf("compile %s: %w", src, err)}
	}
	if !comp.OK {
		return nil, comp, fmt.Errorf("%s: does not compile: %s", src, FirstLines(comp.Output, 3))
	}
	return prog, comp, nil
}

// run runs prog with extra arguments.
func (tl *Tools) run(ctx context.Context, prog *compile.Program, args []string, stdin, stdout string, lim runner.Limits) (runner.Result, error) {
	spec := prog.Spec(stdin, stdout, lim)
	if len(args) > 0 {
		spec.Args = append(slices.Clone(spec.Args), args...)
	}
	res, err := tl.Sandbox.Run(ctx, spec)
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, &InternalError{fmt.Errorf("run %s: %w", prog.Language.Name, err)}
	}
	return res, nil
}

// Validation is a validator's answer on one input.
type Validation struct {
	// Valid is true when the validator exited with the status that means
	// valid: 0 (42 for an input_validator program, ValidateExit).
	Valid bool
	// Message says why the input is invalid: the validator's first line
	// of error output, or its exit status; or, when it Crashed, what
	// happened ("validator panicked: runtime error: …").
	Message string
	// Crashed is true when the validator did not end by itself with an
	// answer: it was killed by a signal or stopped at a limit, or the Go
	// runtime ended it with a panic or a fatal error (see checker.Crash).
	Crashed bool
	// Result is the validator's run.
	Result runner.Result
}

// Validate runs a compiled validator on the input file.
func (tl *Tools) Validate(ctx context.Context, validator *compile.Program, input string) (Validation, error) {
	return tl.ValidateExit(ctx, validator, input, 0)
}

// ValidateExit is Validate for a validator whose exit status valid (0, or
// InputValidatorValid for an input_validator program) means valid.
func (tl *Tools) ValidateExit(ctx context.Context, validator *compile.Program, input string, valid int) (Validation, error) {
	res, err := tl.run(ctx, validator, nil, input, "", ToolLimits())
	if err != nil {
		return Validation{}, err
	}
	ok := res.OK()
	if valid != 0 {
		ok = res.Status == runner.Exited && res.ExitCode == valid
	}
	v := Validation{Valid: ok, Result: res}
	if v.Valid {
		return v, nil
	}
	if what, crashed := checker.Crash(res, ToolLimits()); crashed {
		v.Message, v.Crashed = "validator "+what, true
		return v, nil
	}
	v.Message = FirstLines(string(res.Stderr), 1)
	if v.Message == "" {
		v.Message = fmt.Sprintf("exit %d", res.ExitCode)
	}
	return v, nil
}

// Generate runs a compiled generator as `generator <seed> [args]`, writing
// the input it prints to out. A generator that does not exit 0 is an
// error naming the seed and arguments.
func (tl *Tools) Generate(ctx context.Context, gen *compile.Program, seed uint64, args []string, out string) (runner.Result, error) {
	res, err := tl.run(ctx, gen, append([]string{strconv.FormatUint(seed, 10)}, args...), "", out, ToolLimits())
	if err != nil {
		return res, err
	}
	if !res.OK() {
		_, how := Classify(res, ToolLimits())
		return res, fmt.Errorf("generator %s failed: %s", GenCall(seed, args), how)
	}
	return res, nil
}

// GenCall describes a generator call for messages: "seed 3 [--dist 2]".
func GenCall(seed uint64, args []string) string {
	s := fmt.Sprintf("seed %d", seed)
	if len(args) > 0 {
		s += " [" + strings.Join(args, " ") + "]"
	}
	return s
}

// Solve runs a compiled solution of p on the input file under the
// problem's limits, writing its output to out. A run that does not end
// well is an error saying how (its verdict and message).
func (tl *Tools) Solve(ctx context.Context, p *problem.Problem, prog *compile.Program, input, out string) (runner.Result, error) {
	lim := grade.Limits(p, prog.Language)
	res, err := tl.run(ctx, prog, nil, input, out, lim)
	if err != nil {
		return res, err
	}
	if v, how := Classify(res, lim); v != verdict.AC {
		return res, fmt.Errorf("%s: %s", v, how)
	}
	return res, nil
}

// Classify turns how a run ended into the verdict a solution would get for
// it before checking (AC when it exited 0), with grade's rules, and a
// message on one line.
func Classify(res runner.Result, lim runner.Limits) (verdict.Verdict, string) {
	v, msg := grade.Classify(res, lim)
	return v, FirstLines(msg, 3)
}

// FirstLines returns the first n non-empty lines of s joined with " / ",
// each trimmed, cut to about 200 bytes in all.
func FirstLines(s string, n int) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		out = append(out, l)
		if len(out) == n {
			break
		}
	}
	r := strings.Join(out, " / ")
	if len(r) > 200 {
		i := 200
		for i > 0 && !utf8.RuneStart(r[i]) {
			i--
		}
		r = r[:i] + "…"
	}
	return r
}

// sameFile reports whether the file at path holds exactly data.
func sameFile(path string, data []byte) bool {
	old, err := os.ReadFile(path)
	return err == nil && bytes.Equal(old, data)
}
