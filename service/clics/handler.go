package clics

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// Version is the version of the Contest API served.
const Version = "2023-06"

// VersionURL is the specification of Version.
const VersionURL = "https://ccs-specs.icpc.io/2023-06/contest_api"

// Config tunes the handler; zero fields take their defaults.
type Config struct {
	// KeepAlive is how often an idle event feed gets a newline; the
	// specification asks for one within 120 s. Default 60 s.
	KeepAlive time.Duration
	// WriteTimeout bounds each write of the event feed. Default 30 s.
	WriteTimeout time.Duration
	// MaxEvents is how many events a contest's log keeps for since_token;
	// older tokens get 400. Default 100000.
	MaxEvents int
	// Feed names this handler's logs in tokens; default random, so that
	// a token from before a restart is refused rather than misread.
	Feed string
	// Provider is the name in GET /api. Default "puzzlejudge".
	Provider string
	// Drain, when closed, ends the open event feeds, so that a server
	// shutting down is not held by them; clients reconnect with their
	// token. Nil: feeds end only with their request.
	Drain <-chan struct{}
}

// Server serves the read side of the Contest API under /api.
type Server struct {
	src  Source
	cfg  Config
	mux  *http.ServeMux
	mu   sync.Mutex
	logs map[logKey]*feedLog
}

// logKey names the log of one contest for one kind of viewer.
type logKey struct {
	contest string
	admin   bool
}

// Handler serves the Contest API over the source with the default
// configuration.
func Handler(src Source) http.Handler {
	return NewServer(src, Config{})
}

// NewServer makes the API's handler. Its routes:
//
//	GET /api                                    version and provider
//	GET /api/contests                           the contests
//	GET /api/contests/{id}                      one contest
//	GET /api/contests/{id}/{type}               judgement-types, languages, problems,
//	                                            teams, submissions, judgements (filtered
//	                                            by ?<property>_id=), state, scoreboard, access
//	GET /api/contests/{id}/{type}/{object id}   one object
//	GET /api/contests/{id}/event-feed           NDJSON; ?since_token=, ?stream=false
func NewServer(src Source, cfg Config) *Server {
	if cfg.KeepAlive <= 0 {
		cfg.KeepAlive = 60 * time.Second
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 30 * time.Second
	}
	if cfg.MaxEvents <= 0 {
		cfg.MaxEvents = 100_000
	}
	if cfg.Feed == "" {
		var b [6]byte
		_, _ = rand.Read(b[:])
		cfg.Feed = hex.EncodeToString(b[:])
	}
	if cfg.Provider == "" {
		cfg.Provider = "puzzlejudge"
	}
	s := &Server{src: src, cfg: cfg, mux: http.NewServeMux(), logs: map[logKey]*feedLog{}}
	s.mux.HandleFunc("GET /api", s.info)
	s.mux.HandleFunc("GET /api/{$}", s.info)
	s.mux.HandleFunc("GET /api/contests", s.contests)
	s.mux.HandleFunc("GET /api/contests/{cid}", s.contest)
	s.mux.HandleFunc("GET /api/contests/{cid}/event-feed", s.feed)
	s.mux.HandleFunc("GET /api/contests/{cid}/{kind}", s.collection)
	s.mux.HandleFunc("GET /api/contests/{cid}/{kind}/{oid}", s.object)
	return s
}

// ServeHTTP serves the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	s.mux.ServeHTTP(w, r)
}

func (s *Server) info(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, APIInfo{Version: Version, VersionURL: VersionURL, Provider: Provider{Name: s.cfg.Provider}})
}

func (s *Server) contests(w http.ResponseWriter, r *http.Request) {
	v, err := s.src.Viewer(r)
	if err != nil {
		writeError(w, err)
		return
	}
	snaps, err := s.src.Contests(r.Context(), v)
	if err != nil {
		writeError(w, err)
		return
	}
	out := []Contest{}
	for _, snap := range snaps {
		if !snap.Start.IsZero() {
			out = append(out, prepare(snap, v.Admin).contest())
		}
	}
	writeJSON(w, out)
}

// snapshot reads the request's viewer and contest.
func (s *Server) snapshot(r *http.Request) (Snapshot, Viewer, error) {
	v, err := s.src.Viewer(r)
	if err != nil {
		return Snapshot{}, v, err
	}
	snap, err := s.load(r.Context(), r.PathValue("cid"), v)
	return snap, v, err
}

// load takes the snapshot of the contest whose CLICS id is cid. A store
// id that is no CLICS ID is served under its hash (ID), which the
// Source does not know: such a cid is looked up among the contests.
// A contest without a start is not served.
func (s *Server) load(ctx context.Context, cid string, v Viewer) (Snapshot, error) {
	snap, err := s.src.Snapshot(ctx, cid, v)
	if errors.Is(err, ErrNotFound) && hashed.MatchString(cid) {
		all, lerr := s.src.Contests(ctx, v)
		if lerr != nil {
			return Snapshot{}, fmt.Errorf("contest %q: %w", cid, lerr)
		}
		for _, c := range all {
			if c.ID != cid && ID(c.ID) == cid {
				snap, err = s.src.Snapshot(ctx, c.ID, v)
				break
			}
		}
	}
	if err != nil {
		return Snapshot{}, fmt.Errorf("contest %q: %w", cid, err)
	}
	if snap.Start.IsZero() {
		return Snapshot{}, fmt.Errorf("contest %q has no start time, and the Contest API serves timed contests only: %w", cid, ErrNotFound)
	}
	return snap, nil
}

