package service

import (
	"context"
	"crypto/sha256"
	"sync"
	"time"

	"github.com/puzzlejudge/judge/service/api"
	"github.com/puzzlejudge/judge/service/store"
)

// authTTL is how long a token the store verified is taken on trust: a
// token revoked with `judge token revoke` (another process, writing the
// store) stops working on a running server within this time.
const authTTL = 2 * time.Second

// authMax bounds the tokens remembered; past it the expired ones go.
const authMax = 10000

// authCache remembers the tokens the store verified, by the sha256 of
// their plaintext (never the plaintext), for authTTL: a client's
// requests in a burst, or a POST and the GET that waits for its verdict,
// cost one store read, not one each. Rejected tokens are not remembered.
type authCache struct {
	ttl time.Duration
	now func() time.Time

	mu sync.Mutex
	m  map[[sha256.Size]byte]authEntry
}

type authEntry struct {
	p       api.Principal
	expires time.Time
}

func newAuthCache(ttl time.Duration) *authCache {
	return &authCache{ttl: ttl, now: time.Now, m: map[[sha256.Size]byte]authEntry{}}
}

// authenticate is verify's answer for token, or the one it gave less
// than the TTL ago.
func (c *authCache) authenticate(ctx context.Context, token string, verify func(context.Context, string) (api.Principal, error)) (api.Principal, error) {
	key := sha256.Sum256([]byte(token))
	now := c.now()
	c.mu.Lock()
	e, ok := c.m[key]
	c.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.p, nil
	}
	p, err := verify(ctx, token)
	if err != nil {
		if ok {
			c.mu.Lock()
			delete(c.m, key)
			c.mu.Unlock()
		}
		return api.Principal{}, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) >= authMax {
		for k, e := range c.m {
			if !now.Before(e.expires) {
				delete(c.m, k)
			}
		}
		if len(c.m) >= authMax {
			clear(c.m)
		}
	}
	c.m[key] = authEntry{p: p, expires: now.Add(c.ttl)}
	return p, nil
}

// storeAuth verifies a token against the store.
func storeAuth(st store.Store) func(context.Context, string) (api.Principal, error) {
	return func(ctx context.Context, token string) (api.Principal, error) {
		u, err := st.Authenticate(ctx, token)
		if err != nil {
			return api.Principal{}, storeErr(err)
		}
		return api.Principal{User: u.Name, Role: string(u.Role)}, nil
	}
}

// forget drops every remembered token: after a revocation or an account's
// change, the next request of each asks the store again.
func (c *authCache) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	clear(c.m)
}
