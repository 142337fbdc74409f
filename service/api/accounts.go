package api

import (
	"context"
	"net/http"
	"strings"
)

// User is an account as GET /api/v1/users lists it: a person or a team.
type User struct {
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
	Kind        string `json:"kind"`
	Role        string `json:"role"`
	Members     string `json:"members,omitempty"`
	Affiliation string `json:"affiliation,omitempty"`
	Disabled    bool   `json:"disabled"`
	CreatedAt   Stamp  `json:"created_at"`
}

// NewUser is the body of POST /api/v1/users; kind and role default to
// "user".
type NewUser struct {
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
	Kind        string `json:"kind"`
	Role        string `json:"role"`
	Members     string `json:"members"`
	Affiliation string `json:"affiliation"`
}

// UserPatch is the body of PATCH /api/v1/users/{name}: the fields given
// change, the others stay.
type UserPatch struct {
	DisplayName *string `json:"display_name"`
	Kind        *string `json:"kind"`
	Role        *string `json:"role"`
	Members     *string `json:"members"`
	Affiliation *string `json:"affiliation"`
	Disabled    *bool   `json:"disabled"`
}

// Token is a bearer token as listed: never its secret.
type Token struct {
	ID         string `json:"id"`
	User       string `json:"user"`
	Role       string `json:"role"`
	Name       string `json:"name"`
	CreatedAt  Stamp  `json:"created_at"`
	LastUsedAt Stamp  `json:"last_used_at"`
	RevokedAt  Stamp  `json:"revoked_at"`
}

// IssuedToken is a token just issued, with its plaintext: the only time
// the plaintext is shown.
type IssuedToken struct {
	Token
	Plaintext string `json:"token"`
}

// newTokenBody is the body of POST /api/v1/users/{name}/tokens.
type newTokenBody struct {
	Name string `json:"name"`
}

// Accounts is the part of the Backend that keeps users, teams and their
// tokens, for admins.
type Accounts interface {
	Users(ctx context.Context) ([]User, error)
	// CreateUser creates an account: 409 when the name is taken.
	CreateUser(ctx context.Context, u NewUser) (User, error)
	// UpdateUser changes an account; disabling it refuses its tokens and
	// ends its sessions at once.
	UpdateUser(ctx context.Context, name string, p UserPatch) (User, error)
	// IssueToken makes a token for an existing account.
	IssueToken(ctx context.Context, user, label string) (IssuedToken, error)
	Tokens(ctx context.Context) ([]Token, error)
	// RevokeToken revokes a token and ends the sessions opened with it.
	RevokeToken(ctx context.Context, id string) error
}

// listUsers is GET /api/v1/users (admin).
func (s *Server) listUsers(w http.ResponseWriter, r *http.Request) {
	us, err := s.b.Users(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	if us == nil {
		us = []User{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"users": us})
}

// createUser is POST /api/v1/users (admin).
func (s *Server) createUser(w http.ResponseWriter, r *http.Request) {
	var in NewUser
	if err := s.decode(w, r, &in); err != nil {
		writeError(w, err)
		return
	}
	if strings.TrimSpace(in.Name) == "" {
		writeError(w, Errorf(http.StatusUnprocessableEntity, "name", "missing"))
		return
	}
	u, err := s.b.CreateUser(r.Context(), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, u)
}

// updateUser is PATCH /api/v1/users/{name} (admin).
func (s *Server) updateUser(w http.ResponseWriter, r *http.Request) {
	var in UserPatch
	if err := s.decode(w, r, &in); err != nil {
		writeError(w, err)
		return
	}
	if err := CheckSelf(r.Context(), r.PathValue("name"), in); err != nil {
		writeError(w, err)
		return
	}
	u, err := s.b.UpdateUser(r.Context(), r.PathValue("name"), in)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}

// issueToken is POST /api/v1/users/{name}/tokens (admin): the answer holds
// the plaintext, shown this once.
func (s *Server) issueToken(w http.ResponseWriter, r *http.Request) {
	var in newTokenBody
	if r.ContentLength != 0 {
		if err := s.decode(w, r, &in); err != nil {
			writeError(w, err)
			return
		}
	}
	tok, err := s.b.IssueToken(r.Context(), r.PathValue("name"), in.Name)
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusCreated, tok)
}

// listTokens is GET /api/v1/tokens (admin).
func (s *Server) listTokens(w http.ResponseWriter, r *http.Request) {
	ts, err := s.b.Tokens(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	if ts == nil {
		ts = []Token{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"tokens": ts})
}

// revokeToken is DELETE /api/v1/tokens/{id} (admin).
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request) {
	if err := s.b.RevokeToken(r.Context(), r.PathValue("id")); err != nil {
		writeError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// CheckSelf refuses an admin's change that would lock them out: disabling
// their own account, or taking its admin role (the API and the
// organiser's page both ask it).
func CheckSelf(ctx context.Context, name string, p UserPatch) error {
	if Who(ctx).User != name {
		return nil
	}
	switch {
	case p.Disabled != nil && *p.Disabled:
		return Errorf(http.StatusConflict, "disabled", "you cannot disable your own account")
	case p.Role != nil && *p.Role != RoleAdmin:
		return Errorf(http.StatusConflict, "role", "you cannot take your own admin role")
	}
	return nil
}
