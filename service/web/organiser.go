package web

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/puzzlejudge/judge/service/api"
)

// The organiser's users and teams page: accounts made, renamed, disabled
// and enabled; tokens issued (the plaintext shown once) and revoked. Every
// change is a POST form with the session's CSRF token, through the same
// backend as the admin endpoints of the API.

// adminOnly wraps an admin's page: others get 403. Its forms' CSRF token
// is checked on every POST.
func (h *Handler) adminOnly(next http.HandlerFunc) http.HandlerFunc {
	return h.signedIn(func(w http.ResponseWriter, r *http.Request) {
		if !api.Who(r.Context()).Admin() {
			h.fail(w, r, api.Errorf(http.StatusForbidden, "", "the organiser's page needs an admin token"))
			return
		}
		if r.Method == http.MethodPost {
			r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
			if !h.checkCSRF(r) {
				h.fail(w, r, api.Errorf(http.StatusForbidden, "csrf", "the form is stale; reload the page"))
				return
			}
		}
		next(w, r)
	})
}

// usersView is what the users page shows.
type usersView struct {
	Users   []api.User
	Tokens  []api.Token
	Message string
	Error   string
}

// usersPage is GET /admin/users: the accounts and their tokens.
func (h *Handler) usersPage(w http.ResponseWriter, r *http.Request) {
	h.showUsers(w, r, http.StatusOK, r.URL.Query().Get("done"), "")
}

// showUsers renders the users page with a message or an error.
func (h *Handler) showUsers(w http.ResponseWriter, r *http.Request, status int, msg, errMsg string) {
	us, err := h.b.Users(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ts, err := h.b.Tokens(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.render(w, r, status, "users", "Users and teams", usersView{Users: us, Tokens: ts, Message: msg, Error: errMsg})
}

// usersDone sends the browser back to the users page saying what was done.
func usersDone(w http.ResponseWriter, r *http.Request, msg string) {
	http.Redirect(w, r, "/admin/users?done="+url.QueryEscape(msg), http.StatusSeeOther)
}

// refused shows a refusal of the backend on the users page (a bad field,
// a taken name), or the error page for anything else.
func (h *Handler) refused(w http.ResponseWriter, r *http.Request, err error) {
	var e *api.Error
	if asAPIError(err, &e) && e.Status < 500 {
		h.showUsers(w, r, e.Status, "", e.Error())
		return
	}
	if errors.Is(err, api.ErrNotFound) {
		h.showUsers(w, r, http.StatusNotFound, "", err.Error())
		return
	}
	h.fail(w, r, err)
}

// createUser is POST /admin/users.
func (h *Handler) createUser(w http.ResponseWriter, r *http.Request) {
	in := api.NewUser{Name: strings.TrimSpace(r.PostFormValue("name")), DisplayName: r.PostFormValue("display_name"),
		Kind: r.PostFormValue("kind"), Role: r.PostFormValue("role"), Members: r.PostFormValue("members"), Affiliation: r.PostFormValue("affiliation")}
	if in.Name == "" {
		h.showUsers(w, r, http.StatusUnprocessableEntity, "", "name: missing")
		return
	}
	u, err := h.b.CreateUser(r.Context(), in)
	if err != nil {
		h.refused(w, r, err)
		return
	}
	usersDone(w, r, "Created "+u.Kind+" "+u.Name+".")
}

// updateUser is POST /admin/users/{name}: a new display name, or
// action=disable or enable.
func (h *Handler) updateUser(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	var p api.UserPatch
	msg := ""
	switch r.PostFormValue("action") {
	case "disable", "enable":
		off := r.PostFormValue("action") == "disable"
		p.Disabled = &off
		msg = map[bool]string{true: "Disabled ", false: "Enabled "}[off] + name + "."
	case "rename":
		dn := r.PostFormValue("display_name")
		p.DisplayName = &dn
		msg = "Renamed " + name + "."
	default:
		h.showUsers(w, r, http.StatusBadRequest, "", "action: want disable, enable or rename")
		return
	}
	if err := api.CheckSelf(r.Context(), name, p); err != nil {
		h.refused(w, r, err)
		return
	}
	if _, err := h.b.UpdateUser(r.Context(), name, p); err != nil {
		h.refused(w, r, err)
		return
	}
	usersDone(w, r, msg)
}

// issuedView is the page that shows a token just issued, once.
type issuedView struct {
	Token  api.IssuedToken
	Server string
}

// issueToken is POST /admin/users/{name}/tokens: the new token's page
// shows its plaintext this once (not cached, not in any URL).
func (h *Handler) issueToken(w http.ResponseWriter, r *http.Request) {
	tok, err := h.b.IssueToken(r.Context(), r.PathValue("name"), strings.TrimSpace(r.PostFormValue("label")))
	if err != nil {
		h.refused(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	h.render(w, r, http.StatusOK, "issued", "Token issued", issuedView{Token: tok, Server: h.serverURL(r)})
}

// revokeToken is POST /admin/tokens/{id}/revoke.
func (h *Handler) revokeToken(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := h.b.RevokeToken(r.Context(), id); err != nil {
		h.refused(w, r, err)
		return
	}
	usersDone(w, r, "Revoked token "+id+"; its sessions are ended.")
}

// serverURL is the address contestants reach this server at, as the
// request came in.
func (h *Handler) serverURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil || h.opt.Secure {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}
