package verify

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/puzzlejudge/judge/authoring/timelimit"
	"github.com/puzzlejudge/judge/core/problem/kattis"
	"github.com/puzzlejudge/judge/core/report"
)

// submissionsAspect is a Kattis package's example submissions: the
// folders hold an accepted one, the time limit is given or derived from
// them, every submission gets what its folder (or @EXPECTED_RESULTS@, or
// submissions.yaml) says, and the slowest one that bounds the limit from
// below leaves it its margin.
type submissionsAspect struct {
	k       *kattisPkg
	subs    []kattis.Submission
	listErr error
	folders *Check
	// limit is the time limit check: made at once when the limit is
	// given, else by the job that derives it.
	limit  *Check
	checks []*Check        // per submission, once judged
	cpu    []time.Duration // its slowest time bounding the limit
	ok     []bool          // it ran
	margin *Check          // the accepted margin, nil for none
	left   int             // submissions not judged yet (run.mu)
}

func newSubmissionsAspect(k *kattisPkg) *submissionsAspect {
	info := k.p.Kattis
	pk := info.Package
	a := &submissionsAspect{k: k, folders: &Check{Name: CheckSubmissions}}
	var warnings []string
	a.subs, warnings, a.listErr = pk.ListSubmissions()
	if a.listErr != nil {
		fail(a.folders, a.listErr.Error())
		return a
	}
	accepted := 0
	for _, s := range a.subs {
		if s.MustAccept() {
			accepted++
		}
	}
	switch {
	case accepted == 0:
		failWith(a.folders, append([]string{filepath.Join(k.disp, "submissions", kattis.FolderAccepted) + ": no accepted submission (none in accepted/, none that submissions.yaml permits only AC)"}, warnings...))
	case len(warnings) > 0:
		a.folders.Details = warnings
		warn(a.folders, warnings[0])
	default:
		pass(a.folders, fmt.Sprintf("%s, %d accepted", report.Plural(len(a.subs), "submission"), accepted))
	}
	switch {
	case info.TimeFromSubmissions:
	case pk.TimeLimitFile:
		a.limit = pass(&Check{Name: CheckTimeLimit}, fmt.Sprintf("%v, from .timelimit", k.p.Limits.Time))
	default:
		a.limit = pass(&Check{Name: CheckTimeLimit}, fmt.Sprintf("%v, from problem.yaml", k.p.Limits.Time))
	}
	a.checks = make([]*Check, len(a.subs))
	a.cpu = make([]time.Duration, len(a.subs))
	a.ok = make([]bool, len(a.subs))
	return a
}

// derived reports whether the time limit is derived from the submissions.
func (a *submissionsAspect) derived() bool { return a.k.p.Kattis.TimeFromSubmissions }

func (a *submissionsAspect) schedule(s *schedule) {
	if a.listErr != nil {
		return
	}
	a.left = len(a.subs)
	s.expect(len(a.subs))
	if !a.derived() {
		a.judgeAll(s)
		return
	}
	s.expect(1)
	s.job(rankReference, func(ctx context.Context) {
		if a.deriveLimit(ctx) {
			a.judgeAll(s)
		}
	})
}

