package pool_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/puzzlejudge/judge/internal/pool"
)

// TestMapLimitsConcurrency checks that no more than Workers tasks run at
// once, that Workers of them do when there are enough, and that every
// slot is below Workers.
func TestMapLimitsConcurrency(t *testing.T) {
	for _, tc := range []struct {
		name       string
		n, workers int
		wantMax    int
	}{
		{"one worker", 5, 1, 1},
		{"three of ten", 10, 3, 3},
		{"more workers than tasks", 2, 8, 2},
		{"zero workers means one", 4, 0, 1},
		{"no tasks", 0, 4, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var running, most atomic.Int32
			// The first wantMax tasks wait until wantMax run at once: a
			// pool running fewer would leave them waiting until the test
			// times out.
			full := make(chan struct{})
			var once sync.Once
			vals, err := pool.Map(t.Context(), tc.n, pool.Options[int]{Workers: tc.workers},
				func(ctx context.Context, slot, i int) (int, error) {
					if slot < 0 || slot >= max(tc.workers, 1) {
						t.Errorf("task %d on slot %d, want below %d", i, slot, max(tc.workers, 1))
					}
					now := running.Add(1)
					defer running.Add(-1)
					for {
						m := most.Load()
						if now <= m || most.CompareAndSwap(m, now) {
							break
						}
					}
					if int(now) == tc.wantMax {
						once.Do(func() { close(full) })
					}
					if i < tc.wantMax {
						select {
						case <-full:
						case <-ctx.Done():
						}
					}
					return i * i, nil
				})
			if err != nil {
				t.Fatal(err)
			}
			if got := int(most.Load()); got != tc.wantMax {
				t.Errorf("at most %d tasks ran at once, want %d", got, tc.wantMax)
			}
			want := make([]int, tc.n)
			for i := range want {
				want[i] = i * i
			}
			if !slices.Equal(vals, want) {
				t.Errorf("values %v, want %v", vals, want)
			}
		})
	}
}

// TestMapFailure checks what a failure stops: no task starts after it,
// the lowest failed index's error stands however the tasks finish, and
// the running tasks of higher index are cancelled only with CancelLater.
func TestMapFailure(t *testing.T) {
	errLow, errHigh := errors.New("task 1 failed"), errors.New("task 2 failed")
	for _, tc := range []struct {
		name        string
		cancelLater bool
		wantErr     error
		wantCounts  []bool // for tasks 0 to 3, by Done
		wantStopped bool   // task 3 saw its context cancelled
	}{
		{"tasks after go on", false, errLow, []bool{true, true, true, false}, false},
		{"tasks after cancelled", true, errLow, []bool{true, true, true, false}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Four workers, six tasks: 0 to 3 start at once, and task 0
			// waits for the failures to end. Task 2 fails
			// first (and counts: no lower task had failed), then task 1;
			// task 3 is still running then, and ends once task 1's failure
			// is recorded, saying whether its context was cancelled, and
			// does not count; tasks 4 and 5 never start.
			started := make(chan int, 6)
			twoFailed, oneFailed := make(chan struct{}), make(chan struct{})
			var all sync.WaitGroup
			all.Add(4)
			var stopped atomic.Bool
			counts := make([]bool, 4)
			vals, err := pool.Map(t.Context(), 6, pool.Options[int]{
				Workers: 4, CancelLater: tc.cancelLater,
				Done: func(i int, v int, err error, c bool) {
					if i < len(counts) {
						counts[i] = c
					}
					switch i {
					case 2:
						close(twoFailed)
					case 1:
						close(oneFailed)
					}
				},
			}, func(ctx context.Context, slot, i int) (int, error) {
				started <- i
				if i < 4 {
					all.Done()
					all.Wait()
				}
				switch i {
				case 0:
					<-oneFailed
				case 1:
					<-twoFailed
					return 11, errLow
				case 2:
					return 12, errHigh
				case 3:
					<-oneFailed
					stopped.Store(ctx.Err() != nil)
					return 13, nil
				}
				return 10 + i, nil
			})
			if !errors.Is(err, tc.wantErr) {
				t.Errorf("error %v, want %v", err, tc.wantErr)
			}
			close(started)
			var ran []int
			for i := range started {
				ran = append(ran, i)
			}
			slices.Sort(ran)
			if !slices.Equal(ran, []int{0, 1, 2, 3}) {
				t.Errorf("tasks %v started, want 0 to 3", ran)
			}
			if !slices.Equal(counts, tc.wantCounts) {
				t.Errorf("counts %v, want %v", counts, tc.wantCounts)
			}
			if want := []int{10, 11, 12, 0, 0, 0}; !slices.Equal(vals, want) {
				t.Errorf("values %v, want %v", vals, want)
			}
			if stopped.Load() != tc.wantStopped {
				t.Errorf("task 3 cancelled: %v, want %v", stopped.Load(), tc.wantStopped)
			}
		})
	}
}

// TestMapContext checks that a context ended stops the run: no task
// starts after, and its error is Map's and Run's.
func TestMapContext(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(ctx context.Context, task func(ctx context.Context, i int) error) error
	}{
		{"Map", func(ctx context.Context, task func(ctx context.Context, i int) error) error {
			_, err := pool.Map(ctx, 10, pool.Options[int]{Workers: 1}, func(ctx context.Context, _, i int) (int, error) {
				return i, task(ctx, i)
			})
			return err
		}},
		{"Run", func(ctx context.Context, task func(ctx context.Context, i int) error) error {
			return pool.Run(ctx, 10, 1, task)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			var ran []int
			err := tc.run(ctx, func(ctx context.Context, i int) error {
				ran = append(ran, i)
				if i == 2 {
					cancel()
					return errors.New("task 2 failed as its context ended")
				}
				return nil
			})
			if !errors.Is(err, context.Canceled) {
				t.Errorf("error %v, want context.Canceled", err)
			}
			if !slices.Equal(ran, []int{0, 1, 2}) {
				t.Errorf("tasks %v ran, want 0 to 2", ran)
			}
		})
	}
}

// TestRunLowestError checks that Run returns the error of the lowest
// failed index, whichever failed first.
func TestRunLowestError(t *testing.T) {
	second := make(chan struct{})
	err := pool.Run(t.Context(), 2, 2, func(ctx context.Context, i int) error {
		if i == 1 {
			defer close(second)
			return errors.New("task 1")
		}
		<-second
		return errors.New("task 0")
	})
	if err == nil || err.Error() != "task 0" {
		t.Errorf("error %v, want task 0's", err)
	}
}

func ExampleMap() {
	squares, err := pool.Map(context.Background(), 5, pool.Options[int]{Workers: 2},
		func(ctx context.Context, slot, i int) (int, error) { return i * i, nil })
	fmt.Println(squares, err)
	// Output: [0 1 4 9 16] <nil>
}

func ExampleRun() {
	err := pool.Run(context.Background(), 4, 2, func(ctx context.Context, i int) error {
		if i == 2 {
			return fmt.Errorf("input %d is invalid", i)
		}
		return nil
	})
	fmt.Println(err)
	// Output: input 2 is invalid
}
