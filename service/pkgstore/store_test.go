package pkgstore

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/puzzlejudge/judge/internal/natstest"
	"github.com/puzzlejudge/judge/service/natsrv"
)

func startStore(t *testing.T) (*Store, jetstream.JetStream) {
	t.Helper()
	_, js := natstest.Start(t, natsrv.Options{})
	st, err := Setup(context.Background(), js, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st, js
}

func TestStorePublishFetch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, js := startStore(t)
	src := filepath.Join("..", "..", "problems", "a-plus-b")
	hash, err := st.Publish(ctx, "a-plus-b", src)
	if err != nil {
		t.Fatal(err)
	}
	if _, want, _ := Pack(src); hash != want {
		t.Errorf("published hash %s, want %s", hash, want)
	}
	if got, err := st.Hash(ctx, "a-plus-b"); err != nil || got != hash {
		t.Errorf("Hash = %q, %v; want %s", got, err, hash)
	}
	if _, err := st.Hash(ctx, "nope"); !errors.Is(err, ErrNoPackage) {
		t.Errorf("Hash(nope) err %v, want ErrNoPackage", err)
	}
	// Publishing again stores nothing new.
	if h2, err := st.Publish(ctx, "a-plus-b", src); err != nil || h2 != hash {
		t.Errorf("second Publish = %s, %v", h2, err)
	}
	data, err := st.Fetch(ctx, hash, DefaultMaxBytes)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 {
		t.Error("empty archive")
	}
	if _, err := st.Fetch(ctx, hash, 100); err == nil {
		t.Error("Fetch past maxBytes succeeded")
	}
	missing := strings.Repeat("ab", 32)
	if _, err := st.Fetch(ctx, missing, DefaultMaxBytes); !errors.Is(err, ErrNoPackage) {
		t.Errorf("Fetch(missing) err %v, want ErrNoPackage", err)
	}
	// An object whose content does not match its name is refused.
	obs, err := js.ObjectStore(ctx, PackagesBucket)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := obs.PutBytes(ctx, missing, []byte("not the archive")); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Fetch(ctx, missing, DefaultMaxBytes); err == nil || !strings.Contains(err.Error(), "hashes to") {
		t.Errorf("Fetch of a mislabelled object: %v, want a hash mismatch", err)
	} else if !errors.Is(err, ErrBadPackage) {
		t.Errorf("mismatch error %v does not wrap ErrBadPackage", err)
	}
}

func TestCacheGetEvictPrefetch(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, _ := startStore(t)
	var hashes []string
	for i, body := range []string{strings.Repeat("a", 4000), strings.Repeat("b", 4000), strings.Repeat("c", 4000)} {
		dir := t.TempDir()
		writeTree(t, dir, map[string]string{"tests/1.in": body})
		h, err := st.Publish(ctx, "p"+string(rune('0'+i)), dir)
		if err != nil {
			t.Fatal(err)
		}
		hashes = append(hashes, h)
	}
	c := &Cache{Dir: t.TempDir(), Store: st, MaxBytes: 9000}
	// Concurrent gets of one package unpack it once, and agree.
	var wg sync.WaitGroup
	dirs := make([]string, 4)
	for i := range dirs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, release, err := c.Get(ctx, hashes[0])
			if err != nil {
				t.Error(err)
				return
			}
			defer release()
			dirs[i] = d
		}()
	}
	wg.Wait()
	for _, d := range dirs {
		if d != filepath.Join(c.Dir, "pkgs", hashes[0]) {
			t.Errorf("Get dir %q", d)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dirs[0], "tests", "1.in")); err != nil || len(b) != 4000 {
		t.Errorf("unpacked file: %d bytes, %v", len(b), err)
	}
	// Hold hashes[0]; a third package pushes out the least recently used
	// one not in use (hashes[1]).
	_, hold, err := c.Get(ctx, hashes[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hashes[1:] {
		time.Sleep(10 * time.Millisecond) // distinct mtimes for the LRU order
		_, release, err := c.Get(ctx, h)
		if err != nil {
			t.Fatal(err)
		}
		release()
	}
	hold()
	got := c.Cached()
	if len(got) != 2 || !contains(got, hashes[0]) || !contains(got, hashes[2]) {
		t.Errorf("cached after eviction: %v, want %s and %s", got, hashes[0][:8], hashes[2][:8])
	}
	// Leftover temporary folders: none.
	ents, _ := os.ReadDir(filepath.Join(c.Dir, "pkgs"))
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("leftover %s", e.Name())
		}
	}
	if _, _, err := c.Get(ctx, "../../etc"); !errors.Is(err, ErrNoPackage) {
		t.Errorf("Get of a bad hash: %v", err)
	}

	// Prefetch brings in packages stored before and after it starts.
	pc := &Cache{Dir: t.TempDir(), Store: st}
	pctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- pc.Prefetch(pctx, func(h string, err error) { t.Errorf("prefetch %s: %v", h, err) }) }()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"x": "late"})
	late, err := st.Publish(ctx, "late", dir)
	if err != nil {
		t.Fatal(err)
	}
	for len(pc.Cached()) < 4 && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
	}
	stop()
	if err := <-done; err != nil {
		t.Error(err)
	}
	if !contains(pc.Cached(), late) || len(pc.Cached()) != 4 {
		t.Errorf("prefetched %v, want all 4 packages", pc.Cached())
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestCacheRecencyWrittenOncePerMinute: a package's folder has its
// modification time (the LRU's clock) set when a Get finds it, at most
// once per touchEvery, not at every job.
func TestCacheRecencyWrittenOncePerMinute(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, _ := startStore(t)
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"tests/1.in": "1 2\n"})
	h, err := st.Publish(ctx, "p", dir)
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Dir: t.TempDir(), Store: st}
	mtime := func() time.Time {
		t.Helper()
		fi, err := os.Stat(filepath.Join(c.Dir, "pkgs", h))
		if err != nil {
			t.Fatal(err)
		}
		return fi.ModTime()
	}
	get := func() {
		t.Helper()
		_, release, err := c.Get(ctx, h)
		if err != nil {
			t.Fatal(err)
		}
		release()
	}
	get() // fetched and unpacked
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(filepath.Join(c.Dir, "pkgs", h), old, old); err != nil {
		t.Fatal(err)
	}
	get() // found: its recency is set
	if m := mtime(); !m.After(old) {
		t.Fatalf("recency after the first Get that found it: %v, want now", m)
	}
	if err := os.Chtimes(filepath.Join(c.Dir, "pkgs", h), old, old); err != nil {
		t.Fatal(err)
	}
	get() // found again within touchEvery: left as it is
	if m := mtime(); !m.Equal(old) {
		t.Errorf("recency set again within %s: %v, want %v", touchEvery, m, old)
	}
}
