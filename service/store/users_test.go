package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestUsers: accounts are created with their defaults, refused when a
// field is bad or the name taken, listed, changed field by field; a
// disabled account's tokens fail with ErrDisabled, and work again once
// it is enabled.
func TestUsers(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		bad := []struct {
			name string
			in   NewAccount
		}{
			{"no name", NewAccount{}},
			{"space in name", NewAccount{Name: "a b"}},
			{"bad role", NewAccount{Name: "x", Role: "root"}},
			{"bad kind", NewAccount{Name: "x", Kind: "group"}},
			{"long display name", NewAccount{Name: "x", DisplayName: strings.Repeat("n", maxDisplayName+1)}},
			{"newline in display name", NewAccount{Name: "x", DisplayName: "a\nb"}},
			{"NUL in members", NewAccount{Name: "x", Members: "a\x00"}},
			{"invalid UTF-8", NewAccount{Name: "x", Affiliation: "\xff"}},
		}
		for _, c := range bad {
			if _, err := s.CreateUser(ctx, c.in); !errors.Is(err, ErrInvalid) {
				t.Errorf("%s: err = %v, want ErrInvalid", c.name, err)
			}
		}
		ann, err := s.CreateUser(ctx, NewAccount{Name: "ann", DisplayName: " Ann Smith "})
		if err != nil || ann.Role != RoleUser || ann.Kind != KindUser || ann.DisplayName != "Ann Smith" || ann.Disabled || ann.CreatedAt.IsZero() {
			t.Fatalf("CreateUser(ann) = %+v, %v", ann, err)
		}
		team, err := s.CreateUser(ctx, NewAccount{Name: "team1", Kind: KindTeam, DisplayName: "The Ones", Members: "Ann\nBob", Affiliation: "Uni"})
		if err != nil || team.Kind != KindTeam || team.Members != "Ann\nBob" {
			t.Fatalf("CreateUser(team1) = %+v, %v", team, err)
		}
		if _, err := s.CreateUser(ctx, NewAccount{Name: "ann"}); !errors.Is(err, ErrConflict) {
			t.Errorf("a second ann: err = %v, want ErrConflict", err)
		}
		// A token of an account the page made keeps the account's role.
		_, annTok, err := s.CreateToken(ctx, NewToken{User: "ann"})
		if err != nil {
			t.Fatal(err)
		}
		list, err := s.Users(ctx)
		if err != nil || len(list) != 2 || list[0].Name != "ann" || list[1] != team {
			t.Fatalf("Users = %+v, %v", list, err)
		}
		if _, err := s.GetUser(ctx, "nobody"); !errors.Is(err, ErrNotFound) {
			t.Errorf("GetUser(nobody) err = %v", err)
		}
		if _, err := s.UpdateUser(ctx, "nobody", AccountChange{}); !errors.Is(err, ErrNotFound) {
			t.Errorf("UpdateUser(nobody) err = %v", err)
		}
		name, yes, no := "Ann S.", true, false
		badKind := Kind("x")
		if _, err := s.UpdateUser(ctx, "ann", AccountChange{Kind: &badKind}); !errors.Is(err, ErrInvalid) {
			t.Errorf("UpdateUser(kind x) err = %v", err)
		}
		got, err := s.UpdateUser(ctx, "ann", AccountChange{DisplayName: &name, Disabled: &yes})
		if err != nil || got.DisplayName != name || !got.Disabled || got.Kind != KindUser {
			t.Fatalf("disable ann = %+v, %v", got, err)
		}
		if again, err := s.GetUser(ctx, "ann"); err != nil || again != got {
			t.Errorf("GetUser(ann) = %+v, %v; want %+v", again, err, got)
		}
		if _, err := s.Authenticate(ctx, annTok); !errors.Is(err, ErrDisabled) || !errors.Is(err, ErrUnauthorized) {
			t.Errorf("a disabled account's token: err = %v, want ErrUnauthorized and ErrDisabled", err)
		}
		if _, _, err := s.CreateSession(ctx, annTok, SessionLimits{}); !errors.Is(err, ErrDisabled) {
			t.Errorf("a session for a disabled account: err = %v", err)
		}
		if got, err := s.UpdateUser(ctx, "ann", AccountChange{Disabled: &no}); err != nil || got.Disabled || got.DisplayName != name {
			t.Fatalf("enable ann = %+v, %v", got, err)
		}
		if u, err := s.Authenticate(ctx, annTok); err != nil || u.Name != "ann" {
			t.Errorf("ann enabled again: %+v, %v", u, err)
		}
	})
}

// TestAccountsMigrateFromTokensOnly: a database of the first schema, with
// a user and a token made there, opens with the account a plain, enabled
// user whose token still signs in.
func TestAccountsMigrateFromTokensOnly(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(sqliteMigrations[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA user_version = 1"); err != nil {
		t.Fatal(err)
	}
	// The token's plaintext and sha256 as CreateToken makes them.
	plain := tokenPrefix + "0123456789abcdef_" + strings.Repeat("A", secretLen)
	sum := sha256.Sum256([]byte(plain))
	if _, err := db.Exec(`INSERT INTO users (name, role, created_at) VALUES ('old', 'admin', 1)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO tokens (id, user_name, hash, created_at) VALUES ('0123456789abcdef', 'old', ?, 1)`, sum[:]); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s := mustOpen(t, path)
	a, err := s.GetUser(ctx, "old")
	if err != nil || a.Kind != KindUser || a.Role != RoleAdmin || a.Disabled || a.DisplayName != "" {
		t.Errorf("the old account: %+v, %v", a, err)
	}
	if id, _, err := s.CreateSession(ctx, plain, SessionLimits{}); err != nil || id == "" {
		t.Errorf("a session with the old token: %v", err)
	}
}
