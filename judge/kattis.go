package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/authoring/timelimit"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/spf13/cobra"
)

// kattisTimeLimit gives a Kattis package that leaves its time limit to its
// accepted submissions one: --time-limit's, or the one derived from them
// (which takes a run of each), and says so.
func kattisTimeLimit(cmd *cobra.Command, e *env, p *problem.Problem, override time.Duration) error {
	if p.Kattis == nil || p.Limits.Time > 0 {
		return nil
	}
	if override > 0 {
		p.Limits.Time = override
		return nil
	}
	stderr := cmd.ErrOrStderr()
	var skipped []string
	onSkip := func(s timelimit.Skip) { skipped = append(skipped, filepath.Base(s.Submission)) }
	err := deriveTimeLimit(cmd, e, p, onSkip)
	if len(skipped) > 0 {
		fmt.Fprintf(stderr, "judge: warning: %d example submissions left out of the time limit, in languages unknown or not installed here: %s (judge verify says why)\n",
			len(skipped), termsafe.Line(strings.Join(skipped, ", ")))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "judge: %s gives no time limit; %v derived from its example submissions (%s)\n", p.Slug, p.Limits.Time, pinHint(p))
	return nil
}

// deriveTimeLimit sets the time limit of a Kattis package that gives none
// from its example submissions (timelimit.ResolveWith, onSkip told of
// those left out): an interrupt ends the command as one, and a limit that
// cannot be derived is the package's fault (usage exit).
func deriveTimeLimit(cmd *cobra.Command, e *env, p *problem.Problem, onSkip func(timelimit.Skip)) error {
	ctx := cmd.Context()
	if _, err := timelimit.ResolveWith(ctx, e.engine.Grader, p, onSkip); err != nil {
		if ctx.Err() != nil {
			return finish(ctx, ctx.Err())
		}
		return usageError(err)
	}
	return nil
}

// pinHint says how to give a Kattis package whose time limit was derived
// a limit of its own: problem.yaml's limits.time_limit (2023-07 and
// later), or DOMjudge's .timelimit file beside a legacy problem.yaml.
func pinHint(p *problem.Problem) string {
	secs := strconv.FormatFloat(p.Limits.Time.Seconds(), 'f', -1, 64)
	if p.Kattis.Version == kattis.Legacy {
		return "to pin it: a .timelimit file holding " + secs + ", as DOMjudge reads it"
	}
	return "to pin it: limits: time_limit: " + secs + " in problem.yaml"
}
