package store

import (
	"context"
	"database/sql"
	"time"
)

// walCheckpointEvery is how often the checkpointer copies the pages new in
// SQLite's write-ahead log into the database file.
const walCheckpointEvery = time.Second

// checkpointer keeps SQLite's WAL checkpoints off the writes. With
// SQLite's automatic checkpoint (at 1000 pages of log), the commit that
// crossed the mark copied the whole log into the database file and synced
// both before it returned, on the one write connection, so every write
// behind it waited too: tens of milliseconds about every 60 submissions
// in a benchmark of judge serve, in a POST or in the applying of a
// verdict. The store's writer has the automatic checkpoint off, and the
// checkpointer runs a PASSIVE checkpoint once a second from a connection
// of its own: it never waits for the writer or the readers, nor blocks
// them, and each copies only the pages written since the last. The log
// keeps every commit durable as before (synchronous=NORMAL: a commit is
// safe from a crash of the process at once, from a power loss once the
// log is synced, at the latest by the next checkpoint).
type checkpointer struct {
	db   *sql.DB
	stop context.CancelFunc
	done chan struct{}
}

// startCheckpointer opens its connection with dsn and starts the loop.
func startCheckpointer(dsn string) (*checkpointer, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	ctx, stop := context.WithCancel(context.Background())
	c := &checkpointer{db: db, stop: stop, done: make(chan struct{})}
	go c.loop(ctx)
	return c, nil
}

// loop checkpoints every walCheckpointEvery until ctx ends. A checkpoint
// that fails (another process's checkpoint under way) is simply tried
// again at the next tick: nothing is lost meanwhile, the log only grows.
func (c *checkpointer) loop(ctx context.Context) {
	defer close(c.done)
	t := time.NewTicker(walCheckpointEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_, _, _ = c.checkpoint(ctx)
		}
	}
}

// checkpoint runs one PASSIVE checkpoint and returns the pages in the log
// and how many of them are now in the database file.
func (c *checkpointer) checkpoint(ctx context.Context) (logged, copied int, err error) {
	var busy int
	err = c.db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &logged, &copied)
	return logged, copied, err
}

// close stops the loop and closes its connection.
func (c *checkpointer) close() error {
	c.stop()
	<-c.done
	return c.db.Close()
}
