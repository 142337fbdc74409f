package service

import (
	"errors"
	"runtime"
	"sync"
	"testing"
)

// TestSlotSharesWalks: calls that arrive while a walk runs share the next
// walk (not the running one, which may have read the files before their
// edit), and a call after every walk ended walks again.
func TestSlotSharesWalks(t *testing.T) {
	entered := make(chan int, 4)
	release := make(chan struct{})
	walks := 0
	var errWalk3 = errors.New("walk 3 failed")
	s := newTracked(func(old *entry) (*entry, error) {
		walks++ // under the tracked problem's lock: one walk at a time
		n := walks
		entered <- n
		<-release
		if n == 3 {
			return nil, errWalk3
		}
		return &entry{hash: string(rune('0' + n))}, nil
	})
	got := make([]string, 3)
	var wg sync.WaitGroup
	call := func(i int) {
		wg.Go(func() {
			e, err := s.check()
			if err != nil {
				got[i] = err.Error()
				return
			}
			got[i] = e.hash
		})
	}
	call(0)
	if n := <-entered; n != 1 {
		t.Fatalf("first walk is number %d", n)
	}
	call(1)
	call(2)
	for { // both wait for the walk after the running one
		s.mu.Lock()
		w := s.waiting
		s.mu.Unlock()
		if w == 2 {
			break
		}
		runtime.Gosched()
	}
	release <- struct{}{}
	if n := <-entered; n != 2 {
		t.Fatalf("second walk is number %d", n)
	}
	release <- struct{}{}
	wg.Wait()
	if got[0] != "1" || got[1] != "2" || got[2] != "2" {
		t.Errorf("answers %q, want [1 2 2]: the first call gets its walk, the two during it share the next", got)
	}
	if walks != 2 {
		t.Errorf("%d walks for three calls, want 2", walks)
	}

	// A later call walks again, and gets that walk's error.
	go func() { <-entered; release <- struct{}{} }()
	if _, err := s.check(); !errors.Is(err, errWalk3) {
		t.Errorf("a call after the walks: %v, want the third walk's error", err)
	}
	if walks != 3 {
		t.Errorf("%d walks, want 3", walks)
	}
}
