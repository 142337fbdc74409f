package compile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// The compile cache under CacheDir: bin/<key>/ holds one compiled program
// and its compile.json, published whole by a rename (a compile in progress
// is bin/.tmp-*); warm/ the warm build caches; anything else (such as
// failed/) belongs to other parts of the judge. An entry's last use is the
// modification time of its compile.json, set when it is stored and each
// time a compile finds it.
//
// A judge that uses an entry holds a shared flock on the entry's folder
// while it uses it: from the compile that finds or stores it to the
// release of the compile's lease (see WithLease), or for as long as the
// judge lives when it compiles with no lease. Pruning takes an exclusive
// flock without waiting, so an entry some judge uses is never removed: it
// is skipped. A removed entry is first renamed to bin/.del-<key>-* under
// that lock, so that no judge can find it after; a judge that had opened
// it before checks, once it has its shared lock, that the entry is still
// in place, and else compiles afresh.

// CacheEntry is one compiled program in the cache.
type CacheEntry struct {
	Key   string    `json:"key"`
	Path  string    `json:"path"`
	Files []string  `json:"files"` // the program's files
	Size  int64     `json:"size"`  // bytes, all files
	Used  time.Time `json:"used"`  // last stored or found by a compile
	OK    bool      `json:"ok"`    // false for a cached compile error
}

// CacheInfo describes a compile cache.
type CacheInfo struct {
	Dir string `json:"dir"`
	// Entries are the compiled programs, least recently used first.
	Entries []CacheEntry `json:"entries"`
	// ProgramsSize is the size of Entries; WarmSize that of the warm
	// build caches; OtherSize that of everything else (compiles in
	// progress, leftovers, other parts of the judge).
	ProgramsSize int64 `json:"programs_size"`
	WarmSize     int64 `json:"warm_size"`
	OtherSize    int64 `json:"other_size"`
}

// Size is the cache's total size in bytes.
func (c CacheInfo) Size() int64 { return c.ProgramsSize + c.WarmSize + c.OtherSize }

// ReadCache describes the compile cache in dir. A missing dir is an empty
// cache.
func ReadCache(dir string) (CacheInfo, error) {
	info := CacheInfo{Dir: dir}
	top, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return info, nil
	}
	if err != nil {
		return info, fmt.Errorf("read cache: %w", err)
	}
	for _, e := range top {
		path := filepath.Join(dir, e.Name())
		switch e.Name() {
		case "bin":
			entries, err := os.ReadDir(path)
			if err != nil {
				return info, fmt.Errorf("read cache: %w", err)
			}
			for _, b := range entries {
				p := filepath.Join(path, b.Name())
				if strings.HasPrefix(b.Name(), ".") || !b.IsDir() {
					info.OtherSize += treeSize(p)
					continue
				}
				ce, ok := readEntry(p)
				if !ok {
					info.OtherSize += treeSize(p)
					continue
				}
				info.Entries = append(info.Entries, ce)
				info.ProgramsSize += ce.Size
			}
		case "warm":
			info.WarmSize += treeSize(path)
		default:
			info.OtherSize += treeSize(path)
		}
	}
	slices.SortStableFunc(info.Entries, func(a, b CacheEntry) int { return a.Used.Compare(b.Used) })
	return info, nil
}

// readEntry describes the entry in path, or reports that it is none.
func readEntry(path string) (CacheEntry, bool) {
	fi, err := os.Stat(filepath.Join(path, "compile.json"))
	if err != nil {
		return CacheEntry{}, false
	}
	ce := CacheEntry{Key: filepath.Base(path), Path: path, Used: fi.ModTime()}
	if _, comp, ok := cached(&Language{}, "", path); ok {
		ce.OK = comp.OK
	}
	files, _ := os.ReadDir(path)
	for _, f := range files {
		if f.Name() != "compile.json" {
			ce.Files = append(ce.Files, f.Name())
		}
	}
	ce.Size = treeSize(path)
	return ce, true
}

