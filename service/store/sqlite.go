package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// sqliteBusyMS is how long a connection waits for another process's write
// lock before failing.
const sqliteBusyMS = 10000

// openSQLite opens (creating it and its folder if needed) the SQLite
// database at path and brings its schema up to date. Writes go through one
// connection (SQLite has one writer anyway; this keeps them from failing
// with SQLITE_BUSY inside the process) and reads through a pool, which WAL
// lets run beside the writer.
func openSQLite(ctx context.Context, path string) (*sqlStore, error) {
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("sqlite store %s: %w: the path must not contain ? or #", path, ErrInvalid)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("sqlite store: %w", err)
	}
	// The database holds sources and token hashes: private to its owner
	// (SQLite gives its -wal and -shm files the same mode).
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("sqlite store: %w", err)
	}
	f.Close()
	common := fmt.Sprintf("_pragma=busy_timeout(%d)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)", sqliteBusyMS)
	// The writer never checkpoints: the checkpointer does, beside it.
	w, err := sql.Open("sqlite", path+"?"+common+"&_pragma=journal_mode(WAL)&_pragma=wal_autocheckpoint(0)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("sqlite store %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := migrateSQLite(ctx, w); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite store %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", path+"?"+common+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite store %s: %w", path, err)
	}
	readers := max(4, runtime.NumCPU())
	r.SetMaxOpenConns(readers)
	r.SetMaxIdleConns(readers)
	ckpt, err := startCheckpointer(path + "?" + common)
	if err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("sqlite store %s: %w", path, err)
	}
	s := newSQLStore(w, r, dialect{name: "sqlite", unique: sqliteUnique})
	s.ckpt = ckpt
	return s, nil
}

// migrateSQLite applies the migrations the database lacks, in one
// transaction, keeping the schema version in PRAGMA user_version.
func migrateSQLite(ctx context.Context, w *sql.DB) error {
	tx, err := w.BeginTx(ctx, nil) // BEGIN IMMEDIATE: other processes wait
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	var v int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("migrate: read the schema version: %w", err)
	}
	if v > len(sqliteMigrations) {
		return fmt.Errorf("migrate: %w (version %d, this judge knows up to %d)", ErrSchemaTooNew, v, len(sqliteMigrations))
	}
	if v == len(sqliteMigrations) {
		return nil
	}
	for i := v; i < len(sqliteMigrations); i++ {
		if _, err := tx.ExecContext(ctx, sqliteMigrations[i]); err != nil {
			return fmt.Errorf("migrate to version %d: %w", i+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", len(sqliteMigrations))); err != nil {
		return fmt.Errorf("migrate: record the schema version: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// sqliteUnique reports whether err is a violated UNIQUE or PRIMARY KEY.
func sqliteUnique(err error) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	return e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
}
