package web

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/service/api"
)

func asAPIError(err error, e **api.Error) bool { return errors.As(err, e) }
func isNotFound(err error) bool                { return errors.Is(err, api.ErrNotFound) }

// home sends a signed-in browser to the problems, others to sign in.
func (h *Handler) home(w http.ResponseWriter, r *http.Request) {
	if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
		http.Redirect(w, r, "/problems", http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/signin", http.StatusSeeOther)
}

func (h *Handler) signinPage(w http.ResponseWriter, r *http.Request) {
	msg := ""
	if r.URL.Query().Get("expired") != "" {
		msg = "Your session has ended; sign in again."
	}
	h.render(w, r, http.StatusOK, "signin", "Sign in", map[string]string{"Message": msg})
}

// sameOrigin refuses form posts another site makes: a browser sends
// Origin with every POST.
func sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	return err == nil && u.Host == r.Host
}

// signin checks the token and opens a session on the server; the
// browser's HttpOnly cookie holds only the session's id.
func (h *Handler) signin(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if !sameOrigin(r) {
		h.fail(w, r, api.Errorf(http.StatusForbidden, "", "a sign-in from another site"))
		return
	}
	tok := strings.TrimSpace(r.PostFormValue("token"))
	if tok == "" {
		h.render(w, r, http.StatusUnauthorized, "signin", "Sign in", map[string]string{"Message": "That token is not valid."})
		return
	}
	ses, err := h.opt.Sessions.SignIn(r.Context(), tok)
	if err != nil {
		var e *api.Error
		status, msg := http.StatusUnauthorized, "That token is not valid."
		switch {
		case asAPIError(err, &e) && e.Status == http.StatusForbidden:
			status, msg = e.Status, "This account is disabled; ask an organiser."
		case !errors.Is(err, api.ErrUnauthorized):
			h.fail(w, r, err)
			return
		}
		h.render(w, r, status, "signin", "Sign in", map[string]string{"Message": msg})
		return
	}
	h.setSession(w, ses)
	http.Redirect(w, r, "/problems", http.StatusSeeOther)
}

// signout ends the session on the server (a copy of its cookie stops
// working with it) and clears the cookie.
func (h *Handler) signout(w http.ResponseWriter, r *http.Request) {
	if !h.checkCSRF(r) {
		h.fail(w, r, api.Errorf(http.StatusForbidden, "csrf", "the form is stale; reload the page"))
		return
	}
	if err := h.opt.Sessions.SignOut(r.Context(), sessionID(r)); err != nil {
		h.fail(w, r, err)
		return
	}
	h.clearSession(w)
	http.Redirect(w, r, "/signin", http.StatusSeeOther)
}

