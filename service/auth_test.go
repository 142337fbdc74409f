package service

import (
	"context"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/service/api"
)

// TestAuthCache: a verified token is taken on trust for the TTL only, a
// token the store stops accepting (revoked) fails from the next check on,
// and a rejected token is asked about every time.
func TestAuthCache(t *testing.T) {
	now := time.Unix(1000, 0)
	c := newAuthCache(2 * time.Second)
	c.now = func() time.Time { return now }
	valid := map[string]api.Principal{"ann": {User: "ann", Role: "user"}, "root": {User: "root", Role: "admin"}}
	asked := map[string]int{}
	verify := func(_ context.Context, tok string) (api.Principal, error) {
		asked[tok]++
		if p, ok := valid[tok]; ok {
			return p, nil
		}
		return api.Principal{}, api.ErrUnauthorized
	}
	steps := []struct {
		name    string
		advance time.Duration
		revoke  string
		token   string
		user    string // "" for rejected
		asked   int    // the store's answers for token so far
	}{
		{"first use asks the store", 0, "", "ann", "ann", 1},
		{"within the TTL: remembered", time.Second, "", "ann", "ann", 1},
		{"another token is its own", 0, "", "root", "root", 1},
		{"revoked, still within the TTL", 0, "ann", "ann", "ann", 1},
		{"past the TTL: asked again, and rejected", 1500 * time.Millisecond, "", "ann", "", 2},
		{"rejected again: asked again", 0, "", "ann", "", 3},
		{"unknown token", 0, "", "nobody", "", 1},
		{"unknown token is never remembered", 0, "", "nobody", "", 2},
		{"root past its TTL: asked again", time.Second, "", "root", "root", 2},
	}
	for _, s := range steps {
		now = now.Add(s.advance)
		if s.revoke != "" {
			delete(valid, s.revoke)
		}
		p, err := c.authenticate(context.Background(), s.token, verify)
		switch {
		case s.user == "" && err == nil:
			t.Errorf("%s: %s accepted as %q", s.name, s.token, p.User)
		case s.user != "" && (err != nil || p.User != s.user):
			t.Errorf("%s: %s gives %q, %v; want %q", s.name, s.token, p.User, err, s.user)
		}
		if asked[s.token] != s.asked {
			t.Errorf("%s: the store was asked about %s %d times, want %d", s.name, s.token, asked[s.token], s.asked)
		}
	}
	if len(c.m) != 1 {
		t.Errorf("the cache holds %d tokens, want only root's", len(c.m))
	}
}