// hashed matches the ids ID makes of names that are no CLICS ID.
var hashed = regexp.MustCompile(`^x[0-9a-f]{32}$`)

func (s *Server) contest(w http.ResponseWriter, r *http.Request) {
	snap, v, err := s.snapshot(r)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, prepare(snap, v.Admin).contest())
}

// item is one object of a collection with its id.
type item struct {
	id string
	v  any
}

// items lists the objects of a collection; false for no collection of
// that name.
func items(o Objects, kind string) ([]item, bool) {
	list := func(n int, f func(int) item) []item {
		out := make([]item, n)
		for i := range n {
			out[i] = f(i)
		}
		return out
	}
	switch kind {
	case "judgement-types":
		return list(len(o.JudgementTypes), func(i int) item { return item{o.JudgementTypes[i].ID, o.JudgementTypes[i]} }), true
	case "languages":
		return list(len(o.Languages), func(i int) item { return item{o.Languages[i].ID, o.Languages[i]} }), true
	case "problems":
		return list(len(o.Problems), func(i int) item { return item{o.Problems[i].ID, o.Problems[i]} }), true
	case "teams":
		return list(len(o.Teams), func(i int) item { return item{o.Teams[i].ID, o.Teams[i]} }), true
	case "submissions":
		return list(len(o.Submissions), func(i int) item { return item{o.Submissions[i].ID, o.Submissions[i]} }), true
	case "judgements":
		return list(len(o.Judgements), func(i int) item { return item{o.Judgements[i].ID, o.Judgements[i]} }), true
	}
	return nil, false
}

func (s *Server) collection(w http.ResponseWriter, r *http.Request) {
	snap, v, err := s.snapshot(r)
	if err != nil {
		writeError(w, err)
		return
	}
	kind := r.PathValue("kind")
	switch kind {
	case "state":
		writeJSON(w, prepare(snap, v.Admin).state())
		return
	case "scoreboard":
		writeJSON(w, BuildScoreboard(snap, v.Admin))
		return
	case "access":
		writeJSON(w, access(snap))
		return
	}
	list, ok := items(Build(snap, v.Admin), kind)
	if !ok {
		writeError(w, fmt.Errorf("no endpoint %q: %w", kind, ErrNotFound))
		return
	}
	out, err := filter(list, r)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, out)
}

func (s *Server) object(w http.ResponseWriter, r *http.Request) {
	snap, v, err := s.snapshot(r)
	if err != nil {
		writeError(w, err)
		return
	}
	kind, id := r.PathValue("kind"), r.PathValue("oid")
	list, ok := items(Build(snap, v.Admin), kind)
	if !ok {
		writeError(w, fmt.Errorf("no endpoint %q: %w", kind, ErrNotFound))
		return
	}
	i := slices.IndexFunc(list, func(it item) bool { return it.id == id })
	if i < 0 {
		writeError(w, fmt.Errorf("%s %q: %w", kind, id, ErrNotFound))
		return
	}
	writeJSON(w, list[i].v)
}

// badRequest is an error answered with 400.
type badRequest struct{ error }

// filter keeps the objects whose ID properties equal the query's
// (?team_id=7; an empty value asks for null), as the specification
// asks of every collection. Other parameters are refused.
func filter(list []item, r *http.Request) ([]any, error) {
	q := r.URL.Query()
	for k := range q {
		if !strings.HasSuffix(k, "_id") {
			return nil, badRequest{fmt.Errorf("query parameter %q: only properties ending in _id filter a collection", k)}
		}
	}
	out := []any{}
	for _, it := range list {
		keep := true
		if len(q) > 0 {
			b, err := json.Marshal(it.v)
			if err != nil {
				return nil, err
			}
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				return nil, err
			}
			for k := range q {
				got, _ := m[k].(string)
				if want := q.Get(k); got != want || want == "" && m[k] != nil {
					keep = false
				}
			}
		}
		if keep {
			out = append(out, it.v)
		}
	}
	return out, nil
}

// writeJSON answers 200 with v as JSON.
func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(append(b, '\n'))
}

// writeError answers {"error": "..."} with the error's status; an
// unexpected error's text is not shown.
func writeError(w http.ResponseWriter, err error) {
	status, msg := http.StatusInternalServerError, "internal error"
	var bad badRequest
	switch {
	case errors.As(err, &bad):
		status, msg = http.StatusBadRequest, err.Error()
	case errors.Is(err, ErrNotFound):
		status, msg = http.StatusNotFound, err.Error()
	case errors.Is(err, ErrUnauthorized):
		status, msg = http.StatusUnauthorized, err.Error()
		w.Header().Set("WWW-Authenticate", `Bearer realm="puzzlejudge"`)
	case errors.Is(err, ErrForbidden):
		status, msg = http.StatusForbidden, err.Error()
	}
	b, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{msg})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}
