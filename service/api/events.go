package api

import (
	"bytes"
	"fmt"
	"net/http"
	"time"
)

// events is GET /api/v1/submissions/{id}/events: Server-Sent Events named
// state, compile, test and verdict, each with an id that Last-Event-ID (or
// ?last_event_id=) resumes after, and a keep-alive comment while idle.
// The stream ends after the verdict; when the server drains, or after
// StreamLifetime, it tells the client to reconnect soon and ends. A user
// has at most MaxUserStreams open (429), everyone MaxStreams (503).
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	sub, err := s.visible(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	release, err := s.streams.take(Who(r.Context()).User)
	if err != nil {
		writeError(w, err)
		return
	}
	defer release()
	last := r.Header.Get("Last-Event-ID")
	if last == "" {
		last = r.URL.Query().Get("last_event_id")
	}
	ch, err := s.b.Events(r.Context(), sub.ID, last)
	if err != nil {
		writeError(w, err)
		return
	}
	v := s.viewer(r.Context(), sub.Problem)
	rc := http.NewResponseController(w)
	// A stream outlives the server's read and write timeouts: nothing is
	// read, and each write gets a deadline of its own.
	_ = rc.SetReadDeadline(time.Time{})
	send := func(format string, args ...any) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(s.opt.WriteTimeout))
		_, err := fmt.Fprintf(w, format, args...)
		return err == nil && rc.Flush() == nil
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// A client that lost its connection comes back after 2 s.
	if !send("retry: 2000\n\n") {
		return
	}
	tick := time.NewTicker(s.opt.KeepAlive)
	defer tick.Stop()
	// After its lifetime the stream ends and the client comes back with
	// Last-Event-ID, on a connection the server may have shed meanwhile.
	life := time.NewTimer(s.opt.StreamLifetime)
	defer life.Stop()
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				return
			}
			_ = rc.SetWriteDeadline(time.Now().Add(s.opt.WriteTimeout))
			if writeEvent(w, ev, eventData(v, ev)) != nil || rc.Flush() != nil {
				return
			}
			if ev.Name == "verdict" {
				return
			}
		case <-tick.C:
			if !send(": keep-alive\n\n") {
				return
			}
		case <-life.C:
			send("retry: 1000\n: this stream has lasted its time; reconnect\n\n")
			return
		case <-s.drain:
			send("retry: 1000\n: the server is restarting; reconnect\n\n")
			return
		case <-r.Context().Done():
			return
		}
	}
}

// writeEvent writes one event with its data as the viewer sees it; data
// lines never hold a raw newline (JSON escapes them), and the id and name
// are the backend's own.
func writeEvent(w http.ResponseWriter, ev Event, data []byte) error {
	var b bytes.Buffer
	if ev.ID != "" {
		fmt.Fprintf(&b, "id: %s\n", oneLine(ev.ID))
	}
	fmt.Fprintf(&b, "event: %s\n", oneLine(ev.Name))
	for _, line := range bytes.Split(data, []byte("\n")) {
		fmt.Fprintf(&b, "data: %s\n", bytes.TrimSuffix(line, []byte("\r")))
	}
	b.WriteString("\n")
	_, err := w.Write(b.Bytes())
	return err
}

// oneLine drops line breaks, which would end an SSE field.
func oneLine(s string) string {
	return string(bytes.Map(func(r rune) rune {
		if r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, []byte(s)))
}
