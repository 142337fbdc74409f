package store

import (
	"errors"
	"time"

	"github.com/puzzlejudge/judge/core/judging"
)

// State is where a submission is in its life: queued, judging or done.
type State string

// The states of a submission.
const (
	Queued  State = "queued"
	Judging State = "judging"
	Done    State = "done"
)

// Role is what a user may do through the API.
type Role string

// The roles of a user.
const (
	RoleUser  Role = "user"
	RoleAdmin Role = "admin"
)

// Valid reports whether r is one of the known roles.
func (r Role) Valid() bool { return r == RoleUser || r == RoleAdmin }

// CancelledError is the Error of a submission cancelled while queued.
const CancelledError = "cancelled"

// Sentinel errors; the backends wrap them with context, so test with
// errors.Is.
var (
	// ErrNotFound: no such submission or token.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the change does not fit the row's current state (an
	// existing ID, a cancel of a submission no longer queued).
	ErrConflict = errors.New("conflict")
	// ErrInvalid: a field of the request is missing or malformed.
	ErrInvalid = errors.New("invalid")
	// ErrUnauthorized: a token that is malformed, unknown or revoked.
	ErrUnauthorized = errors.New("unauthorized")
	// ErrDisabled: the token or session is of a disabled account (it
	// comes wrapped with ErrUnauthorized).
	ErrDisabled = errors.New("account disabled")
	// ErrSchemaTooNew: the database was migrated by a newer judge.
	ErrSchemaTooNew = errors.New("database schema is newer than this judge")
)

// Submission is one submitted source and, once judged, its result.
type Submission struct {
	ID          string // sortable by creation time (ULID); see NewID
	User        string
	Problem     string // problem slug
	PackageHash string // sha256 (hex) of the problem package it is judged with
	Language    string
	Filename    string
	Source      string
	State       State
	Gen         int // generation: 1 at creation, +1 on every rejudge
	Attempt     int // delivery attempt of the current generation (0 until judging)
	Verdict     string
	// Report is the report once done: read from its JSON once, when the
	// row is read (nil when the row holds none, or one it cannot read).
	Report     *judging.Report
	Error      string // why judging failed or was cancelled
	CreatedAt  time.Time
	QueuedAt   time.Time // creation or the last rejudge
	StartedAt  time.Time // zero until judging starts
	FinishedAt time.Time // zero until done
	// Contest is the ID of the contest it was made in, "" outside any.
	Contest string
}

// NewSubmission is what Create needs. ID may be empty: the store then
// generates one. IdempotencyKey, when set, makes Create return the user's
// existing submission with that key instead of creating a second one;
// IdempotencyHash is the hash of the request the key came with, kept with
// the key: the key reused with another hash is ErrKeyReused.
type NewSubmission struct {
	ID              string
	User            string
	Problem         string
	PackageHash     string
	Language        string
	Filename        string
	Source          string
	IdempotencyKey  string
	IdempotencyHash string
	// Contest is the ID of the contest it is made in, "" for none.
	Contest string
}

// Result is a finished judging of one generation, for ApplyResult.
type Result struct {
	Verdict string
	// Report is stored as its JSON, encoded once, by the write.
	Report *judging.Report
	Error  string
	// Attempt, when positive, is the attempt the result is of: it is
	// recorded in the same write as MarkJudging would (its start is now
	// when the start of that attempt was missed), so a final needs one
	// write.
	Attempt int
}

// ListQuery selects submissions for List, newest first. User, Problem
// and Contest filter when set; Cursor is the Next of the previous page; Limit is the
// page size (DefaultPageSize when 0, at most MaxPageSize).
type ListQuery struct {
	User    string
	Problem string
	Contest string
	Cursor  string
	Limit   int
}

// Page sizes for List.
const (
	DefaultPageSize = 50
	MaxPageSize     = 200
)

// Page is one page of List. Next is empty on the last page. Its
// submissions carry no Source and no Report: Get has them.
type Page struct {
	Submissions []Submission
	Next        string
}

// Rejudged is a submission put back in the queue by a rejudge, with its new
// generation.
type Rejudged struct {
	ID  string
	Gen int
}

// User is an account of the API.
type User struct {
	Name string
	Role Role
}

// NewToken is what CreateToken needs. Role may be empty: a new user then
// gets RoleUser and an existing one keeps its role; a non-empty role is set
// on the user (it applies to all of the user's tokens).
type NewToken struct {
	User string
	Role Role
	Name string // a label for listings, e.g. "laptop"
}

// Token is a bearer token as stored: its plaintext is never kept, only its
// sha256.
type Token struct {
	ID         string
	User       string
	Role       Role // the user's role
	Name       string
	CreatedAt  time.Time
	LastUsedAt time.Time // zero if never used
	RevokedAt  time.Time // zero unless revoked
}

// Revoked reports whether the token has been revoked.
func (t Token) Revoked() bool { return !t.RevokedAt.IsZero() }
