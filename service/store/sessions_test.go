package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// clock is a store's time, moved by the test.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// setClock makes the store read its time from a clock the test moves.
func setClock(t *testing.T, s Store) *clock {
	t.Helper()
	c := &clock{time.Unix(1_800_000_000, 0)}
	s.(*sqlStore).now = c.now
	return c
}

// TestSessions: a session opens for a valid token only; its id is not
// the token; it lives until signed out, until its absolute end, until it
// goes unused for its idle time (a use moves that end, once a minute at
// most), until its token is revoked, or its account disabled.
func TestSessions(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		c := setClock(t, s)
		tok, plain, err := s.CreateToken(ctx, NewToken{User: "ann"})
		if err != nil {
			t.Fatal(err)
		}
		limits := SessionLimits{Lifetime: 3 * time.Hour, Idle: time.Hour}
		if _, _, err := s.CreateSession(ctx, "pj_nonsense", limits); !errors.Is(err, ErrUnauthorized) {
			t.Errorf("a session for a bad token: %v", err)
		}
		open := func() string {
			t.Helper()
			id, ses, err := s.CreateSession(ctx, plain, limits)
			if err != nil {
				t.Fatal(err)
			}
			if id == plain || strings.Contains(id, tok.ID) || !strings.HasPrefix(id, sessionPrefix) || len(id) != sessionIDLen {
				t.Fatalf("session id %q", id)
			}
			if ses.User != (User{"ann", RoleUser}) || ses.TokenID != tok.ID || !ses.ExpiresAt.Equal(c.t.Add(3*time.Hour)) || !ses.IdleUntil.Equal(c.t.Add(time.Hour)) {
				t.Fatalf("session %+v", ses)
			}
			return id
		}
		alive := func(what, id string, want bool) {
			t.Helper()
			ses, err := s.ResumeSession(ctx, id)
			switch {
			case want && (err != nil || ses.User.Name != "ann"):
				t.Errorf("%s: %+v, %v; want ann's live session", what, ses, err)
			case !want && !errors.Is(err, ErrUnauthorized):
				t.Errorf("%s: %+v, %v; want ErrUnauthorized", what, ses, err)
			}
		}

		// Signed out: the id stops working at once.
		id := open()
		alive("new", id, true)
		if err := s.EndSession(ctx, id); err != nil {
			t.Fatal(err)
		}
		alive("signed out", id, false)
		if err := s.EndSession(ctx, id); err != nil {
			t.Errorf("second sign-out: %v", err)
		}
		alive("the token as a session id", plain, false)
		alive("an unknown id", sessionPrefix+strings.Repeat("A", 43), false)

		// Idle: each use within the hour moves the idle end; the
		// absolute end holds anyway.
		id = open()
		for range 2 {
			c.t = c.t.Add(50 * time.Minute)
			alive("used within its idle time", id, true)
		}
		// A use less than a minute after the last one writes nothing.
		before, _ := s.ResumeSession(ctx, id)
		c.t = c.t.Add(30 * time.Second)
		if after, err := s.ResumeSession(ctx, id); err != nil || !after.IdleUntil.Equal(before.IdleUntil) {
			t.Errorf("a use 30 s after the last moved the idle end from %v to %v (%v)", before.IdleUntil, after.IdleUntil, err)
		}
		c.t = c.t.Add(61 * time.Minute)
		alive("unused past its idle time", id, false)
		id = open()
		start := c.t
		for range 5 {
			c.t = c.t.Add(30 * time.Minute)
			alive("used every half hour, less than 3 h", id, true)
		}
		c.t = start.Add(3 * time.Hour)
		alive("past its absolute end", id, false)

		// A revoked token ends its sessions; so does disabling the account.
		id = open()
		_, plain2, err := s.CreateToken(ctx, NewToken{User: "ann"})
		if err != nil {
			t.Fatal(err)
		}
		id2, _, err := s.CreateSession(ctx, plain2, limits)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RevokeToken(ctx, tok.ID); err != nil {
			t.Fatal(err)
		}
		alive("its token revoked", id, false)
		alive("another token's session", id2, true)
		yes, no := true, false
		if _, err := s.UpdateUser(ctx, "ann", AccountChange{Disabled: &yes}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ResumeSession(ctx, id2); !errors.Is(err, ErrDisabled) {
			t.Errorf("the account disabled: %v, want ErrDisabled", err)
		}
		if _, err := s.UpdateUser(ctx, "ann", AccountChange{Disabled: &no}); err != nil {
			t.Fatal(err)
		}
		alive("enabled again: the session stays ended", id2, false)
	})
}
