package verify

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/core/checker"
	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/runner"
)

// cachedInputCheck is what the run cache keeps of a Kattis input
// validator's run on a test input: why it rejected it ("" when it
// accepted).
type cachedInputCheck struct {
	Rejected string        `json:"rejected,omitempty"`
	CPU      time.Duration `json:"cpu_ns"`
}

// inputValidatorKey returns the key of an input validator's run on a test
// with its flags, false when it is not to be cached.
func (c *kattisCache) inputValidatorKey(ctx context.Context, prog *compile.Program, t problem.Test, flags []string, lim runner.Limits) (runcache.Key, bool) {
	if c.r.cache == nil {
		return runcache.Key{}, false
	}
	h := c.programHash(prog.Files)
	in := c.hash([]runner.File{{Path: t.Input}})
	if h == "" || in == "" {
		return runcache.Key{}, false
	}
	lang := prog.Language
	return runcache.Key{Kind: "validator", Program: h, Runtime: c.identity(ctx, lang), Run: lang.Run, Env: lang.Env,
		Input: in, Limits: prog.Spec("", "", lim).Limits, Checker: "kattis input validator", CheckerArgs: flags,
		Sandbox: c.mode}, true
}

// validateInput runs an input validator on a test's input with its flags
// (exit 42 is valid), through the run cache. It returns why the input is
// rejected, "" when it is valid.
func (c *kattisCache) validateInput(ctx context.Context, prog *compile.Program, name string, t problem.Test, flags []string, lim runner.Limits) (string, error) {
	key, useCache := c.inputValidatorKey(ctx, prog, t, flags, lim)
	var cached cachedInputCheck
	if useCache && c.r.cache.Get(key, &cached) {
		c.r.hit()
		return cached.Rejected, nil
	}
	spec := prog.Spec(t.Input, "", lim)
	spec.Args = append(slices.Clone(spec.Args), flags...)
	res, err := c.r.eng.Sandbox.Run(ctx, spec)
	if err != nil {
		return "", err
	}
	c.r.ran(res.CPU)
	rejected := ""
	why, crashed := checker.Crash(res, lim)
	switch {
	case res.Status == runner.Exited && res.ExitCode == checker.ValidatorAC:
	case crashed:
		rejected = fmt.Sprintf("rejected by input validator %s: %s", name, why)
	default:
		rejected = fmt.Sprintf("rejected by input validator %s: %s", name, join(fmt.Sprintf("exit %d, not 42", res.ExitCode), firstLine(string(res.Stderr))))
	}
	// A crash (a limit passed, a signal) may be the machine's doing.
	if useCache && !crashed && ctx.Err() == nil {
		_ = c.r.cache.Put(key, cachedInputCheck{Rejected: rejected, CPU: res.CPU}) // a result not kept is made again next time
	}
	return rejected, nil
}
