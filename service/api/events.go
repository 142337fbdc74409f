package api

import (
	"bytes"
	"fmt"
	"net/http"
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
	st := s.openSSE(w)
	// A client that lost its connection comes back after 2 s.
	if !st.text("retry: 2000\n\n") {
		return
	}
	pumpSSE(s, r, st, ch, func(ev Event, open bool) bool {
		return open && st.event(ev, eventData(v, ev)) && ev.Name != "verdict"
	})
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
