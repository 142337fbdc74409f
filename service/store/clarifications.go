package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Clarification is a user's question to the jury with its answer, or an
// announcement of the jury (From empty). Seq orders the changes: it is
// set anew when the row is answered, and a stream resumes after it.
type Clarification struct {
	ID      int64
	Seq     int64
	Contest string // a contest's id; "" for none
	Problem string // a problem's slug; "" for a general one
	// From is the user who asked; "" for an announcement.
	From       string
	Question   string
	Answer     string
	AnsweredBy string
	// ToAll publishes the answer (and its question) to every user; an
	// announcement is to all.
	ToAll      bool
	CreatedAt  time.Time
	AnsweredAt time.Time // zero until answered
}

// Announcement reports whether c is an announcement of the jury.
func (c Clarification) Announcement() bool { return c.From == "" }

// Answered reports whether c has an answer (an announcement has).
func (c Clarification) Answered() bool { return !c.AnsweredAt.IsZero() }

// NewClarification is a question (From a user) or, for Announce, an
// announcement (From the admin who makes it).
type NewClarification struct {
	Contest, Problem string
	From             string
	Text             string
}

// ClarQuery selects the clarifications a viewer may see: an admin sees
// every one; a user their own questions and every answer to all and
// announcement. A non-empty Contest keeps that contest's and the general
// ones (contest ""). Since lists those changed after After.
type ClarQuery struct {
	Viewer  string
	Admin   bool
	Contest string
	After   int64
	Limit   int // MaxClarifications when 0, negative or over it
}

// MaxClarifications bounds one listing.
const MaxClarifications = 1000

const clarCols = `id, seq, contest, problem, COALESCE(from_user, ''), question, answer,
	COALESCE(answered_by, ''), to_all, created_at, answered_at`

// clarVisible is the condition of a ClarQuery: admin, viewer, contest,
// contest.
const clarVisible = `(? OR from_user = ? OR to_all) AND (? = '' OR contest = ? OR contest = '')`

const (
	qClarNext   = `UPDATE clarification_seq SET n = n + 1 RETURNING n`
	qClarInsert = `INSERT INTO clarifications (id, seq, contest, problem, from_user, question, answer, answered_by, to_all, created_at, answered_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ` + clarCols
	qClarAnswer = `UPDATE clarifications SET seq = ?, answer = ?, answered_by = ?, to_all = ?, answered_at = ?
		WHERE id = ? AND from_user IS NOT NULL RETURNING ` + clarCols
	qClarExists = `SELECT COUNT(*) FROM clarifications WHERE id = ?`
	qClarList   = `SELECT ` + clarCols + ` FROM clarifications WHERE ` + clarVisible + ` ORDER BY id DESC LIMIT ?`
	qClarSince  = `SELECT ` + clarCols + ` FROM clarifications WHERE seq > ? AND ` + clarVisible + ` ORDER BY seq LIMIT ?`
	qClarSeq    = `SELECT n FROM clarification_seq`
)

// scanClar reads one row of clarCols.
func scanClar(row scanner) (Clarification, error) {
	var c Clarification
	var created int64
	var answered sql.NullInt64
	err := row.Scan(&c.ID, &c.Seq, &c.Contest, &c.Problem, &c.From, &c.Question, &c.Answer,
		&c.AnsweredBy, &c.ToAll, &created, &answered)
	if err != nil {
		return Clarification{}, err
	}
	c.CreatedAt = time.UnixMicro(created).UTC()
	c.AnsweredAt = fromUS(answered)
	return c, nil
}

// clarWrite runs f in a write transaction with the next seq, which the
// transaction holds locked until it commits.
func (s *sqlStore) clarWrite(ctx context.Context, what string, f func(tx *sql.Tx, seq int64) (Clarification, error)) (Clarification, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return Clarification{}, fmt.Errorf("%s: %w", what, err)
	}
	defer tx.Rollback()
	var seq int64
	if err := tx.QueryRowContext(ctx, s.q(qClarNext)).Scan(&seq); err != nil {
		return Clarification{}, fmt.Errorf("%s: next seq: %w", what, err)
	}
	c, err := f(tx, seq)
	if err != nil {
		return Clarification{}, err
	}
	if err := tx.Commit(); err != nil {
		return Clarification{}, fmt.Errorf("%s: %w", what, err)
	}
	return c, nil
}

