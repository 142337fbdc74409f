package api

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/puzzlejudge/judge/core/feedback"
)

// viewer is who the principal in ctx is to a submission of problem: an
// admin, or a contestant under the problem's feedback level.
func (s *Server) viewer(ctx context.Context, problem string) feedback.Viewer {
	if Who(ctx).Admin() {
		return feedback.Viewer{Admin: true}
	}
	return feedback.Viewer{Level: s.b.Feedback(ctx, problem)}
}

// Shown is a submission as one viewer may see it: what View encodes and
// the web page shows. Its Report is what the viewer may see of the
// submission's report, once done (nil before); the whole report is not
// kept (Submission.Report is nil), nor, for a viewer who does not see
// everything, the backend's encoding of the whole view.
type Shown struct {
	Submission
	Report *feedback.Report
}

// Show is sub as v may see it. Every submission the API answers with,
// and the web page shows, passes through here (and every event of a
// stream through eventData): the stored report stays whole for admins
// and rejudges.
func Show(v feedback.Viewer, sub Submission) Shown {
	s := Shown{Submission: sub}
	if sub.State == StateDone {
		s.Report = v.Report(sub.Report)
	}
	s.Submission.Report = nil
	if !v.Full() {
		s.Encoded = nil // the backend's encoding is the whole view
	}
	return s
}

// shownBy is Show for the principal in ctx.
func (s *Server) shownBy(ctx context.Context, sub Submission) Shown {
	return Show(s.viewer(ctx, sub.Problem), sub)
}

// writeView writes a submission as the principal of r may see it.
func (s *Server) writeView(w http.ResponseWriter, r *http.Request, status int, sub Submission) {
	writeView(w, status, s.shownBy(r.Context(), sub))
}

// Encode is the view of a submission as JSON: the bytes the backend
// encoded, when it did, or else View's encoding.
func Encode(s Shown) []byte {
	if len(s.Encoded) > 0 {
		return s.Encoded
	}
	b, _ := json.Marshal(NewView(s))
	return b
}

// eventData is an event's data as v may see it: a test's row and the
// verdict's view as Show filters a submission; a state or compile
// event's data as it is.
func eventData(v feedback.Viewer, ev Event) []byte {
	switch {
	case ev.Test != nil:
		b, _ := json.Marshal(v.Test(*ev.Test))
		return b
	case ev.Result != nil:
		return Encode(Show(v, *ev.Result))
	}
	return ev.Data
}
