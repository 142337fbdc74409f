package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCheckpointer: the writer never checkpoints SQLite's log itself, and
// the checkpointer copies it into the database file in the background.
func TestCheckpointer(t *testing.T) {
	source := strings.Repeat("x", 16<<10) // about four pages a submission
	for _, tc := range []struct {
		name string
		// subs are written; the checkpointer runs when keep is set.
		subs int
		keep bool
		// check looks at the database after the writes.
		check func(t *testing.T, path string)
	}{
		{
			// Past SQLite's automatic mark (1000 pages), which the
			// writer would have checkpointed at, and restarted the log.
			name: "the writer leaves the log to the checkpointer", subs: 350, keep: false,
			check: func(t *testing.T, path string) {
				db, err := sql.Open("sqlite", path)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				c := &checkpointer{db: db}
				logged, _, err := c.checkpoint(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if logged < 1000 {
					t.Errorf("%d pages in the log after 350 submissions of 16 KiB, want over 1000 (the writer checkpointed)", logged)
				}
			},
		},
		{
			// Below the automatic mark: only the checkpointer moves the
			// pages into the database file.
			name: "the checkpointer copies the log into the database", subs: 100, keep: true,
			check: func(t *testing.T, path string) {
				end := time.Now().Add(10 * walCheckpointEvery)
				for {
					fi, err := os.Stat(path)
					if err != nil {
						t.Fatal(err)
					}
					if fi.Size() > 1<<20 {
						return
					}
					if time.Now().After(end) {
						t.Fatalf("the database file is %d bytes %s after 100 submissions of 16 KiB, want over 1 MiB", fi.Size(), 10*walCheckpointEvery)
					}
					time.Sleep(100 * time.Millisecond)
				}
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "judge.db")
			s, err := openSQLite(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if !tc.keep {
				if err := s.ckpt.close(); err != nil {
					t.Fatal(err)
				}
				s.ckpt = nil
			}
			for i := range tc.subs {
				if _, _, err := s.Create(ctx, NewSubmission{User: "u", Problem: "p", Language: "c", Filename: "a.c", Source: fmt.Sprint(i) + source}); err != nil {
					t.Fatal(err)
				}
			}
			tc.check(t, path)
		})
	}
}
