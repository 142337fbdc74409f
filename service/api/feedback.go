package api

import (
	"context"
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

// seen is sub as v may see it. Every submission the API answers with,
// and the web page shows, passes through here (and every event of a
// stream through seenEvent): the stored report stays whole for admins
// and rejudges.
func seen(v feedback.Viewer, sub Submission) Submission {
	if v.Full() {
		return sub
	}
	sub.Report = v.Report(sub.Report)
	sub.Encoded = nil // the backend's encoding is the whole view
	return sub
}

// seenBy is seen for the principal in ctx.
func (s *Server) seenBy(ctx context.Context, sub Submission) Submission {
	return seen(s.viewer(ctx, sub.Problem), sub)
}

// writeView writes a submission as the principal of r may see it.
func (s *Server) writeView(w http.ResponseWriter, r *http.Request, status int, sub Submission) {
	writeView(w, status, s.seenBy(r.Context(), sub))
}

// seenEvent is an event of a submission's stream as v may see it: a
// test's row, and the verdict's view, filtered as seen filters a report.
func seenEvent(v feedback.Viewer, ev Event) Event {
	switch ev.Name {
	case "test":
		ev.Data = v.Test(ev.Data)
	case "verdict":
		ev.Data = v.Report(ev.Data)
	}
	return ev
}
