package api

import (
	"encoding/json"
	"net/http"
	"strconv"
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
	st := s.openSSE(w)
	if !st.text("retry: 2000\nid: %d\n\n", start) {
		return
	}
	pumpSSE(s, r, st, ch, func(c Clarification, open bool) bool {
		if !open {
			st.text("retry: 1000\n: reconnect\n\n")
			return false
		}
		v, ok := ShowClarification(who, c)
		if !ok {
			return true
		}
		data, _ := json.Marshal(v)
		return st.event(Event{ID: strconv.FormatInt(c.Seq, 10), Name: v.Kind}, data)
	})
}
