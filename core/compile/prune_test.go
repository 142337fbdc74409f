package compile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeEntry writes a cache entry of size bytes last used at used.
func fakeEntry(t *testing.T, dir, key string, size int, used time.Time) string {
	t.Helper()
	entry := filepath.Join(dir, "bin", key)
	if err := os.MkdirAll(entry, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(entry, "main"), make([]byte, size), 0o755); err != nil {
		t.Fatal(err)
	}
	js := filepath.Join(entry, "compile.json")
	if err := os.WriteFile(js, []byte(`{"ok":true,"output":"","cached":false}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(js, used, used); err != nil {
		t.Fatal(err)
	}
	return entry
}

// TestPruneCache checks that pruning removes the entries unused for too
// long, then the least recently used until the cache fits, never one a
// judge holds, nor a compile in progress, and that a judge finds a
// removed entry gone.
func TestPruneCache(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	day := 24 * time.Hour
	ancient := fakeEntry(t, dir, "ancient", 1000, now.Add(-40*day))
	old := fakeEntry(t, dir, "old", 1000, now.Add(-3*day))
	held := fakeEntry(t, dir, "held", 1000, now.Add(-2*day))
	recent := fakeEntry(t, dir, "recent", 1000, now.Add(-time.Hour))
	fresh := fakeEntry(t, dir, "fresh", 1000, now)
	os.MkdirAll(filepath.Join(dir, "bin", ".tmp-busy"), 0o755)
	os.WriteFile(filepath.Join(dir, "warm.txt"), make([]byte, 500), 0o644)

	info, err := ReadCache(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(info.Entries) != 5 || info.Entries[0].Key != "ancient" || info.Entries[4].Key != "fresh" || info.ProgramsSize < 5000 || info.OtherSize < 500 {
		t.Fatalf("cache info %+v", info)
	}

	// Another judge uses held.
	c := &Compiler{CacheDir: dir}
	if !c.hold(t.Context(), held) {
		t.Fatal("cannot hold an entry")
	}

	res, err := PruneCache(dir, PruneOptions{OlderThan: 30 * day})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Removed) != 1 || res.Removed[0].Key != "ancient" || exists(ancient) {
		t.Errorf("--older-than 30d removed %+v", res.Removed)
	}

	// Holding held counts as a use, so it is the most recently used; fit
	// in 2.6 KB: old and recent go, least recently used first.
	res, err = PruneCache(dir, PruneOptions{MaxSize: 2600})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range res.Removed {
		keys = append(keys, e.Key)
	}
	if strings.Join(keys, " ") != "old recent" || exists(old) || exists(recent) || !exists(held) || !exists(fresh) {
		t.Errorf("--max-size 2600 removed %v", keys)
	}
	// Fit in 100 bytes: fresh goes, held is in use and stays.
	res, err = PruneCache(dir, PruneOptions{MaxSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Removed) != 1 || res.Removed[0].Key != "fresh" || res.InUse != 1 || !exists(held) {
		t.Errorf("--max-size 100 removed %+v, in use %d", res.Removed, res.InUse)
	}
	if !exists(filepath.Join(dir, "bin", ".tmp-busy")) {
		t.Error("a compile in progress was removed")
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "bin"))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".del-") {
			t.Errorf("%s left behind", e.Name())
		}
	}

	// A judge that looks for a removed entry does not get it.
	if c.hold(t.Context(), old) {
		t.Error("held an entry that was removed")
	}
	// Once the judge that held it ends, it can go.
	c.held.release()
	if res, _ := PruneCache(dir, PruneOptions{MaxSize: 100}); len(res.Removed) != 1 || exists(held) {
		t.Errorf("an entry no judge holds was kept: %+v", res)
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
