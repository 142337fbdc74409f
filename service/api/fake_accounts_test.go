package api

import (
	"context"
	"fmt"
)

// The fake's accounts: users by name and tokens in order; sources are
// each submission's id reversed, enough to tell them apart.

func (f *fakeBackend) Users(context.Context) ([]User, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]User(nil), f.users...), nil
}

func (f *fakeBackend) CreateUser(_ context.Context, in NewUser) (User, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, u := range f.users {
		if u.Name == in.Name {
			return User{}, fmt.Errorf("user %s: %w", in.Name, ErrConflict)
		}
	}
	u := User{Name: in.Name, DisplayName: in.DisplayName, Kind: in.Kind, Role: in.Role}
	f.users = append(f.users, u)
	return u, nil
}

func (f *fakeBackend) UpdateUser(_ context.Context, name string, p UserPatch) (User, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := range f.users {
		if u := &f.users[i]; u.Name == name {
			if p.DisplayName != nil {
				u.DisplayName = *p.DisplayName
			}
			if p.Disabled != nil {
				u.Disabled = *p.Disabled
			}
			return *u, nil
		}
	}
	return User{}, fmt.Errorf("user %s: %w", name, ErrNotFound)
}

func (f *fakeBackend) IssueToken(_ context.Context, user, label string) (IssuedToken, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := Token{ID: fmt.Sprintf("t%d", len(f.issued)+1), User: user, Name: label, Role: RoleUser}
	f.issued = append(f.issued, t)
	plain := "plain-" + t.ID
	f.tokens[plain] = Principal{User: user, Role: RoleUser}
	return IssuedToken{Token: t, Plaintext: plain}, nil
}

func (f *fakeBackend) Tokens(context.Context) ([]Token, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Token(nil), f.issued...), nil
}

func (f *fakeBackend) RevokeToken(_ context.Context, id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, t := range f.issued {
		if t.ID == id {
			delete(f.tokens, "plain-"+id)
			return nil
		}
	}
	return fmt.Errorf("token %s: %w", id, ErrNotFound)
}

func (f *fakeBackend) Source(_ context.Context, id string) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.subs[id]; !ok {
		return "", fmt.Errorf("submission %s: %w", id, ErrNotFound)
	}
	return "source of " + id + "\x00<b>", nil
}
