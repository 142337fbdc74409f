package api

import (
	"context"
	"time"
)

// NewClarification is the body of POST /api/v1/clarifications (a
// question) and POST /api/v1/announcements: Contest and Problem are
// empty for a general one.
type NewClarification struct {
	Contest string `json:"contest,omitempty"`
	Problem string `json:"problem,omitempty"`
	Text    string `json:"text"`
}

// ClarAnswer is the body of POST /api/v1/clarifications/{id}/answer:
// ToAll publishes the answer, and its question without the asker's name,
// to every user.
type ClarAnswer struct {
	Text  string `json:"text"`
	ToAll bool   `json:"to_all"`
}

// Clarification is a question and its answer, or an announcement (From
// empty), as the backend knows it. Seq orders the changes: an event
// stream resumes after it.
type Clarification struct {
	ID, Seq          int64
	Contest, Problem string
	From             string
	Question, Answer string
	AnsweredBy       string
	ToAll            bool
	CreatedAt        time.Time
	AnsweredAt       time.Time // zero until answered
}

// ClarQuery selects the clarifications Viewer may see; a non-empty
// Contest keeps that contest's and the general ones. After is the seq a
// stream resumes after (negative: the latest change when it opens).
type ClarQuery struct {
	Viewer  Principal
	Contest string
	After   int64
}

// ClarBackend is what the API asks of the backend about clarifications.
// The backend shows a viewer only what ShowClarification lets them see;
// the API filters again.
type ClarBackend interface {
	// AskClarification stores who's question; an unknown problem is a 404
	// naming "problem".
	AskClarification(ctx context.Context, who Principal, in NewClarification) (Clarification, error)
	// AnswerClarification answers question id (again replaces the
	// answer): ErrNotFound for no such question, ErrConflict for an
	// announcement.
	AnswerClarification(ctx context.Context, who Principal, id int64, in ClarAnswer) (Clarification, error)
	// Announce stores an announcement of who, to every user.
	Announce(ctx context.Context, who Principal, in NewClarification) (Clarification, error)
	// Clarifications lists what q.Viewer may see, newest first.
	Clarifications(ctx context.Context, q ClarQuery) ([]Clarification, error)
	// ClarificationEvents sends each clarification q.Viewer may see as it
	// changes after q.After, in the order of the changes, and returns the
	// seq it starts after; the channel closes when ctx ends or the
	// backend fails (the client resumes after the last seq it got).
	ClarificationEvents(ctx context.Context, q ClarQuery) (<-chan Clarification, int64, error)
}

// Kinds of clarifications, the event names of their stream.
const (
	ClarQuestion     = "question"     // a question not yet answered
	ClarAnswered     = "answer"       // a question answered
	ClarAnnouncement = "announcement" // an announcement of the jury
)

// ClarView is a clarification's JSON as one viewer sees it: the asker's
// name only to the asker and admins, who answered only to admins.
type ClarView struct {
	ID int64 `json:"id"`
	// Kind is question, answer or announcement (see ClarQuestion).
	Kind     string `json:"kind"`
	Contest  string `json:"contest"`
	Problem  string `json:"problem"`
	From     string `json:"from,omitempty"`
	Mine     bool   `json:"mine"`
	Question string `json:"question,omitempty"`
	Answer   string `json:"answer,omitempty"`
	ToAll    bool   `json:"to_all"`
	// AnsweredBy is shown to admins only.
	AnsweredBy string `json:"answered_by,omitempty"`
	CreatedAt  Stamp  `json:"created_at"`
	AnsweredAt Stamp  `json:"answered_at"`
	// Seq is the clarification's place in the order of changes, the id
	// of its latest event.
	Seq int64 `json:"seq"`
}

// kind is the clarification's kind.
func (c Clarification) kind() string {
	switch {
	case c.From == "":
		return ClarAnnouncement
	case !c.AnsweredAt.IsZero():
		return ClarAnswered
	}
	return ClarQuestion
}

// ShowClarification is c as who may see it, and false when they may not
// see it at all: an admin sees every one, a user their own questions
// with their answers and every answer to all and announcement.
func ShowClarification(who Principal, c Clarification) (ClarView, bool) {
	mine := c.From != "" && c.From == who.User
	if !who.Admin() && !mine && !c.ToAll {
		return ClarView{}, false
	}
	v := ClarView{ID: c.ID, Kind: c.kind(), Contest: c.Contest, Problem: c.Problem, Mine: mine,
		Question: c.Question, ToAll: c.ToAll, CreatedAt: Stamp(c.CreatedAt), Seq: c.Seq}
	if !c.AnsweredAt.IsZero() {
		v.Answer, v.AnsweredAt = c.Answer, Stamp(c.AnsweredAt)
	}
	if who.Admin() || mine {
		v.From = c.From
	}
	if who.Admin() {
		v.AnsweredBy = c.AnsweredBy
	}
	return v, true
}
