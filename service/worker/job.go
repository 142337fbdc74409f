package worker

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/core/compile"
	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/pkgstore"
	"github.com/puzzlejudge/judge/service/queue"
)

// handle judges one delivered job, reports it to sink and settles it
// with the queue: Done after the final is stored, Retry when it could
// not be judged for a passing reason or the drain ran out, Drop (after
// an IE final) when it can never be judged.
func (w *Worker) handle(ctx context.Context, d *queue.Delivery, sink Sink, cache *pkgstore.Cache, srcs *sources, slot int) {
	if d.Bad != nil {
		w.logf("worker %s: dropping a bad job: %v", w.ID, d.Bad)
		_ = d.Drop(d.Bad.Error())
		return
	}
	j := d.Job
	stopBeat := w.heartbeat(d)
	defer stopBeat()
	base := queue.Event{SubmissionID: j.SubmissionID, Gen: j.Gen, Attempt: d.Attempt, Worker: w.ID}
	rj := sink.Judging(ctx, base)
	defer rj.Close()
	progress := func(ev queue.Event) {
		ev.SubmissionID, ev.Gen, ev.Attempt, ev.Worker = base.SubmissionID, base.Gen, base.Attempt, base.Worker
		rj.Progress(ev)
	}
	progress(queue.Event{Kind: queue.KindState, State: queue.StateJudging})

	rep, src, err := w.judge(ctx, d, cache, progress, srcs, slot)
	// The source goes once the job is settled, after its verdict.
	defer remove(src)
	var bad *badJob
	switch {
	case ctx.Err() != nil:
		// The drain ran out: hand the job back for another worker now.
		_ = d.Retry(0)
		return
	case errors.As(err, &bad):
		rep = &grade.Report{Problem: j.Problem, Language: j.Language, Verdict: verdict.IE, Tests: []grade.TestResult{}, Error: bad.Error()}
	case err != nil:
		w.logf("worker %s: %s: %v; retrying in %s", w.ID, j.MsgID(), err, or(w.RetryDelay, DefaultRetryDelay))
		_ = d.Retry(or(w.RetryDelay, DefaultRetryDelay))
		return
	}
	final := base
	final.Kind, final.Report = queue.KindFinal, rep
	if err := rj.Final(ctx, final); err != nil {
		// Not stored: judge it again rather than lose it.
		w.logf("worker %s: %s: %v", w.ID, j.MsgID(), err)
		_ = d.Retry(or(w.RetryDelay, DefaultRetryDelay))
		return
	}
	if bad != nil {
		_ = d.Drop(bad.Error())
		return
	}
	if err := d.Done(ctx); err != nil {
		// The final is stored; a redelivery judges again and the store
		// ignores the second final of this generation.
		w.logf("worker %s: %s: ack: %v", w.ID, j.MsgID(), err)
	}
}

// badJob is a job that can never be judged (unknown language, broken
// package): it ends as IE instead of going round the queue.
type badJob struct{ err error }

func (b *badJob) Error() string { return b.err.Error() }

// judge gets the job's problem, writes the source into the slot's
// folder and grades it, handing the progress to progress; src is the
// source's path once written, for the caller to remove.
func (w *Worker) judge(ctx context.Context, d *queue.Delivery, cache *pkgstore.Cache, progress func(queue.Event), srcs *sources, slot int) (rep *grade.Report, src string, err error) {
	j := d.Job
	lang, ok := w.Engine.Config.Languages[j.Language]
	if !ok {
		return nil, "", &badJob{fmt.Errorf("unknown language %q on worker %s", j.Language, w.ID)}
	}
	if t := w.Toolchains[j.Language]; !t.Present() {
		return nil, "", &badJob{fmt.Errorf("language %s is not offered by worker %s: %s", j.Language, w.ID, t.Missing)}
	}
	p, release, err := w.problem(ctx, j, cache)
	if err != nil {
		return nil, "", err
	}
	defer release()
	p.Slug = j.Problem
	if l := j.Limits; l != nil {
		if l.TimeMs > 0 {
			p.Limits.Time = time.Duration(l.TimeMs) * time.Millisecond
		}
		if l.MemoryKB > 0 {
			p.Limits.Memory = l.MemoryKB << 10
		}
		if l.OutputKB > 0 {
			p.Limits.Output = l.OutputKB << 10
		}
	}
	if src, err = srcs.write(slot, sourceName(j.Filename, lang.Extensions), j.Source); err != nil {
		return nil, "", err
	}
	// The grader releases the rows in the order the report lists them
	// (static validation test cases among them; with StopOnFail, none
	// after the first failure), one at a time: they are numbered as they
	// come.
	next := 0
	rep, err = w.Engine.Grader.Grade(ctx, grade.Submission{Problem: p, Source: src, Language: lang}, grade.Options{
		StopOnFail: j.StopOnFail && p.Scoring == nil,
		// A loaded worker does not give TLE to a program within its
		// limit: a wall stop under the CPU limit is run again once.
		RecheckWall: true,
		Budget:      budget(j, p, lang),
		OnCompile:   func(c grade.CompileReport) { progress(queue.Event{Kind: queue.KindCompile, Compile: &c}) },
		OnTestInOrder: func(r grade.TestResult) {
			progress(queue.Event{Kind: queue.KindTest, TestIndex: next, Test: &r})
			next++
		},
	})
	if err != nil {
		return nil, src, err
	}
	rep.Source = j.Filename
	return rep, src, nil
}

// budget is the time budget of a job's tests: the job's, or
// grade.DefaultBudget for the problem as the job limits it; 0 (none) for
// a negative one.
func budget(j queue.Job, p *problem.Problem, lang *compile.Language) time.Duration {
	switch {
	case j.BudgetMs > 0:
		return time.Duration(j.BudgetMs) * time.Millisecond
	case j.BudgetMs < 0:
		return 0
	}
	return grade.DefaultBudget(p, lang)
}

// problem is a copy of the problem of the job's package, for the job to
// change: the one Loaded gives, or the one unpacked in the package
// cache (loaded once per package); release ends its use of the cache.
func (w *Worker) problem(ctx context.Context, j queue.Job, cache *pkgstore.Cache) (*problem.Problem, func(), error) {
	if w.Loaded != nil {
		if p := w.Loaded(j.Problem, j.PackageHash); p != nil {
			cp := *p
			return &cp, func() {}, nil
		}
	}
	dir, release, err := cache.Get(ctx, j.PackageHash)
	if err != nil {
		if errors.Is(err, pkgstore.ErrNoPackage) || errors.Is(err, pkgstore.ErrBadPackage) {
			return nil, nil, &badJob{err}
		}
		return nil, nil, err
	}
	p, err := w.problems.get(j.PackageHash, dir)
	if err != nil {
		release()
		return nil, nil, &badJob{fmt.Errorf("package %s: %w", j.PackageHash, err)}
	}
	return p, release, nil
}

// sourceName is the file name the source is written under: the job's,
// reduced to a plain name, or "main" with the language's extension.
func sourceName(name string, exts []string) string {
	base := filepath.Base(name)
	if name == "" || base == "." || base == ".." || base == "/" || strings.ContainsRune(base, 0) {
		if len(exts) > 0 {
			return "main" + exts[0]
		}
		return "main"
	}
	return base
}

// heartbeat reports the job in progress every Heartbeat until the
// returned stop is called.
func (w *Worker) heartbeat(d *queue.Delivery) (stop func()) {
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(or(w.Heartbeat, DefaultHeartbeat))
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				_ = d.InProgress()
			}
		}
	}()
	return func() { close(done) }
}
