package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/authoring/runcache"
	"github.com/puzzlejudge/judge/authoring/timelimit"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"github.com/spf13/cobra"
)

// kattisTimeLimit gives a Kattis package that leaves its time limit to its
// accepted submissions one: --time-limit's, or the one derived from them
// (which takes a run of each, once: the cache keeps it), and says where
// it came from and how to pin it.
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
	d, err := deriveTimeLimit(cmd, e, p, onSkip)
	if len(skipped) > 0 {
		fmt.Fprintf(stderr, "judge: warning: %d example submissions left out of the time limit, in languages unknown or not installed here: %s (judge verify says why)\n",
			len(skipped), termsafe.Line(strings.Join(skipped, ", ")))
	}
	if err != nil {
		return err
	}
	if d.Limit > 0 {
		fmt.Fprintf(stderr, "judge: %s gives no time limit; %v %s\n", p.Slug, p.Limits.Time, limitSource(d, p))
	}
	return nil
}

// limitSource says where a derived time limit came from: how many
// example submissions it was derived from, when, whether the cache had
// it, and how to pin it.
func limitSource(d timelimit.Derived, p *problem.Problem) string {
	from := report.Plural(d.From, "example submission")
	if d.Cached {
		return fmt.Sprintf("derived from %s (cached %s; %s)", from, d.At.Local().Format("2006-01-02 15:04"), pinHint(p))
	}
	return fmt.Sprintf("derived from %s (kept in the cache for the next run; %s)", from, pinHint(p))
}

// deriveTimeLimit sets the time limit of a Kattis package that gives none
// from its example submissions, or from the run cache where an earlier
// command derived it from the same package on this machine
// (timelimit.ResolveCached, onSkip told of those left out, the cache's
// own trouble a warning): an interrupt ends the command as one, and a
// limit that cannot be derived is the package's fault (usage exit).
func deriveTimeLimit(cmd *cobra.Command, e *env, p *problem.Problem, onSkip func(timelimit.Skip)) (timelimit.Derived, error) {
	ctx := cmd.Context()
	warn := func(err error) { fmt.Fprintf(cmd.ErrOrStderr(), "judge: warning: %s\n", termsafe.Line(err.Error())) }
	store := runcache.Open(e.engine.Config.CacheDir)
	d, err := timelimit.ResolveCached(ctx, e.engine.Grader, p, store, onSkip, warn)
	if err != nil {
		if ctx.Err() != nil {
			return d, finish(ctx, ctx.Err())
		}
		return d, usageError(err)
	}
	return d, nil
}

// pinHint says how to give a Kattis package whose time limit was derived
// a limit of its own: problem.yaml's limits.time_limit (2023-07 and
// later), or DOMjudge's .timelimit file beside a legacy problem.yaml.
func pinHint(p *problem.Problem) string {
	secs := strconv.FormatFloat(p.Limits.Time.Seconds(), 'f', -1, 64)
	if p.Kattis.Version == kattis.Legacy {
		return "pin it with a .timelimit file holding " + secs + ", as DOMjudge reads it"
	}
	return "pin it with limits: time_limit: " + secs + " in problem.yaml"
}