// treeSize is the size of the files under path (0 when unreadable).
func treeSize(path string) int64 {
	var n int64
	filepath.WalkDir(path, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

// PruneOptions say what PruneCache removes.
type PruneOptions struct {
	// OlderThan removes the entries not used for this long (0: none).
	OlderThan time.Duration
	// MaxSize then removes the least recently used entries until the
	// whole cache takes at most this many bytes (0: no limit).
	MaxSize int64
	// Now is the time ages are measured from; zero means time.Now().
	Now time.Time
}

// Pruned is what PruneCache did.
type Pruned struct {
	Removed []CacheEntry `json:"removed"`
	// InUse counts the entries that were to go but that a judge uses.
	InUse int   `json:"in_use"`
	Freed int64 `json:"freed"`
	// Size is the cache's size after pruning.
	Size int64 `json:"size"`
}

// leftoverAge is the age after which a compile in progress (bin/.tmp-*)
// is a leftover of a judge that died: no compile takes this long.
const leftoverAge = 24 * time.Hour

// PruneCache trims the compile cache in dir: compiled programs unused for
// longer than opt.OlderThan, then the least recently used ones until the
// cache fits in opt.MaxSize. Entries a judge uses are skipped (see the
// comment at the top of this file), as are compiles in progress; it is
// safe while other judges run. Warm build caches are not removed: they
// are rebuilt at great cost and do not grow with submissions.
func PruneCache(dir string, opt PruneOptions) (Pruned, error) {
	now := opt.Now
	if now.IsZero() {
		now = time.Now()
	}
	var res Pruned
	removeLeftovers(filepath.Join(dir, "bin"), now)
	info, err := ReadCache(dir)
	if err != nil {
		return res, err
	}
	size := info.Size()
	for _, e := range info.Entries {
		old := opt.OlderThan > 0 && now.Sub(e.Used) > opt.OlderThan
		big := opt.MaxSize > 0 && size > opt.MaxSize
		if !old && !big {
			continue
		}
		removed, err := removeEntry(dir, e)
		if err != nil {
			return res, err
		}
		if !removed {
			res.InUse++
			continue
		}
		res.Removed = append(res.Removed, e)
		res.Freed += e.Size
		size -= e.Size
	}
	res.Size = size
	return res, nil
}

// removeLeftovers removes what dead judges left in bin: compiles in
// progress older than leftoverAge, and entries being removed.
func removeLeftovers(bin string, now time.Time) {
	entries, err := os.ReadDir(bin)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := filepath.Join(bin, e.Name())
		switch {
		case strings.HasPrefix(e.Name(), ".del-"):
			os.RemoveAll(p)
		case strings.HasPrefix(e.Name(), ".tmp-"):
			if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > leftoverAge {
				os.RemoveAll(p)
			}
		}
	}
}

// removeEntry removes a cache entry unless a judge holds it; it reports
// whether it did.
func removeEntry(dir string, e CacheEntry) (bool, error) {
	f, err := os.Open(e.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil // gone meanwhile
	}
	if err != nil {
		return false, fmt.Errorf("prune cache: %w", err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return false, nil
		}
		return false, fmt.Errorf("prune cache: lock %s: %w", e.Path, err)
	}
	gone, err := os.MkdirTemp(filepath.Join(dir, "bin"), ".del-"+e.Key+"-")
	if err != nil {
		return false, fmt.Errorf("prune cache: %w", err)
	}
	os.Remove(gone) // only its unique name is wanted
	if err := os.Rename(e.Path, gone); err != nil {
		return false, fmt.Errorf("prune cache: %w", err)
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	if err := os.RemoveAll(gone); err != nil {
		return true, fmt.Errorf("prune cache: %w", err)
	}
	return true, nil
}

// rescanEvery is how often a Compiler that stores programs measures the
// whole cache again, to count what other judges stored, rather than only
// adding the size of what it stores itself.
const rescanEvery = time.Minute

// trimState is what a Compiler knows of its cache's size.
type trimState struct {
	size     int64     // the cache's size as last measured, plus what was stored since
	measured time.Time // when it was last measured; zero: never
	busy     bool      // a trim is running
	during   int64     // bytes stored while it runs
}

// trimTo is the share of MaxCacheSize a trim brings the cache down to,
// so that a cache at its limit is measured once per tenth of it stored,
// not at every store.
const trimTo = 0.9

// trim keeps the cache within MaxCacheSize after this Compiler stored
// entry: once what it stored since the cache was last measured takes it
// past the limit (or the last measure is older than rescanEvery), it
// prunes the least recently used entries no compile holds, down to
// trimTo of the limit. A trim that finds another running leaves the work
// to it, and to the next store.
func (c *Compiler) trim(entry string) {
	if c.MaxCacheSize <= 0 {
		return
	}
	added := treeSize(entry)
	t := &c.trimmed
	c.mu.Lock()
	t.size += added
	if t.busy {
		t.during += added
	}
	due := t.measured.IsZero() || t.size > c.MaxCacheSize || time.Since(t.measured) > rescanEvery
	if !due || t.busy {
		c.mu.Unlock()
		return
	}
	t.busy, t.during = true, 0
	c.mu.Unlock()
	res, err := PruneCache(c.CacheDir, PruneOptions{MaxSize: max(int64(float64(c.MaxCacheSize)*trimTo), 1)})
	c.mu.Lock()
	defer c.mu.Unlock()
	t.busy = false
	if err == nil {
		t.size, t.measured = res.Size+t.during, time.Now()
	}
}
