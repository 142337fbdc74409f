package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// pgMigrateLock is the advisory lock key that serialises migrations of API
// servers starting at once ("pjstore" in ASCII).
const pgMigrateLock int64 = 0x706a73746f7265

// pgMaxConns bounds the pool of one process.
const pgMaxConns = 16

// openPostgres connects to the PostgreSQL database at url (a
// postgres:// URL or a key=value DSN) and brings its schema up to date.
func openPostgres(ctx context.Context, url string) (*sqlStore, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("postgres store: %w", err)
	}
	db.SetMaxOpenConns(pgMaxConns)
	db.SetMaxIdleConns(pgMaxConns)
	if err := migratePostgres(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("postgres store: %w", err)
	}
	return newSQLStore(db, db, dialect{name: "postgres", dollar: true, unique: pgUnique}), nil
}

// migratePostgres applies the migrations the database lacks in one
// transaction, under an advisory lock so that servers starting together
// migrate one after the other, keeping the version in schema_version.
func migratePostgres(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock($1)", pgMigrateLock); err != nil {
		return fmt.Errorf("migrate: lock: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	v := 0
	err = tx.QueryRowContext(ctx, "SELECT version FROM schema_version").Scan(&v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := tx.ExecContext(ctx, "INSERT INTO schema_version (version) VALUES (0)"); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
	case err != nil:
		return fmt.Errorf("migrate: read the schema version: %w", err)
	}
	if v > len(postgresMigrations) {
		return fmt.Errorf("migrate: %w (version %d, this judge knows up to %d)", ErrSchemaTooNew, v, len(postgresMigrations))
	}
	for i := v; i < len(postgresMigrations); i++ {
		if _, err := tx.ExecContext(ctx, postgresMigrations[i]); err != nil {
			return fmt.Errorf("migrate to version %d: %w", i+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, "UPDATE schema_version SET version = $1", len(postgresMigrations)); err != nil {
		return fmt.Errorf("migrate: record the schema version: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// pgUnique reports whether err is a violated UNIQUE or PRIMARY KEY.
func pgUnique(err error) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && e.Code == "23505"
}
