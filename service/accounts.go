package service

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// The backend's accounts (api.Accounts) and sources (api.Sources): the
// store's users, teams and tokens as the admin endpoints and the
// organiser's page show them.

// apiUser converts a stored account.
func apiUser(a store.Account) api.User {
	return api.User{Name: a.Name, DisplayName: a.DisplayName, Kind: string(a.Kind), Role: string(a.Role),
		Members: a.Members, Affiliation: a.Affiliation, Disabled: a.Disabled, CreatedAt: api.Stamp(a.CreatedAt)}
}

// apiToken converts a stored token.
func apiToken(t store.Token) api.Token {
	return api.Token{ID: t.ID, User: t.User, Role: string(t.Role), Name: t.Name,
		CreatedAt: api.Stamp(t.CreatedAt), LastUsedAt: api.Stamp(t.LastUsedAt), RevokedAt: api.Stamp(t.RevokedAt)}
}

func (b *backend) Users(ctx context.Context) ([]api.User, error) {
	as, err := b.st.Users(ctx)
	if err != nil {
		return nil, storeErr(err)
	}
	out := make([]api.User, 0, len(as))
	for _, a := range as {
		out = append(out, apiUser(a))
	}
	return out, nil
}

func (b *backend) CreateUser(ctx context.Context, in api.NewUser) (api.User, error) {
	a, err := b.st.CreateUser(ctx, store.NewAccount{Name: in.Name, Role: store.Role(in.Role), Kind: store.Kind(in.Kind),
		DisplayName: in.DisplayName, Members: in.Members, Affiliation: in.Affiliation})
	if errors.Is(err, store.ErrConflict) {
		return api.User{}, api.Errorf(http.StatusConflict, "name", "%q is taken", in.Name)
	}
	if err != nil {
		return api.User{}, storeErr(err)
	}
	return apiUser(a), nil
}

// UpdateUser changes an account; a change of role or a disabling also
// drops the tokens this process took on trust, so that it applies to the
// next request.
func (b *backend) UpdateUser(ctx context.Context, name string, p api.UserPatch) (api.User, error) {
	c := store.AccountChange{DisplayName: p.DisplayName, Members: p.Members, Affiliation: p.Affiliation, Disabled: p.Disabled}
	if p.Role != nil {
		r := store.Role(*p.Role)
		c.Role = &r
	}
	if p.Kind != nil {
		k := store.Kind(*p.Kind)
		c.Kind = &k
	}
	a, err := b.st.UpdateUser(ctx, name, c)
	if err != nil {
		return api.User{}, storeErr(err)
	}
	if p.Role != nil || p.Disabled != nil {
		b.auth.forget()
	}
	return apiUser(a), nil
}

// IssueToken makes a token for an account that exists (the store would
// make the account too; here an unknown name is a mistake).
func (b *backend) IssueToken(ctx context.Context, user, label string) (api.IssuedToken, error) {
	if _, err := b.st.GetUser(ctx, user); err != nil {
		return api.IssuedToken{}, storeErr(err)
	}
	t, plain, err := b.st.CreateToken(ctx, store.NewToken{User: user, Name: label})
	if err != nil {
		return api.IssuedToken{}, storeErr(err)
	}
	return api.IssuedToken{Token: apiToken(t), Plaintext: plain}, nil
}

func (b *backend) Tokens(ctx context.Context) ([]api.Token, error) {
	ts, err := b.st.ListTokens(ctx)
	if err != nil {
		return nil, storeErr(err)
	}
	out := make([]api.Token, 0, len(ts))
	for _, t := range ts {
		out = append(out, apiToken(t))
	}
	return out, nil
}

// RevokeToken revokes a token in the store (its sessions end with it)
// and here at once.
func (b *backend) RevokeToken(ctx context.Context, id string) error {
	if err := b.st.RevokeToken(ctx, id); err != nil {
		return storeErr(err)
	}
	b.auth.forget()
	return nil
}

// Source is a submission's source text.
func (b *backend) Source(ctx context.Context, id string) (string, error) {
	if !store.ValidID(id) {
		return "", fmt.Errorf("submission %q: %w", id, api.ErrNotFound)
	}
	s, err := b.st.Get(ctx, id)
	if err != nil {
		return "", storeErr(err)
	}
	return s.Source, nil
}

// disabledErr is the API's answer to a disabled account's token.
var disabledErr = api.Errorf(http.StatusForbidden, "", "this account is disabled; ask an organiser")
