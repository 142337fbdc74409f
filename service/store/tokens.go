package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
)

// A token's plaintext is "pj_" + its ID (16 hex digits) + "_" + 43
// base64url characters of secret (32 random bytes). The ID finds the row;
// the sha256 of the whole plaintext, compared in constant time, proves it.
const (
	tokenPrefix = "pj_"
	tokenIDLen  = 16
	secretLen   = 43
	tokenLen    = len(tokenPrefix) + tokenIDLen + 1 + secretLen
)

// touchEvery is how stale a token's last use may get before Authenticate
// records it again (so that every request is not a write; see toucher for
// when it is written).
const touchEvery = time.Minute

const (
	qUpsertUserKeep = `INSERT INTO users (name, role, created_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO NOTHING`
	qUpsertUserSet = `INSERT INTO users (name, role, created_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET role = excluded.role`
	qInsertToken = `INSERT INTO tokens (id, user_name, name, hash, created_at) VALUES (?, ?, ?, ?, ?)`
	qUserRole    = `SELECT role FROM users WHERE name = ?`
	qTokenByID   = `SELECT t.hash, t.revoked_at, t.last_used_at, u.name, u.role, u.disabled_at
		FROM tokens t JOIN users u ON u.name = t.user_name WHERE t.id = ?`
	qTouchToken = `UPDATE tokens SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)`
	qListTokens = `SELECT t.id, t.user_name, u.role, t.name, t.created_at, t.last_used_at, t.revoked_at
		FROM tokens t JOIN users u ON u.name = t.user_name ORDER BY t.created_at, t.id`
	qRevoke      = `UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`
	qTokenExists = `SELECT COUNT(*) FROM tokens WHERE id = ?`
)

// ValidUserName reports whether name can name a user: 1 to 64 letters,
// digits and ".-_@".
func ValidUserName(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(".-_@", r) {
			return false
		}
	}
	return true
}

// CreateToken creates a token and, if new, its user; see Store.
func (s *sqlStore) CreateToken(ctx context.Context, n NewToken) (Token, string, error) {
	if !ValidUserName(n.User) {
		return Token{}, "", fmt.Errorf("create token: %w: user %q: use 1 to 64 letters, digits and .-_@", ErrInvalid, n.User)
	}
	if n.Role != "" && !n.Role.Valid() {
		return Token{}, "", fmt.Errorf("create token: %w: role %q: use user or admin", ErrInvalid, n.Role)
	}
	var raw [8 + 32]byte
	rand.Read(raw[:]) // never fails (crypto/rand since Go 1.24)
	id := hex.EncodeToString(raw[:8])
	plain := tokenPrefix + id + "_" + base64.RawURLEncoding.EncodeToString(raw[8:])
	sum := sha256.Sum256([]byte(plain))
	now := s.now()
	tok := Token{ID: id, User: n.User, Name: n.Name, CreatedAt: time.UnixMicro(us(now)).UTC()}

	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return Token{}, "", fmt.Errorf("create token: %w", err)
	}
	defer tx.Rollback()
	if n.Role == "" {
		_, err = tx.ExecContext(ctx, s.q(qUpsertUserKeep), n.User, string(RoleUser), us(now))
	} else {
		_, err = tx.ExecContext(ctx, s.q(qUpsertUserSet), n.User, string(n.Role), us(now))
	}
	if err != nil {
		return Token{}, "", fmt.Errorf("create token: user %s: %w", n.User, err)
	}
	if _, err := tx.ExecContext(ctx, s.q(qInsertToken), id, n.User, n.Name, sum[:], us(now)); err != nil {
		return Token{}, "", fmt.Errorf("create token: %w", err)
	}
	var role string
	if err := tx.QueryRowContext(ctx, s.q(qUserRole), n.User).Scan(&role); err != nil {
		return Token{}, "", fmt.Errorf("create token: user %s: %w", n.User, err)
	}
	if err := tx.Commit(); err != nil {
		return Token{}, "", fmt.Errorf("create token: %w", err)
	}
	tok.Role = Role(role)
	return tok, plain, nil
}

