package api

import (
	"net/http"
)

// problems is GET /api/v1/problems.
func (s *Server) problems(w http.ResponseWriter, r *http.Request) {
	ps, err := s.b.Problems(r.Context())
	if err == nil {
		ps, err = s.visibleProblems(r.Context(), ps)
	}
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"problems": ps})
}

// languages is GET /api/v1/languages.
func (s *Server) languages(w http.ResponseWriter, r *http.Request) {
	ls, err := s.b.Languages(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"languages": ls})
}

// workers is GET /api/v1/workers: the workers, and the queue they
// serve (depth and in-flight jobs).
func (s *Server) workers(w http.ResponseWriter, r *http.Request) {
	ws, err := s.b.Workers(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	if ws == nil {
		ws = []Worker{}
	}
	q, err := s.b.Queue(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"workers": ws, "queue": q})
}

// healthz is GET /healthz: the process answers.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz is GET /readyz: 200 once the store, the queue and a worker are
// ready, 503 with the reason before (and while draining).
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if s.Draining() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "draining", "error": "the server is shutting down"})
		return
	}
	if err := s.b.Ready(r.Context()); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "not ready", "error": err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}
