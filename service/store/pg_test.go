package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The PostgreSQL backend's tests need a server: $PUZZLEJUDGE_TEST_POSTGRES
// (a URL whose user may create databases) when set, otherwise a throwaway
// cluster this test binary starts in a temporary folder from the
// postgres binaries on $PATH or under /usr/lib/postgresql. Without either
// the tests skip, except in CI ($CI or $PUZZLEJUDGE_REQUIRE_POSTGRES set),
// where they fail.

// pgCluster is the throwaway cluster, started once per test binary.
var pgCluster struct {
	once sync.Once
	url  string // server URL, or "" if none
	dir  string // the cluster's folder, to stop and remove
	bin  string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if pgCluster.dir != "" {
		stopCluster()
	}
	os.Exit(code)
}

// pgServer returns the URL of a PostgreSQL server to test against, or
// skips (fails in CI) when there is none.
func pgServer(t testing.TB) string {
	t.Helper()
	if u := os.Getenv("PUZZLEJUDGE_TEST_POSTGRES"); u != "" {
		return u
	}
	pgCluster.once.Do(startCluster)
	if pgCluster.err != nil {
		t.Fatalf("throwaway PostgreSQL cluster: %v", pgCluster.err)
	}
	if pgCluster.url == "" {
		if os.Getenv("CI") != "" || os.Getenv("PUZZLEJUDGE_REQUIRE_POSTGRES") != "" {
			t.Fatal("no PostgreSQL: set PUZZLEJUDGE_TEST_POSTGRES or install postgresql (CI must test this backend)")
		}
		t.Skip("no PostgreSQL (set PUZZLEJUDGE_TEST_POSTGRES or install postgresql): the PostgreSQL backend is not tested")
	}
	return pgCluster.url
}

// pgDatabase creates an empty database on the test server, dropped when
// the test ends, and returns its URL.
func pgDatabase(t testing.TB) string {
	t.Helper()
	server := pgServer(t)
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	var b [6]byte
	rand.Read(b[:])
	name := "pjtest_" + hex.EncodeToString(b[:])
	ctx := context.Background()
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", server)
		if err != nil {
			return
		}
		defer admin.Close()
		admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	return withDatabase(t, server, name)
}

// withDatabase replaces the database of a postgres URL.
func withDatabase(t testing.TB, server, name string) string {
	t.Helper()
	rest, ok := strings.CutPrefix(server, "postgres://")
	scheme := "postgres://"
	if !ok {
		rest, ok = strings.CutPrefix(server, "postgresql://")
		scheme = "postgresql://"
	}
	if !ok {
		t.Fatalf("PUZZLEJUDGE_TEST_POSTGRES=%q is not a postgres:// URL", server)
	}
	query := ""
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest, query = rest[:i], rest[i:]
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		rest = rest[:i]
	}
	return scheme + rest + "/" + name + query
}

// pgBinDir finds the folder of initdb and pg_ctl.
func pgBinDir() string {
	if p, err := exec.LookPath("initdb"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		return filepath.Dir(p)
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return pgVersion(dirs[i]) > pgVersion(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d
		}
	}
	return ""
}

// pgVersion is the major version in a /usr/lib/postgresql/N/bin path.
func pgVersion(dir string) int {
	var v int
	fmt.Sscanf(filepath.Base(filepath.Dir(dir)), "%d", &v)
	return v
}

// startCluster initialises and starts a cluster listening only on a unix
// socket in its folder, as nobody when this runs as root (initdb refuses
// root), with fsync off (it is thrown away).
func startCluster() {
	bin := pgBinDir()
	if bin == "" {
		return
	}
	dir, err := os.MkdirTemp("", "pjpg")
	if err != nil {
		pgCluster.err = err
		return
	}
	pgCluster.dir, pgCluster.bin = dir, bin
	var cred *syscall.Credential
	if os.Getuid() == 0 {
		cred = &syscall.Credential{Uid: 65534, Gid: 65534}
		if err := os.Chown(dir, 65534, 65534); err != nil {
			pgCluster.err = err
			return
		}
	}
	run := func(name string, args ...string) error {
		cmd := exec.Command(filepath.Join(bin, name), args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "LC_ALL=C")
		if cred != nil {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("%s: %v\n%s", name, err, out)
		}
		return nil
	}
	data := filepath.Join(dir, "data")
	if err := run("initdb", "-D", data, "-U", "pj", "--auth=trust", "-E", "UTF8", "--no-sync"); err != nil {
		pgCluster.err = err
		return
	}
	opts := "-k " + dir + " -c listen_addresses= -F -c max_connections=300"
	if err := run("pg_ctl", "-D", data, "-l", filepath.Join(dir, "log"), "-o", opts, "-w", "-t", "60", "start"); err != nil {
		pgCluster.err = err
		return
	}
	pgCluster.url = "postgres://pj@/postgres?host=" + dir + "&sslmode=disable"
	// Wait until it takes connections (pg_ctl -w already did, normally).
	db, err := sql.Open("pgx", pgCluster.url)
	if err != nil {
		pgCluster.err = err
		return
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for ctx.Err() == nil {
		if err = db.PingContext(ctx); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	pgCluster.err = fmt.Errorf("the cluster does not answer: %v", err)
}

// stopCluster stops the throwaway cluster and removes its folder.
func stopCluster() {
	cmd := exec.Command(filepath.Join(pgCluster.bin, "pg_ctl"), "-D", filepath.Join(pgCluster.dir, "data"), "-m", "immediate", "-w", "stop")
	cmd.Dir = pgCluster.dir
	if os.Getuid() == 0 {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	cmd.Run()
	os.RemoveAll(pgCluster.dir)
}
