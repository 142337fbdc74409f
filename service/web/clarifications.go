package web

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"net/url"
	"sort"

	"github.com/puzzlejudge/judge/service/api"
)

// clarPage is what /clarifications shows: the viewer's clarifications
// and announcements (an admin's unanswered questions first), the forms
// with the problems one may ask about, and the seq the page's live
// stream resumes after.
type clarPage struct {
	Contest  string
	Problems []clarChoice
	Items    []api.ClarView
	Seq      int64
	Message  string
}

// clarChoice is a problem of the forms' select: Value is what the form
// sends, Text what the option shows.
type clarChoice struct {
	Value, Text string
}

// clarForm is the most a clarification form may send: MaxClarText
// characters of up to 4 bytes, and the rest.
const clarForm = 4*api.MaxClarText + 4096

// clarifications is GET /clarifications[?contest=].
func (h *Handler) clarifications(w http.ResponseWriter, r *http.Request) {
	who := api.Who(r.Context())
	contest := r.URL.Query().Get("contest")
	items, err := h.api.ClarViews(r.Context(), who, contest)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	choices, err := h.clarChoices(r.Context(), contest)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	p := clarPage{Contest: contest, Problems: choices, Items: items, Message: r.URL.Query().Get("error")}
	for _, c := range items {
		p.Seq = max(p.Seq, c.Seq)
	}
	if who.Admin() {
		// Questions waiting for an answer first, each part newest first.
		sort.SliceStable(p.Items, func(i, j int) bool {
			return p.Items[i].Kind == api.ClarQuestion && p.Items[j].Kind != api.ClarQuestion
		})
	}
	h.render(w, r, http.StatusOK, "clarifications", "Clarifications", p)
}

// clarChoices are the problems the viewer may ask about: a contest's by
// label (none while it hides them from the viewer), or else every
// problem not hidden from the viewer, by slug.
func (h *Handler) clarChoices(ctx context.Context, contest string) ([]clarChoice, error) {
	var out []clarChoice
	if contest != "" {
		v, err := h.api.ContestView(ctx, contest)
		if err != nil {
			return nil, err
		}
		for _, p := range v.Problems {
			out = append(out, clarChoice{Value: p.Label, Text: p.Label + " · " + cmp.Or(p.Name, p.Slug)})
		}
		return out, nil
	}
	ps, err := h.b.Problems(ctx)
	if err != nil {
		return nil, err
	}
	hidden, err := h.api.HiddenProblems(ctx)
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		if !hidden[p.Slug] {
			out = append(out, clarChoice{Value: p.Slug, Text: p.Slug + " · " + p.Title})
		}
	}
	return out, nil
}

// clarAsk is POST /clarifications: the ask form.
func (h *Handler) clarAsk(w http.ResponseWriter, r *http.Request) {
	if !h.clarFormOK(w, r) {
		return
	}
	in := postedClar(r)
	_, err := h.api.Ask(r.Context(), api.Who(r.Context()), in)
	h.clarDone(w, r, in.Contest, err)
}

// clarAnnounce is POST /clarifications/announce: an admin's announcement.
func (h *Handler) clarAnnounce(w http.ResponseWriter, r *http.Request) {
	if !h.clarFormOK(w, r) {
		return
	}
	in := postedClar(r)
	_, err := h.api.Announce(r.Context(), api.Who(r.Context()), in)
	h.clarDone(w, r, in.Contest, err)
}

// postedClar is the question or announcement the ask and announce forms
// post.
func postedClar(r *http.Request) api.NewClarification {
	return api.NewClarification{Contest: r.PostFormValue("contest"), Problem: r.PostFormValue("problem"), Text: r.PostFormValue("text")}
}

// clarAnswer is POST /clarifications/{id}/answer: an admin's answer,
// to everyone when the box is ticked.
func (h *Handler) clarAnswer(w http.ResponseWriter, r *http.Request) {
	if !h.clarFormOK(w, r) {
		return
	}
	in := api.ClarAnswer{Text: r.PostFormValue("text"), ToAll: r.PostFormValue("to_all") != ""}
	_, err := h.api.Answer(r.Context(), api.Who(r.Context()), r.PathValue("id"), in)
	h.clarDone(w, r, r.PostFormValue("contest"), err)
}

// clarFormOK reads a clarification form and checks its CSRF token.
func (h *Handler) clarFormOK(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, clarForm)
	if err := r.ParseForm(); err != nil {
		h.fail(w, r, api.Errorf(http.StatusRequestEntityTooLarge, "text", "the form is over %d bytes", clarForm))
		return false
	}
	if !h.checkCSRF(r) {
		h.fail(w, r, api.Errorf(http.StatusForbidden, "csrf", "the form is stale; reload the page"))
		return false
	}
	return true
}

// clarDone sends the browser back to the clarifications, with the
// refusal of a form the API refused for its input.
func (h *Handler) clarDone(w http.ResponseWriter, r *http.Request, contest string, err error) {
	q := url.Values{}
	if contest != "" {
		q.Set("contest", contest)
	}
	if err != nil {
		var e *api.Error
		if !errors.As(err, &e) || e.Status >= 500 || e.Status == http.StatusForbidden {
			h.fail(w, r, err)
			return
		}
		q.Set("error", e.Error())
	}
	to := "/clarifications"
	if len(q) > 0 {
		to += "?" + q.Encode()
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// clarEvents serves the clarification stream to the page's EventSource,
// authenticated by the session cookie.
func (h *Handler) clarEvents(w http.ResponseWriter, r *http.Request) {
	h.toAPI(w, r, "/api/v1/clarifications/events")
}
