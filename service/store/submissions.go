package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/puzzlejudge/judge/core/judging"
)

const subCols = `id, user_name, problem, pkg_hash, language, filename, source, state, gen, attempt,
	verdict, report, error, created_at, queued_at, started_at, finished_at, contest`

// appliedCols are the columns of a row a result was just applied to: its
// report is the result's, which the caller has.
const appliedCols = `id, user_name, problem, pkg_hash, language, filename, source, state, gen, attempt,
	verdict, CAST(NULL AS TEXT) AS report, error, created_at, queued_at, started_at, finished_at, contest`

// listCols leaves out the bulky source and report.
const listCols = `id, user_name, problem, pkg_hash, language, filename, '' AS source, state, gen, attempt,
	verdict, CAST(NULL AS TEXT) AS report, error, created_at, queued_at, started_at, finished_at, contest`

const (
	qInsert = `INSERT INTO submissions (id, user_name, problem, pkg_hash, language, filename, source,
		state, gen, attempt, idem_key, idem_hash, created_at, queued_at, contest)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', 1, 0, ?, ?, ?, ?, ?)
		ON CONFLICT (user_name, idem_key) DO NOTHING`
	qByKey  = `SELECT ` + subCols + ` FROM submissions WHERE user_name = ? AND idem_key = ?`
	qGet    = `SELECT ` + subCols + ` FROM submissions WHERE id = ?`
	qExists = `SELECT state FROM submissions WHERE id = ?`
	// qMarkJudging keeps the start of an attempt already marked: the
	// applier marks the final's attempt again, in case its start was
	// missed, and must not move the start to the end.
	qMarkJudging = `UPDATE submissions SET state = 'judging', attempt = ?,
		started_at = CASE WHEN attempt = ? AND started_at IS NOT NULL THEN started_at ELSE ? END
		WHERE id = ? AND gen = ? AND state IN ('queued', 'judging') AND attempt <= ?`
	// qApply records the result's attempt as qMarkJudging does, when it
	// is positive (the right-hand sides read the row as it was).
	qApply = `UPDATE submissions SET state = 'done', verdict = ?, report = ?, error = ?, finished_at = ?,
		started_at = CASE WHEN ? > 0 AND attempt <= ? AND NOT (attempt = ? AND started_at IS NOT NULL)
			THEN ? ELSE started_at END,
		attempt = CASE WHEN ? > 0 AND attempt < ? THEN ? ELSE attempt END
		WHERE id = ? AND gen = ? AND state <> 'done'`
	qApplyGet = qApply + ` RETURNING ` + appliedCols
	// qRejudge keeps the package hash when given ''.
	qRejudge = `UPDATE submissions SET gen = gen + 1, state = 'queued', attempt = 0, verdict = '',
		report = NULL, error = '', queued_at = ?, started_at = NULL, finished_at = NULL,
		pkg_hash = COALESCE(NULLIF(CAST(? AS TEXT), ''), pkg_hash)
		WHERE id = ? RETURNING ` + subCols
	// qRejudgeProblem leaves cancelled submissions alone.
	qRejudgeProblem = `UPDATE submissions SET gen = gen + 1, state = 'queued', attempt = 0, verdict = '',
		report = NULL, error = '', queued_at = ?, started_at = NULL, finished_at = NULL
		WHERE problem = ? AND NOT (state = 'done' AND verdict = '' AND error = ?) RETURNING id, gen`
	qRejudgeProblemPkg = `UPDATE submissions SET gen = gen + 1, state = 'queued', attempt = 0, verdict = '',
		report = NULL, error = '', queued_at = ?, started_at = NULL, finished_at = NULL, pkg_hash = ?
		WHERE problem = ? AND NOT (state = 'done' AND verdict = '' AND error = ?) RETURNING id, gen`
	qCancel = `UPDATE submissions SET state = 'done', error = ?, finished_at = ?
		WHERE id = ? AND state = 'queued' RETURNING ` + subCols
	qStale = `SELECT ` + subCols + ` FROM submissions WHERE state = 'queued' AND queued_at < ?
		ORDER BY queued_at, id LIMIT ?`
	qCountQueued = `SELECT COUNT(*) FROM submissions WHERE user_name = ? AND state <> 'done'`
)

var fixedQueries = []string{qInsert, qByKey, qKeyHash, qGet, qExists, qMarkJudging, qApply, qApplyGet, qRejudge,
	qRejudgeProblem, qRejudgeProblemPkg, qCancel, qStale, qCountQueued,
	qUpsertUserKeep, qUpsertUserSet, qInsertToken, qUserRole, qTokenByID, qTouchToken,
	qListTokens, qRevoke, qTokenExists}

