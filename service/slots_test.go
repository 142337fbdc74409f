package service

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/queue"
)

func TestDefaultSlots(t *testing.T) {
	for _, tt := range []struct{ cores, want int }{{0, 1}, {1, 1}, {2, 2}, {3, 2}, {4, 2}, {8, 4}, {64, 32}} {
		if got := DefaultSlots(tt.cores); got != tt.want {
			t.Errorf("DefaultSlots(%d) = %d, want %d", tt.cores, got, tt.want)
		}
	}
}

func TestTestsAtOnce(t *testing.T) {
	for _, tt := range []struct{ workers, cores, slots, want int }{
		{8, 8, 1, 8},  // one slot: every core
		{8, 8, 4, 2},  // four slots share the cores
		{1, 8, 4, 1},  // fewer asked than the share
		{2, 2, 1, 2},  // the two-core machine
		{16, 2, 4, 1}, // more slots than cores: one test at a time
		{4, 8, 0, 4},
	} {
		if got := testsAtOnce(tt.workers, tt.cores, tt.slots); got != tt.want {
			t.Errorf("testsAtOnce(%d, %d, %d) = %d, want %d", tt.workers, tt.cores, tt.slots, got, tt.want)
		}
	}
}

// TestSlotsDefault starts the service without slots given (judge serve
// without --slots): its local worker registers with DefaultSlots of this
// machine's cores, and judges each submission's tests on its share of
// them.
func TestSlotsDefault(t *testing.T) {
	s := newStack(t, func(c *Config) { c.Slots, c.Workers = -1, 0 })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	kv, err := s.svc.q.js.KeyValue(ctx, queue.WorkersBucket)
	if err != nil {
		t.Fatal(err)
	}
	w, err := kv.WatchAll(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	for e := range w.Updates() {
		if e == nil {
			continue // the end of the entries there were
		}
		var info queue.WorkerInfo
		if err := json.Unmarshal(e.Value(), &info); err != nil {
			t.Fatal(err)
		}
		if want := DefaultSlots(localCores()); info.Slots != want {
			t.Errorf("local worker registered with %d slots, want %d", info.Slots, want)
		}
		if want := testsAtOnce(s.svc.cfg.Judge.Workers, localCores(), info.Slots); s.svc.eng.Grader.Workers != want {
			t.Errorf("tests at once %d, want %d", s.svc.eng.Grader.Workers, want)
		}
		return
	}
	t.Fatal("no worker registered")
}
