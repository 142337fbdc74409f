package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"
)

// dialect is what differs between the backends in the SQL they share.
type dialect struct {
	name string
	// dollar: placeholders are $1, $2, … rather than ?.
	dollar bool
	// unique reports whether err is a violated UNIQUE or PRIMARY KEY.
	unique func(err error) bool
}

// sqlStore implements Store over database/sql for both backends. Writes go
// through w and reads through r; they are one pool on PostgreSQL and, on
// SQLite, one writer connection and a pool of read-only ones.
type sqlStore struct {
	w, r *sql.DB
	d    dialect
	ids  idSource
	now  func() time.Time
	// rebound caches each query with the dialect's placeholders.
	rebound map[string]string
	st      stmts
	// ckpt checkpoints SQLite's write-ahead log; nil on PostgreSQL.
	ckpt *checkpointer
	// touches holds the tokens' uses until they are written.
	touches *toucher
}

func newSQLStore(w, r *sql.DB, d dialect) *sqlStore {
	s := &sqlStore{w: w, r: r, d: d, now: time.Now, rebound: rebindAll(d)}
	s.touches = newToucher(s.writeTouches)
	return s
}

// q returns query with the dialect's placeholders.
func (s *sqlStore) q(query string) string {
	if !s.d.dollar {
		return query
	}
	if r, ok := s.rebound[query]; ok {
		return r
	}
	return rebind(query)
}

// rebindAll rebinds the package's fixed queries once.
func rebindAll(d dialect) map[string]string {
	m := map[string]string{}
	if d.dollar {
		for _, q := range fixedQueries {
			m[q] = rebind(q)
		}
	}
	return m
}

// rebind turns each ? into $n. The package's queries hold no ? in literals.
func rebind(query string) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

// Close closes both pools.
func (s *sqlStore) Close() error {
	// Uses not written now are lost: they are hints (see toucher).
	_ = s.touches.close(context.Background())
	if s.ckpt != nil {
		// Stopped first: the writer's close checkpoints what is left.
		_ = s.ckpt.close()
	}
	s.closeStmts()
	errR := s.r.Close()
	if s.w != s.r {
		if err := s.w.Close(); err != nil {
			return err
		}
	}
	return errR
}

// us is t in Unix microseconds, the unit of every time column.
func us(t time.Time) int64 { return t.UnixMicro() }

// fromUS is the inverse of us; NULL is the zero time.
func fromUS(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMicro(v.Int64).UTC()
}

// nullStr is s, or NULL when empty.
func nullStr(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }
