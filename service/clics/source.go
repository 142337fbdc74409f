package clics

import (
	"context"
	"errors"
	"net/http"
)

// Source is what the handler reads contests from; the service implements
// it over its store. It needs no event log: the handler makes the event
// feed by diffing the snapshots it takes.
type Source interface {
	// Viewer says who sends the request. ErrUnauthorized (401) or
	// ErrForbidden (403) refuse it.
	Viewer(r *http.Request) (Viewer, error)
	// Contests lists the contests the viewer may follow. Their
	// Submissions may be left empty: only the contest objects are used.
	Contests(ctx context.Context, v Viewer) ([]Snapshot, error)
	// Snapshot is one contest now, with everything in it; ErrNotFound
	// when there is no such contest or the viewer may not follow it. It
	// must not depend on the viewer beyond that: the handler takes out
	// what a non-admin may not see, and shares one event log among all
	// viewers of one kind (admins, others).
	Snapshot(ctx context.Context, id string, v Viewer) (Snapshot, error)
	// Changed returns a channel closed when anything of the contest
	// changes after the call (a submission, a judgement, the settings),
	// or when ctx ends. The handler asks again after each change. The
	// contest's phases (start, freeze, end, thaw) need no signal: the
	// handler wakes at their times.
	Changed(ctx context.Context, id string) <-chan struct{}
}

// Viewer is who reads the API.
type Viewer struct {
	// Admin sees the live board and every judgement; anyone else sees
	// the public, frozen, view.
	Admin bool
	// User is the viewer's name, for the Source's own checks.
	User string
}

// Errors a Source returns, wrapped or not.
var (
	ErrNotFound     = errors.New("not found")
	ErrUnauthorized = errors.New("missing or unknown token")
	ErrForbidden    = errors.New("not allowed")
)
