package grade

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/puzzlejudge/judge/compile"
	"github.com/puzzlejudge/judge/problem"
	"github.com/puzzlejudge/judge/problem/kattis"
	"github.com/puzzlejudge/judge/runner"
	"github.com/puzzlejudge/judge/verdict"
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
// (kattis.DeriveTimeLimit): from the CPU time of the slowest accepted
// submission on its slowest test, each run under ProbeTime, divided by
// its language's time multiplier. It returns the submissions' reports.
// An accepted submission that does not get AC is an error naming it.
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
		if !s.ForTimeLimit() {
			continue
		}
		src, lang, extra, err := g.SubmissionSource(s)
		if err != nil {
			return reports, fmt.Errorf("derive the time limit: %w", err)
		}
		rep, err := g.Grade(ctx, Submission{Problem: &probe, Source: src, Language: lang, Extra: extra}, Options{StopOnFail: true})
		if err != nil {
			return reports, err
		}
		reports = append(reports, rep)
		if rep.Verdict != verdict.AC {
			msg := rep.InternalError()
			for _, t := range rep.Tests {
				if t.Verdict != verdict.AC && msg == "" {
					msg = fmt.Sprintf("test %s: %s", t.Name, t.Message)
				}
			}
			return reports, fmt.Errorf("derive the time limit: accepted submission %s gets %s under %v: %s", s.Name(), rep.Verdict, ProbeTime, msg)
		}
		n++
		mult := lang.TimeMultiplier
		if mult <= 0 {
			mult = 1
		}
		for _, t := range rep.Tests {
			slowest = max(slowest, time.Duration(float64(t.CPU)/mult))
		}
	}
	if n == 0 {
		return nil, fmt.Errorf("%s: the package gives no time limit and has no accepted submission to derive it from", filepath.Join(p.Dir, "submissions", kattis.FolderAccepted))
	}
	md := pk.Metadata
	tl, err := kattis.DeriveTimeLimit(md.Version, md.Limits, slowest, 0)
	if err != nil {
		return reports, fmt.Errorf("%s: %w", p.Slug, err)
	}
	p.Limits.Time = tl
	return reports, nil
}
