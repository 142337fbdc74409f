package main

import (
	"fmt"
	"time"

	"github.com/puzzlejudge/judge/authoring/timelimit"
	"github.com/puzzlejudge/judge/core/problem"
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
	ctx := cmd.Context()
	if _, err := timelimit.Resolve(ctx, e.engine.Grader, p); err != nil {
		if ctx.Err() != nil {
			return finish(ctx, ctx.Err())
		}
		return usageError(err)
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "judge: %s gives no time limit; %v derived from its example submissions\n", p.Slug, p.Limits.Time)
	return nil
}
