package pkgstore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// DefaultCacheBytes bounds a worker's package cache when Cache.MaxBytes
// is 0.
const DefaultCacheBytes = 4 << 30

// Cache is a worker's local copy of packages by hash, in Dir/pkgs/<hash>/.
// Each package is unpacked into a temporary folder and renamed into place,
// so workers on one machine can share the folder; the least recently used
// packages are removed when the cache grows past MaxBytes.
type Cache struct {
	Dir      string
	Store    *Store
	MaxBytes int64 // 0 for DefaultCacheBytes

	mu      sync.Mutex
	inUse   map[string]int
	loading map[string]chan struct{}
	touched map[string]time.Time // when this Cache last set a package's recency
}

// touchEvery is how often a package in use has its recency (its folder's
// modification time) set again: once a job would be a metadata write on
// the path of every submission, and the eviction needs no finer clock.
const touchEvery = time.Minute

// Get returns the folder holding the package hash, fetching and unpacking
// it on a miss. release must be called when the folder is no longer used;
// until then it is not evicted.
func (c *Cache) Get(ctx context.Context, hash string) (dir string, release func(), err error) {
	if !ValidHash(hash) {
		return "", nil, fmt.Errorf("package %q: not a sha256 hash: %w", hash, ErrNoPackage)
	}
	final := filepath.Join(c.Dir, "pkgs", hash)
	for {
		c.mu.Lock()
		if c.inUse == nil {
			c.inUse, c.loading, c.touched = map[string]int{}, map[string]chan struct{}{}, map[string]time.Time{}
		}
		if ch, ok := c.loading[hash]; ok {
			c.mu.Unlock()
			select {
			case <-ch:
				continue
			case <-ctx.Done():
				return "", nil, ctx.Err()
			}
		}
		if _, err := os.Stat(final); err == nil {
			c.inUse[hash]++
			now := time.Now()
			touch := now.Sub(c.touched[hash]) >= touchEvery
			if touch {
				c.touched[hash] = now
			}
			c.mu.Unlock()
			if touch {
				_ = os.Chtimes(final, now, now) // recency for LRU
			}
			return final, c.releaser(hash), nil
		}
		ch := make(chan struct{})
		c.loading[hash] = ch
		c.mu.Unlock()
		err := c.load(ctx, hash, final)
		c.mu.Lock()
		delete(c.loading, hash)
		close(ch)
		if err != nil {
			c.mu.Unlock()
			return "", nil, err
		}
		c.inUse[hash]++
		c.mu.Unlock()
		if err := c.evict(hash); err != nil {
			c.releaser(hash)()
			return "", nil, err
		}
		return final, c.releaser(hash), nil
	}
}

func (c *Cache) releaser(hash string) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			c.inUse[hash]--
			if c.inUse[hash] <= 0 {
				delete(c.inUse, hash)
			}
			c.mu.Unlock()
		})
	}
}

func (c *Cache) maxBytes() int64 {
	if c.MaxBytes > 0 {
		return c.MaxBytes
	}
	return DefaultCacheBytes
}

// load fetches a package and renames it into place at final.
func (c *Cache) load(ctx context.Context, hash, final string) error {
	if c.Store == nil {
		return fmt.Errorf("package %s: not cached and no store to fetch from", hash)
	}
	data, err := c.Store.Fetch(ctx, hash, min(c.maxBytes(), DefaultMaxBytes))
	if err != nil {
		return err
	}
	pkgs := filepath.Dir(final)
	if err := os.MkdirAll(pkgs, 0o755); err != nil {
		return fmt.Errorf("package cache: %w", err)
	}
	tmp, err := os.MkdirTemp(pkgs, ".tmp-")
	if err != nil {
		return fmt.Errorf("package cache: %w", err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("package cache: %w", err)
	}
	if err := Unpack(bytes.NewReader(data), tmp, DefaultMaxBytes); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("package %s: %w: %w", hash, ErrBadPackage, err)
	}
	if err := os.Rename(tmp, final); err != nil {
		os.RemoveAll(tmp)
		// Another worker on this machine put it there first.
		if _, serr := os.Stat(final); serr == nil {
			return nil
		}
		return fmt.Errorf("package cache: %w", err)
	}
	return nil
}

// evict removes the least recently used packages, other than keep and
// those in use, while the cache holds more than MaxBytes.
func (c *Cache) evict(keep string) error {
	pkgs := filepath.Join(c.Dir, "pkgs")
	ents, err := os.ReadDir(pkgs)
	if err != nil {
		return fmt.Errorf("package cache: %w", err)
	}
	type entry struct {
		hash string
		size int64
		used time.Time
	}
	var all []entry
	var total int64
	for _, e := range ents {
		if !e.IsDir() || !ValidHash(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile by another worker
		}
		size := treeSize(filepath.Join(pkgs, e.Name()))
		total += size
		all = append(all, entry{e.Name(), size, info.ModTime()})
	}
	slices.SortFunc(all, func(a, b entry) int { return a.used.Compare(b.used) })
	for _, e := range all {
		if total <= c.maxBytes() {
			break
		}
		c.mu.Lock()
		busy := c.inUse[e.hash] > 0 || c.loading[e.hash] != nil
		c.mu.Unlock()
		if e.hash == keep || busy {
			continue
		}
		// Rename first so no reader finds it half removed.
		gone := filepath.Join(pkgs, ".del-"+e.hash+fmt.Sprint(time.Now().UnixNano()))
		if err := os.Rename(filepath.Join(pkgs, e.hash), gone); err != nil {
			continue
		}
		c.mu.Lock()
		delete(c.touched, e.hash)
		c.mu.Unlock()
		if err := os.RemoveAll(gone); err != nil {
			return fmt.Errorf("package cache: %w", err)
		}
		total -= e.size
	}
	return nil
}

// treeSize adds up the sizes of the files under dir.
func treeSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// Prefetch fetches every package the store holds or receives until ctx
// ends, so a first job on a new problem does not wait for its package.
// Failures are passed to onErr (may be nil) and do not stop it.
func (c *Cache) Prefetch(ctx context.Context, onErr func(hash string, err error)) error {
	if c.Store == nil {
		return errors.New("prefetch: no store")
	}
	return c.Store.Watch(ctx, func(hash string) {
		_, release, err := c.Get(ctx, hash)
		if err != nil {
			if onErr != nil && ctx.Err() == nil {
				onErr(hash, err)
			}
			return
		}
		release()
	})
}

// Cached lists the hashes in the cache.
func (c *Cache) Cached() []string {
	ents, _ := os.ReadDir(filepath.Join(c.Dir, "pkgs"))
	var hs []string
	for _, e := range ents {
		if e.IsDir() && ValidHash(e.Name()) && !strings.HasPrefix(e.Name(), ".") {
			hs = append(hs, e.Name())
		}
	}
	return hs
}
