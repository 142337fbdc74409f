// Package worker judges jobs from the queue: it pulls a job only when one
// of its slots is free, judges it with the engine against the problem
// package named by hash, reports progress and the final result to its
// Sink, and acknowledges the job only once the final is stored.
package worker

import (
	"context"
	"errors"
	"fmt"
	"github.com/puzzlejudge/judge/core/compile"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/core/engine"
	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/service/pkgstore"
	"github.com/puzzlejudge/judge/service/queue"
)

// Defaults of Worker's durations.
const (
	DefaultDrainTimeout = 60 * time.Second
	DefaultHeartbeat    = 10 * time.Second
	DefaultFetchWait    = 5 * time.Second
	DefaultRetryDelay   = 5 * time.Second
)

// Worker judges jobs from the queue. Zero durations take the defaults.
type Worker struct {
	JS       jetstream.JetStream
	Engine   *engine.Engine
	Slots    int    // jobs judged at once; 0 for one
	CacheDir string // the package cache lives in CacheDir/pkgs
	// CacheBytes bounds the package cache (0 for pkgstore's default).
	CacheBytes int64
	ID         string // in the workers registry; "" for host-pid
	Version    string // the judge's version, for the registry

	// DrainTimeout is how long jobs in progress may go on once Run's
	// context ends; then they are cancelled and handed back.
	DrainTimeout time.Duration
	// Heartbeat is how often a job being judged is reported in progress;
	// keep it well under the queue's AckWait.
	Heartbeat time.Duration
	// FetchWait is how long one request for a job waits.
	FetchWait time.Duration
	// RetryDelay is when a job that failed for a passing reason (its
	// package could not be fetched) is delivered again.
	RetryDelay time.Duration
	// Log, if set, is told what the worker does (one line, no newline).
	Log func(string)
	// Sink is where the judgings are reported; nil for NATSSink on JS.
	Sink Sink
	// Loaded, if set, gives the problem of a job's package as the caller
	// has it loaded already, or nil: the service's own worker judges with
	// the problem its catalog loaded when its files are the ones the
	// job's hash names, instead of unpacking the package and loading it
	// again. The worker changes a copy (slug, limits). A worker with
	// Loaded fetches a package only for a job that needs it, instead of
	// every package the store receives.
	Loaded func(slug, hash string) *problem.Problem
	// Toolchains are the configured languages' tools as compile.ProbeAll
	// found them in the box; nil to have Run probe them. The worker offers
	// (in the registry) and judges only the languages whose tools are
	// present.
	Toolchains map[string]compile.Toolchain

	busy     atomic.Int32
	problems loaded
}

func (w *Worker) logf(format string, args ...any) {
	if w.Log != nil {
		w.Log(fmt.Sprintf(format, args...))
	}
}

func or[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// Run judges jobs until ctx ends, then drains: it stops asking for jobs,
// lets the jobs in progress finish for up to DrainTimeout (still
// heartbeating), cancels and hands back the rest, removes itself from the
// registry and returns. The error is non-nil only when the worker could
// not start.
func (w *Worker) Run(ctx context.Context) error {
	if w.JS == nil || w.Engine == nil {
		return errors.New("worker: no connection or engine")
	}
	slots := max(w.Slots, 1)
	if w.ID == "" {
		host, _ := os.Hostname()
		w.ID = fmt.Sprintf("%s-%d", or(host, "worker"), os.Getpid())
	}
	jobs, err := queue.Bind(ctx, w.JS)
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	store, err := pkgstore.Open(ctx, w.JS)
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	cache := &pkgstore.Cache{Dir: w.CacheDir, Store: store, MaxBytes: w.CacheBytes}
	sink := w.Sink
	if sink == nil {
		sink = NATSSink(w.JS)
	}
	srcs, err := newSources(slots)
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	defer srcs.close()
	if w.Toolchains == nil {
		w.Toolchains = compile.ProbeAll(ctx, w.Engine.Sandbox, w.Engine.Config.Languages)
	}
	w.logMissing()
	// Jobs run under their own context, cancelled only when the drain
	// times out; background loops end with bg.
	jobCtx, cancelJobs := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelJobs()
	bg, stopBg := context.WithCancel(context.WithoutCancel(ctx))
	var bgWG sync.WaitGroup
	bgWG.Go(func() { w.register(bg, slots) })
	if w.Loaded == nil {
		bgWG.Go(func() {
			err := cache.Prefetch(bg, func(hash string, err error) { w.logf("prefetch package %s: %v", hash[:12], err) })
			if err != nil {
				w.logf("worker %s: no prefetch: %v", w.ID, err)
			}
		})
	}
	w.logf("worker %s: judging with %d slot(s)", w.ID, slots)

	// free holds the numbers of the free slots.
	free := make(chan int, slots)
	for i := range slots {
		free <- i
	}
	var inflight sync.WaitGroup
	var slot int
fetch:
	for {
		select {
		case <-ctx.Done():
			break fetch
		case slot = <-free:
		}
		d, err := jobs.Next(ctx, or(w.FetchWait, DefaultFetchWait))
		if err != nil || d == nil {
			free <- slot
			if err != nil && ctx.Err() == nil {
				w.logf("worker %s: %v", w.ID, err)
				sleep(ctx, time.Second) // server away: do not spin
			}
			continue
		}
		inflight.Add(1)
		w.busy.Add(1)
		go func(slot int) {
			defer func() { w.busy.Add(-1); free <- slot; inflight.Done() }()
			w.handle(jobCtx, d, sink, cache, srcs, slot)
		}(slot)
	}
	// Drain.
	done := make(chan struct{})
	go func() { inflight.Wait(); close(done) }()
	if n := w.busy.Load(); n > 0 {
		w.logf("worker %s: draining %d job(s) for up to %s", w.ID, n, or(w.DrainTimeout, DefaultDrainTimeout))
	}
	t := time.NewTimer(or(w.DrainTimeout, DefaultDrainTimeout))
	select {
	case <-done:
	case <-t.C:
		w.logf("worker %s: drain timeout; handing back %d job(s)", w.ID, w.busy.Load())
		cancelJobs()
		<-done
	}
	t.Stop()
	stopBg()
	bgWG.Wait()
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	_ = queue.DeleteWorker(dctx, w.JS, w.ID)
	return nil
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
