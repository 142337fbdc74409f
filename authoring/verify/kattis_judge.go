package verify

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/runner"
)

// folderVerdict is the verdict a folder names, for reports.
var folderVerdict = map[string]verdict.Verdict{
	kattis.FolderAccepted:          verdict.AC,
	kattis.FolderPartiallyAccepted: verdict.AC,
	kattis.FolderWrongAnswer:       verdict.WA,
	kattis.FolderTimeLimitExceeded: verdict.TLE,
	kattis.FolderRunTimeError:      verdict.RE,
}

// submission judges one example submission into c. It returns its
// slowest time, divided by its language's time multiplier, on the tests
// through which it bounds the time limit from below (none when it does
// not), and whether it ran.
func (a *submissionsAspect) submission(ctx context.Context, s kattis.Submission, c *Check) (time.Duration, bool) {
	k := a.k
	md := k.p.Kattis.Package.Metadata
	src, lang, extra, err := k.grader.SubmissionSource(s)
	if err != nil {
		skip(c, err.Error())
		c.Status = Warn
		return 0, false
	}
	if _, _, err := grade.WithIncludes(k.p, lang, src, extra); err != nil {
		fail(c, err.Error())
		return 0, false
	}
	// Compiled as Grade compiles it (includes, constants), so that its
	// compile is counted and a compiler missing here is told apart.
	_, comp, err := k.grader.CompileSubmission(ctx, k.p, lang, src, extra)
	k.r.compiled(comp)
	if errors.Is(err, runner.ErrCommandNotFound) {
		warn(c, fmt.Sprintf("%s is not installed here; skipped (%v)", lang.Name, err))
		return 0, false
	}
	e, err := expect(md.Version, s)
	if err != nil {
		fail(c, fmt.Sprintf("%s: %v", s.Path, err))
		return 0, false
	}
	scale := 1.0
	if s.Expected == nil && mustTLE(s) {
		scale = md.Limits.TimeLimitToTLE
	}
	rep, err := k.grader.Grade(ctx, grade.Submission{Problem: k.p, Source: src, Language: lang, Extra: extra},
		grade.Options{TimeScale: scale, StopOnFail: e.first != nil && k.p.Scoring == nil, RecheckWall: true})
	if err != nil {
		return 0, false
	}
	got, test, wrong := e.judgeScoring(rep)
	if wrong == "" && s.Expected == nil && k.p.Scoring != nil {
		wrong = scoreWrong(s.Folder, k.p.Scoring, rep)
	}
	if wrong == "" && s.Expected == nil && rep.Verdict != verdict.CE {
		wrong = scoreRulesWrong(s, rep)
	}
	lim := grade.Limits(k.p, lang)
	c.Solution = &SolutionResult{
		File:        s.Name(),
		Language:    lang.Name,
		Expected:    folderVerdict[s.Folder],
		Verdict:     got,
		Test:        test,
		Tests:       len(rep.Tests),
		MaxTimeMs:   rep.MaxTimeMs,
		TimeLimitMs: lim.CPU.Milliseconds(),
		Score:       rep.Score,
		MaxScore:    rep.MaxScore,
	}
	if scale != 1 {
		c.Solution.TimeScale = scale
	}
	if wrong != "" {
		if rep.Verdict == verdict.CE && rep.Compile.Output != "" {
			wrong += ": " + firstLine(rep.Compile.Output)
		}
		if rep.Error != "" {
			wrong += ": " + rep.Error
		}
		if note := wallNote(rep.Tests); note != "" {
			wrong += " (" + note + ")"
		}
		fail(c, wrong)
		return 0, false
	}
	msg := fmt.Sprintf("%s (%s)", got, e.what)
	if test != "" {
		msg = fmt.Sprintf("%s on test %s (%s)", got, test, e.what)
	}
	if rep.Score != nil {
		msg += ", score " + figures.Score(*rep.Score, rep.MaxScore)
	}
	if scale != 1 {
		msg += fmt.Sprintf(", at %g × the time limit", scale)
	}
	if note := wallNote(rep.Tests); note != "" {
		msg += " (" + note + ")"
	}
	pass(c, msg)
	mult := lang.TimeMultiplier
	if mult <= 0 {
		mult = 1
	}
	// The tests through which it bounds the limit from below (all of
	// them but where a submissions.yaml rule covers some groups only).
	lower, _ := s.TimeBounds()
	var slowest time.Duration
	for _, t := range rep.Tests {
		if slices.ContainsFunc(lower, func(r kattis.Expectation) bool { return r.Covers(t.Name) }) {
			slowest = max(slowest, time.Duration(float64(t.CPU)/mult))
		}
	}
	return slowest, true
}

// mustTLE reports whether a submission must be too slow somewhere: in
// time_limit_exceeded/, or (2025-09) required TLE by a rule. It is judged
// at the time limit times time_limit_to_tle.
func mustTLE(s kattis.Submission) bool {
	if s.Rules == nil {
		return s.Folder == kattis.FolderTimeLimitExceeded
	}
	for _, r := range s.Rules {
		if slices.Equal(r.Required, []string{kattis.ResultTLE}) {
			return true
		}
	}
	return false
}
