// Package pool runs numbered tasks on a fixed number of goroutines: the
// one worker pool of the judge's tests, the author's inputs and the stress
// test's iterations.
//
// Tasks start in index order, at most Workers at once. A task that fails
// (returns an error) stops the run: no task starts after it, and, with
// CancelLater, the tasks of higher index still running have their context
// cancelled. Tasks of lower index go on: the failure that stands is the
// one of the lowest index, as if the tasks had run one after another.
package pool

import (
	"context"
	"sync"
)

// Options say how Map runs its tasks.
type Options[T any] struct {
	// Workers is how many tasks run at once; below 1 means one.
	Workers int
	// CancelLater, when a task fails, cancels the context of the tasks of
	// higher index still running. Without it they run to their end.
	CancelLater bool
	// Done, if set, is called with each task's index, value and error once
	// its outcome is recorded (a failure has stopped the run by then),
	// on the task's goroutine, so calls may overlap. counts is false when
	// a task of lower index had failed before this one ended: its value
	// is not in Map's results and its error is not Map's.
	Done func(i int, v T, err error, counts bool)
}

// Map runs task(ctx, slot, i) for every i in [0, n), on at most
// opt.Workers goroutines; slot, below opt.Workers, names the goroutine
// running the task, so that tasks may keep per-goroutine scratch space.
// No task starts once ctx ends or a task has failed.
//
// Map returns the tasks' values by index, the zero value where a task did
// not run or did not count (see Options.Done), and ctx's error if ctx
// ended, else the error of the lowest index that failed, else nil.
func Map[T any](ctx context.Context, n int, opt Options[T], task func(ctx context.Context, slot, i int) (T, error)) ([]T, error) {
	var (
		mu      sync.Mutex
		next    int
		failed  = n // the lowest index that failed
		err     error
		cancels []context.CancelFunc
		results = make([]T, n)
		wg      sync.WaitGroup
	)
	if opt.CancelLater {
		cancels = make([]context.CancelFunc, n)
	}
	for slot := range min(max(opt.Workers, 1), n) {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				if i >= n || i > failed || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				tctx, cancel := ctx, context.CancelFunc(func() {})
				if opt.CancelLater {
					tctx, cancel = context.WithCancel(ctx)
					cancels[i] = cancel
				}
				mu.Unlock()
				v, terr := task(tctx, slot, i)
				cancel()
				mu.Lock()
				counts := i < failed
				if counts {
					results[i] = v
					if terr != nil {
						failed, err = i, terr
						if opt.CancelLater {
							for _, c := range cancels[i+1:] {
								if c != nil {
									c()
								}
							}
						}
					}
				}
				mu.Unlock()
				if opt.Done != nil {
					opt.Done(i, v, terr, counts)
				}
			}
		})
	}
	wg.Wait()
	if ctx.Err() != nil {
		return results, ctx.Err()
	}
	return results, err
}

// Run runs task(ctx, i) for every i in [0, n) on at most workers
// goroutines, as Map does without CancelLater: after a failure no task
// starts, and the tasks running go on to their end. It returns ctx's error
// if ctx ended, else the error of the lowest index that failed, else nil.
func Run(ctx context.Context, n, workers int, task func(ctx context.Context, i int) error) error {
	_, err := Map(ctx, n, Options[struct{}]{Workers: workers}, func(ctx context.Context, _, i int) (struct{}, error) {
		return struct{}{}, task(ctx, i)
	})
	return err
}
