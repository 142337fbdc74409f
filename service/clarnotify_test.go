package service

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"
)

// woken reports whether ch holds a wake-up, without waiting.
func woken(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// TestClarNotifier: a newer seq wakes every listener once (a wake-up
// waits in the channel for a busy listener), an old one wakes nobody, a
// stopped listener is not woken, and the poll notifies what the store's
// seq says, past a failed read.
func TestClarNotifier(t *testing.T) {
	n := newClarNotifier()
	a, stopA := n.listen()
	b, stopB := n.listen()
	for _, step := range []struct {
		seq          int64
		wakeA, wakeB bool
	}{
		{1, true, true},
		{1, false, false},
		{0, false, false},
		{3, true, true},
	} {
		n.notify(step.seq)
		if got := woken(a); got != step.wakeA {
			t.Errorf("notify(%d): a woken %v, want %v", step.seq, got, step.wakeA)
		}
		if got := woken(b); got != step.wakeB {
			t.Errorf("notify(%d): b woken %v, want %v", step.seq, got, step.wakeB)
		}
	}
	n.notify(4)
	n.notify(5)
	if !woken(a) || woken(a) {
		t.Error("two notifies while a was busy: want one wake-up waiting, not two")
	}
	woken(b) // drained, as a's
	stopB()
	n.notify(6)
	if woken(b) {
		t.Error("a stopped listener was woken")
	}
	stopA()

	// The poll: a failed read, then the store's seq 9.
	var reads atomic.Int32
	seq := func(context.Context) (int64, error) {
		if reads.Add(1) == 1 {
			return 0, errors.New("store down")
		}
		return 9, nil
	}
	c, stopC := n.listen()
	defer stopC()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		n.poll(ctx, seq, time.Millisecond, slog.New(slog.NewTextHandler(io.Discard, nil)))
		close(done)
	}()
	select {
	case <-c:
	case <-time.After(time.Minute):
		t.Fatal("the poll did not notify the store's seq in a minute")
	}
	cancel()
	<-done
	if reads.Load() < 2 {
		t.Errorf("woken after %d reads, want the failed one and one more", reads.Load())
	}
}
