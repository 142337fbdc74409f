package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"sync"
	"testing"
)

func TestSQLiteReopenKeepsDataAndRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "sub", "judge.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := s.Create(ctx, sub("ann", "sum"))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	if got, err := s.Get(ctx, c.ID); err != nil || got.Source != c.Source {
		t.Fatalf("after reopening: %+v, %v", got, err)
	}
	w := s.(*sqlStore).w
	for pragma, want := range map[string]int{"synchronous": 1, "busy_timeout": sqliteBusyMS, "foreign_keys": 1} {
		var got int
		if err := w.QueryRow("PRAGMA " + pragma).Scan(&got); err != nil || got != want {
			t.Errorf("the writer's %s = %d, %v; want %d", pragma, got, err, want)
		}
	}
	var readOnly int
	if err := s.(*sqlStore).r.QueryRow("PRAGMA query_only").Scan(&readOnly); err != nil || readOnly != 1 {
		t.Errorf("the readers' query_only = %d, %v; want 1", readOnly, err)
	}
	s.Close()

	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	var mode string
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	if _, err := db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := Open(ctx, path); !errors.Is(err, ErrSchemaTooNew) {
		t.Errorf("opening a newer schema: err = %v, want ErrSchemaTooNew", err)
	}
}

func TestOpenRejectsBadLocations(t *testing.T) {
	for _, loc := range []string{"", filepath.Join(t.TempDir(), "a?b.db")} {
		if _, err := Open(context.Background(), loc); !errors.Is(err, ErrInvalid) {
			t.Errorf("Open(%q) err = %v, want ErrInvalid", loc, err)
		}
	}
}

func TestPostgresConcurrentMigrations(t *testing.T) {
	url := pgDatabase(t)
	ctx := context.Background()
	const n = 4
	errs := make([]error, n)
	stores := make([]Store, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = Open(ctx, url)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("server %d: %v", i, err)
		}
		defer stores[i].Close()
	}
	// Each sees the others' writes.
	c, _, err := stores[0].Create(ctx, sub("ann", "sum"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stores[n-1].Get(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	var v int
	db, _ := sql.Open("pgx", url)
	defer db.Close()
	if err := db.QueryRow("SELECT version FROM schema_version").Scan(&v); err != nil || v != len(postgresMigrations) {
		t.Errorf("schema_version = %d, %v; want %d", v, err, len(postgresMigrations))
	}
	var rows int
	db.QueryRow("SELECT COUNT(*) FROM schema_version").Scan(&rows)
	if rows != 1 {
		t.Errorf("schema_version has %d rows, want 1", rows)
	}
	if _, err := db.Exec("UPDATE schema_version SET version = 99"); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, url); !errors.Is(err, ErrSchemaTooNew) {
		t.Errorf("opening a newer schema: err = %v, want ErrSchemaTooNew", err)
	}
}

func TestDefaultDataDir(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "/xdg")
	if d, err := DefaultDataDir(); err != nil || d != "/xdg/puzzlejudge" {
		t.Errorf("with XDG_DATA_HOME: %q, %v", d, err)
	}
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("HOME", "/home/ann")
	if d, err := DefaultDataDir(); err != nil || d != "/home/ann/.local/share/puzzlejudge" {
		t.Errorf("with HOME: %q, %v", d, err)
	}
	if got := Location("/d", ""); got != "/d/judge.db" {
		t.Errorf("Location = %q", got)
	}
	if got := Location("/d", "postgres://x/y"); got != "postgres://x/y" {
		t.Errorf("Location with a URL = %q", got)
	}
}
