package worker

import (
	"path/filepath"
	"testing"
	"time"
)

// TestLoadedCopies: a package's problem is loaded once, and each job
// gets its own copy, so one job's limits or slug never reach another's.
func TestLoadedCopies(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "problems", "a-plus-b"))
	if err != nil {
		t.Fatal(err)
	}
	var l loaded
	a, err := l.get("h1", dir)
	if err != nil {
		t.Fatal(err)
	}
	want := a.Limits.Time
	a.Limits.Time, a.Slug = 42*time.Millisecond, "changed"
	b, err := l.get("h1", dir)
	if err != nil {
		t.Fatal(err)
	}
	if b.Limits.Time != want || b.Slug == "changed" {
		t.Errorf("second job's copy: time %v slug %q, want %v and not the first job's", b.Limits.Time, b.Slug, want)
	}
	if len(l.m) != 1 || len(b.Tests) != 16 {
		t.Errorf("%d problems loaded, %d tests; want 1 and 16", len(l.m), len(b.Tests))
	}
	if _, err := l.get("h2", t.TempDir()); err == nil {
		t.Error("an empty folder loaded as a problem")
	}
}
