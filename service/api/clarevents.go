package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// clarEvents is GET /api/v1/clarifications/events[?contest=]: a
// Server-Sent Event for each clarification the viewer may see as it is
// asked (question, seen by admins and the asker), answered (answer) or
// announced (announcement), its data the ClarView and its id the
// clarification's seq. Last-Event-ID (or ?last_event_id=) resumes after a
// seq, 0 replays everything; without one the stream starts at the latest
// change, and says so in an id-only event the browser resumes from. It
// shares the submission streams' caps, keep-alive, lifetime and drain.
func (s *Server) clarEvents(w http.ResponseWriter, r *http.Request) {
	who := Who(r.Context())
	q := ClarQuery{Viewer: who, Contest: r.URL.Query().Get("contest"), After: -1}
	if q.Contest != "" {
		if err := checkSlug("contest", q.Contest); err != nil {
			writeError(w, err)
			return
		}
	}
	field, last := "Last-Event-ID", r.Header.Get("Last-Event-ID")
	if last == "" {
		field, last = "last_event_id", r.URL.Query().Get("last_event_id")
	}
	if last != "" {
		n, err := strconv.ParseInt(last, 10, 64)
		if err != nil || n < 0 {
			writeError(w, Errorf(http.StatusBadRequest, field, "want the seq of a clarification event, got %q", last))
			return
		}
		q.After = n
	}
	release, err := s.streams.take(who.User)
	if err != nil {
		writeError(w, err)
		return
	}
	defer release()
	ch, start, err := s.b.ClarificationEvents(r.Context(), q)
	if err != nil {
		writeError(w, err)
		return
	}
	rc := http.NewResponseController(w)
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
	if !send("retry: 2000\nid: %d\n\n", start) {
		return
	}
	tick := time.NewTicker(s.opt.KeepAlive)
	defer tick.Stop()
	life := time.NewTimer(s.opt.StreamLifetime)
	defer life.Stop()
	for {
		select {
		case c, ok := <-ch:
			if !ok {
				send("retry: 1000\n: reconnect\n\n")
				return
			}
			v, ok := ShowClarification(who, c)
			if !ok {
				continue
			}
			data, _ := json.Marshal(v)
			_ = rc.SetWriteDeadline(time.Now().Add(s.opt.WriteTimeout))
			if writeEvent(w, Event{ID: strconv.FormatInt(c.Seq, 10), Name: v.Kind}, data) != nil || rc.Flush() != nil {
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
