package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"
)

// touchFlush is how long a token's use may wait in memory before it is
// written.
const touchFlush = 5 * time.Second

// touchWriteWait bounds a write of uses the timer starts (Close waits for
// it).
const touchWriteWait = 10 * time.Second

// toucher records the last use of tokens off the request path.
// Authenticate is on the path of every request with a token not seen for
// a while (a contestant's POST): writing the use there made it wait for
// a write transaction, and the submission's own write queue behind it on
// the one writer. Uses are instead held in memory and written together,
// in one transaction, touchFlush after the first of them, and when the
// store closes (or lists its tokens). A crash of the process loses at
// most touchFlush of uses: a last-use time is a hint, never a check.
type toucher struct {
	write func(ctx context.Context, uses map[string]int64) error
	delay time.Duration // touchFlush

	mu      sync.Mutex
	pending map[string]int64 // token id → time of its last use (µs)
	timer   *time.Timer      // set while uses are pending
	writing sync.WaitGroup   // a write by the timer under way
}

func newToucher(write func(ctx context.Context, uses map[string]int64) error) *toucher {
	return &toucher{write: write, delay: touchFlush, pending: map[string]int64{}}
}

// add records a use of token id at at (µs).
func (t *toucher) add(id string, at int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if at > t.pending[id] {
		t.pending[id] = at
	}
	if t.timer == nil {
		t.writing.Add(1)
		t.timer = time.AfterFunc(t.delay, func() {
			defer t.writing.Done()
			ctx, cancel := context.WithTimeout(context.Background(), touchWriteWait)
			defer cancel()
			_ = t.flush(ctx)
		})
	}
}

// flush writes the uses pending now; those of a write that failed are
// kept for the next.
func (t *toucher) flush(ctx context.Context) error {
	t.mu.Lock()
	uses := t.pending
	t.pending = map[string]int64{}
	if t.timer != nil && t.timer.Stop() {
		t.writing.Done() // its function will not run
	}
	t.timer = nil
	t.mu.Unlock()
	if len(uses) == 0 {
		return nil
	}
	err := t.write(ctx, uses)
	if err != nil {
		t.mu.Lock()
		for id, at := range uses {
			if at > t.pending[id] {
				t.pending[id] = at
			}
		}
		t.mu.Unlock()
	}
	return err
}

// close writes what is pending, then waits for a write the timer
// started and writes what it handed back if it failed.
func (t *toucher) close(ctx context.Context) error {
	err := t.flush(ctx)
	t.writing.Wait()
	if err2 := t.flush(ctx); err == nil {
		err = err2
	}
	return err
}

// writeTouches writes token uses in one transaction; a time older than
// the one written already changes nothing.
func (s *sqlStore) writeTouches(ctx context.Context, uses map[string]int64) error {
	st := s.stmt(ctx, s.w, qTouchToken) // before the transaction takes the writer
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("record token uses: %w", err)
	}
	defer tx.Rollback()
	exec := func(args ...any) (sql.Result, error) { return tx.ExecContext(ctx, s.q(qTouchToken), args...) }
	if st != nil {
		txst := tx.StmtContext(ctx, st)
		defer txst.Close()
		exec = func(args ...any) (sql.Result, error) { return txst.ExecContext(ctx, args...) }
	}
	// One order of writes in every transaction, so that two writers never
	// wait on each other's rows.
	for _, id := range slices.Sorted(maps.Keys(uses)) {
		if _, err := exec(uses[id], id, uses[id]); err != nil {
			return fmt.Errorf("record the use of token %s: %w", id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("record token uses: %w", err)
	}
	return nil
}