func (h *Handler) problemList(w http.ResponseWriter, r *http.Request) {
	ps, err := h.b.Problems(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	hidden, err := h.api.HiddenProblems(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	marks, err := h.api.Marks(r.Context(), "")
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var rows []problemRow
	for _, p := range ps {
		if !hidden[p.Slug] {
			rows = append(rows, problemRow{p, marks[p.Slug]})
		}
	}
	h.render(w, r, http.StatusOK, "problems", "Problems", rows)
}

// problemRow is a problem of the list with the viewer's mark on it
// (api.MarkSolved, api.MarkTried or none).
type problemRow struct {
	api.Problem
	Mark string
}

func (h *Handler) problemPage(w http.ResponseWriter, r *http.Request) {
	// A problem a contest hides until its start is not there for users.
	if hidden, err := h.api.HiddenProblems(r.Context()); err != nil || hidden[r.PathValue("slug")] {
		if err == nil {
			err = api.Errorf(http.StatusNotFound, "", "no problem %q", r.PathValue("slug"))
		}
		h.fail(w, r, err)
		return
	}
	st, err := h.st.Statement(r.Context(), r.PathValue("slug"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	body, err := renderStatement(st.Markdown, st.Title)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	langs, err := h.b.Languages(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, "problem", st.Title, problemView{st, body, langs, r.URL.Query().Get("error")})
}

// problemView is the problem page's data: the statement, the languages
// offered (each with its time limit and compiler) and the message of a
// refused submission.
type problemView struct {
	Statement
	renderedStatement
	Languages []api.Language
	Message   string
}

// submit takes the form: a file or pasted source, the language (or the
// file's name to take it from).
func (h *Handler) submit(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	r.Body = http.MaxBytesReader(w, r.Body, 1<<20)
	if err := r.ParseMultipartForm(1 << 20); err != nil && !errors.Is(err, http.ErrNotMultipart) {
		h.fail(w, r, api.Errorf(http.StatusRequestEntityTooLarge, "source", "the form is over 1 MiB"))
		return
	}
	if !h.checkCSRF(r) {
		h.fail(w, r, api.Errorf(http.StatusForbidden, "csrf", "the form is stale; reload the page"))
		return
	}
	in := api.NewSubmission{Problem: slug, Language: r.PostFormValue("language"), Filename: r.PostFormValue("filename"), Source: r.PostFormValue("source"),
		Contest: r.PostFormValue("contest")}
	// A refusal goes back to the page the form was on.
	back := "/problems/" + url.PathEscape(slug)
	if in.Contest != "" {
		back = "/contests/" + url.PathEscape(in.Contest)
	}
	if f, fh, err := r.FormFile("file"); err == nil {
		data, err := io.ReadAll(io.LimitReader(f, 1<<20))
		f.Close()
		if err != nil {
			h.fail(w, r, err)
			return
		}
		if len(data) > 0 {
			in.Source = string(data)
			in.Filename = fh.Filename
		}
	}
	sub, err := h.api.Submit(r.Context(), api.Who(r.Context()), in, "")
	if err != nil {
		var e *api.Error
		if errors.As(err, &e) && e.Status < 500 && e.Status != http.StatusNotFound {
			http.Redirect(w, r, back+"?error="+url.QueryEscape(e.Error()), http.StatusSeeOther)
			return
		}
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/submissions/"+url.PathEscape(sub.ID), http.StatusSeeOther)
}

func (h *Handler) submissionList(w http.ResponseWriter, r *http.Request) {
	who := api.Who(r.Context())
	q := api.ListQuery{Problem: r.URL.Query().Get("problem"), Contest: r.URL.Query().Get("contest"), Cursor: r.URL.Query().Get("cursor"), Limit: 50}
	if !who.Admin() {
		q.User = who.User
	}
	page, err := h.b.List(r.Context(), q)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, "submissions", "Submissions", h.listView(r.Context(), page))
}

// submissionPage shows a submission: its tests as far as judged (all of
// them once done), rows the events fill in while it is judged.
func (h *Handler) submissionPage(w http.ResponseWriter, r *http.Request) {
	sub, err := h.api.Visible(r.Context(), r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	title, tests := sub.Problem, []string(nil)
	if st, err := h.st.Statement(r.Context(), sub.Problem); err == nil {
		title, tests = st.Title, st.Tests
	}
	view := newSubmissionView(sub, title, tests)
	src, err := h.b.Source(r.Context(), sub.ID)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	view.Source = newSourceView(sub.Language, src)
	h.render(w, r, http.StatusOK, "submission", "Submission "+sub.ID, view)
}

// submissionView is what the submission page shows.
type submissionView struct {
	Sub          api.Submission
	ProblemTitle string
	// Report is the report as the viewer may see it, once done.
	Report       *feedback.Report
	Rows         []testRow
	VerdictNames string
	// Source is the submission's source, for its owner and admins (the
	// only ones who see the page); nil when not shown.
	Source *sourceView
}

// newSubmissionView is the submission page of sub, as its viewer may see
// it: the rows of its report's tests once done, else of the tests its
// problem's statement lists.
func newSubmissionView(sub api.Shown, title string, tests []string) submissionView {
	var rows []testRow
	if sub.Report != nil {
		rows = testRows(sub.Report)
	} else {
		for _, name := range tests {
			rows = append(rows, testRow{Name: name})
		}
	}
	return submissionView{Sub: sub.Submission, ProblemTitle: title, Report: sub.Report, Rows: rows, VerdictNames: verdictNames}
}

// events serves a submission's event stream to the page's EventSource,
// authenticated by the session cookie (an EventSource cannot send
// headers).
func (h *Handler) events(w http.ResponseWriter, r *http.Request) {
	h.toAPI(w, r, "/api/v1/submissions/"+r.PathValue("id")+"/events")
}

// toAPI serves r as the API's request for path, so that a page's
// EventSource, which cannot send headers, reads an API stream
// authenticated by the session cookie.
func (h *Handler) toAPI(w http.ResponseWriter, r *http.Request, path string) {
	r2 := r.Clone(r.Context())
	r2.URL.Path = path
	r2.URL.RawPath = ""
	h.api.ServeHTTP(w, r2)
}

// adminPage shows the workers and the submissions waiting or judged now.
func (h *Handler) adminPage(w http.ResponseWriter, r *http.Request) {
	if !api.Who(r.Context()).Admin() {
		h.fail(w, r, api.Errorf(http.StatusForbidden, "", "the admin view needs an admin token"))
		return
	}
	ws, err := h.b.Workers(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	page, err := h.b.List(r.Context(), api.ListQuery{Limit: 100})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	var waiting []api.Submission
	for _, s := range page.Items {
		if s.State != api.StateDone {
			waiting = append(waiting, s)
		}
	}
	q, err := h.b.Queue(r.Context())
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ready := "ready"
	if err := h.b.Ready(r.Context()); err != nil {
		ready = err.Error()
	}
	h.render(w, r, http.StatusOK, "admin", "Queue and workers", map[string]any{"Workers": ws, "Queue": q, "Waiting": waiting, "Recent": page.Items, "Ready": ready})
}
