package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// oldEntry writes a fake compiled program of size bytes into the cache
// at dir, last used days ago.
func oldEntry(t *testing.T, dir, key string, size, days int) string {
	t.Helper()
	entry := filepath.Join(dir, "bin", key)
	os.MkdirAll(entry, 0o755)
	os.WriteFile(filepath.Join(entry, "main"), make([]byte, size), 0o755)
	js := filepath.Join(entry, "compile.json")
	os.WriteFile(js, []byte(`{"ok":true,"output":"","cached":false}`), 0o644)
	used := time.Now().Add(-time.Duration(days) * 24 * time.Hour)
	if err := os.Chtimes(js, used, used); err != nil {
		t.Fatal(err)
	}
	return entry
}

// TestCacheCommand checks judge cache and judge cache prune, and that a
// judge that compiles trims the cache past cache_max_size.
func TestCacheCommand(t *testing.T) {
	root := fixture(t)
	cache := t.TempDir()
	old := oldEntry(t, cache, "0ld0ld0ld0ld0ld", 3<<20, 40)
	mid := oldEntry(t, cache, "m1dm1dm1dm1dm1d", 1<<20, 5)
	judge(t, root, "--cache-dir", cache, "cache").want(t, 0, cache+": 4.0 MiB", "compiled programs  2, 4.0 MiB", "0ld0ld0ld0ld", "40d ago", "3.0 MiB")
	judge(t, root, "--cache-dir", cache, "cache", "prune", "--older-than", "soon").want(t, exitUsage, `--older-than: bad age "soon"`)
	judge(t, root, "--cache-dir", cache, "cache", "prune", "--older-than", "30d").want(t, 0, "removed 1 compiled program (3.0 MiB)", "the cache takes 1.0 MiB")
	if _, err := os.Stat(old); err == nil {
		t.Error("the entry unused for 40 days is still there")
	}
	if _, err := os.Stat(mid); err != nil {
		t.Error("the entry used 5 days ago was removed")
	}

	// A compile stores its program, then trims the cache to 512 KiB:
	// the old entry goes, the new program stays.
	t.Setenv("JUDGE_CACHE_MAX_SIZE", "512KiB")
	judge(t, root, "--cache-dir", cache, "submit", "sum", filepath.Join(root, "solutions", "sum", "accepted", "sum.c")).want(t, 0)
	if _, err := os.Stat(mid); err == nil {
		t.Error("the cache did not trim itself past cache_max_size")
	}
	judge(t, root, "--cache-dir", cache, "cache").want(t, 0, "compiled programs  1,")
}

// TestCacheClean: judge verify keeps its results in the run cache, a
// second verify takes them from it (and --no-cache does not), judge cache
// shows them and judge cache clean removes them.
func TestCacheClean(t *testing.T) {
	root := fixture(t)
	cache := t.TempDir()
	// C solutions only, no Go validator nor generator: a new cache
	// folder would build the Go warm cache first.
	for _, f := range []string{"solutions/sum/time_limit_exceeded", "solutions/sum/memory_limit_exceeded", "solutions/sum/output_limit_exceeded",
		"solutions/sum/compile_error", "problems/sum/validator", "problems/sum/generator", "problems/sum/tests/generated.yaml"} {
		if err := os.RemoveAll(filepath.Join(root, f)); err != nil {
			t.Fatal(err)
		}
	}
	first := judge(t, root, "--cache-dir", cache, "verify", "sum")
	first.want(t, exitVerdict, "PASS  solution accepted/sum.c", "FAIL  validator")
	if strings.Contains(first.stdout, "from the run cache") {
		t.Errorf("first verify took results from an empty cache:\n%s", first.stdout)
	}
	judge(t, root, "--cache-dir", cache, "verify", "sum", "--times").want(t, exitVerdict, "0 runs done", "from the run cache", "* cached")
	noCache := judge(t, root, "--cache-dir", cache, "verify", "sum", "--no-cache")
	noCache.want(t, exitVerdict, "PASS  solution accepted/sum.c")
	if strings.Contains(noCache.stdout, "from the run cache") {
		t.Errorf("verify --no-cache took results from the cache:\n%s", noCache.stdout)
	}
	r := judge(t, root, "--cache-dir", cache, "cache")
	r.want(t, 0, "run results        ")
	if strings.Contains(r.stdout, "run results        0,") {
		t.Errorf("judge cache shows no run results:\n%s", r.stdout)
	}
	judge(t, root, "--cache-dir", cache, "cache", "clean").want(t, 0, "removed ", "run results")
	judge(t, root, "--cache-dir", cache, "cache").want(t, 0, "run results        0, 0 B")
	judge(t, root, "--cache-dir", cache, "cache", "clean").want(t, 0, "removed 0 run results")
}