// maxStale bounds one Stale call.
const maxStale = 1000

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// scanSub reads one row of subCols or listCols.
func scanSub(row scanner) (Submission, error) {
	var s Submission
	var state string
	var report sql.NullString
	var created, queued int64
	var started, finished sql.NullInt64
	err := row.Scan(&s.ID, &s.User, &s.Problem, &s.PackageHash, &s.Language, &s.Filename, &s.Source,
		&state, &s.Gen, &s.Attempt, &s.Verdict, &report, &s.Error, &created, &queued, &started, &finished, &s.Contest)
	if err != nil {
		return Submission{}, err
	}
	s.State = State(state)
	if report.Valid {
		s.Report = readReport(report.String)
	}
	s.CreatedAt = time.UnixMicro(created).UTC()
	s.QueuedAt = time.UnixMicro(queued).UTC()
	s.StartedAt = fromUS(started)
	s.FinishedAt = fromUS(finished)
	return s, nil
}

// readReport reads a stored report, nil when it cannot: a submission
// whose report is unreadable is shown without one.
func readReport(text string) *judging.Report {
	var r judging.Report
	if json.Unmarshal([]byte(text), &r) != nil {
		return nil
	}
	return &r
}

// reportText is a result's report as stored: its JSON, or NULL when it
// has none.
func reportText(id string, r *judging.Report) (sql.NullString, error) {
	if r == nil {
		return sql.NullString{}, nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		return sql.NullString{}, fmt.Errorf("report of submission %s: %w", id, err)
	}
	return sql.NullString{String: string(b), Valid: true}, nil
}

// Create inserts a queued submission; see Store.
func (s *sqlStore) Create(ctx context.Context, n NewSubmission) (Submission, bool, error) {
	if err := validateNew(n); err != nil {
		return Submission{}, false, err
	}
	now := s.now()
	if n.ID == "" {
		n.ID = s.ids.next(now)
	}
	at := us(now)
	res, err := s.exec(ctx, s.w, qInsert, n.ID, n.User, n.Problem, n.PackageHash, n.Language,
		n.Filename, n.Source, nullStr(n.IdempotencyKey), nullStr(n.IdempotencyHash), at, at, n.Contest)
	if err != nil {
		if s.d.unique(err) {
			return Submission{}, false, fmt.Errorf("create submission %s: %w: the ID exists", n.ID, ErrConflict)
		}
		return Submission{}, false, fmt.Errorf("create submission: %w", err)
	}
	if rows, err := res.RowsAffected(); err != nil {
		return Submission{}, false, fmt.Errorf("create submission: %w", err)
	} else if rows == 1 {
		t := time.UnixMicro(at).UTC()
		return Submission{ID: n.ID, User: n.User, Problem: n.Problem, PackageHash: n.PackageHash,
			Language: n.Language, Filename: n.Filename, Source: n.Source, State: Queued, Gen: 1,
			CreatedAt: t, QueuedAt: t, Contest: n.Contest}, true, nil
	}
	// The key was used: the row is committed, since the insert waited for it.
	if err := s.sameKeyedBody(ctx, n); err != nil {
		return Submission{}, false, err
	}
	sub, err := scanSub(s.queryRow(ctx, s.w, qByKey, n.User, n.IdempotencyKey))
	if err != nil {
		return Submission{}, false, fmt.Errorf("create submission: the idempotency key's submission: %w", err)
	}
	return sub, false, nil
}

// validateNew checks the fields Create needs.
func validateNew(n NewSubmission) error {
	switch {
	case n.ID != "" && !ValidID(n.ID):
		return fmt.Errorf("create submission: %w: id %q is not a 26-character ULID", ErrInvalid, n.ID)
	case n.User == "":
		return fmt.Errorf("create submission: %w: user is empty", ErrInvalid)
	case n.Problem == "":
		return fmt.Errorf("create submission: %w: problem is empty", ErrInvalid)
	case n.Language == "":
		return fmt.Errorf("create submission: %w: language is empty", ErrInvalid)
	}
	return nil
}

