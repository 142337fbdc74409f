package grade

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/compile"
	"github.com/puzzlejudge/judge/problem"
	"github.com/puzzlejudge/judge/problem/kattis"
	"github.com/puzzlejudge/judge/verdict"
)

// ProbeTime is the CPU limit the accepted submissions of a Kattis package
// that gives no time limit run under while the limit is derived.
const ProbeTime = 10 * time.Second

// SubmissionSource returns the source file and language of an example
// submission of a Kattis package: the file itself, or in a folder the one
// source file of the language most of its files are in. A folder of
// several source files of that language is not supported yet.
func (g *Grader) SubmissionSource(s kattis.Submission) (string, *compile.Language, error) {
	if g.LanguageOf == nil {
		return "", nil, errors.New("no languages to compile package programs with")
	}
	if !s.Dir {
		lang, err := g.LanguageOf(s.Path)
		return s.Path, lang, err
	}
	byLang := map[*compile.Language][]string{}
	var best *compile.Language
	for _, f := range s.Files {
		l, err := g.LanguageOf(f)
		if err != nil {
			continue
		}
		byLang[l] = append(byLang[l], f)
		if best == nil || len(byLang[l]) > len(byLang[best]) || len(byLang[l]) == len(byLang[best]) && l.Name < best.Name {
			best = l
		}
	}
	switch {
	case best == nil:
		return "", nil, fmt.Errorf("%s: no source file in a known language", s.Path)
	case len(byLang[best]) > 1:
		var names []string
		for _, f := range byLang[best] {
			rel, _ := filepath.Rel(s.Path, f)
			names = append(names, rel)
		}
		return "", nil, fmt.Errorf("%s: submissions of several %s source files (%s) are not supported yet", s.Path, best.Name, strings.Join(names, ", "))
	}
	return byLang[best][0], best, nil
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
		if s.Folder != kattis.FolderAccepted {
			continue
		}
		src, lang, err := g.SubmissionSource(s)
		if err != nil {
			return reports, fmt.Errorf("derive the time limit: %w", err)
		}
		rep, err := g.Grade(ctx, Submission{Problem: &probe, Source: src, Language: lang}, Options{StopOnFail: true})
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
