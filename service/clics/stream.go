package clics

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// feed is GET /api/contests/{id}/event-feed: NDJSON, one event a line.
// Without since_token it sends every current object, then the changes;
// with it, the changes after that token (400 for a token this handler
// did not give or no longer holds). stream=false ends after what is
// there now; otherwise the feed stays open, sending changes as the
// Source signals them and as the contest's phases begin, and a newline
// every KeepAlive while idle.
func (s *Server) feed(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	q := r.URL.Query()
	stream := true
	switch q.Get("stream") {
	case "", "true":
	case "false":
		stream = false
	default:
		writeError(w, badRequest{fmt.Errorf("stream %q: want true or false", q.Get("stream"))})
		return
	}
	for k := range q {
		if k != "stream" && k != "since_token" {
			writeError(w, badRequest{fmt.Errorf("query parameter %q: the event feed takes since_token and stream", k)})
			return
		}
	}
	v, err := s.src.Viewer(r)
	if err != nil {
		writeError(w, err)
		return
	}
	id := r.PathValue("cid")
	changed := s.src.Changed(ctx, id)
	log, wake, err := s.refresh(ctx, id, v)
	if err == nil && log.sourceID() != id {
		// Served under its hash: watch the contest by its own id, and
		// look again in case it changed meanwhile.
		changed = s.src.Changed(ctx, log.sourceID())
		log, wake, err = s.refresh(ctx, id, v)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	var first []Event
	var cursor uint64
	if tok := q.Get("since_token"); tok != "" {
		if cursor, err = log.parse(tok); err == nil {
			first, cursor, err = log.since(cursor)
		}
		if err != nil {
			writeError(w, badRequest{err})
			return
		}
	} else {
		first, cursor = log.full()
	}

	out, err := lines(first)
	if err != nil {
		writeError(w, err)
		return
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	write := func(b []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		_, err := w.Write(b)
		return err == nil && rc.Flush() == nil
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if !write(out) || !stream {
		return
	}

	keep := time.NewTicker(s.cfg.KeepAlive)
	defer keep.Stop()
	phase := time.NewTimer(wake)
	defer phase.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.cfg.Drain:
			return
		case <-keep.C:
			if !write([]byte("\n")) {
				return
			}
			continue
		case <-changed:
			changed = s.src.Changed(ctx, log.sourceID())
		case <-phase.C:
		}
		log, wake, err = s.refresh(ctx, id, v)
		if err != nil {
			// The contest is gone or unreadable: the client reconnects.
			return
		}
		phase.Reset(wake)
		var evs []Event
		if evs, cursor, err = log.since(cursor); err != nil {
			return
		}
		if out, err = lines(evs); err != nil || !write(out) {
			return
		}
	}
}

// refresh takes a snapshot of the contest into its log for the viewer's
// kind, and says how long until the contest's next phase begins. One
// refresh of a log runs at a time, so that an older snapshot is never
// applied after a newer one; a caller that waited while another refresh
// began and took its snapshot takes none of its own, since that one
// already saw the change it was woken for. A log is kept only for a contest the
// Source knows.
func (s *Server) refresh(ctx context.Context, id string, v Viewer) (*feedLog, time.Duration, error) {
	log, fresh := s.log(id, v.Admin)
	seen := log.begun()
	log.refreshing.Lock()
	defer log.refreshing.Unlock()
	if !fresh && log.taken > seen {
		return log, time.Until(log.wake), nil
	}
	n := log.begin()
	wake, err := s.take(ctx, log, id, v)
	if err != nil {
		if fresh {
			s.drop(id, v.Admin, log)
		}
		return nil, 0, err
	}
	log.taken, log.wake = n, time.Now().Add(wake)
	return log, wake, nil
}

// take applies a snapshot to the log.
func (s *Server) take(ctx context.Context, log *feedLog, id string, v Viewer) (time.Duration, error) {
	snap, err := s.load(ctx, id, v)
	if err != nil {
		return 0, err
	}
	log.setSource(snap.ID)
	es, err := entries(Build(snap, v.Admin))
	if err != nil {
		return 0, err
	}
	log.apply(es)
	return nextPhase(snap), nil
}

// log is the event log of a contest for a kind of viewer, and whether it
// was made by this call.
func (s *Server) log(contest string, admin bool) (*feedLog, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := logKey{contest, admin}
	if l, ok := s.logs[k]; ok {
		return l, false
	}
	l := &feedLog{feed: s.cfg.Feed, maxEvents: s.cfg.MaxEvents}
	s.logs[k] = l
	return l, true
}

// drop forgets a log made for a contest the Source did not give.
func (s *Server) drop(contest string, admin bool, l *feedLog) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := logKey{contest, admin}
	if s.logs[k] == l && l.empty() {
		delete(s.logs, k)
	}
}

// nextPhase is how long from the snapshot's Now until the next moment
// the contest's state or what the public sees changes by the clock alone:
// the start, the freeze, the end, the thaw, the finalization. A day when
// none is ahead.
func nextPhase(s Snapshot) time.Duration {
	next := 24 * time.Hour
	for _, t := range []time.Time{s.Start, s.Start.Add(s.Rules.Freeze), s.Start.Add(s.Length), s.Thawed, s.Finalized} {
		if d := t.Sub(s.Now); !t.IsZero() && d > 0 && d < next {
			next = d
		}
	}
	return next + time.Millisecond
}

// lines writes events as NDJSON.
func lines(evs []Event) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, e := range evs {
		if err := enc.Encode(e); err != nil {
			return nil, fmt.Errorf("event %s: %w", e.Type, err)
		}
	}
	return b.Bytes(), nil
}
