package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// DBFile is the SQLite database's name in the data folder.
const DBFile = "judge.db"

// Open opens the store at location: a postgres:// or postgresql:// URL
// for PostgreSQL, otherwise the path of a SQLite database file (created if
// missing; a "sqlite:" prefix is allowed). The schema is migrated to this
// judge's version.
func Open(ctx context.Context, location string) (Store, error) {
	switch {
	case strings.HasPrefix(location, "postgres://"), strings.HasPrefix(location, "postgresql://"):
		return openPostgres(ctx, location)
	case location == "":
		return nil, fmt.Errorf("open store: %w: the location is empty", ErrInvalid)
	}
	return openSQLite(ctx, strings.TrimPrefix(location, "sqlite:"))
}

// Location is where the store of a data folder is: storeURL when set, else
// the SQLite file DBFile in dataDir.
func Location(dataDir, storeURL string) string {
	if storeURL != "" {
		return storeURL
	}
	return filepath.Join(dataDir, DBFile)
}

// DefaultDataDir is the service's data folder when none is given:
// $XDG_DATA_HOME/puzzlejudge, else ~/.local/share/puzzlejudge.
func DefaultDataDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "puzzlejudge"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return "", errors.New("data folder: neither $XDG_DATA_HOME nor $HOME is set; give --data")
	}
	return filepath.Join(home, ".local", "share", "puzzlejudge"), nil
}
