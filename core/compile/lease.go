package compile

import (
	"context"
	"os"
	"sync"
	"syscall"
	"time"
)

// holds are cache entries in use, each locked shared (see the comment at
// the top of prune.go).
type holds struct {
	mu    sync.Mutex
	files map[string]*os.File // by entry
}

// hold locks entry shared, unless already held, and checks that it was
// not removed meanwhile; it records the use in compile.json's time. It
// reports whether the entry may be used.
func (h *holds) hold(entry string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.files[entry]; !ok {
		f, err := os.Open(entry)
		if err != nil {
			return false
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH); err != nil {
			f.Close()
			return false
		}
		// Still in place: a prune renames an entry before it lets go of it.
		fi, err1 := f.Stat()
		now, err2 := os.Stat(entry)
		if err1 != nil || err2 != nil || !os.SameFile(fi, now) {
			f.Close()
			return false
		}
		if h.files == nil {
			h.files = map[string]*os.File{}
		}
		h.files[entry] = f
	}
	t := time.Now()
	os.Chtimes(entry+"/compile.json", t, t)
	return true
}

// release lets go of every entry held so far.
func (h *holds) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, f := range h.files {
		f.Close() // closing the last descriptor drops the lock
	}
	h.files = nil
}

// leaseKey is the context key of a lease.
type leaseKey struct{}

// WithLease returns a context whose compiles hold the cache entries they
// find or store, against pruning, until release is called (once the
// programs are run: a grade's end); release may be called more than once.
// A compile with no lease in its context holds its entry until the
// Compiler's process ends, which suits a command that ends soon after it
// but not a server: a long-lived caller compiles with a lease.
func WithLease(ctx context.Context) (context.Context, func()) {
	h := &holds{}
	return context.WithValue(ctx, leaseKey{}, h), h.release
}

// hold holds entry for the compile of ctx: for its lease if it has one,
// else for as long as the process lives. It reports whether the entry may
// be used.
func (c *Compiler) hold(ctx context.Context, entry string) bool {
	if h, ok := ctx.Value(leaseKey{}).(*holds); ok {
		return h.hold(entry)
	}
	return c.held.hold(entry)
}
