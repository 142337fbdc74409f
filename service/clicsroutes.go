package service

import (
	"context"
	"net/http"
	"strings"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/clics"
)

// clicsPatterns are the routes of the service's mux that go to the CLICS
// Contest API rather than to /api/v1's: GET /api, /api/contests and
// everything under it. Other paths under /api/ (/api/v1/... among them)
// keep the API's JSON 404.
var clicsPatterns = []string{"/api", "/api/{$}", "/api/contests", "/api/contests/"}

// newClicsHandler serves the CLICS Contest API (2023-06, read side) over
// src. A live event feed counts against the API's stream caps for its
// viewer, as a submission's or the standings' event stream does, and
// ends when the API drains at shutdown; the client reconnects with its
// since_token.
func newClicsHandler(src *clicsSource, a *api.Server) http.Handler {
	h := clics.NewServer(src, clics.Config{Drain: a.Drained()})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !liveFeed(r) {
			h.ServeHTTP(w, r)
			return
		}
		v, err := src.Viewer(r)
		if err != nil {
			h.ServeHTTP(w, r) // the handler answers the refusal
			return
		}
		release, err := a.TakeStream(v.User)
		if err != nil {
			api.WriteError(w, err)
			return
		}
		defer release()
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clicsViewerKey{}, v)))
	})
}

// liveFeed says r asks for an event feed that stays open.
func liveFeed(r *http.Request) bool {
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/contests/")
	cid, tail, _ := strings.Cut(rest, "/")
	return ok && r.Method == http.MethodGet && cid != "" && tail == "event-feed" && r.URL.Query().Get("stream") != "false"
}
