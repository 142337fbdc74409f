// Package timelimit derives the time limit of a Kattis package that gives
// none from its example submissions, as the format says: it judges them
// with a grade.Grader under a generous limit (ProbeTime), takes the
// slowest of the tests their requirements cover (Resolve), and checks the
// 2025-09 upper bounds against the limit it set (CheckUpperBounds). The
// commands that judge such a package (judge run, submit, verify) call it
// before anything is judged; grade refuses a package without a limit.
// ResolveCached keeps a derived limit in the run cache (cache.go, keyed by
// what it depends on: fingerprint.go), so that judge submit and run
// derive it once per package, machine and judge; verify derives its own
// and keeps it there (Remember).
package timelimit

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// ProbeTime is the CPU limit the accepted submissions of a Kattis package
// that gives no time limit run under while the limit is derived.
const ProbeTime = 10 * time.Second

// Resolve sets the time limit of a Kattis package that gives
// none (problem.KattisInfo.TimeFromSubmissions), as the format derives it
// (kattis.DeriveTimeLimit), and returns the reports of the submissions it
// ran. Times are CPU times divided by the language's time multiplier.
//
// The submissions that bound the limit from below (kattis.Submission
// TimeBounds: accepted/ before 2025-09; in 2025-09 every one with a
// requirement that permits no TLE, or says use_for_time_limit: lower) run
// under ProbeTime; each such requirement's slowest covered test, times
// ac_to_time_limit, is a lower bound, and the limit is the least multiple
// of time_resolution they allow. One that must be accepted and is not, or
// that passes ProbeTime on a covered test, is an error naming it; one
// that need not be accepted and cannot be compiled or judged is left out
// (judge verify reports it); so is any, even one that must be accepted,
// that this machine cannot judge (its language unknown here, or its
// compiler not installed), as problemtools leaves it out (see
// ResolveWith).
//
// The 2025-09 upper bounds cannot change that limit, only leave none that
// fits; CheckUpperBounds checks them.
func Resolve(ctx context.Context, g *grade.Grader, p *problem.Problem) ([]*grade.Report, error) {
	return ResolveWith(ctx, g, p, nil)
}

// Skip is an example submission Resolve left out because this machine
// cannot judge it: its language is not one the judge knows, or its
// compiler or runtime is not installed. problemtools skips such
// submissions with a warning; so does judge verify.
type Skip struct {
	Submission string `json:"submission"` // its path
	Why        string `json:"why"`        // one line
}

// ResolveWith is Resolve, telling onSkip (when not nil) of every example
// submission it left out because this machine cannot judge it. Such a
// submission never stops the derivation, even one that must be accepted:
// the limit comes from the others, and only when none is left is that an
// error.
func ResolveWith(ctx context.Context, g *grade.Grader, p *problem.Problem, onSkip func(Skip)) ([]*grade.Report, error) {
	if p.Kattis == nil || !p.Kattis.TimeFromSubmissions || p.Limits.Time > 0 {
		return nil, nil
	}
	pk := p.Kattis.Package
	subs, _, err := pk.ListSubmissions()
	if err != nil {
		return nil, err
	}
	probe := *p
	probe.Limits.Time = ProbeTime
	var (
		slowest time.Duration
		reports []*grade.Report
		n       int
	)
	for _, s := range subs {
		lower, _ := s.TimeBounds()
		if len(lower) == 0 {
			continue
		}
		must := s.MustAccept()
		rep, lang, err := gradeExample(ctx, g, &probe, s, grade.Options{StopOnFail: must, RecheckWall: true})
		var notHere *cannotJudgeError
		if errors.As(err, &notHere) {
			if onSkip != nil {
				onSkip(Skip{Submission: s.Path, Why: notHere.Error()})
			}
			continue
		}
		if rep != nil && (err == nil || must) {
			reports = append(reports, rep)
		}
		switch {
		case ctx.Err() != nil:
			return reports, ctx.Err()
		case err != nil && must:
			return reports, err
		case err != nil:
			continue
		case must && rep.Verdict != verdict.AC:
			return reports, fmt.Errorf("derive the time limit: accepted submission %s gets %s under %v: %s", s.Name(), rep.Verdict, ProbeTime, grade.Failure(rep))
		}
		for _, r := range lower {
			t, tle := slowestCovered(rep, lang, r)
			if tle != "" {
				return reports, fmt.Errorf("derive the time limit: %s, which bounds it from below (%s), passes %v on test %s", s.Name(), r.From, ProbeTime, tle)
			}
			slowest = max(slowest, t)
		}
		n++
	}
	if n == 0 {
		return reports, fmt.Errorf("%s: the package gives no time limit and has no accepted submission (none that bounds it from below) to derive it from",
			filepath.Join(p.Dir, "submissions", kattis.FolderAccepted))
	}
	md := pk.Metadata
	tl, err := kattis.DeriveTimeLimit(md.Version, md.Limits, slowest, 0)
	if err != nil {
		return reports, fmt.Errorf("%s: %w", p.Slug, err)
	}
	p.Limits.Time = tl
	return reports, nil
}

