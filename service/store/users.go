package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Kind is what an account stands for: one person, or a team.
type Kind string

// The kinds of an account.
const (
	KindUser Kind = "user"
	KindTeam Kind = "team"
)

// Valid reports whether k is one of the known kinds.
func (k Kind) Valid() bool { return k == KindUser || k == KindTeam }

// Account is a user or team as the organiser's page keeps it.
type Account struct {
	Name        string
	Role        Role
	Kind        Kind
	DisplayName string
	// Members and Affiliation are a team's free text ("" when none).
	Members     string
	Affiliation string
	// Disabled accounts are refused: their tokens and sessions fail.
	Disabled  bool
	CreatedAt time.Time
}

// NewAccount is what CreateUser needs; Role and Kind default to user.
type NewAccount struct {
	Name        string
	Role        Role
	Kind        Kind
	DisplayName string
	Members     string
	Affiliation string
}

// AccountChange is what UpdateUser changes; nil fields stay as they are.
type AccountChange struct {
	Role        *Role
	Kind        *Kind
	DisplayName *string
	Members     *string
	Affiliation *string
	Disabled    *bool
}

// Bounds on an account's free text.
const (
	maxDisplayName = 100
	maxTeamText    = 1000
)

const (
	accountCols  = `name, role, kind, display_name, members, affiliation, disabled_at, created_at`
	qInsertUser  = `INSERT INTO users (` + accountCols + `) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)`
	qGetUser     = `SELECT ` + accountCols + ` FROM users WHERE name = ?`
	qListUsers   = `SELECT ` + accountCols + ` FROM users ORDER BY created_at, name`
	qUpdateUser  = `UPDATE users SET role = ?, kind = ?, display_name = ?, members = ?, affiliation = ?, disabled_at = ? WHERE name = ?`
	qEndSessions = `UPDATE sessions SET revoked_at = ? WHERE user_name = ? AND revoked_at IS NULL`
)

// checkText refuses text over max bytes, invalid UTF-8 or control
// characters (newlines too when line is set).
func checkText(field, s string, max int, line bool) error {
	if len(s) > max {
		return fmt.Errorf("%w: %s: %d bytes, at most %d", ErrInvalid, field, len(s), max)
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("%w: %s: not UTF-8", ErrInvalid, field)
	}
	for _, r := range s {
		if unicode.IsControl(r) && (line || r != '\n') {
			return fmt.Errorf("%w: %s: holds a control character", ErrInvalid, field)
		}
	}
	return nil
}

// check validates an account's fields.
func (a Account) check() error {
	switch {
	case !ValidUserName(a.Name):
		return fmt.Errorf("%w: name %q: use 1 to 64 letters, digits and .-_@", ErrInvalid, a.Name)
	case !a.Role.Valid():
		return fmt.Errorf("%w: role %q: use user or admin", ErrInvalid, a.Role)
	case !a.Kind.Valid():
		return fmt.Errorf("%w: kind %q: use user or team", ErrInvalid, a.Kind)
	}
	if err := checkText("display_name", a.DisplayName, maxDisplayName, true); err != nil {
		return err
	}
	if err := checkText("members", a.Members, maxTeamText, false); err != nil {
		return err
	}
	return checkText("affiliation", a.Affiliation, maxTeamText, true)
}

// CreateUser creates an account; see Store.
func (s *sqlStore) CreateUser(ctx context.Context, n NewAccount) (Account, error) {
	a := Account{Name: n.Name, Role: n.Role, Kind: n.Kind, DisplayName: strings.TrimSpace(n.DisplayName),
		Members: strings.TrimSpace(n.Members), Affiliation: strings.TrimSpace(n.Affiliation)}
	if a.Role == "" {
		a.Role = RoleUser
	}
	if a.Kind == "" {
		a.Kind = KindUser
	}
	if err := a.check(); err != nil {
		return Account{}, fmt.Errorf("create user: %w", err)
	}
	now := us(s.now())
	a.CreatedAt = time.UnixMicro(now).UTC()
	_, err := s.exec(ctx, s.w, qInsertUser, a.Name, string(a.Role), string(a.Kind), a.DisplayName, a.Members, a.Affiliation, now)
	if err != nil {
		if s.d.unique(err) {
			return Account{}, fmt.Errorf("create user %s: %w: the name is taken", a.Name, ErrConflict)
		}
		return Account{}, fmt.Errorf("create user %s: %w", a.Name, err)
	}
	return a, nil
}

