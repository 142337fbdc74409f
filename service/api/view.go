package api

import (
	"encoding/json"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
)

// View is a submission's JSON answer: id, state, attempt, timestamps and
// links, and once done every field of the report `judge submit --format
// json` prints, as its viewer may see it, at the top level. Its own
// fields are nearer than the report's, so encoding/json writes theirs
// where both have a key (problem, language, verdict, error).
type View struct {
	*feedback.Report
	ID      string `json:"id"`
	State   string `json:"state"`
	Attempt int    `json:"attempt"`
	Gen     int    `json:"gen"`
	User    string `json:"user"`
	Problem string `json:"problem"`
	// Contest is the contest it was made in, absent for none.
	Contest string `json:"contest,omitempty"`
	// Language is the submission's, or when it names none its report's;
	// nil when neither is there.
	Language *string `json:"language,omitempty"`
	Filename string  `json:"filename,omitempty"`
	// Verdict is the done submission's, or when it has none its
	// report's; nil when neither is there.
	Verdict *string `json:"verdict,omitempty"`
	// Error is the report's, or when it has none the done submission's.
	Error      string `json:"error,omitempty"`
	CreatedAt  Stamp  `json:"created_at"`
	StartedAt  Stamp  `json:"started_at"`
	FinishedAt Stamp  `json:"finished_at"`
	Links      Links  `json:"links"`
	// SourceURL is where its source is (GET: text/plain, for its owner and
	// admins).
	SourceURL string `json:"source_url"`
}

// Links are a submission's addresses: its API resource, its event stream
// and its web page.
type Links struct {
	Events string `json:"events"`
	Page   string `json:"page"`
	Self   string `json:"self"`
}

// NewView is the view of a submission as one viewer may see it.
func NewView(s Shown) View {
	sub := s.Submission
	self := "/api/v1/submissions/" + sub.ID
	v := View{
		Report: s.Report,
		ID:     sub.ID, State: sub.State, Attempt: sub.Attempt, Gen: sub.Gen, User: sub.User, Problem: sub.Problem,
		Contest: sub.Contest, Filename: sub.Filename,
		CreatedAt: Stamp(sub.CreatedAt), StartedAt: Stamp(sub.StartedAt), FinishedAt: Stamp(sub.FinishedAt),
		Links:     Links{Events: self + "/events", Page: "/submissions/" + sub.ID, Self: self},
		SourceURL: self + "/source",
	}
	rep := s.Report
	switch {
	case sub.Language != "":
		v.Language = &sub.Language
	case rep != nil:
		v.Language = &rep.Language
	}
	switch {
	case sub.State == StateDone && sub.Verdict != "":
		v.Verdict = &sub.Verdict
	case rep != nil:
		verdict := string(rep.Verdict)
		v.Verdict = &verdict
	}
	switch {
	case rep != nil && rep.Error != "":
		v.Error = rep.Error
	case sub.State == StateDone:
		v.Error = sub.Error
	}
	return v
}

// Stamp is a time as the API writes it: RFC 3339 with milliseconds, or
// null when unset.
type Stamp time.Time

// MarshalJSON writes the time, or null.
func (s Stamp) MarshalJSON() ([]byte, error) {
	t := time.Time(s)
	if t.IsZero() {
		return []byte("null"), nil
	}
	return json.Marshal(t.UTC().Format("2006-01-02T15:04:05.000Z07:00"))
}
