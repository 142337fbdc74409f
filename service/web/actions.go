package web

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/puzzlejudge/judge/service/api"
)

// A submission's admin buttons (rejudge, cancel) and its source, through
// the same backend as the API's POST /api/v1/submissions/{id}/rejudge,
// DELETE /api/v1/submissions/{id} and GET …/source.

// rejudge is POST /submissions/{id}/rejudge (admin).
func (h *Handler) rejudge(w http.ResponseWriter, r *http.Request) {
	sub, err := h.b.Rejudge(r.Context(), r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/submissions/"+url.PathEscape(sub.ID), http.StatusSeeOther)
}

// cancel is POST /submissions/{id}/cancel (admin): only while queued.
func (h *Handler) cancel(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := h.b.Get(r.Context(), id); err != nil {
		h.fail(w, r, err)
		return
	}
	if err := h.b.Cancel(r.Context(), id); err != nil {
		if errors.Is(err, api.ErrConflict) {
			err = api.Errorf(http.StatusConflict, "state", "the submission is no longer queued")
		}
		h.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/submissions/"+url.PathEscape(id), http.StatusSeeOther)
}

// source is GET /submissions/{id}/source: the download, for the
// submission's owner and admins (others get 404, as for the submission).
func (h *Handler) source(w http.ResponseWriter, r *http.Request) {
	sub, err := h.api.Visible(r.Context(), r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	src, err := h.b.Source(r.Context(), sub.ID)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	api.WriteSource(w, sub.Submission, src)
}