// Authenticate returns the user of a valid token; see Store.
func (s *sqlStore) Authenticate(ctx context.Context, plaintext string) (User, error) {
	id, ok := tokenID(plaintext)
	if !ok {
		return User{}, fmt.Errorf("authenticate: %w: not a token", ErrUnauthorized)
	}
	var hash []byte
	var revoked, lastUsed, disabled sql.NullInt64
	var u User
	var role string
	err := s.queryRow(ctx, s.r, qTokenByID, id).Scan(&hash, &revoked, &lastUsed, &u.Name, &role, &disabled)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, fmt.Errorf("authenticate: %w: unknown token", ErrUnauthorized)
	}
	if err != nil {
		return User{}, fmt.Errorf("authenticate: %w", err)
	}
	sum := sha256.Sum256([]byte(plaintext))
	if subtle.ConstantTimeCompare(sum[:], hash) != 1 {
		return User{}, fmt.Errorf("authenticate: %w: unknown token", ErrUnauthorized)
	}
	if revoked.Valid {
		return User{}, fmt.Errorf("authenticate: %w: token %s is revoked", ErrUnauthorized, id)
	}
	if disabled.Valid {
		return User{}, fmt.Errorf("authenticate: %w: %w: the account %s is disabled", ErrUnauthorized, ErrDisabled, u.Name)
	}
	u.Role = Role(role)
	now := s.now()
	if !lastUsed.Valid || now.Sub(fromUS(lastUsed)) >= touchEvery {
		s.touches.add(id, us(now))
	}
	return u, nil
}

// tokenID returns the ID part of a well-formed token plaintext.
func tokenID(plain string) (string, bool) {
	if len(plain) != tokenLen || !strings.HasPrefix(plain, tokenPrefix) || plain[len(tokenPrefix)+tokenIDLen] != '_' {
		return "", false
	}
	id := plain[len(tokenPrefix) : len(tokenPrefix)+tokenIDLen]
	if _, err := hex.DecodeString(id); err != nil || strings.ToLower(id) != id {
		return "", false
	}
	return id, true
}

// ListTokens returns every token; see Store.
func (s *sqlStore) ListTokens(ctx context.Context) ([]Token, error) {
	if err := s.touches.flush(ctx); err != nil {
		return nil, fmt.Errorf("list tokens: %w", err)
	}
	rows, err := s.r.QueryContext(ctx, s.q(qListTokens))
	if err != nil {
		return nil, fmt.Errorf("list tokens: %w", err)
	}
	defer rows.Close()
	var out []Token
	for rows.Next() {
		var t Token
		var role string
		var created int64
		var used, revoked sql.NullInt64
		if err := rows.Scan(&t.ID, &t.User, &role, &t.Name, &created, &used, &revoked); err != nil {
			return nil, fmt.Errorf("list tokens: %w", err)
		}
		t.Role = Role(role)
		t.CreatedAt = time.UnixMicro(created).UTC()
		t.LastUsedAt = fromUS(used)
		t.RevokedAt = fromUS(revoked)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list tokens: %w", err)
	}
	return out, nil
}

// RevokeToken revokes a token; see Store.
func (s *sqlStore) RevokeToken(ctx context.Context, id string) error {
	res, err := s.exec(ctx, s.w, qRevoke, us(s.now()), id)
	if err != nil {
		return fmt.Errorf("revoke token %s: %w", id, err)
	}
	if ok, err := applied(res, "revoke token "+id); err != nil || ok {
		return err
	}
	var n int
	if err := s.queryRow(ctx, s.w, qTokenExists, id).Scan(&n); err != nil {
		return fmt.Errorf("revoke token %s: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("revoke token %s: %w", id, ErrNotFound)
	}
	return nil
}
