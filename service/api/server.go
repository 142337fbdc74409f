package api

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/puzzlejudge/judge/service/httpguard"
)

// Options are the API's limits and hooks; zero values get defaults.
type Options struct {
	// MaxBody bounds a request body (default 1 MiB, and at least room
	// for a source of MaxSource bytes escaped).
	MaxBody int64
	// MaxSource bounds one submission's source: the judging
	// configuration's source_limit, the command line's limit too (the
	// service sets it from there); 0 for no bound but MaxBody.
	MaxSource int64
	// MaxQueued is how many unfinished submissions one user may have
	// (default 10; negative for no cap).
	MaxQueued int
	// Rate submissions per Window are allowed to one user (default 30 per
	// minute; negative Rate for no limit).
	Rate   int
	Window time.Duration
	// MaxWait bounds ?wait= (default 60 s).
	MaxWait time.Duration
	// KeepAlive is the SSE comment interval (default 15 s).
	KeepAlive time.Duration
	// MaxStreams and MaxUserStreams cap the live event streams open at
	// once, over everyone (503 past it; default 1000) and for one user
	// (429; default 8); negative for no cap.
	MaxStreams, MaxUserStreams int
	// MaxWaits and MaxUserWaits cap the ?wait= requests held at once, as
	// MaxStreams does (defaults 1000 and 8).
	MaxWaits, MaxUserWaits int
	// StreamLifetime ends a live event stream after this long (default
	// 10 min); the client reconnects with Last-Event-ID.
	StreamLifetime time.Duration
	// WriteTimeout bounds the writing of an answer, and of each event of
	// a stream (default 30 s): a client that does not read is cut off.
	WriteTimeout time.Duration
	// Metrics, if set, is served at /metrics and told of long requests.
	Metrics Metrics
	// Contests, if set, stores the contests the API serves; without it
	// the server runs none.
	Contests ContestBackend
	// ClarRate questions per ClarWindow are allowed to one user (default
	// 20 per 10 minutes; negative ClarRate for no limit). Admins are not
	// limited.
	ClarRate   int
	ClarWindow time.Duration
}

// Metrics is what the API reports to and serves from.
type Metrics interface {
	http.Handler
	// Long counts long requests of a kind (KindStream, KindWait) opening
	// (+1) and closing (-1).
	Long(kind string, delta int)
	// Refused counts a long request refused at its cap.
	Refused(kind string)
}

// Server is the HTTP API over a Backend.
type Server struct {
	b        Backend
	opt      Options
	mux      *http.ServeMux
	rate     *rateLimiter
	clarRate *rateLimiter
	draining atomic.Bool
	drain    chan struct{}
	once     sync.Once
	// streams and waits cap the live event streams and ?wait= requests.
	streams, waits *quota
	// now is the clock contest windows are judged by.
	now func() time.Time
	// tables shares the standings computed for streams woken together.
	tables standingsShare
}

