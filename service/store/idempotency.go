package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrKeyReused: an idempotency key the user has used before came with
// another request than the first.
var ErrKeyReused = errors.New("the idempotency key was used for another submission")

// qKeyHash is the request hash stored with a user's idempotency key.
const qKeyHash = `SELECT idem_hash FROM submissions WHERE user_name = ? AND idem_key = ?`

// sameKeyedBody checks that n's idempotency key, used before, was used
// with n's request hash: ErrKeyReused when the two hashes differ. A key
// stored without a hash, or reused without one, is not compared.
func (s *sqlStore) sameKeyedBody(ctx context.Context, n NewSubmission) error {
	if n.IdempotencyHash == "" {
		return nil
	}
	var had sql.NullString
	if err := s.queryRow(ctx, s.w, qKeyHash, n.User, n.IdempotencyKey).Scan(&had); err != nil {
		return fmt.Errorf("create submission: the idempotency key's hash: %w", err)
	}
	if had.Valid && had.String != "" && had.String != n.IdempotencyHash {
		return fmt.Errorf("create submission: %w", ErrKeyReused)
	}
	return nil
}
