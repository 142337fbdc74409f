package grade

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// ProbeTime is the CPU limit the accepted submissions of a Kattis package
// that gives no time limit run under while the limit is derived.
const ProbeTime = 10 * time.Second

// SubmissionSource returns the source file, language and accompanying
// files of an example submission of a Kattis package: the file itself,
// or for a folder what PickSources picks, in the language and with the
// entry point submissions.yaml gives, if it does. Included files are not
// added here (WithIncludes, which Grade calls).
func (g *Grader) SubmissionSource(s kattis.Submission) (string, *compile.Language, []runner.File, error) {
	if s.Python2 && s.Language == "" {
		return "", nil, nil, fmt.Errorf("%s: Python 2 (its #! line says so) is not a language of this judge", s.Path)
	}
	var lang *compile.Language
	if s.Language != "" {
		if g.LanguageNamed == nil {
			return "", nil, nil, fmt.Errorf("%s: no languages to find %q (submissions.yaml) in", s.Path, s.Language)
		}
		var err error
		if lang, err = g.LanguageNamed(s.Language); err != nil {
			return "", nil, nil, fmt.Errorf("%s: language of submissions.yaml: %w", s.Path, err)
		}
	}
	if !s.Dir {
		return g.pickSources(s.Path, []string{s.Path}, lang, s.Entrypoint)
	}
	return g.pickSources(s.Path, s.Files, lang, s.Entrypoint)
}

// ResolveTimeLimit sets the time limit of a Kattis package that gives
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
// that need not be accepted and cannot be compiled or judged here is
// left out (judge verify reports it).
//
// The 2025-09 upper bounds cannot change that limit, only leave none that
// fits; CheckUpperBounds checks them.
func (g *Grader) ResolveTimeLimit(ctx context.Context, p *problem.Problem) ([]*Report, error) {
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
		reports []*Report
		n       int
	)
	for _, s := range subs {
		lower, _ := s.TimeBounds()
		if len(lower) == 0 {
			continue
		}
		must := s.MustAccept()
		rep, lang, err := g.gradeExample(ctx, &probe, s, Options{StopOnFail: must, RecheckWall: true})
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
			return reports, fmt.Errorf("derive the time limit: accepted submission %s gets %s under %v: %s", s.Name(), rep.Verdict, ProbeTime, failure(rep))
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
// time limit ResolveTimeLimit derived: each submission that bounds it
// from above (a requirement of exactly TLE, or use_for_time_limit: upper)
// runs at the limit times time_limit_to_tle, and each such requirement
// must see a covered test pass that. Else its slowest covered test is
// below the limit times time_limit_to_tle, and since the limit is the
// least the lower bounds allow, no limit fits: an error naming the
// submission. It returns the reports of the submissions it ran; a
// submission that cannot be compiled or judged here is left out.
func (g *Grader) CheckUpperBounds(ctx context.Context, p *problem.Problem) ([]*Report, error) {
	if p.Kattis == nil || !p.Kattis.TimeFromSubmissions || p.Kattis.Version != kattis.V2025 || p.Limits.Time <= 0 {
		return nil, nil
	}
	subs, _, err := p.Kattis.Package.ListSubmissions()
	if err != nil {
		return nil, err
	}
	tle := p.Kattis.Package.Metadata.Limits.TimeLimitToTLE
	var reports []*Report
	for _, s := range subs {
		_, upper := s.TimeBounds()
		if len(upper) == 0 {
			continue
		}
		rep, lang, err := g.gradeExample(ctx, p, s, Options{TimeScale: tle, RecheckWall: true})
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

// gradeExample judges an example submission of the package against p.
// The error says why it could not be judged: no known language, a
// compile error, the judge's error, or the context's end.
func (g *Grader) gradeExample(ctx context.Context, p *problem.Problem, s kattis.Submission, opt Options) (*Report, *compile.Language, error) {
	src, lang, extra, err := g.SubmissionSource(s)
	if err != nil {
		return nil, nil, fmt.Errorf("derive the time limit: %w", err)
	}
	rep, err := g.Grade(ctx, Submission{Problem: p, Source: src, Language: lang, Extra: extra}, opt)
	if err != nil {
		return nil, lang, err
	}
	if rep.Verdict == verdict.CE || rep.Verdict == verdict.IE {
		return rep, lang, fmt.Errorf("derive the time limit: %s gets %s: %s", s.Name(), rep.Verdict, failure(rep))
	}
	return rep, lang, nil
}

// slowestCovered returns the slowest CPU time, divided by the language's
// time multiplier, of the report's tests that the requirement covers, or
// the name of the first such test that ran out of time.
func slowestCovered(rep *Report, lang *compile.Language, r kattis.Expectation) (time.Duration, string) {
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

// failure says why a report is not AC: the judge's error, the compile
// output, or its first failing test's message.
func failure(rep *Report) string {
	if msg := rep.InternalError(); msg != "" {
		return msg
	}
	if rep.Verdict == verdict.CE {
		return firstLines([]byte(rep.Compile.Output), 1)
	}
	for _, t := range rep.Tests {
		if t.Verdict != verdict.AC {
			return fmt.Sprintf("test %s: %s", t.Name, t.Message)
		}
	}
	return ""
}
