// Package web serves the judge's web page: sign in with a token (a
// session kept on the server; the cookie holds only its id), the problems
// and their statements, a submit form, the submissions, a submission whose
// tests fill in live with its source, the contests with their standings
// and statistics, the clarifications (questions to the jury, answers,
// announcements), which come in live with a badge in every page's header,
// and the organiser's pages: the queue and workers, users, teams and
// tokens, printable credentials, contest settings, and Rejudge and Cancel
// on a submission. Pages are rendered on the server with html/template
// (readable without JavaScript); a little JavaScript picks the language
// from the file name, follows a submission's events, the standings and the
// clarifications, and colours a source.
package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"time"

	"github.com/puzzlejudge/judge/service/api"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Sample is one sample test of a statement.
type Sample struct {
	Name, Input, Output string
}

// Statement is a problem as its page shows it.
type Statement struct {
	Slug, Title string
	Markdown    []byte
	Samples     []Sample
	TimeMs      int64
	MemoryKB    int64
	Tests       []string // test names, in order
}

// Statements finds problem statements.
type Statements interface {
	Statement(ctx context.Context, slug string) (Statement, error)
}

// Session is a signed-in browser's session: its id (the cookie's value,
// never a token), who it is, and its absolute end.
type Session struct {
	ID        string
	Principal api.Principal
	Expires   time.Time
}

// Sessions keeps the sessions on the server: a session ends there (on
// sign-out, at its expiry, when its token is revoked or its account
// disabled), and a copy of its cookie stops working with it.
type Sessions interface {
	// SignIn checks a token and opens a session for its holder.
	SignIn(ctx context.Context, token string) (Session, error)
	// Resume finds a live session by its id, or fails.
	Resume(ctx context.Context, id string) (Session, error)
	// SignOut ends a session.
	SignOut(ctx context.Context, id string) error
}

// Options configure the page.
type Options struct {
	// Sessions keeps the sign-in sessions (required).
	Sessions Sessions
	// Secret keys the CSRF tokens (random when empty; give one to share
	// sessions between servers).
	Secret []byte
	// Secure marks the session cookie Secure (behind TLS).
	Secure bool
}

// Handler serves the web page.
type Handler struct {
	b     api.Backend
	st    Statements
	api   *api.Server
	opt   Options
	mux   *http.ServeMux
	pages map[string]*template.Template
}

// SessionCookie is the cookie holding a signed-in browser's session id.
const SessionCookie = "pj_session"

