// Package web serves the judge's web page: sign in with a token, the
// problems and their statements, a submit form, the submissions, a
// submission whose tests fill in live, an admin view of the queue and
// workers, and the clarifications (questions to the jury, answers,
// announcements), which come in live with a badge in every page's header.
// Pages are rendered on the server with html/template (readable without
// JavaScript); a little JavaScript picks the language from the file name
// and follows a submission's events and the clarifications.
package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"

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

// Options configure the page.
type Options struct {
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

// SessionCookie is the cookie holding a signed-in browser's token.
const SessionCookie = "pj_session"

// New builds the page over the backend; apiHandler serves the event
// streams the submission page follows.
func New(b api.Backend, st Statements, apiHandler *api.Server, opt Options) (*Handler, error) {
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

// csrf is the form token of a session: an HMAC of its token, so it needs
// no server state and cannot be guessed from outside.
func (h *Handler) csrf(token string) string {
	m := hmac.New(sha256.New, h.opt.Secret)
	m.Write([]byte("csrf\x00" + token))
	return hex.EncodeToString(m.Sum(nil))
}

// checkCSRF compares a form's token with the session's.
func (h *Handler) checkCSRF(r *http.Request, token string) bool {
	got := r.PostFormValue("csrf")
	return got != "" && hmac.Equal([]byte(got), []byte(h.csrf(token)))
}

type sessionKey struct{}

// signedIn wraps a page that needs a session: without one it sends the
// browser to sign in.
func (h *Handler) signedIn(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(SessionCookie)
		if err != nil || c.Value == "" {
			http.Redirect(w, r, "/signin", http.StatusSeeOther)
			return
		}
		p, err := h.b.Authenticate(r.Context(), c.Value)
		if err != nil {
			h.clearSession(w)
			http.Redirect(w, r, "/signin?expired=1", http.StatusSeeOther)
			return
		}
		ctx := api.WithPrincipal(r.Context(), p)
		ctx = context.WithValue(ctx, sessionKey{}, c.Value)
		next(w, r.WithContext(ctx))
	}
}

// session returns the signed-in token of a request.
func session(r *http.Request) string {
	s, _ := r.Context().Value(sessionKey{}).(string)
	return s
}

func (h *Handler) setSession(w http.ResponseWriter, token string) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.opt.Secure, MaxAge: 30 * 24 * 3600})
}

func (h *Handler) clearSession(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.opt.Secure, MaxAge: -1})
}