// CheckUpperBounds checks the upper bounds of a 2025-09 package whose
// time limit Resolve derived: each submission that bounds it
// from above (a requirement of exactly TLE, or use_for_time_limit: upper)
// runs at the limit times time_limit_to_tle, and each such requirement
// must see a covered test pass that. Else its slowest covered test is
// below the limit times time_limit_to_tle, and since the limit is the
// least the lower bounds allow, no limit fits: an error naming the
// submission. It returns the reports of the submissions it ran; a
// submission that cannot be compiled or judged here is left out.
func CheckUpperBounds(ctx context.Context, g *grade.Grader, p *problem.Problem) ([]*grade.Report, error) {
	if p.Kattis == nil || !p.Kattis.TimeFromSubmissions || p.Kattis.Version != kattis.V2025 || p.Limits.Time <= 0 {
		return nil, nil
	}
	subs, _, err := p.Kattis.Package.ListSubmissions()
	if err != nil {
		return nil, err
	}
	tle := p.Kattis.Package.Metadata.Limits.TimeLimitToTLE
	var reports []*grade.Report
	for _, s := range subs {
		_, upper := s.TimeBounds()
		if len(upper) == 0 {
			continue
		}
		rep, lang, err := gradeExample(ctx, g, p, s, grade.Options{TimeScale: tle, RecheckWall: true})
		if ctx.Err() != nil {
			return reports, ctx.Err()
		}
		if err != nil {
			continue
		}
		reports = append(reports, rep)
		for _, r := range upper {
			if t, timedOut := slowestCovered(rep, lang, r); timedOut == "" {
				return reports, fmt.Errorf("%s: no time limit fits: %s bounds it from above (%s), but its slowest test there takes %v, less than the limit %v (the least the lower bounds allow) × time_limit_to_tle %g",
					p.Slug, s.Name(), r.From, t.Round(time.Millisecond), p.Limits.Time, tle)
			}
		}
	}
	return reports, nil
}

// cannotJudgeError is gradeExample's error for a submission this machine
// cannot judge: no language of the judge's, or its compiler or runtime
// not installed.
type cannotJudgeError struct{ err error }

func (e *cannotJudgeError) Error() string { return e.err.Error() }
func (e *cannotJudgeError) Unwrap() error { return e.err }

// gradeExample judges an example submission of the package against p.
// The error says why it could not be judged: no known language or no
// compiler here (a *cannotJudgeError), a compile error, the judge's
// error, or the context's end.
func gradeExample(ctx context.Context, g *grade.Grader, p *problem.Problem, s kattis.Submission, opt grade.Options) (*grade.Report, *compile.Language, error) {
	src, lang, extra, err := g.SubmissionSource(s)
	if err != nil {
		return nil, nil, &cannotJudgeError{err}
	}
	// Compiled first on its own (grading takes the compile from the
	// cache), so that a compiler missing here is told from the judge's
	// other failures, as judge verify tells it.
	if _, _, err := g.CompileSubmission(ctx, p, lang, src, extra); errors.Is(err, runner.ErrCommandNotFound) {
		return nil, lang, &cannotJudgeError{fmt.Errorf("%s: %w", s.Path, err)}
	}
	rep, err := g.Grade(ctx, grade.Submission{Problem: p, Source: src, Language: lang, Extra: extra}, opt)
	if err != nil {
		return nil, lang, err
	}
	if rep.Verdict == verdict.CE || rep.Verdict == verdict.IE {
		return rep, lang, fmt.Errorf("derive the time limit: %s gets %s: %s", s.Name(), rep.Verdict, grade.Failure(rep))
	}
	return rep, lang, nil
}

// slowestCovered returns the slowest CPU time, divided by the language's
// time multiplier, of the report's tests that the requirement covers, or
// the name of the first such test that ran out of time.
func slowestCovered(rep *grade.Report, lang *compile.Language, r kattis.Expectation) (time.Duration, string) {
	mult := lang.TimeMultiplier
	if mult <= 0 {
		mult = 1
	}
	var slowest time.Duration
	for _, t := range rep.Tests {
		if !r.Covers(t.Name) {
			continue
		}
		if t.Verdict == verdict.TLE {
			return 0, t.Name
		}
		slowest = max(slowest, time.Duration(float64(t.CPU)/mult))
	}
	return slowest, ""
}
