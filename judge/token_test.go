package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/service/store"
)

var tokenRE = regexp.MustCompile(`^pj_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$`)

// tokenCLI runs `judge token ARGS` against the store flags and checks that
// an error is one line.
func tokenCLI(t *testing.T, env []string, flags []string, args ...string) outcome {
	t.Helper()
	o := runJudge(t, t.TempDir(), env, append(append([]string{"token"}, args...), flags...)...)
	if o.code != 0 && strings.Count(strings.TrimSpace(o.stderr), "\n") > 0 {
		t.Errorf("judge token %v: error of more than one line: %q", args, o.stderr)
	}
	return o
}

func TestTokenCommands(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	t.Run("sqlite", func(t *testing.T) {
		checkTokenCommands(t, nil, []string{"--data", data}, data+"/"+store.DBFile)
		if fi, err := os.Stat(filepath.Join(data, store.DBFile)); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("the database: %v, mode %v; want 0600", err, fi.Mode())
		}
	})
	t.Run("default data folder", func(t *testing.T) {
		xdg := t.TempDir()
		o := tokenCLI(t, []string{"XDG_DATA_HOME=" + xdg}, nil, "create", "--user", "ann")
		if o.code != 0 || !tokenRE.MatchString(strings.TrimSpace(o.stdout)) {
			t.Fatalf("create: exit %d, %q %q", o.code, o.stdout, o.stderr)
		}
		if _, err := os.Stat(filepath.Join(xdg, "puzzlejudge", store.DBFile)); err != nil {
			t.Errorf("the default data folder holds no database: %v", err)
		}
	})
	t.Run("postgres", func(t *testing.T) {
		url := os.Getenv("PUZZLEJUDGE_TEST_POSTGRES")
		if url == "" && os.Getenv("PUZZLEJUDGE_REQUIRE_POSTGRES") != "" {
			t.Fatal("PUZZLEJUDGE_REQUIRE_POSTGRES is set but PUZZLEJUDGE_TEST_POSTGRES is not")
		}
		if url == "" {
			t.Skip("PUZZLEJUDGE_TEST_POSTGRES is not set (the store package tests PostgreSQL itself)")
		}
		db := freshPostgres(t, url)
		checkTokenCommands(t, nil, []string{"--store", db}, db)
	})
}

// checkTokenCommands creates, lists and revokes tokens through the
// binary and checks them against the store itself.
func checkTokenCommands(t *testing.T, env, flags []string, location string) {
	admin := tokenCLI(t, env, flags, "create", "--user", "root", "--role", "admin", "--name", "ops")
	user := tokenCLI(t, env, flags, "create", "--user", "ann")
	for _, o := range []outcome{admin, user} {
		if o.code != 0 || !tokenRE.MatchString(strings.TrimSpace(o.stdout)) || !strings.Contains(o.stderr, "shown only this once") {
			t.Fatalf("create: exit %d, stdout %q, stderr %q", o.code, o.stdout, o.stderr)
		}
	}
	adminTok, userTok := strings.TrimSpace(admin.stdout), strings.TrimSpace(user.stdout)

	bad := []struct {
		args []string
		want string
	}{
		{[]string{"create"}, "--user is required"},
		{[]string{"create", "--user", "ann", "--role", "root"}, `--role "root"`},
		{[]string{"create", "--user", "a b"}, `user "a b"`},
		{[]string{"revoke", "0123456789abcdef"}, "not found"},
		{[]string{"revoke"}, "accepts 1 arg"},
		{[]string{"list", "--format", "xml"}, "unknown format"},
	}
	for _, c := range bad {
		o := tokenCLI(t, env, flags, c.args...)
		if o.code != exitUsage || !strings.Contains(o.stderr, c.want) {
			t.Errorf("token %v: exit %d, stderr %q; want exit %d and %q", c.args, o.code, o.stderr, exitUsage, c.want)
		}
	}

	ctx := context.Background()
	s, err := store.Open(ctx, location)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if u, err := s.Authenticate(ctx, adminTok); err != nil || u != (store.User{Name: "root", Role: store.RoleAdmin}) {
		t.Errorf("the admin token authenticates as %+v, %v", u, err)
	}
	if u, err := s.Authenticate(ctx, userTok); err != nil || u != (store.User{Name: "ann", Role: store.RoleUser}) {
		t.Errorf("the user token authenticates as %+v, %v", u, err)
	}
	// The uses are written by the time the store lists its tokens.
	if _, err := s.ListTokens(ctx); err != nil {
		t.Fatal(err)
	}

	o := tokenCLI(t, env, flags, "list", "--format", "json")
	var list []tokenEntry
	if err := json.Unmarshal([]byte(o.stdout), &list); err != nil || o.code != 0 || len(list) != 2 {
		t.Fatalf("list --format json: exit %d, %v, %q", o.code, err, o.stdout)
	}
	if list[0].User != "root" || list[0].Role != "admin" || list[0].Name != "ops" || list[0].LastUsed == nil || list[0].Revoked != nil {
		t.Errorf("the admin token is listed as %+v", list[0])
	}
	if strings.Contains(o.stdout, adminTok[len(adminTok)-43:]) {
		t.Error("list shows a token's secret")
	}

	if o := tokenCLI(t, env, flags, "revoke", list[1].ID); o.code != 0 || !strings.Contains(o.stdout, "revoked "+list[1].ID) {
		t.Fatalf("revoke: exit %d, %q %q", o.code, o.stdout, o.stderr)
	}
	if _, err := s.Authenticate(ctx, userTok); !errors.Is(err, store.ErrUnauthorized) {
		t.Errorf("a revoked token authenticates: %v", err)
	}
	o = tokenCLI(t, env, flags, "list")
	lines := strings.Split(strings.TrimSpace(o.stdout), "\n")
	if o.code != 0 || len(lines) != 3 || !strings.HasPrefix(lines[0], "ID") ||
		!strings.Contains(lines[1], "root") || !strings.HasSuffix(lines[1], "-") ||
		!strings.Contains(lines[2], list[1].ID) || strings.HasSuffix(lines[2], " -") {
		t.Errorf("list: exit %d\n%s", o.code, o.stdout)
	}
}

// freshPostgres creates an empty database on the server at url, dropped
// when the test ends, and returns its URL.
func freshPostgres(t *testing.T, url string) string {
	t.Helper()
	admin, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	var b [6]byte
	rand.Read(b[:])
	name := "pjcli_" + hex.EncodeToString(b[:])
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") })
	base, query, _ := strings.Cut(url, "?")
	if i := strings.LastIndexByte(base, '/'); i > len("postgres://") {
		base = base[:i]
	}
	if query != "" {
		query = "?" + query
	}
	return base + "/" + name + query
}
