package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"time"
)

const (
	contestCols = `id, name, start_at, end_at, freeze_us, scoring, penalty, count_ce, hide_problems,
		everyone, created_at`
	qInsertContest = `INSERT INTO contests (` + contestCols + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	qUpdateContest = `UPDATE contests SET name = ?, start_at = ?, end_at = ?, freeze_us = ?, scoring = ?,
		penalty = ?, count_ce = ?, hide_problems = ?, everyone = ? WHERE id = ?`
	qGetContest          = `SELECT ` + contestCols + ` FROM contests WHERE id = ?`
	qListContests        = `SELECT ` + contestCols + ` FROM contests ORDER BY created_at, id`
	qContestProblems     = `SELECT contest, label, slug FROM contest_problems ORDER BY contest, ordinal`
	qContestParticipants = `SELECT contest, user_name FROM contest_participants ORDER BY contest, user_name`
	qInsertCProblem      = `INSERT INTO contest_problems (contest, label, slug, ordinal) VALUES (?, ?, ?, ?)`
	qInsertCParticipant  = `INSERT INTO contest_participants (contest, user_name) VALUES (?, ?)`
	qDeleteCProblems     = `DELETE FROM contest_problems WHERE contest = ?`
	qDeleteCParticipants = `DELETE FROM contest_participants WHERE contest = ?`
	qDeleteContest       = `DELETE FROM contests WHERE id = ?`
	qContestHasSubs      = `SELECT COUNT(*) FROM submissions WHERE contest = ?`
	// qContestSubs reads what standings need: no source, but the report
	// (a scoring problem's score and groups).
	qContestSubs = `SELECT id, user_name, problem, pkg_hash, language, filename, '' AS source, state, gen,
		attempt, verdict, report, error, created_at, queued_at, started_at, finished_at, contest
		FROM submissions WHERE contest = ? ORDER BY created_at, id`
)

// bit is a boolean as its column holds it.
func bit(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// nullUS is t in Unix microseconds, or NULL when zero.
func nullUS(t time.Time) sql.NullInt64 {
	return sql.NullInt64{Int64: us(t), Valid: !t.IsZero()}
}

// someRow is ErrNotFound when a statement (its result and error) changed
// no row.
func someRow(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return ErrNotFound
	}
	return nil
}

// CreateContest inserts a new contest; see Store.
func (s *sqlStore) CreateContest(ctx context.Context, c Contest) (Contest, error) {
	if err := validateContest(c); err != nil {
		return Contest{}, fmt.Errorf("create contest: %w", err)
	}
	c.CreatedAt = time.UnixMicro(us(s.now())).UTC()
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(qInsertContest), c.ID, c.Name, nullUS(c.Start), nullUS(c.End),
			c.Freeze.Microseconds(), c.Scoring, c.Penalty, bit(c.CountCE), bit(c.HideProblems),
			bit(c.Participants == nil), us(c.CreatedAt))
		if err != nil {
			if s.d.unique(err) {
				return fmt.Errorf("%w: contest %s exists", ErrConflict, c.ID)
			}
			return err
		}
		return s.writeContestRows(ctx, tx, c)
	})
	if err != nil {
		return Contest{}, fmt.Errorf("create contest %s: %w", c.ID, err)
	}
	return s.GetContest(ctx, c.ID)
}

// UpdateContest replaces a contest's settings, problems and participants;
// see Store.
func (s *sqlStore) UpdateContest(ctx context.Context, c Contest) (Contest, error) {
	if err := validateContest(c); err != nil {
		return Contest{}, fmt.Errorf("update contest: %w", err)
	}
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		if err := someRow(tx.ExecContext(ctx, s.q(qUpdateContest), c.Name, nullUS(c.Start), nullUS(c.End),
			c.Freeze.Microseconds(), c.Scoring, c.Penalty, bit(c.CountCE), bit(c.HideProblems),
			bit(c.Participants == nil), c.ID)); err != nil {
			return err
		}
		for _, q := range []string{qDeleteCProblems, qDeleteCParticipants} {
			if _, err := tx.ExecContext(ctx, s.q(q), c.ID); err != nil {
				return err
			}
		}
		return s.writeContestRows(ctx, tx, c)
	})
	if err != nil {
		return Contest{}, fmt.Errorf("update contest %s: %w", c.ID, err)
	}
	return s.GetContest(ctx, c.ID)
}

