package api

import (
	"fmt"
	"net/http"
	"time"
)

// sse is one open Server-Sent Event stream: the submission, clarification
// and standings streams write through it, so that all of them outlive the
// server's read and write timeouts the same way and end the same way.
type sse struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

// openSSE answers the request with 200 and the event-stream headers. A
// stream outlives the server's read and write timeouts: nothing is read,
// and each write gets a deadline of its own (WriteTimeout).
func (s *Server) openSSE(w http.ResponseWriter) *sse {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	return &sse{w: w, rc: rc, timeout: s.opt.WriteTimeout}
}

// text writes raw stream text (a retry field, a comment) and flushes it;
// false means the client is gone.
func (st *sse) text(format string, args ...any) bool {
	_ = st.rc.SetWriteDeadline(time.Now().Add(st.timeout))
	_, err := fmt.Fprintf(st.w, format, args...)
	return err == nil && st.rc.Flush() == nil
}

// event writes one event (writeEvent) and flushes it; false means the
// client is gone.
func (st *sse) event(ev Event, data []byte) bool {
	_ = st.rc.SetWriteDeadline(time.Now().Add(st.timeout))
	return writeEvent(st.w, ev, data) == nil && st.rc.Flush() == nil
}

// pumpSSE serves an open stream until it ends: each value from ch (and
// whether ch is still open) goes to each, which writes what it means and
// says whether the stream goes on; while idle a keep-alive comment goes
// out every KeepAlive. After StreamLifetime, or when the server drains,
// the client is told to come back soon (with Last-Event-ID, on a
// connection the server may have shed meanwhile); the stream also ends
// when the client goes.
func pumpSSE[T any](s *Server, r *http.Request, st *sse, ch <-chan T, each func(v T, open bool) bool) {
	tick := time.NewTicker(s.opt.KeepAlive)
	defer tick.Stop()
	life := time.NewTimer(s.opt.StreamLifetime)
	defer life.Stop()
	for {
		select {
		case v, open := <-ch:
			if !each(v, open) {
				return
			}
		case <-tick.C:
			if !st.text(": keep-alive\n\n") {
				return
			}
		case <-life.C:
			st.text("retry: 1000\n: this stream has lasted its time; reconnect\n\n")
			return
		case <-s.drain:
			st.text("retry: 1000\n: the server is restarting; reconnect\n\n")
			return
		case <-r.Context().Done():
			return
		}
	}
}
