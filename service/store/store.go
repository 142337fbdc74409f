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
	// key create one submission.
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

	// Close releases the database.
	Close() error
}
