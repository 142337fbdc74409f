package compile

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestCacheStaysWithinItsSize checks that a Compiler that lives long (as a
// server's does) with a small MaxCacheSize keeps the cache within it, but
// for the entry in use, however many programs it stores; and that an
// entry no compile uses any more can be pruned while the process lives.
func TestCacheStaysWithinItsSize(t *testing.T) {
	dir := t.TempDir()
	// A language with no compile step: its program is the source,
	// stored as is, so no box is needed.
	lang := &Language{Name: "text", Source: "main.txt", Run: []string{"cat", "{prog}/main.txt"}}
	const size, max = 10 << 10, 50 << 10
	c := &Compiler{CacheDir: dir, MaxCacheSize: max}
	srcDir := t.TempDir()
	for i := range 40 {
		src := filepath.Join(srcDir, fmt.Sprintf("p%d.txt", i))
		data := bytes.Repeat([]byte{'.'}, size) // text: a source with NULs is refused
		copy(data, fmt.Sprintf("program %d", i))
		if err := os.WriteFile(src, data, 0o644); err != nil {
			t.Fatal(err)
		}
		ctx, release := WithLease(t.Context())
		prog, comp, err := c.Compile(ctx, lang, src)
		if err != nil || !comp.OK || prog == nil {
			t.Fatalf("store program %d: %v %+v", i, err, comp)
		}
		info, err := ReadCache(dir)
		if err != nil {
			t.Fatal(err)
		}
		// The cap, plus the entry in use (its compile.json included).
		if info.Size() > max+size+1024 {
			t.Fatalf("after %d programs the cache takes %d bytes, cap %d", i+1, info.Size(), max)
		}
		if _, err := os.Stat(prog.Files[0].Path); err != nil {
			t.Fatalf("program %d, in use, was removed: %v", i, err)
		}
		release()
		release() // twice is harmless
	}
	// The last one in use: a prune (judge cache prune's) keeps it, and
	// removes it once it is no longer used, while the Compiler lives.
	ctx, release := WithLease(t.Context())
	last := filepath.Join(srcDir, "p39.txt")
	prog, _, err := c.Compile(ctx, lang, last)
	if err != nil || prog == nil {
		t.Fatalf("compile again: %v", err)
	}
	res, err := PruneCache(dir, PruneOptions{MaxSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.InUse != 1 || !exists(prog.Files[0].Path) {
		t.Fatalf("prune with a program in use: %d in use, want 1", res.InUse)
	}
	release()
	res, err = PruneCache(dir, PruneOptions{MaxSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.InUse != 0 || len(res.Removed) == 0 || res.Size != 0 {
		t.Errorf("prune after use: %d in use, %d removed, %d bytes left", res.InUse, len(res.Removed), res.Size)
	}
}
