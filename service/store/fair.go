package store

import (
	"context"
	"fmt"
)

// qUnfinished lists a user's submissions not done, in the order they
// were queued (the index submissions_user_state finds them).
const qUnfinished = `SELECT ` + subCols + ` FROM submissions WHERE user_name = ? AND state <> 'done'
	ORDER BY queued_at, id LIMIT ?`

// maxUnfinished bounds one Unfinished call.
const maxUnfinished = 1000

// Unfinished returns a user's first submissions not done; see Store.
func (s *sqlStore) Unfinished(ctx context.Context, user string, limit int) ([]Submission, error) {
	if limit <= 0 || limit > maxUnfinished {
		limit = maxUnfinished
	}
	rows, err := s.r.QueryContext(ctx, s.q(qUnfinished), user, limit)
	if err != nil {
		return nil, fmt.Errorf("unfinished submissions of %s: %w", user, err)
	}
	return collect(rows, "unfinished submissions")
}