// deriveLimit derives the time limit from the submissions that bound it
// (the accepted ones, and for 2025-09 those that bound it from above),
// and reports whether the submissions are to be judged then.
func (a *submissionsAspect) deriveLimit(ctx context.Context) bool {
	k := a.k
	md := k.p.Kattis.Package.Metadata
	tl := &Check{Name: CheckTimeLimit}
	// The grader's cache counts the runs (kattisCache.Put).
	var skipped []timelimit.Skip
	reports, err := timelimit.ResolveWith(ctx, k.grader, k.p, func(s timelimit.Skip) { skipped = append(skipped, s) })
	if err == nil {
		// Kept for judge submit and run, which derive it the same way
		// (timelimit.ResolveCached); a limit not kept is derived there.
		_ = timelimit.Remember(ctx, k.grader, k.p, k.r.cache, timelimit.Derived{Limit: k.p.Limits.Time, From: len(reports), Skipped: skipped})
		// 2025-09: the submissions that must TLE bound it from above.
		_, err = timelimit.CheckUpperBounds(ctx, k.grader, k.p)
	}
	switch {
	case ctx.Err() != nil:
		return false
	case err != nil:
		a.limit = fail(tl, err.Error())
		k.emit(a.limit)
		for i, sub := range a.subs {
			a.checks[i] = skip(&Check{Name: SubmissionCheck + sub.Name()}, "the time limit could not be derived")
			k.emit(a.checks[i])
		}
		k.r.step(len(a.subs))
		return false
	}
	from := "accepted submission"
	if md.Version == kattis.V2025 {
		from = "submission"
	}
	a.limit = pass(tl, fmt.Sprintf("%v, derived from %s (× %g, resolution %gs)", k.p.Limits.Time,
		report.Plural(len(reports), from), md.Limits.ACToTimeLimit, md.Limits.TimeResolution))
	k.emit(a.limit)
	return true
}

// judgeAll adds a job per submission, the slowest kinds first.
func (a *submissionsAspect) judgeAll(s *schedule) {
	for i, sub := range a.subs {
		rank := rankOther
		switch {
		case mustTLE(sub):
			rank = rankTLE
		case sub.MustAccept():
			rank = rankAccepted
		}
		s.job(rank, func(ctx context.Context) { a.judge(ctx, i) })
	}
}

// judge judges submission i and gives its check; the last one judged
// gives the accepted margin.
func (a *submissionsAspect) judge(ctx context.Context, i int) {
	k := a.k
	c := &Check{Name: SubmissionCheck + a.subs[i].Name()}
	cpu, ok := a.submission(ctx, a.subs[i], c)
	if ctx.Err() != nil {
		return
	}
	a.checks[i], a.cpu[i], a.ok[i] = c, cpu, ok
	k.emit(c)
	k.r.mu.Lock()
	a.left--
	last := a.left == 0
	k.r.mu.Unlock()
	if last {
		if a.margin = a.marginCheck(); a.margin != nil {
			k.emit(a.margin)
		}
	}
}

// marginCheck checks that the slowest submission that bounds the time
// limit from below takes at most 1/ac_to_time_limit of it; nil when none
// ran.
func (a *submissionsAspect) marginCheck() *Check {
	p := a.k.p
	md := p.Kattis.Package.Metadata
	var slowest time.Duration
	var slowestName string
	for i, s := range a.subs {
		if a.ok[i] && s.ForTimeLimit() && a.cpu[i] > slowest {
			slowest, slowestName = a.cpu[i], s.Name()
		}
	}
	if slowestName == "" {
		return nil
	}
	margin := &Check{Name: CheckACMargin}
	limit := p.Limits.Time
	// 2025-09: every submission that bounds the limit from below, not
	// only the accepted ones ("Timelimit inference").
	which := "accepted submission"
	if md.Version == kattis.V2025 {
		which = "submission that bounds it from below"
	}
	if slowest.Seconds()*md.Limits.ACToTimeLimit > limit.Seconds()+1e-9 {
		return warn(margin, fmt.Sprintf("the slowest %s, %s, takes %s (normalised to the language), more than 1/%g of the time limit %v",
			which, slowestName, durationMs(slowest), md.Limits.ACToTimeLimit, limit))
	}
	return pass(margin, fmt.Sprintf("the slowest %s, %s, takes %s, at most 1/%g of the time limit %v",
		which, slowestName, durationMs(slowest), md.Limits.ACToTimeLimit, limit))
}

func (a *submissionsAspect) report(b *reportBuilder) {
	b.add(a.folders)
	if a.listErr != nil {
		return
	}
	if a.derived() {
		b.ran(CheckTimeLimit, func() *Check { return a.limit })
	} else {
		b.add(a.limit)
	}
	for i, sub := range a.subs {
		b.ran(SubmissionCheck+sub.Name(), func() *Check { return a.checks[i] })
	}
	b.ran(CheckACMargin, func() *Check { return a.margin })
}
