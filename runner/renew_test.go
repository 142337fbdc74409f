package runner

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/runner/cgroup"
)

// TestRenewedGroup checks that a box's run group serves its next run
// once emptied and renewed (cgroup v1), that the next run's figures then
// count from zero (nothing of the last run's CPU time or peak) and read as
// a new group's would (the charge cache the last run left is emptied
// first), and that a group whose run reached its memory limit is not used
// again. On cgroup v2 every run gets a new group, and the figures are
// checked all the same.
func TestRenewedGroup(t *testing.T) {
	needRoot(t)
	s, err := New(Config{Mode: ModeFull, Idle: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	renews := s.Info().Memory == "cgroup-v1"
	touch := buildC(t, "touch")
	lim := Limits{CPU: 10 * time.Second, Wall: 30 * time.Second, Memory: 256 << 20}
	// The one box's group after its last run, renewed or nil.
	renewed := func() *runGroup {
		t.Helper()
		s.mu.Lock()
		defer s.mu.Unlock()
		if len(s.idle) != 1 {
			t.Fatalf("%d idle boxes, want 1", len(s.idle))
		}
		return s.idle[0].again
	}

	heavy, _ := runProgram(t, s, touch, lim, strconv.Itoa(48<<20))
	if !heavy.OK() || heavy.Memory < 47<<20 {
		t.Fatalf("48 MiB: %v, %d KiB", heavy.Status, heavy.Memory>>10)
	}
	first := renewed()
	if (first != nil) != renews {
		t.Fatalf("%s: group of a run that ended well renewed: %v", s.Info().Memory, first != nil)
	}
	light, _ := runProgram(t, s, touch, lim, "0")
	if !light.OK() || light.Memory > 8<<20 || light.CPU >= heavy.CPU/2 || light.CPU > 100*time.Millisecond {
		t.Fatalf("a trivial run after 48 MiB (%v of CPU): %v, %d KiB, %v of CPU",
			heavy.CPU, light.Status, light.Memory>>10, light.CPU)
	}
	if again := renewed(); renews && again != first {
		t.Fatalf("the trivial run's group was not the renewed one, or was not renewed again (%p, %p)", again, first)
	}
	// A trivial program's peak is what the kernel charged it: one batch
	// of pages in a new group, and the same in a renewed one, whose
	// cache of charged pages the last run left is emptied before the
	// program starts (without that, about half of these read 0). A page
	// freed late by an earlier run may still land in the cache now and
	// then, hence the few allowed.
	zeros := 0
	for range 40 {
		r, _ := runProgram(t, s, touch, lim, "0")
		if !r.OK() || r.Memory > 8<<20 {
			t.Fatalf("trivial run: %v, %d KiB", r.Status, r.Memory>>10)
		}
		if r.Memory == 0 {
			zeros++
		}
	}
	if zeros > 4 {
		t.Errorf("%d of 40 trivial runs report no memory", zeros)
	}

	// A run that reaches its limit leaves its group to be removed (a
	// memory event), and the run after it gets another group, and its
	// own figures. (Now and then the program passes the limit before the
	// launcher has written it, and the launcher kills it: MLE, but no
	// memory event, and its emptied group may serve again.)
	mle, _ := runProgram(t, s, touch, Limits{CPU: 10 * time.Second, Wall: 30 * time.Second, Memory: 16 << 20}, strconv.Itoa(64<<20))
	if mle.Status != MemoryExceeded {
		t.Fatalf("64 MiB under 16 MiB: %v, %d KiB", mle.Status, mle.Memory>>10)
	}
	kept := renewed()
	if kept != nil {
		if ev, err := kept.g.Events(); err != nil || ev.OOMKills > 0 || ev.HitLimit {
			t.Fatalf("the group of a run that reached its memory limit was kept (%+v, %v)", ev, err)
		}
		t.Log("the MLE run was killed by the launcher before its limit was written: no memory event")
	}
	after, _ := runProgram(t, s, touch, lim, strconv.Itoa(4<<20))
	if !after.OK() || after.Memory < 7<<19 || after.Memory > 12<<20 {
		t.Fatalf("4 MiB after an MLE: %v, %d KiB", after.Status, after.Memory>>10)
	}
	if r := renewed(); renews && (r == nil || kept == nil && r == first) {
		t.Fatalf("the run after an MLE did not get a group of its own, renewed after it (%p, first %p)", r, first)
	}
	stillWorks(t, s)
}

// renewal is a cgroup.Group whose Renew answers ok: what recycle does
// with the answer is what TestRecycle looks at (when a group renews is
// cgroup.TestRenew's).
type renewal struct {
	cgroup.Group
	ok bool
}

func (r renewal) Renew() bool { return r.ok }

// TestRecycle checks that a group its Renew accepts is kept for the next
// run, and one it refuses is retired with its files closed.
func TestRecycle(t *testing.T) {
	for _, ok := range []bool{true, false} {
		f, err := os.Open(os.DevNull)
		if err != nil {
			t.Fatal(err)
		}
		b := &box{}
		r := &runGroup{g: renewal{ok: ok}, reset: []*os.File{f}}
		b.recycle(r)
		if kept := b.again == r; kept != ok {
			t.Errorf("renewed %v: kept %v", ok, kept)
		}
		if !ok && (len(b.spent) != 1 || f.Fd() != ^uintptr(0)) {
			t.Error("a group not renewed was not retired with its files closed")
		}
		f.Close()
	}
}
