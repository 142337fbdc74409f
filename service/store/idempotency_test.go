package store

import (
	"context"
	"errors"
	"testing"
)

// TestIdempotencyKeyReused: a key reused with the request it came with
// gives the first submission; with another request, ErrKeyReused; a key
// stored or reused without a hash is not compared.
func TestIdempotencyKeyReused(t *testing.T) {
	contract(t, func(t *testing.T, s Store) {
		ctx := context.Background()
		keyed := func(key, hash, src string) NewSubmission {
			n := sub("ann", "sum")
			n.IdempotencyKey, n.IdempotencyHash, n.Source = key, hash, src
			return n
		}
		first, created, err := s.Create(ctx, keyed("k1", "h1", "a"))
		if err != nil || !created {
			t.Fatalf("first: created=%v err=%v", created, err)
		}
		legacy, _, err := s.Create(ctx, keyed("k2", "", "a"))
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			name string
			n    NewSubmission
			want string // the submission returned, "" for ErrKeyReused
		}{
			{"same hash", keyed("k1", "h1", "a"), first.ID},
			{"another hash", keyed("k1", "h2", "b"), ""},
			{"reused with no hash", keyed("k1", "", "b"), first.ID},
			{"stored with no hash", keyed("k2", "h9", "b"), legacy.ID},
		}
		for _, c := range cases {
			got, created, err := s.Create(ctx, c.n)
			switch {
			case c.want == "" && !errors.Is(err, ErrKeyReused):
				t.Errorf("%s: %v created=%v err=%v, want ErrKeyReused", c.name, got.ID, created, err)
			case c.want != "" && (err != nil || created || got.ID != c.want):
				t.Errorf("%s: %v created=%v err=%v, want %s", c.name, got.ID, created, err, c.want)
			}
		}
	})
}
