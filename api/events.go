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
// The stream ends after the verdict; when the server drains, it tells the
// client to reconnect soon and ends.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	sub, err := s.visible(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
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
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if s.opt.Metrics != nil {
		s.opt.Metrics.SSEClients(1)
		defer s.opt.Metrics.SSEClients(-1)
	}
	// A client that lost its connection comes back after 2 s.
	fmt.Fprint(w, "retry: 2000\n\n")
	if rc.Flush() != nil {
		return
	}
	tick := time.NewTicker(s.opt.KeepAlive)
	defer tick.Stop()
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				return
			}
			if writeEvent(w, seenEvent(v, ev)) != nil || rc.Flush() != nil {
				return
			}
			if ev.Name == "verdict" {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil || rc.Flush() != nil {
				return
			}
		case <-s.drain:
			fmt.Fprint(w, "retry: 1000\n: the server is restarting; reconnect\n\n")
			_ = rc.Flush()
			return
		case <-r.Context().Done():
			return
		}
	}
}

// writeEvent writes one event; data lines never hold a raw newline (JSON
// escapes them), and the id and name are the backend's own.
func writeEvent(w http.ResponseWriter, ev Event) error {
	var b bytes.Buffer
	if ev.ID != "" {
		fmt.Fprintf(&b, "id: %s\n", oneLine(ev.ID))
	}
	fmt.Fprintf(&b, "event: %s\n", oneLine(ev.Name))
	for _, line := range bytes.Split(ev.Data, []byte("\n")) {
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
