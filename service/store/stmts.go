package store

import (
	"context"
	"database/sql"
	"sync"
)

// stmts caches the prepared statements of the fixed queries on SQLite,
// one set per *sql.DB (database/sql prepares each again on every
// connection it runs on, once): SQLite parses a statement anew on every
// unprepared call, a good part of a submission's store time. PostgreSQL's
// driver caches its statements itself.
type stmts struct {
	mu sync.Mutex
	m  map[stmtKey]*sql.Stmt
}

type stmtKey struct {
	db    *sql.DB
	query string
}

// stmt returns the prepared statement of query on db, preparing it on
// first use; nil when it cannot be prepared (the caller runs the query
// unprepared, and gets its error from there).
func (s *sqlStore) stmt(ctx context.Context, db *sql.DB, query string) *sql.Stmt {
	if s.d.name != "sqlite" {
		return nil
	}
	k := stmtKey{db, query}
	s.st.mu.Lock()
	st, ok := s.st.m[k]
	s.st.mu.Unlock()
	if ok {
		return st
	}
	st, err := db.PrepareContext(ctx, s.q(query))
	if err != nil {
		return nil
	}
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	if had, ok := s.st.m[k]; ok { // prepared meanwhile by another call
		_ = st.Close()
		return had
	}
	if s.st.m == nil {
		s.st.m = map[stmtKey]*sql.Stmt{}
	}
	s.st.m[k] = st
	return st
}

// exec runs a fixed query that returns no rows on db, prepared.
func (s *sqlStore) exec(ctx context.Context, db *sql.DB, query string, args ...any) (sql.Result, error) {
	if st := s.stmt(ctx, db, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return db.ExecContext(ctx, s.q(query), args...)
}

// queryRow runs a fixed query that returns one row on db, prepared.
func (s *sqlStore) queryRow(ctx context.Context, db *sql.DB, query string, args ...any) *sql.Row {
	if st := s.stmt(ctx, db, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return db.QueryRowContext(ctx, s.q(query), args...)
}

// closeStmts releases the prepared statements.
func (s *sqlStore) closeStmts() {
	s.st.mu.Lock()
	defer s.st.mu.Unlock()
	for k, st := range s.st.m {
		_ = st.Close()
		delete(s.st.m, k)
	}
}
