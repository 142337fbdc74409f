package store

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"sync"
	"testing"
	"time"
)

// writes records a toucher's writes; fail makes the next ones fail.
type writes struct {
	mu   sync.Mutex
	got  []map[string]int64
	fail bool
}

func (w *writes) write(_ context.Context, uses map[string]int64) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.fail {
		return errors.New("disk full")
	}
	w.got = append(w.got, maps.Clone(uses))
	return nil
}

func (w *writes) all() []map[string]int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]map[string]int64(nil), w.got...)
}

func TestToucher(t *testing.T) {
	ctx := context.Background()
	t.Run("one write of the latest uses", func(t *testing.T) {
		var w writes
		tc := newToucher(w.write)
		tc.delay = time.Hour
		tc.add("a", 1)
		tc.add("a", 3)
		tc.add("b", 2)
		tc.add("a", 2) // older than the one held: ignored
		if got := w.all(); len(got) != 0 {
			t.Fatalf("written before a flush: %v", got)
		}
		if err := tc.flush(ctx); err != nil {
			t.Fatal(err)
		}
		got := w.all()
		if len(got) != 1 || !maps.Equal(got[0], map[string]int64{"a": 3, "b": 2}) {
			t.Fatalf("writes %v, want one of a=3 b=2", got)
		}
		if err := tc.close(ctx); err != nil || len(w.all()) != 1 {
			t.Errorf("close with nothing pending: %v, writes %v", err, w.all())
		}
	})
	t.Run("the timer writes", func(t *testing.T) {
		var w writes
		tc := newToucher(w.write)
		tc.delay = time.Millisecond
		tc.add("a", 1)
		deadline := time.Now().Add(10 * time.Second)
		for len(w.all()) == 0 && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		if got := w.all(); len(got) != 1 || got[0]["a"] != 1 {
			t.Fatalf("writes %v, want a=1 by the timer", got)
		}
		tc.add("b", 5) // a new timer
		if err := tc.close(ctx); err != nil {
			t.Fatal(err)
		}
		if got := w.all(); len(got) != 2 || got[1]["b"] != 5 {
			t.Fatalf("writes %v, want b=5 written by close", got)
		}
	})
	t.Run("a failed write is kept", func(t *testing.T) {
		w := writes{fail: true}
		tc := newToucher(w.write)
		tc.delay = time.Hour
		tc.add("a", 1)
		if err := tc.flush(ctx); err == nil {
			t.Fatal("flush reported no error from a failed write")
		}
		tc.add("a", 4)
		w.mu.Lock()
		w.fail = false
		w.mu.Unlock()
		if err := tc.close(ctx); err != nil {
			t.Fatal(err)
		}
		if got := w.all(); len(got) != 1 || got[0]["a"] != 4 {
			t.Fatalf("writes %v, want a=4 once", got)
		}
	})
}

// TestTokenUseWrittenLater: Authenticate writes nothing; the use is in
// the store once the store lists its tokens (or closes).
func TestTokenUseWrittenLater(t *testing.T) {
	for _, be := range backends {
		t.Run(be.name, func(t *testing.T) {
			ctx := context.Background()
			s := be.open(t).(*sqlStore)
			tok, plain, err := s.CreateToken(ctx, NewToken{User: "ann"})
			if err != nil {
				t.Fatal(err)
			}
			lastUsed := func() sql.NullInt64 {
				t.Helper()
				var v sql.NullInt64
				if err := s.r.QueryRowContext(ctx, s.q(`SELECT last_used_at FROM tokens WHERE id = ?`), tok.ID).Scan(&v); err != nil {
					t.Fatal(err)
				}
				return v
			}
			before := time.Now()
			if _, err := s.Authenticate(ctx, plain); err != nil {
				t.Fatal(err)
			}
			if v := lastUsed(); v.Valid {
				t.Fatalf("Authenticate wrote the use at once (%d)", v.Int64)
			}
			list, err := s.ListTokens(ctx)
			if err != nil || len(list) != 1 {
				t.Fatalf("ListTokens = %v, %v", list, err)
			}
			if at := list[0].LastUsedAt; at.Before(before.Add(-time.Second)) || at.After(time.Now().Add(time.Second)) {
				t.Errorf("listed last use %v, want about %v", at, before)
			}
			if v := lastUsed(); !v.Valid {
				t.Error("the use is not in the store after ListTokens")
			}
		})
	}
}