// orDefault is v, or def when v is 0.
func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// New builds the API over b.
func New(b Backend, opt Options) *Server {
	if opt.MaxBody <= 0 {
		opt.MaxBody = max(1<<20, 2*opt.MaxSource+64<<10)
	}
	if opt.MaxQueued == 0 {
		opt.MaxQueued = 10
	}
	if opt.Rate == 0 {
		opt.Rate = 30
	}
	if opt.Window <= 0 {
		opt.Window = time.Minute
	}
	if opt.MaxWait <= 0 {
		opt.MaxWait = 60 * time.Second
	}
	if opt.KeepAlive <= 0 {
		opt.KeepAlive = 15 * time.Second
	}
	opt.MaxStreams = orDefault(opt.MaxStreams, 1000)
	opt.MaxUserStreams = orDefault(opt.MaxUserStreams, 8)
	opt.MaxWaits = orDefault(opt.MaxWaits, 1000)
	opt.MaxUserWaits = orDefault(opt.MaxUserWaits, 8)
	if opt.StreamLifetime <= 0 {
		opt.StreamLifetime = 10 * time.Minute
	}
	if opt.WriteTimeout <= 0 {
		opt.WriteTimeout = 30 * time.Second
	}
	clarDefaults(&opt)
	s := &Server{b: b, opt: opt, mux: http.NewServeMux(), rate: newRateLimiter(opt.Rate, opt.Window), drain: make(chan struct{}), now: time.Now}
	s.clarRate = newRateLimiter(opt.ClarRate, opt.ClarWindow)
	s.streams = newQuota(KindStream, "", opt.MaxStreams, opt.MaxUserStreams, opt.Metrics)
	s.waits = newQuota(KindWait, "wait", opt.MaxWaits, opt.MaxUserWaits, opt.Metrics)
	s.routes()
	return s
}

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("POST /api/v1/submissions", s.user(s.postSubmission))
	m.HandleFunc("POST /api/v1/submissions/batch", s.user(s.postBatch))
	m.HandleFunc("GET /api/v1/submissions", s.user(s.listSubmissions))
	m.HandleFunc("GET /api/v1/submissions/{id}", s.user(s.getSubmission))
	m.HandleFunc("DELETE /api/v1/submissions/{id}", s.user(s.cancelSubmission))
	m.HandleFunc("GET /api/v1/submissions/{id}/events", s.user(s.events))
	m.HandleFunc("POST /api/v1/submissions/{id}/rejudge", s.admin(s.rejudge))
	m.HandleFunc("POST /api/v1/problems/{slug}/rejudge", s.admin(s.rejudgeProblem))
	m.HandleFunc("GET /api/v1/problems", s.user(s.problems))
	m.HandleFunc("GET /api/v1/languages", s.user(s.languages))
	m.HandleFunc("GET /api/v1/workers", s.user(s.workers))
	// Users, teams and tokens (accounts.go), a submission's source (source.go).
	m.HandleFunc("GET /api/v1/users", s.admin(s.listUsers))
	m.HandleFunc("POST /api/v1/users", s.admin(s.createUser))
	m.HandleFunc("PATCH /api/v1/users/{name}", s.admin(s.updateUser))
	m.HandleFunc("POST /api/v1/users/{name}/tokens", s.admin(s.issueToken))
	m.HandleFunc("GET /api/v1/tokens", s.admin(s.listTokens))
	m.HandleFunc("DELETE /api/v1/tokens/{id}", s.admin(s.revokeToken))
	m.HandleFunc("GET /api/v1/submissions/{id}/source", s.user(s.getSource))
	m.HandleFunc("POST /api/v1/contests", s.admin(s.createContest))
	m.HandleFunc("GET /api/v1/contests", s.user(s.listContests))
	m.HandleFunc("GET /api/v1/contests/{id}", s.user(s.getContest))
	m.HandleFunc("PATCH /api/v1/contests/{id}", s.admin(s.updateContest))
	m.HandleFunc("DELETE /api/v1/contests/{id}", s.admin(s.deleteContest))
	m.HandleFunc("GET /api/v1/contests/{id}/standings", s.user(s.standings))
	m.HandleFunc("GET /api/v1/contests/{id}/standings/events", s.user(s.standingsEvents))
	m.HandleFunc("GET /api/v1/contests/{id}/problems/{label}/stats", s.user(s.problemStats))
	// Clarifications and announcements (clarifications.go, clarevents.go).
	m.HandleFunc("POST /api/v1/clarifications", s.user(s.postClarification))
	m.HandleFunc("GET /api/v1/clarifications", s.user(s.listClarifications))
	m.HandleFunc("GET /api/v1/clarifications/events", s.user(s.clarEvents))
	m.HandleFunc("POST /api/v1/clarifications/{id}/answer", s.admin(s.answerClarification))
	m.HandleFunc("POST /api/v1/announcements", s.admin(s.postAnnouncement))
	m.HandleFunc("GET /healthz", s.healthz)
	m.HandleFunc("GET /readyz", s.readyz)
	if s.opt.Metrics != nil {
		m.Handle("GET /metrics", s.opt.Metrics)
	}
	m.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, Errorf(http.StatusNotFound, "", "no such endpoint: %s %s", r.Method, r.URL.Path))
	})
}

// ServeHTTP serves the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() && r.Method != http.MethodGet && r.Method != http.MethodHead {
		writeError(w, &Error{Status: http.StatusServiceUnavailable, Msg: "the server is shutting down", RetryAfter: 5 * time.Second})
		return
	}
	s.mux.ServeHTTP(w, r)
}

// Drain makes the API refuse new submissions with 503 and tells every
// live event stream to reconnect (elsewhere, or here once restarted).
func (s *Server) Drain() {
	s.draining.Store(true)
	s.once.Do(func() { close(s.drain) })
}

// Draining reports whether Drain was called.
func (s *Server) Draining() bool { return s.draining.Load() }

type principalKey struct{}

// Who returns the principal an authenticated handler runs for.
func Who(ctx context.Context) Principal {
	p, _ := ctx.Value(principalKey{}).(Principal)
	return p
}

// WithPrincipal returns ctx carrying p, for handlers that authenticate by
// other means (the web page's session cookie). The request's connection
// counts as authenticated then: it is shed after unauthenticated ones.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	httpguard.Trust(ctx)
	return context.WithValue(ctx, principalKey{}, p)
}

// BearerToken returns the token of an "Authorization: Bearer" header.
func BearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

// user wraps a handler that needs any valid token.
func (s *Server) user(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if _, ok := r.Context().Value(principalKey{}).(Principal); ok {
			h(w, r)
			return
		}
		tok := BearerToken(r)
		if tok == "" {
			writeError(w, Errorf(http.StatusUnauthorized, "Authorization", "missing bearer token"))
			return
		}
		p, err := s.b.Authenticate(r.Context(), tok)
		if err != nil {
			writeError(w, err)
			return
		}
		h(w, r.WithContext(WithPrincipal(r.Context(), p)))
	}
}

// admin wraps a handler that needs an admin token.
func (s *Server) admin(h http.HandlerFunc) http.HandlerFunc {
	return s.user(func(w http.ResponseWriter, r *http.Request) {
		if !Who(r.Context()).Admin() {
			writeError(w, Errorf(http.StatusForbidden, "", "needs an admin token"))
			return
		}
		h(w, r)
	})
}