// New builds the page over the backend; apiHandler serves the event
// streams the submission page follows.
func New(b api.Backend, st Statements, apiHandler *api.Server, opt Options) (*Handler, error) {
	if opt.Sessions == nil {
		return nil, errors.New("web: no session keeper")
	}
	if len(opt.Secret) == 0 {
		opt.Secret = make([]byte, 32)
		if _, err := rand.Read(opt.Secret); err != nil {
			return nil, fmt.Errorf("web: secret: %w", err)
		}
	}
	pages, err := parsePages()
	if err != nil {
		return nil, err
	}
	h := &Handler{b: b, st: st, api: apiHandler, opt: opt, mux: http.NewServeMux(), pages: pages}
	static, err := fs.Sub(staticFS, "static")
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	m := h.mux
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	m.HandleFunc("GET /{$}", h.home)
	m.HandleFunc("GET /signin", h.signinPage)
	m.HandleFunc("POST /signin", h.signin)
	m.HandleFunc("POST /signout", h.signedIn(h.signout))
	m.HandleFunc("GET /problems", h.signedIn(h.problemList))
	m.HandleFunc("GET /problems/{slug}", h.signedIn(h.problemPage))
	m.HandleFunc("POST /problems/{slug}/submit", h.signedIn(h.submit))
	m.HandleFunc("GET /submissions", h.signedIn(h.submissionList))
	m.HandleFunc("GET /submissions/{id}", h.signedIn(h.submissionPage))
	m.HandleFunc("GET /submissions/{id}/events", h.signedIn(h.events))
	m.HandleFunc("GET /admin", h.signedIn(h.adminPage))
	// The organiser's users, teams, tokens and printed credentials
	// (organiser.go, credentials.go); a submission's admin buttons and
	// its source (actions.go).
	m.HandleFunc("GET /admin/users", h.adminOnly(h.usersPage))
	m.HandleFunc("POST /admin/users", h.adminOnly(h.createUser))
	m.HandleFunc("POST /admin/users/{name}", h.adminOnly(h.updateUser))
	m.HandleFunc("POST /admin/users/{name}/tokens", h.adminOnly(h.issueToken))
	m.HandleFunc("POST /admin/tokens/{id}/revoke", h.adminOnly(h.revokeToken))
	m.HandleFunc("GET /admin/credentials", h.adminOnly(h.credentialsPage))
	m.HandleFunc("POST /admin/credentials", h.adminOnly(h.makeCredentials))
	m.HandleFunc("POST /submissions/{id}/rejudge", h.adminOnly(h.rejudge))
	m.HandleFunc("POST /submissions/{id}/cancel", h.adminOnly(h.cancel))
	m.HandleFunc("GET /submissions/{id}/source", h.signedIn(h.source))
	m.HandleFunc("GET /contests", h.signedIn(h.contestList))
	m.HandleFunc("GET /contests/{id}", h.signedIn(h.contestPage))
	m.HandleFunc("GET /contests/{id}/standings", h.signedIn(h.standingsPage))
	m.HandleFunc("GET /contests/{id}/standings/events", h.signedIn(h.standingsEvents))
	m.HandleFunc("GET /contests/{id}/problems/{label}/stats", h.signedIn(h.statsPage))
	m.HandleFunc("GET /admin/contests", h.adminOnly(h.adminContests))
	m.HandleFunc("POST /admin/contests", h.adminOnly(h.saveContest))
	m.HandleFunc("GET /admin/contests/{id}", h.adminOnly(h.adminContest))
	m.HandleFunc("POST /admin/contests/{id}", h.adminOnly(h.saveContest))
	// Clarifications and announcements (clarifications.go).
	m.HandleFunc("GET /clarifications", h.signedIn(h.clarifications))
	m.HandleFunc("GET /clarifications/events", h.signedIn(h.clarEvents))
	m.HandleFunc("POST /clarifications", h.signedIn(h.clarAsk))
	m.HandleFunc("POST /clarifications/announce", h.signedIn(h.clarAnnounce))
	m.HandleFunc("POST /clarifications/{id}/answer", h.signedIn(h.clarAnswer))
	return h, nil
}

// ServeHTTP serves the page with headers that keep it to its own origin.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "same-origin")
	h.mux.ServeHTTP(w, r)
}

// csrf is the form token of a session: an HMAC of its id, so it needs
// no state of its own, cannot be guessed from outside, and dies with the
// session.
func (h *Handler) csrf(sessionID string) string {
	m := hmac.New(sha256.New, h.opt.Secret)
	m.Write([]byte("csrf\x00" + sessionID))
	return hex.EncodeToString(m.Sum(nil))
}

// checkCSRF compares a form's token with the session's.
func (h *Handler) checkCSRF(r *http.Request) bool {
	got := r.PostFormValue("csrf")
	return got != "" && hmac.Equal([]byte(got), []byte(h.csrf(sessionID(r))))
}

type sessionKey struct{}

// signedIn wraps a page that needs a session: without a live one (none,
// ended, expired, or an old cookie that held a token) it sends the
// browser to sign in.
func (h *Handler) signedIn(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(SessionCookie)
		if err != nil || c.Value == "" {
			http.Redirect(w, r, "/signin", http.StatusSeeOther)
			return
		}
		ses, err := h.opt.Sessions.Resume(r.Context(), c.Value)
		if err != nil {
			h.clearSession(w)
			http.Redirect(w, r, "/signin?expired=1", http.StatusSeeOther)
			return
		}
		ctx := api.WithPrincipal(r.Context(), ses.Principal)
		ctx = context.WithValue(ctx, sessionKey{}, ses.ID)
		next(w, r.WithContext(ctx))
	}
}

// sessionID returns the session id of a signed-in request.
func sessionID(r *http.Request) string {
	s, _ := r.Context().Value(sessionKey{}).(string)
	return s
}

// setSession gives the browser its session's cookie, kept no longer than
// the session lives.
func (h *Handler) setSession(w http.ResponseWriter, s Session) {
	maxAge := int(time.Until(s.Expires) / time.Second)
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: s.ID, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.opt.Secure, MaxAge: max(maxAge, 1)})
}

func (h *Handler) clearSession(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.opt.Secure, MaxAge: -1})
}
