package main

import (
	"os"
	"path/filepath"
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
