package runner

import (
	"context"
	"testing"
	"time"
)

// TestLateKillSparesNextRun runs, in one box, programs stopped at their
// wall limit, each followed at once by one that exits by itself. The
// helper kills a stopped run's processes while the launcher may already
// be reaping it and starting the next: the next program must never be
// taken for the stopped run's (a stray SIGKILL, once seen under load).
func TestLateKillSparesNextRun(t *testing.T) {
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			s := modeSandbox(t, mode)
			ctx := context.Background()
			stopped := Spec{Args: []string{"sh", "-c", "sleep 5"}, Limits: Limits{CPU: time.Second, Wall: 20 * time.Millisecond}}
			next := Spec{Args: []string{"sh", "-c", "exit 0"}, Limits: Limits{CPU: 5 * time.Second}}
			for i := 0; i < 60; i++ {
				r, err := s.Run(ctx, stopped)
				if err != nil {
					t.Fatal(err)
				}
				if r.Status != WallExceeded {
					t.Fatalf("run %d: the sleeper ended %v, want %v", i, r.Status, WallExceeded)
				}
				r, err = s.Run(ctx, next)
				if err != nil {
					t.Fatal(err)
				}
				if !r.OK() {
					t.Fatalf("run %d: the program after a stopped one ended %v (signal %v)", i, r.Status, r.Signal)
				}
			}
		})
	}
}

// TestContextEndsRun checks that a run whose context ends is stopped at
// once, well before its limits, that Run says why, and that the box then
// runs the next program as if nothing happened.
func TestContextEndsRun(t *testing.T) {
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			s := modeSandbox(t, mode)
			for i := 0; i < 3; i++ {
				ctx, cancel := context.WithCancel(context.Background())
				time.AfterFunc(100*time.Millisecond, cancel)
				start := time.Now()
				_, err := s.Run(ctx, Spec{Args: []string{"sh", "-c", "sleep 30"}, Limits: Limits{CPU: 30 * time.Second, Wall: 60 * time.Second}})
				if err == nil || ctx.Err() == nil {
					t.Fatalf("run %d: err %v, want the context's", i, err)
				}
				if d := time.Since(start); d > 5*time.Second {
					t.Fatalf("run %d: the run went on for %v after its context ended", i, d)
				}
				r, err := s.Run(context.Background(), Spec{Args: []string{"sh", "-c", "exit 0"}, Limits: Limits{CPU: 5 * time.Second}})
				if err != nil || !r.OK() {
					t.Fatalf("run %d: the next run: %v %+v", i, err, r)
				}
			}
		})
	}
}
