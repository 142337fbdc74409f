package grade

import "sync"

// InOrder hands values put under indexes 0, 1, 2, … to a function in
// index order, whatever order they are put in: a value waits until every
// earlier one has been handed on. Put may be called from any goroutine;
// the function is called by one goroutine at a time, never concurrently.
// When the function returns false, no later value is handed on.
//
// The grader uses it to report tests in test order as soon as each is
// final (Options.OnTestInOrder); a service streaming results can use it
// the same way.
type InOrder[T any] struct {
	mu      sync.Mutex
	next    int
	pending map[int]T
	fn      func(T) bool
	stopped bool
}

// NewInOrder returns an InOrder that hands values to fn.
func NewInOrder[T any](fn func(T) bool) *InOrder[T] {
	return &InOrder[T]{pending: map[int]T{}, fn: fn}
}

// Put records the value of index i and hands on every value that is now
// next in order. Putting an index twice, or one already handed on, is
// ignored.
func (o *InOrder[T]) Put(i int, v T) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.stopped || i < o.next {
		return
	}
	if _, dup := o.pending[i]; dup {
		return
	}
	o.pending[i] = v
	for {
		v, ok := o.pending[o.next]
		if !ok {
			return
		}
		delete(o.pending, o.next)
		o.next++
		if !o.fn(v) {
			o.stopped = true
			clear(o.pending)
			return
		}
	}
}

// Delivered returns how many values have been handed on.
func (o *InOrder[T]) Delivered() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.next
}
