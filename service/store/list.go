package store

import (
	"context"
	"encoding/base64"
	"fmt"
	"strings"
)

// List returns one page of submissions, newest first; see Store.
func (s *sqlStore) List(ctx context.Context, q ListQuery) (Page, error) {
	limit := q.Limit
	switch {
	case limit < 0:
		return Page{}, fmt.Errorf("list submissions: %w: limit %d is negative", ErrInvalid, limit)
	case limit == 0:
		limit = DefaultPageSize
	case limit > MaxPageSize:
		limit = MaxPageSize
	}
	var where []string
	var args []any
	if q.User != "" {
		where = append(where, "user_name = ?")
		args = append(args, q.User)
	}
	if q.Problem != "" {
		where = append(where, "problem = ?")
		args = append(args, q.Problem)
	}
	if q.Contest != "" {
		where = append(where, "contest = ?")
		args = append(args, q.Contest)
	}
	if q.Cursor != "" {
		after, err := decodeCursor(q.Cursor)
		if err != nil {
			return Page{}, fmt.Errorf("list submissions: %w", err)
		}
		where = append(where, "id < ?")
		args = append(args, after)
	}
	query := "SELECT " + listCols + " FROM submissions"
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	query += " ORDER BY id DESC LIMIT ?"
	args = append(args, limit+1)
	rows, err := s.r.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return Page{}, fmt.Errorf("list submissions: %w", err)
	}
	subs, err := collect(rows, "list submissions")
	if err != nil {
		return Page{}, err
	}
	var p Page
	if len(subs) > limit {
		subs = subs[:limit]
		p.Next = encodeCursor(subs[limit-1].ID)
	}
	p.Submissions = subs
	return p, nil
}

// cursorPrefix versions the cursor's encoding, so it can change.
const cursorPrefix = "1:"

// encodeCursor makes the opaque cursor that continues after id.
func encodeCursor(id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(cursorPrefix + id))
}

// decodeCursor returns the ID a cursor continues after.
func decodeCursor(c string) (string, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	id, ok := strings.CutPrefix(string(b), cursorPrefix)
	if err != nil || !ok || !ValidID(id) {
		return "", fmt.Errorf("%w: cursor %q is not one that List returned", ErrInvalid, c)
	}
	return id, nil
}