// AskClarification stores a user's question; see Store.
func (s *sqlStore) AskClarification(ctx context.Context, n NewClarification) (Clarification, error) {
	if err := validateClar(n, "ask"); err != nil {
		return Clarification{}, err
	}
	now := us(s.now())
	return s.clarWrite(ctx, "ask", func(tx *sql.Tx, seq int64) (Clarification, error) {
		c, err := scanClar(tx.QueryRowContext(ctx, s.q(qClarInsert), seq, seq, n.Contest, n.Problem,
			n.From, n.Text, "", nil, false, now, nil))
		if err != nil {
			return Clarification{}, fmt.Errorf("ask: %w", err)
		}
		return c, nil
	})
}

// Announce stores an announcement of the jury; see Store.
func (s *sqlStore) Announce(ctx context.Context, n NewClarification) (Clarification, error) {
	if err := validateClar(n, "announce"); err != nil {
		return Clarification{}, err
	}
	now := us(s.now())
	return s.clarWrite(ctx, "announce", func(tx *sql.Tx, seq int64) (Clarification, error) {
		c, err := scanClar(tx.QueryRowContext(ctx, s.q(qClarInsert), seq, seq, n.Contest, n.Problem,
			nil, "", n.Text, n.From, true, now, now))
		if err != nil {
			return Clarification{}, fmt.Errorf("announce: %w", err)
		}
		return c, nil
	})
}

// AnswerClarification answers a question; see Store.
func (s *sqlStore) AnswerClarification(ctx context.Context, id int64, by, text string, toAll bool) (Clarification, error) {
	what := fmt.Sprintf("answer clarification %d", id)
	if by == "" || text == "" {
		return Clarification{}, fmt.Errorf("%s: %w: the answer and who gives it are needed", what, ErrInvalid)
	}
	now := us(s.now())
	return s.clarWrite(ctx, what, func(tx *sql.Tx, seq int64) (Clarification, error) {
		c, err := scanClar(tx.QueryRowContext(ctx, s.q(qClarAnswer), seq, text, by, toAll, now, id))
		if errors.Is(err, sql.ErrNoRows) {
			var n int
			if err := tx.QueryRowContext(ctx, s.q(qClarExists), id).Scan(&n); err != nil {
				return Clarification{}, fmt.Errorf("%s: %w", what, err)
			}
			if n == 0 {
				return Clarification{}, fmt.Errorf("%s: %w", what, ErrNotFound)
			}
			return Clarification{}, fmt.Errorf("%s: %w: an announcement has no question to answer", what, ErrConflict)
		}
		if err != nil {
			return Clarification{}, fmt.Errorf("%s: %w", what, err)
		}
		return c, nil
	})
}

// validateClar checks a new question or announcement.
func validateClar(n NewClarification, what string) error {
	switch {
	case n.From == "":
		return fmt.Errorf("%s: %w: no user", what, ErrInvalid)
	case n.Text == "":
		return fmt.Errorf("%s: %w: the text is empty", what, ErrInvalid)
	}
	return nil
}

// ListClarifications returns what a viewer may see, newest first; see
// Store.
func (s *sqlStore) ListClarifications(ctx context.Context, q ClarQuery) ([]Clarification, error) {
	return s.clarQuery(ctx, "list clarifications", qClarList, nil, q)
}

// ClarificationsSince returns what a viewer may see that changed after
// q.After, in the order of the changes; see Store.
func (s *sqlStore) ClarificationsSince(ctx context.Context, q ClarQuery) ([]Clarification, error) {
	return s.clarQuery(ctx, "clarifications since", qClarSince, []any{q.After}, q)
}

// clarQuery runs a query of clarVisible with the args before it.
func (s *sqlStore) clarQuery(ctx context.Context, what, query string, args []any, q ClarQuery) ([]Clarification, error) {
	limit := q.Limit
	if limit <= 0 || limit > MaxClarifications {
		limit = MaxClarifications
	}
	args = append(args, q.Admin, q.Viewer, q.Contest, q.Contest, limit)
	rows, err := s.r.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []Clarification
	for rows.Next() {
		c, err := scanClar(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// ClarificationSeq returns the seq of the latest change; see Store.
func (s *sqlStore) ClarificationSeq(ctx context.Context) (int64, error) {
	var n int64
	if err := s.r.QueryRowContext(ctx, s.q(qClarSeq)).Scan(&n); err != nil {
		return 0, fmt.Errorf("clarification seq: %w", err)
	}
	return n, nil
}
