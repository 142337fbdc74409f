package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/figures"
)

// maxBatch is how many submissions one batch may hold.
const maxBatch = 20

// postSubmission is POST /api/v1/submissions.
func (s *Server) postSubmission(w http.ResponseWriter, r *http.Request) {
	who := Who(r.Context())
	wait, err := s.waitParam(r)
	if err != nil {
		writeError(w, err)
		return
	}
	if wait > 0 {
		// Taken before anything is stored: a refusal leaves nothing.
		release, err := s.waits.take(who.User)
		if err != nil {
			writeError(w, err)
			return
		}
		defer release()
	}
	in, err := s.decodeSubmission(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	if err := s.check(in, ""); err != nil {
		writeError(w, err)
		return
	}
	if in, err = s.admitContest(r.Context(), who, in, ""); err != nil {
		writeError(w, err)
		return
	}
	if err := s.admit(r.Context(), who, 1); err != nil {
		writeError(w, err)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if len(key) > 200 {
		writeError(w, Errorf(http.StatusBadRequest, "Idempotency-Key", "longer than 200 characters"))
		return
	}
	sub, err := s.b.Submit(r.Context(), who, in, key)
	if err != nil {
		writeError(w, err)
		return
	}
	if wait > 0 && sub.State != StateDone {
		sub = s.wait(w, r, sub, wait)
	}
	s.writeView(w, r, http.StatusAccepted, sub)
}

// batchBody is the body of POST /api/v1/submissions/batch.
type batchBody struct {
	Submissions []NewSubmission `json:"submissions"`
}

// postBatch is POST /api/v1/submissions/batch: all are checked before any
// is stored.
func (s *Server) postBatch(w http.ResponseWriter, r *http.Request) {
	who := Who(r.Context())
	var in batchBody
	if err := s.decodeJSON(w, r, &in, batchShape); err != nil {
		writeError(w, err)
		return
	}
	switch {
	case len(in.Submissions) == 0:
		writeError(w, Errorf(http.StatusUnprocessableEntity, "submissions", "empty batch"))
		return
	case len(in.Submissions) > maxBatch:
		writeError(w, Errorf(http.StatusUnprocessableEntity, "submissions", "%d submissions, at most %d in a batch", len(in.Submissions), maxBatch))
		return
	}
	for i, sub := range in.Submissions {
		prefix := fmt.Sprintf("submissions[%d].", i)
		if err := s.check(sub, prefix); err != nil {
			writeError(w, err)
			return
		}
		admitted, err := s.admitContest(r.Context(), who, sub, prefix)
		if err != nil {
			writeError(w, err)
			return
		}
		in.Submissions[i] = admitted
	}
	if err := s.admit(r.Context(), who, len(in.Submissions)); err != nil {
		writeError(w, err)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	out := make([]View, 0, len(in.Submissions))
	for i, sub := range in.Submissions {
		k := ""
		if key != "" {
			k = key + "#" + strconv.Itoa(i)
		}
		got, err := s.b.Submit(r.Context(), who, sub, k)
		if err != nil {
			e := asError(err)
			if e.Field != "" {
				e = &Error{Status: e.Status, Field: fmt.Sprintf("submissions[%d].%s", i, e.Field), Msg: e.Msg, RetryAfter: e.RetryAfter}
			}
			if i > 0 {
				e.Msg += fmt.Sprintf(" (the first %d of the batch were accepted)", i)
			}
			writeError(w, e)
			return
		}
		out = append(out, NewView(s.shownBy(r.Context(), got)))
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"submissions": out})
}

// getSubmission is GET /api/v1/submissions/{id}[?wait=30s].
func (s *Server) getSubmission(w http.ResponseWriter, r *http.Request) {
	wait, err := s.waitParam(r)
	if err != nil {
		writeError(w, err)
		return
	}
	sub, err := s.visible(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	if wait > 0 && sub.State != StateDone {
		release, err := s.waits.take(Who(r.Context()).User)
		if err != nil {
			writeError(w, err)
			return
		}
		defer release()
		sub = s.wait(w, r, sub, wait)
	}
	s.writeView(w, r, http.StatusOK, sub)
}

// listSubmissions is GET /api/v1/submissions?user=&problem=&contest=&cursor=&limit=.
func (s *Server) listSubmissions(w http.ResponseWriter, r *http.Request) {
	who := Who(r.Context())
	q := r.URL.Query()
	lq := ListQuery{User: q.Get("user"), Problem: q.Get("problem"), Contest: q.Get("contest"), Cursor: q.Get("cursor"), Limit: 50}
	if !who.Admin() {
		if lq.User != "" && lq.User != who.User {
			writeError(w, Errorf(http.StatusForbidden, "user", "only an admin may list another user's submissions"))
			return
		}
		lq.User = who.User
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 200 {
			writeError(w, Errorf(http.StatusBadRequest, "limit", "want a number from 1 to 200, got %q", v))
			return
		}
		lq.Limit = n
	}
	page, err := s.b.List(r.Context(), lq)
	if err != nil {
		writeError(w, err)
		return
	}
	items := make([]listed, 0, len(page.Items))
	viewers := map[string]feedback.Viewer{}
	for _, sub := range page.Items {
		vw, ok := viewers[sub.Problem]
		if !ok {
			vw = s.viewer(r.Context(), sub.Problem)
			viewers[sub.Problem] = vw
		}
		items = append(items, listed{View: NewView(Show(vw, sub))})
	}
	out := map[string]any{"submissions": items}
	if page.Next != "" {
		out["next"] = page.Next
	}
	writeJSON(w, http.StatusOK, out)
}

// listed is a submission of a listing: its view without its tests, which
// keep a listing small (the submission has them). Tests, nearer than the
// report's and nil, hides them.
type listed struct {
	View
	Tests []feedback.Test `json:"tests,omitempty"`
}

// cancelSubmission is DELETE /api/v1/submissions/{id}: only while queued.
func (s *Server) cancelSubmission(w http.ResponseWriter, r *http.Request) {
	sub, err := s.visible(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	if err := s.b.Cancel(r.Context(), sub.ID); err != nil {
		if errors.Is(err, ErrConflict) {
			err = Errorf(http.StatusConflict, "state", "the submission is no longer queued")
		}
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// rejudge is POST /api/v1/submissions/{id}/rejudge (admin).
func (s *Server) rejudge(w http.ResponseWriter, r *http.Request) {
	sub, err := s.b.Rejudge(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusAccepted, NewView(s.shownBy(r.Context(), sub)))
}

// rejudgeProblem is POST /api/v1/problems/{slug}/rejudge (admin).
func (s *Server) rejudgeProblem(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	n, err := s.b.RejudgeProblem(r.Context(), slug)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusAccepted, map[string]any{"problem": slug, "rejudged": n})
}

// visible gets a submission the principal may see: their own, or any for
// an admin. Another user's is reported as not found.
func (s *Server) visible(ctx context.Context, id string) (Submission, error) {
	sub, err := s.b.Get(ctx, id)
	if err != nil {
		return Submission{}, err
	}
	if who := Who(ctx); !who.Admin() && sub.User != who.User {
		return Submission{}, fmt.Errorf("submission %s: %w", id, ErrNotFound)
	}
	return sub, nil
}

// check validates a submission's fields before anything is stored.
func (s *Server) check(in NewSubmission, prefix string) error {
	switch {
	case strings.TrimSpace(in.Problem) == "":
		return Errorf(http.StatusUnprocessableEntity, prefix+"problem", "missing")
	case in.Source == "":
		return Errorf(http.StatusUnprocessableEntity, prefix+"source", "missing")
	case s.opt.MaxSource > 0 && int64(len(in.Source)) > s.opt.MaxSource:
		return Errorf(http.StatusRequestEntityTooLarge, prefix+"source", "%d bytes, over the source limit of %s (source_limit)", len(in.Source), figures.Size(s.opt.MaxSource))
	case in.Language == "" && in.Filename == "":
		return Errorf(http.StatusUnprocessableEntity, prefix+"language", "missing: give a language or a filename to take it from")
	case strings.ContainsAny(in.Filename, "/\\\x00"):
		return Errorf(http.StatusUnprocessableEntity, prefix+"filename", "a file name, not a path")
	}
	return nil
}

// admit applies the per-user rate and queued cap to n new submissions.
func (s *Server) admit(ctx context.Context, who Principal, n int) error {
	if s.opt.MaxQueued > 0 {
		q, err := s.b.CountQueued(ctx, who.User)
		if err != nil {
			return err
		}
		if q+n > s.opt.MaxQueued {
			return &Error{Status: http.StatusTooManyRequests, Msg: fmt.Sprintf("%d of your submissions are waiting; at most %d may", q, s.opt.MaxQueued), RetryAfter: 5 * time.Second}
		}
	}
	if ok, after := s.rate.take(who.User, n); !ok {
		return &Error{Status: http.StatusTooManyRequests, Msg: fmt.Sprintf("over %d submissions per %s", s.opt.Rate, s.opt.Window), RetryAfter: after}
	}
	return nil
}

// waitParam parses ?wait= ("30s", or seconds), bounded by MaxWait.
func (s *Server) waitParam(r *http.Request) (time.Duration, error) {
	v := r.URL.Query().Get("wait")
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		n, err2 := strconv.ParseFloat(v, 64)
		if err2 != nil {
			return 0, Errorf(http.StatusBadRequest, "wait", "want a duration such as 30s, got %q", v)
		}
		d = time.Duration(n * float64(time.Second))
	}
	if d < 0 {
		return 0, Errorf(http.StatusBadRequest, "wait", "negative")
	}
	return min(d, s.opt.MaxWait), nil
}

// wait holds until sub is done or d passes; the last state seen is
// returned either way. The request's body is read: the connection's
// deadlines are moved past the wait (nothing more is read; the answer
// has WriteTimeout once the wait is over).
func (s *Server) wait(w http.ResponseWriter, r *http.Request, sub Submission, d time.Duration) Submission {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Now().Add(d + s.opt.WriteTimeout))
	ctx, cancel := context.WithTimeout(r.Context(), d)
	defer cancel()
	got, err := s.b.Wait(ctx, sub)
	if err != nil {
		return sub
	}
	return got
}

// Submit checks, admits and stores one submission as POST does, for
// callers that are not HTTP clients of the API (the web page's form).
func (s *Server) Submit(ctx context.Context, who Principal, in NewSubmission, idempotencyKey string) (Submission, error) {
	if s.Draining() {
		return Submission{}, &Error{Status: http.StatusServiceUnavailable, Msg: "the server is shutting down", RetryAfter: 5 * time.Second}
	}
	if err := s.check(in, ""); err != nil {
		return Submission{}, err
	}
	in, err := s.admitContest(ctx, who, in, "")
	if err != nil {
		return Submission{}, err
	}
	if err := s.admit(ctx, who, 1); err != nil {
		return Submission{}, err
	}
	return s.b.Submit(ctx, who, in, idempotencyKey)
}

// Visible gets a submission the principal in ctx may see, as they may
// see it (see Show).
func (s *Server) Visible(ctx context.Context, id string) (Shown, error) {
	sub, err := s.visible(ctx, id)
	if err != nil {
		return Shown{}, err
	}
	return s.shownBy(ctx, sub), nil
}
