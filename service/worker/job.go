package worker

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/service/pkgstore"
	"github.com/puzzlejudge/judge/service/queue"
)

// handle judges one delivered job and settles it with the queue: Done
// after the final is stored, Retry when it could not be judged for a
// passing reason or the drain ran out, Drop (after an IE final) when it
// can never be judged.
func (w *Worker) handle(ctx context.Context, d *queue.Delivery, cache *pkgstore.Cache, srcs *sources, slot int) {
	if d.Bad != nil {
		w.logf("worker %s: dropping a bad job: %v", w.ID, d.Bad)
		_ = d.Drop(d.Bad.Error())
		return
	}
	j := d.Job
	stopBeat := w.heartbeat(d)
	defer stopBeat()
	pub := newPublisher(ctx, w.JS, queue.Event{SubmissionID: j.SubmissionID, Gen: j.Gen, Attempt: d.Attempt, Worker: w.ID}, w.Live)
	pub.emit(queue.Event{Kind: queue.KindState, State: queue.StateJudging})

	rep, src, err := w.judge(ctx, d, cache, pub, srcs, slot)
	// The source goes once the job is settled, after its verdict.
	defer remove(src)
	pub.close()
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
	final := pub.base
	final.Kind, final.Report = queue.KindFinal, rep
	if err := w.publishFinal(ctx, final, pub.unstored()); err != nil {
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

// publishFinal publishes a final result, after the attempt's start event
// if start is set, and waits until the events stream stored them.
// OnFinal, if set, is handed the final as the stream stores it while the
// publication is under way, so that the verdict reaches the store without
// waiting for the stream's acknowledgement; the job is settled only after
// both.
func (w *Worker) publishFinal(ctx context.Context, ev queue.Event, start *queue.Event) error {
	final, out, err := queue.PrepareFinal(ev)
	if err != nil {
		return err
	}
	publish := func() error {
		if start != nil {
			if err := queue.PublishEvent(ctx, w.JS, *start); err != nil {
				return err
			}
		}
		return out.Publish(ctx, w.JS)
	}
	if w.OnFinal == nil {
		return publish()
	}
	published := make(chan error, 1)
	go func() { published <- publish() }()
	w.OnFinal(ctx, final)
	return <-published
}

// badJob is a job that can never be judged (unknown language, broken
// package): it ends as IE instead of going round the queue.
type badJob struct{ err error }

func (b *badJob) Error() string { return b.err.Error() }

// judge fetches the package, writes the source into the slot's folder
// and grades it; src is the source's path once written, for the caller
// to remove.
func (w *Worker) judge(ctx context.Context, d *queue.Delivery, cache *pkgstore.Cache, pub *publisher, srcs *sources, slot int) (rep *grade.Report, src string, err error) {
	j := d.Job
	lang, ok := w.Engine.Config.Languages[j.Language]
	if !ok {
		return nil, "", &badJob{fmt.Errorf("unknown language %q on worker %s", j.Language, w.ID)}
	}
	dir, release, err := cache.Get(ctx, j.PackageHash)
	if err != nil {
		if errors.Is(err, pkgstore.ErrNoPackage) || errors.Is(err, pkgstore.ErrBadPackage) {
			return nil, "", &badJob{err}
		}
		return nil, "", err
	}
	defer release()
	p, err := w.problems.get(j.PackageHash, dir)
	if err != nil {
		return nil, "", &badJob{fmt.Errorf("package %s: %w", j.PackageHash, err)}
	}
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
	// The rows go out in the order the report lists them (with StopOnFail,
	// none after the first failure), numbered as they come.
	next := 0
	rep, err = w.Engine.Grader.Grade(ctx, grade.Submission{Problem: p, Source: src, Language: lang}, grade.Options{
		StopOnFail: j.StopOnFail && p.Scoring == nil,
		OnCompile:  func(c grade.CompileReport) { pub.emit(queue.Event{Kind: queue.KindCompile, Compile: &c}) },
		OnTestInOrder: func(r grade.TestResult) {
			pub.test(next, r)
			next++
		},
	})
	if err != nil {
		return nil, src, err
	}
	rep.Source = j.Filename
	return rep, src, nil
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
