package service

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// clarNotifier wakes the open clarification streams of this process when
// a clarification changes: at once for a change made here (notify), and,
// for one another server process made in the shared store, when poll
// next reads the store's latest seq (every ClarPoll). A woken stream
// reads what changed after its last seq from the store, which alone
// decides what its viewer may see.
type clarNotifier struct {
	mu        sync.Mutex
	seq       int64 // the latest seq told
	listeners map[chan struct{}]struct{}
}

func newClarNotifier() *clarNotifier {
	return &clarNotifier{listeners: map[chan struct{}]struct{}{}}
}

// listen registers for wake-ups; call stop when done. A wake-up is not
// lost while the listener is busy: the channel holds one.
func (n *clarNotifier) listen() (wake <-chan struct{}, stop func()) {
	ch := make(chan struct{}, 1)
	n.mu.Lock()
	n.listeners[ch] = struct{}{}
	n.mu.Unlock()
	return ch, func() {
		n.mu.Lock()
		delete(n.listeners, ch)
		n.mu.Unlock()
	}
}

// notify wakes every listener when seq is newer than the latest told.
func (n *clarNotifier) notify(seq int64) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if seq <= n.seq {
		return
	}
	n.seq = seq
	for ch := range n.listeners {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// poll reads the store's latest seq every interval until ctx ends, and
// notifies what it finds; a failed read is logged once until a read
// succeeds again.
func (n *clarNotifier) poll(ctx context.Context, seq func(context.Context) (int64, error), every time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		s, err := seq(ctx)
		switch {
		case err != nil && ctx.Err() == nil && !failing:
			log.Warn("clarifications: reading the latest change", "err", err)
			failing = true
		case err == nil:
			failing = false
			n.notify(s)
		}
	}
}
