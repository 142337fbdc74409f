// Package api serves the judge's HTTP API, versioned under /api/v1: JSON
// requests and answers, Server-Sent Events for live results, bearer-token
// authentication and the request limits. It holds no state of its own
// beyond rate windows: submissions, queues and workers are the Backend's.
package api

import (
	"context"
	"encoding/json"
	"time"

	"github.com/puzzlejudge/judge/core/feedback"
	"github.com/puzzlejudge/judge/core/judging"
)

// Roles a token carries.
const (
	RoleUser  = "user"
	RoleAdmin = "admin"
)

// Submission states.
const (
	StateQueued  = "queued"
	StateJudging = "judging"
	StateDone    = "done"
)

// Principal is who a request comes from.
type Principal struct {
	User string
	Role string
}

// Admin reports whether the principal may act on every submission.
func (p Principal) Admin() bool { return p.Role == RoleAdmin }

// NewSubmission is the body of POST /api/v1/submissions.
type NewSubmission struct {
	Problem  string `json:"problem"`
	Language string `json:"language,omitempty"`
	Filename string `json:"filename,omitempty"`
	Source   string `json:"source"`
	// Contest, when set, is the ID of the contest the submission is made
	// in; its problem may then be named by its label.
	Contest string `json:"contest,omitempty"`
}

// Submission is one submission as the backend knows it.
type Submission struct {
	ID         string
	User       string
	Problem    string
	Language   string
	Filename   string
	State      string
	Gen        int
	Attempt    int
	Verdict    string
	Report     *judging.Report // the report once done, whole (see Show)
	Error      string
	CreatedAt  time.Time
	StartedAt  time.Time // zero until judging starts
	FinishedAt time.Time // zero until done
	// Contest is the ID of the contest it was made in, "" for none.
	Contest string
	// Encoded, when set, is the JSON of this submission's whole view (as
	// an admin sees it), made once by the backend (a done submission's,
	// when its result was applied); the API sends these bytes to a viewer
	// who sees everything instead of encoding the view again.
	Encoded []byte
}

// ListQuery selects submissions, newest first.
type ListQuery struct {
	User, Problem string
	Contest       string
	Cursor        string
	Limit         int
}

// Page is one page of a listing; Next is empty on the last page.
type Page struct {
	Items []Submission
	Next  string
}

// Event is one Server-Sent Event of a submission: Name is state, compile,
// test or verdict; ID resumes the stream after it (Last-Event-ID). A test
// event carries its Test and a verdict event its Result, which the stream
// sends as its viewer may see them; a state or compile event carries its
// JSON in Data, sent to every viewer as it is.
type Event struct {
	ID   string
	Name string
	Data json.RawMessage
	// Test is a test event's result, whole.
	Test *judging.TestResult
	// Result is a verdict event's submission, done, whole; its Encoded,
	// when set, is its view's JSON.
	Result *Submission
}

// Problem is a problem as listed.
type Problem struct {
	Slug     string `json:"slug"`
	Title    string `json:"title"`
	TimeMs   int64  `json:"time_ms"`
	MemoryKB int64  `json:"memory_kb"`
	Tests    int    `json:"tests"`
	// Feedback is what a contestant sees of the tests (see package
	// feedback): samples, first-failure or all.
	Feedback string `json:"feedback"`
}

// Language is a language submissions may use: one whose tools are
// present where it is judged.
type Language struct {
	Name string `json:"name"`
	// Aliases are other names "language" takes for it (py, c++), as the
	// command line's --lang does.
	Aliases    []string `json:"aliases"`
	Extensions []string `json:"extensions"`
	// Version is the first line of its compiler's or runtime's version
	// output ("" when none is configured).
	Version string `json:"version"`
	// TimeMultiplier scales a problem's time limit for the language.
	TimeMultiplier float64 `json:"time_multiplier"`
}

// Worker is a judging worker as last seen.
type Worker struct {
	ID        string    `json:"id"`
	Host      string    `json:"host"`
	Slots     int       `json:"slots"`
	Busy      int       `json:"busy"`
	Languages []string  `json:"languages"`
	Version   string    `json:"version"`
	LastSeen  time.Time `json:"last_seen"`
}

// QueueStats are the queue's figures: jobs waiting for a worker, and
// jobs a worker holds (being judged, or delivered and not yet settled).
type QueueStats struct {
	Depth    uint64 `json:"depth"`
	InFlight int    `json:"in_flight"`
}

// Backend is what the API serves: the store, the queue and the workers
// behind them. Errors it returns are turned into HTTP statuses: an *Error
// keeps its own, ErrNotFound is 404, ErrConflict 409, ErrQueueFull 503,
// ErrUnauthorized 401, anything else 500.
type Backend interface {
	Accounts
	Sources
	// Authenticate maps a bearer token to its principal.
	Authenticate(ctx context.Context, token string) (Principal, error)
	// Submit stores a submission and queues it; the same idempotency key
	// from the same user returns the first submission.
	Submit(ctx context.Context, who Principal, sub NewSubmission, idempotencyKey string) (Submission, error)
	// CountQueued is how many of a user's submissions are not done.
	CountQueued(ctx context.Context, user string) (int, error)
	Get(ctx context.Context, id string) (Submission, error)
	// Wait returns the submission once it is done, or as it is when ctx
	// ends; it is woken when the result is applied, never by polling.
	// sub is the submission as the caller just read it.
	Wait(ctx context.Context, sub Submission) (Submission, error)
	List(ctx context.Context, q ListQuery) (Page, error)
	// Cancel removes a submission that is still queued.
	Cancel(ctx context.Context, id string) error
	Rejudge(ctx context.Context, id string) (Submission, error)
	// RejudgeProblem queues every submission of a problem again and says
	// how many.
	RejudgeProblem(ctx context.Context, slug string) (int, error)
	// Events streams a submission's events after lastID ("" for all),
	// replaying what is past; the channel closes after the verdict or when
	// ctx ends.
	Events(ctx context.Context, id, lastID string) (<-chan Event, error)
	Problems(ctx context.Context) ([]Problem, error)
	// Feedback is a problem's feedback level (feedback.Default for a
	// problem it does not know): what a contestant sees of its tests.
	Feedback(ctx context.Context, problem string) feedback.Level
	Languages(ctx context.Context) ([]Language, error)
	Workers(ctx context.Context) ([]Worker, error)
	// Queue is the queue's figures, at most a second or so old.
	Queue(ctx context.Context) (QueueStats, error)
	// Ready is nil once the store, the queue and at least one worker are.
	Ready(ctx context.Context) error
	// ClarBackend holds the clarifications (see clarview.go).
	ClarBackend
}