// writeContestRows inserts a contest's problems and participants.
func (s *sqlStore) writeContestRows(ctx context.Context, tx *sql.Tx, c Contest) error {
	for i, p := range c.Problems {
		if _, err := tx.ExecContext(ctx, s.q(qInsertCProblem), c.ID, p.Label, p.Slug, i); err != nil {
			return err
		}
	}
	seen := map[string]bool{}
	for _, u := range c.Participants {
		if seen[u] {
			continue
		}
		seen[u] = true
		if _, err := tx.ExecContext(ctx, s.q(qInsertCParticipant), c.ID, u); err != nil {
			return err
		}
	}
	return nil
}

// inTx runs f in a write transaction, committed when f returns nil.
func (s *sqlStore) inTx(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// GetContest returns one contest; see Store.
func (s *sqlStore) GetContest(ctx context.Context, id string) (Contest, error) {
	c, err := scanContest(s.r.QueryRowContext(ctx, s.q(qGetContest), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Contest{}, fmt.Errorf("contest %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Contest{}, fmt.Errorf("get contest %s: %w", id, err)
	}
	all := map[string]*Contest{id: &c}
	if err := s.fillContests(ctx, all); err != nil {
		return Contest{}, fmt.Errorf("get contest %s: %w", id, err)
	}
	return c, nil
}

// ListContests returns every contest, oldest first; see Store.
func (s *sqlStore) ListContests(ctx context.Context) ([]Contest, error) {
	rows, err := s.r.QueryContext(ctx, s.q(qListContests))
	if err != nil {
		return nil, fmt.Errorf("list contests: %w", err)
	}
	defer rows.Close()
	var out []Contest
	for rows.Next() {
		c, err := scanContest(rows)
		if err != nil {
			return nil, fmt.Errorf("list contests: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list contests: %w", err)
	}
	all := map[string]*Contest{}
	for i := range out {
		all[out[i].ID] = &out[i]
	}
	if err := s.fillContests(ctx, all); err != nil {
		return nil, fmt.Errorf("list contests: %w", err)
	}
	return out, nil
}

// fillContests reads the problems and participants of the contests in
// all (by ID). Contests are few: every row is read and those of other
// contests skipped.
func (s *sqlStore) fillContests(ctx context.Context, all map[string]*Contest) error {
	rows, err := s.r.QueryContext(ctx, s.q(qContestProblems))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var p ContestProblem
		if err := rows.Scan(&id, &p.Label, &p.Slug); err != nil {
			return err
		}
		if c := all[id]; c != nil {
			c.Problems = append(c.Problems, p)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	prow, err := s.r.QueryContext(ctx, s.q(qContestParticipants))
	if err != nil {
		return err
	}
	defer prow.Close()
	for prow.Next() {
		var id, user string
		if err := prow.Scan(&id, &user); err != nil {
			return err
		}
		if c := all[id]; c != nil && c.Participants != nil {
			c.Participants = append(c.Participants, user)
		}
	}
	for _, c := range all {
		sort.Strings(c.Participants)
	}
	return prow.Err()
}

// scanContest reads one row of contestCols. A contest not open to
// everyone gets an empty, non-nil Participants, filled by fillContests.
func scanContest(row scanner) (Contest, error) {
	var c Contest
	var start, end sql.NullInt64
	var freeze, created, countCE, hide, everyone int64
	err := row.Scan(&c.ID, &c.Name, &start, &end, &freeze, &c.Scoring, &c.Penalty, &countCE, &hide,
		&everyone, &created)
	if err != nil {
		return Contest{}, err
	}
	c.Start, c.End = fromUS(start), fromUS(end)
	c.Freeze = time.Duration(freeze) * time.Microsecond
	c.CountCE, c.HideProblems = countCE != 0, hide != 0
	if everyone == 0 {
		c.Participants = []string{}
	}
	c.CreatedAt = time.UnixMicro(created).UTC()
	return c, nil
}

// DeleteContest deletes a contest that has no submissions; see Store.
func (s *sqlStore) DeleteContest(ctx context.Context, id string) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.q(qContestHasSubs), id).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("%w: it has %d submissions", ErrConflict, n)
		}
		for _, q := range []string{qDeleteCProblems, qDeleteCParticipants} {
			if _, err := tx.ExecContext(ctx, s.q(q), id); err != nil {
				return err
			}
		}
		return someRow(tx.ExecContext(ctx, s.q(qDeleteContest), id))
	})
	if err != nil {
		return fmt.Errorf("delete contest %s: %w", id, err)
	}
	return nil
}

// ContestSubmissions returns every submission of a contest, oldest
// first, with its report and without its source; see Store.
func (s *sqlStore) ContestSubmissions(ctx context.Context, id string) ([]Submission, error) {
	rows, err := s.r.QueryContext(ctx, s.q(qContestSubs), id)
	if err != nil {
		return nil, fmt.Errorf("submissions of contest %s: %w", id, err)
	}
	return collect(rows, "submissions of contest "+id)
}