// scanAccount reads one row of accountCols.
func scanAccount(row scanner) (Account, error) {
	a, _, err := scanAccountAt(row)
	return a, err
}

// scanAccountAt reads one row of accountCols, and when it was disabled.
func scanAccountAt(row scanner) (Account, sql.NullInt64, error) {
	var a Account
	var role, kind string
	var disabled sql.NullInt64
	var created int64
	if err := row.Scan(&a.Name, &role, &kind, &a.DisplayName, &a.Members, &a.Affiliation, &disabled, &created); err != nil {
		return Account{}, disabled, err
	}
	a.Role, a.Kind, a.Disabled = Role(role), Kind(kind), disabled.Valid
	a.CreatedAt = time.UnixMicro(created).UTC()
	return a, disabled, nil
}

// GetUser returns one account; see Store.
func (s *sqlStore) GetUser(ctx context.Context, name string) (Account, error) {
	a, err := scanAccount(s.queryRow(ctx, s.r, qGetUser, name))
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, fmt.Errorf("user %s: %w", name, ErrNotFound)
	}
	if err != nil {
		return Account{}, fmt.Errorf("user %s: %w", name, err)
	}
	return a, nil
}

// Users lists every account; see Store.
func (s *sqlStore) Users(ctx context.Context) ([]Account, error) {
	rows, err := s.r.QueryContext(ctx, s.q(qListUsers))
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, fmt.Errorf("list users: %w", err)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	return out, nil
}

// UpdateUser changes an account; see Store.
func (s *sqlStore) UpdateUser(ctx context.Context, name string, c AccountChange) (Account, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return Account{}, fmt.Errorf("update user %s: %w", name, err)
	}
	defer tx.Rollback()
	a, disabledAt, err := scanAccountAt(tx.QueryRowContext(ctx, s.q(qGetUser), name))
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, fmt.Errorf("update user %s: %w", name, ErrNotFound)
	}
	if err != nil {
		return Account{}, fmt.Errorf("update user %s: %w", name, err)
	}
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = strings.TrimSpace(*src)
		}
	}
	set(&a.DisplayName, c.DisplayName)
	set(&a.Members, c.Members)
	set(&a.Affiliation, c.Affiliation)
	if c.Role != nil {
		a.Role = *c.Role
	}
	if c.Kind != nil {
		a.Kind = *c.Kind
	}
	now := us(s.now())
	if c.Disabled != nil {
		switch {
		case *c.Disabled && !disabledAt.Valid:
			disabledAt = sql.NullInt64{Int64: now, Valid: true}
		case !*c.Disabled:
			disabledAt = sql.NullInt64{}
		}
		a.Disabled = *c.Disabled
	}
	if err := a.check(); err != nil {
		return Account{}, fmt.Errorf("update user %s: %w", name, err)
	}
	if _, err := tx.ExecContext(ctx, s.q(qUpdateUser), string(a.Role), string(a.Kind), a.DisplayName, a.Members, a.Affiliation, disabledAt, name); err != nil {
		return Account{}, fmt.Errorf("update user %s: %w", name, err)
	}
	if a.Disabled {
		// Enabling the account again does not bring these back.
		if _, err := tx.ExecContext(ctx, s.q(qEndSessions), now, name); err != nil {
			return Account{}, fmt.Errorf("update user %s: end its sessions: %w", name, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return Account{}, fmt.Errorf("update user %s: %w", name, err)
	}
	return a, nil
}