// Get returns one submission; see Store.
func (s *sqlStore) Get(ctx context.Context, id string) (Submission, error) {
	sub, err := scanSub(s.queryRow(ctx, s.r, qGet, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Submission{}, fmt.Errorf("submission %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Submission{}, fmt.Errorf("get submission %s: %w", id, err)
	}
	return sub, nil
}

// MarkJudging records the start of an attempt; see Store.
func (s *sqlStore) MarkJudging(ctx context.Context, id string, gen, attempt int) (bool, error) {
	res, err := s.exec(ctx, s.w, qMarkJudging, attempt, attempt, us(s.now()), id, gen, attempt)
	if err != nil {
		return false, fmt.Errorf("mark submission %s judging: %w", id, err)
	}
	return applied(res, "mark submission "+id+" judging")
}

// ApplyResult makes a generation done, once; see Store.
func (s *sqlStore) ApplyResult(ctx context.Context, id string, gen int, r Result) (bool, error) {
	rep, err := reportText(id, r.Report)
	if err != nil {
		return false, err
	}
	now, a := us(s.now()), r.Attempt
	res, err := s.exec(ctx, s.w, qApply, r.Verdict, rep, r.Error, now,
		a, a, a, now, a, a, a, id, gen)
	if err != nil {
		return false, fmt.Errorf("apply result to submission %s: %w", id, err)
	}
	return applied(res, "apply result to submission "+id)
}

// ApplyResultGet applies a result and returns the row it left; see Store.
func (s *sqlStore) ApplyResultGet(ctx context.Context, id string, gen int, r Result) (Submission, bool, error) {
	rep, err := reportText(id, r.Report)
	if err != nil {
		return Submission{}, false, err
	}
	now, a := us(s.now()), r.Attempt
	sub, err := scanSub(s.queryRow(ctx, s.w, qApplyGet, r.Verdict, rep, r.Error, now,
		a, a, a, now, a, a, a, id, gen))
	if errors.Is(err, sql.ErrNoRows) {
		return Submission{}, false, nil
	}
	if err != nil {
		return Submission{}, false, fmt.Errorf("apply result to submission %s: %w", id, err)
	}
	sub.Report = r.Report
	return sub, true, nil
}

// applied reports whether an UPDATE changed a row.
func applied(res sql.Result, what string) (bool, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("%s: %w", what, err)
	}
	return n == 1, nil
}

// Rejudge queues a submission again at the next generation; see Store.
func (s *sqlStore) Rejudge(ctx context.Context, id, packageHash string) (Submission, error) {
	sub, err := scanSub(s.queryRow(ctx, s.w, qRejudge, us(s.now()), packageHash, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Submission{}, fmt.Errorf("rejudge submission %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Submission{}, fmt.Errorf("rejudge submission %s: %w", id, err)
	}
	return sub, nil
}

// RejudgeProblem rejudges every submission of a problem; see Store.
func (s *sqlStore) RejudgeProblem(ctx context.Context, slug, packageHash string) ([]Rejudged, error) {
	var rows *sql.Rows
	var err error
	if packageHash == "" {
		rows, err = s.w.QueryContext(ctx, s.q(qRejudgeProblem), us(s.now()), slug, CancelledError)
	} else {
		rows, err = s.w.QueryContext(ctx, s.q(qRejudgeProblemPkg), us(s.now()), packageHash, slug, CancelledError)
	}
	if err != nil {
		return nil, fmt.Errorf("rejudge problem %s: %w", slug, err)
	}
	defer rows.Close()
	var out []Rejudged
	for rows.Next() {
		var r Rejudged
		if err := rows.Scan(&r.ID, &r.Gen); err != nil {
			return nil, fmt.Errorf("rejudge problem %s: %w", slug, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("rejudge problem %s: %w", slug, err)
	}
	return out, nil
}

// Cancel ends a queued submission; see Store.
func (s *sqlStore) Cancel(ctx context.Context, id string) (Submission, error) {
	sub, err := scanSub(s.queryRow(ctx, s.w, qCancel, CancelledError, us(s.now()), id))
	if err == nil {
		return sub, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return Submission{}, fmt.Errorf("cancel submission %s: %w", id, err)
	}
	var state string
	err = s.queryRow(ctx, s.w, qExists, id).Scan(&state)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return Submission{}, fmt.Errorf("cancel submission %s: %w", id, ErrNotFound)
	case err != nil:
		return Submission{}, fmt.Errorf("cancel submission %s: %w", id, err)
	}
	return Submission{}, fmt.Errorf("cancel submission %s: %w: it is %s, not queued", id, ErrConflict, state)
}

// Stale returns submissions queued for too long; see Store.
func (s *sqlStore) Stale(ctx context.Context, queuedBefore time.Time, limit int) ([]Submission, error) {
	if limit <= 0 || limit > maxStale {
		limit = maxStale
	}
	rows, err := s.r.QueryContext(ctx, s.q(qStale), us(queuedBefore), limit)
	if err != nil {
		return nil, fmt.Errorf("stale submissions: %w", err)
	}
	return collect(rows, "stale submissions")
}

// collect scans and closes rows of submissions.
func collect(rows *sql.Rows, what string) ([]Submission, error) {
	defer rows.Close()
	var out []Submission
	for rows.Next() {
		sub, err := scanSub(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, sub)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// CountQueued counts a user's submissions that are not done; see Store.
func (s *sqlStore) CountQueued(ctx context.Context, user string) (int, error) {
	var n int
	if err := s.queryRow(ctx, s.r, qCountQueued, user).Scan(&n); err != nil {
		return 0, fmt.Errorf("count queued submissions of %s: %w", user, err)
	}
	return n, nil
}
