package store

import (
	"context"
	"time"
)

// Store is the service's durable state. Every method is safe for
// concurrent use, also from several processes sharing one database.
type Store interface {
	// Create inserts a queued submission of generation 1. With an
	// IdempotencyKey that the user has used before, it returns the existing
	// submission and created=false, atomically: concurrent calls with one
	// key create one submission. The key reused with another
	// IdempotencyHash than its first is ErrKeyReused (a key stored with
	// none, before hashes were kept, matches any).
	Create(ctx context.Context, s NewSubmission) (sub Submission, created bool, err error)
	// Get returns one submission, or ErrNotFound.
	Get(ctx context.Context, id string) (Submission, error)
	// List returns a page of submissions, newest first.
	List(ctx context.Context, q ListQuery) (Page, error)
	// MarkJudging records that attempt of generation gen started. It applies
	// only while the submission is queued or judging at that generation and
	// reports whether it did.
	MarkJudging(ctx context.Context, id string, gen, attempt int) (bool, error)
	// ApplyResult makes generation gen done with r. It applies at most once
	// per generation and never to an older generation than the current one;
	// it reports whether it applied. A positive r.Attempt is recorded as
	// MarkJudging(id, gen, r.Attempt) would, in the same write.
	ApplyResult(ctx context.Context, id string, gen int, r Result) (bool, error)
	// ApplyResultGet is ApplyResult that also returns the submission as
	// the same write left it, when it applied (the zero Submission when
	// not): for a caller that shows the result at once, without reading
	// the row again.
	ApplyResultGet(ctx context.Context, id string, gen int, r Result) (Submission, bool, error)
	// Rejudge puts a submission back in the queue with its generation + 1,
	// its attempt, verdict, report and error cleared, and returns it. A
	// non-empty packageHash replaces its PackageHash (the package its new
	// judging uses).
	Rejudge(ctx context.Context, id, packageHash string) (Submission, error)
	// RejudgeProblem rejudges every submission of a problem. A non-empty
	// packageHash replaces their PackageHash (new tests).
	RejudgeProblem(ctx context.Context, slug, packageHash string) ([]Rejudged, error)
	// Cancel ends a queued submission (done, Error CancelledError); it is
	// ErrConflict once judging has started or finished.
	Cancel(ctx context.Context, id string) (Submission, error)
	// Stale returns up to limit submissions queued before the given time,
	// oldest first, for the sweeper to publish again.
	Stale(ctx context.Context, queuedBefore time.Time, limit int) ([]Submission, error)
	// CountQueued returns how many of a user's submissions are not done.
	CountQueued(ctx context.Context, user string) (int, error)

	// Unfinished returns up to limit of a user's submissions that are
	// not done (queued or judging), in the order they were queued
	// (queued_at, then id): the fair queue's view of a user's turn.
	Unfinished(ctx context.Context, user string, limit int) ([]Submission, error)

	// CreateToken creates a token (and the user if new) and returns it
	// with its plaintext, which is shown once and never stored.
	CreateToken(ctx context.Context, t NewToken) (Token, string, error)
	// Authenticate returns the user of a valid, unrevoked token, or
	// ErrUnauthorized. The token's use is written within seconds, or at
	// Close, not before Authenticate returns.
	Authenticate(ctx context.Context, plaintext string) (User, error)
	// ListTokens returns every token, oldest first.
	ListTokens(ctx context.Context) ([]Token, error)
	// RevokeToken revokes a token by ID (again is no error), or ErrNotFound.
	RevokeToken(ctx context.Context, id string) error

	// Users and teams (users.go).

	// CreateUser creates an account: ErrConflict when the name is taken,
	// ErrInvalid naming a bad field.
	CreateUser(ctx context.Context, a NewAccount) (Account, error)
	// GetUser returns one account, or ErrNotFound.
	GetUser(ctx context.Context, name string) (Account, error)
	// Users returns every account, oldest first.
	Users(ctx context.Context) ([]Account, error)
	// UpdateUser changes an account's fields; disabling it ends its
	// sessions (enabling it again does not bring them back).
	UpdateUser(ctx context.Context, name string, c AccountChange) (Account, error)

	// Sessions of the web page (sessions.go).

	// CreateSession checks a token as Authenticate does and opens a
	// session of its user; it returns the session's id, which is shown
	// once (the row holds its sha256).
	CreateSession(ctx context.Context, token string, l SessionLimits) (string, Session, error)
	// ResumeSession returns a live session, or ErrUnauthorized once it was
	// ended, expired, went unused past its idle time, or its token was
	// revoked or its account disabled (ErrDisabled too). A use moves its
	// idle end, written at most once a minute.
	ResumeSession(ctx context.Context, id string) (Session, error)
	// EndSession revokes a session at once (again, or an unknown id, is
	// no error).
	EndSession(ctx context.Context, id string) error
	// CreateContest inserts a contest (ErrConflict when its ID exists,
	// ErrInvalid naming the field that is wrong) and returns it as stored.
	CreateContest(ctx context.Context, c Contest) (Contest, error)
	// UpdateContest replaces a contest's settings, problems and
	// participants (ErrNotFound when it does not exist).
	UpdateContest(ctx context.Context, c Contest) (Contest, error)
	// GetContest returns one contest, or ErrNotFound.
	GetContest(ctx context.Context, id string) (Contest, error)
	// ListContests returns every contest, oldest first.
	ListContests(ctx context.Context) ([]Contest, error)
	// DeleteContest deletes a contest; ErrConflict when it has
	// submissions, ErrNotFound when it does not exist.
	DeleteContest(ctx context.Context, id string) error
	// ContestSubmissions returns every submission of a contest, oldest
	// first, with its report and without its source: for standings.
	ContestSubmissions(ctx context.Context, id string) ([]Submission, error)
	// AskClarification stores a user's question (From the user), with the
	// next seq.
	AskClarification(ctx context.Context, n NewClarification) (Clarification, error)
	// AnswerClarification answers a question (again replaces the answer),
	// moving it to the next seq; ErrNotFound for no such question,
	// ErrConflict for an announcement.
	AnswerClarification(ctx context.Context, id int64, by, text string, toAll bool) (Clarification, error)
	// Announce stores an announcement of the jury (From the admin), to
	// all, with the next seq.
	Announce(ctx context.Context, n NewClarification) (Clarification, error)
	// ListClarifications returns the clarifications q's viewer may see,
	// newest first.
	ListClarifications(ctx context.Context, q ClarQuery) ([]Clarification, error)
	// ClarificationsSince returns those q's viewer may see whose seq is
	// after q.After, in seq order: a stream's next events. Every change
	// with a smaller seq than one returned is committed.
	ClarificationsSince(ctx context.Context, q ClarQuery) ([]Clarification, error)
	// ClarificationSeq is the seq of the latest change (0 for none).
	ClarificationSeq(ctx context.Context) (int64, error)

	// Close releases the database.
	Close() error
}
