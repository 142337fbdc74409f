package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"
)

// A session id is "pjs_" + 43 base64url characters (32 random bytes); the
// row holds only its sha256, so a copy of the database opens no session.
const (
	sessionPrefix = "pjs_"
	sessionIDLen  = len(sessionPrefix) + 43
)

// Session lifetimes when SessionLimits leaves them zero: a session ends
// 12 hours after sign-in, or after 2 hours without use.
const (
	DefaultSessionLifetime = 12 * time.Hour
	DefaultSessionIdle     = 2 * time.Hour
)

// sessionTouchEvery is how stale a session's last use may get before a
// request writes it again: the idle end moves at most once a minute.
const sessionTouchEvery = time.Minute

// SessionLimits bound a new session; zero fields get the defaults.
type SessionLimits struct {
	Lifetime time.Duration
	Idle     time.Duration
}

// Session is a signed-in browser's session.
type Session struct {
	User      User
	TokenID   string // the token it was opened with
	CreatedAt time.Time
	// ExpiresAt is its absolute end; IdleUntil its end if not used again
	// (never after ExpiresAt).
	ExpiresAt time.Time
	IdleUntil time.Time
}

const (
	qInsertSession = `INSERT INTO sessions (id_hash, user_name, token_id, created_at, expires_at, idle_us, last_used_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`
	qSessionByHash = `SELECT s.user_name, u.role, s.token_id, s.created_at, s.expires_at, s.idle_us, s.last_used_at,
		s.revoked_at, t.revoked_at, u.disabled_at
		FROM sessions s JOIN users u ON u.name = s.user_name JOIN tokens t ON t.id = s.token_id
		WHERE s.id_hash = ?`
	qTouchSession = `UPDATE sessions SET last_used_at = ? WHERE id_hash = ? AND last_used_at < ?`
	qEndSession   = `UPDATE sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL`
	// qPruneSessions drops a user's sessions that ended, so the table
	// holds about the live ones.
	qPruneSessions = `DELETE FROM sessions WHERE user_name = ? AND (expires_at <= ? OR revoked_at IS NOT NULL)`
)

// sessionHash is the row key of a session id, or false when id is not
// one's form.
func sessionHash(id string) ([]byte, bool) {
	if len(id) != sessionIDLen || !strings.HasPrefix(id, sessionPrefix) {
		return nil, false
	}
	if _, err := base64.RawURLEncoding.DecodeString(id[len(sessionPrefix):]); err != nil {
		return nil, false
	}
	sum := sha256.Sum256([]byte(id))
	return sum[:], true
}

// CreateSession opens a session for the holder of a token; see Store.
func (s *sqlStore) CreateSession(ctx context.Context, token string, l SessionLimits) (string, Session, error) {
	u, err := s.Authenticate(ctx, token)
	if err != nil {
		return "", Session{}, fmt.Errorf("create session: %w", err)
	}
	tid, _ := tokenID(token)
	if l.Lifetime <= 0 {
		l.Lifetime = DefaultSessionLifetime
	}
	if l.Idle <= 0 {
		l.Idle = DefaultSessionIdle
	}
	var raw [32]byte
	rand.Read(raw[:]) // never fails (crypto/rand since Go 1.24)
	id := sessionPrefix + base64.RawURLEncoding.EncodeToString(raw[:])
	sum := sha256.Sum256([]byte(id))
	now := us(s.now())
	expires := now + l.Lifetime.Microseconds()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return "", Session{}, fmt.Errorf("create session: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, s.q(qPruneSessions), u.Name, now); err != nil {
		return "", Session{}, fmt.Errorf("create session: prune the ended ones: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.q(qInsertSession), sum[:], u.Name, tid, now, expires, l.Idle.Microseconds(), now); err != nil {
		return "", Session{}, fmt.Errorf("create session: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return "", Session{}, fmt.Errorf("create session: %w", err)
	}
	ses := Session{User: u, TokenID: tid, CreatedAt: time.UnixMicro(now).UTC(), ExpiresAt: time.UnixMicro(expires).UTC(),
		IdleUntil: time.UnixMicro(min(expires, now+l.Idle.Microseconds())).UTC()}
	return id, ses, nil
}

// ResumeSession returns a live session and records its use; see Store.
func (s *sqlStore) ResumeSession(ctx context.Context, id string) (Session, error) {
	hash, ok := sessionHash(id)
	if !ok {
		return Session{}, fmt.Errorf("session: %w: not a session id", ErrUnauthorized)
	}
	var ses Session
	var role string
	var created, expires, idle, last int64
	var revoked, tokRevoked, disabled sql.NullInt64
	err := s.queryRow(ctx, s.r, qSessionByHash, hash).Scan(&ses.User.Name, &role, &ses.TokenID, &created, &expires, &idle, &last,
		&revoked, &tokRevoked, &disabled)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, fmt.Errorf("session: %w: unknown session", ErrUnauthorized)
	}
	if err != nil {
		return Session{}, fmt.Errorf("session: %w", err)
	}
	now := us(s.now())
	switch {
	case disabled.Valid:
		return Session{}, fmt.Errorf("session: %w: %w: the account %s is disabled", ErrUnauthorized, ErrDisabled, ses.User.Name)
	case revoked.Valid:
		return Session{}, fmt.Errorf("session: %w: signed out", ErrUnauthorized)
	case tokRevoked.Valid:
		return Session{}, fmt.Errorf("session: %w: its token %s is revoked", ErrUnauthorized, ses.TokenID)
	case now >= expires:
		return Session{}, fmt.Errorf("session: %w: expired", ErrUnauthorized)
	case now >= last+idle:
		return Session{}, fmt.Errorf("session: %w: expired after %s unused", ErrUnauthorized, time.Duration(idle)*time.Microsecond)
	}
	if now-last >= sessionTouchEvery.Microseconds() {
		if _, err := s.exec(ctx, s.w, qTouchSession, now, hash, now); err != nil {
			return Session{}, fmt.Errorf("session: record its use: %w", err)
		}
		last = now
	}
	ses.User.Role = Role(role)
	ses.CreatedAt = time.UnixMicro(created).UTC()
	ses.ExpiresAt = time.UnixMicro(expires).UTC()
	ses.IdleUntil = time.UnixMicro(min(expires, last+idle)).UTC()
	return ses, nil
}

// EndSession revokes a session; see Store.
func (s *sqlStore) EndSession(ctx context.Context, id string) error {
	hash, ok := sessionHash(id)
	if !ok {
		return nil
	}
	if _, err := s.exec(ctx, s.w, qEndSession, us(s.now()), hash); err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	return nil
}
