package runcache

import (
	"encoding/json"
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

// Dir is the store's folder under the cache folder.
const Dir = "runs"

// DefaultMaxEntries bounds a store whose MaxEntries is 0: about 1 KiB of
// JSON each (4 KiB on disk), a few dozen megabytes.
const DefaultMaxEntries = 20000

// Store keeps run results in a folder, one JSON file per key. It is safe
// for concurrent use, and several judges may share its folder.
type Store struct {
	dir string
	// MaxEntries is how many entries Prune keeps, the most recently used;
	// 0 means DefaultMaxEntries.
	MaxEntries int

	mu     sync.Mutex
	stored int // entries this Store wrote
}

// Open returns the store in cacheDir's runs folder (made on the first
// Put).
func Open(cacheDir string) *Store {
	return &Store{dir: filepath.Join(cacheDir, Dir)}
}

// Dir returns the store's folder.
func (s *Store) Dir() string { return s.dir }

// entry is the file of one key.
type entry struct {
	Version int             `json:"version"`
	Key     string          `json:"key"`
	Stored  time.Time       `json:"stored"`
	Value   json.RawMessage `json:"value"`
}

func (s *Store) path(sum string) string {
	return filepath.Join(s.dir, sum[:2], sum+".json")
}

// Get reads the value stored under key into v and reports whether there
// was one. A missing, unreadable, corrupt or older-version entry is a
// miss. A hit marks the entry as used, so that Prune keeps it longer.
func (s *Store) Get(key Key, v any) bool {
	ok, _ := s.GetSum(key.Sum(), v)
	return ok
}

// GetSum is Get for an entry named by sum, a hex sha256 of the caller's
// own key that the caller makes apart from a run's (Key.Sum's prefix
// keeps them apart): a derived result kept beside the runs. A missing
// entry is a miss with no error; one that is there but cannot be used
// (unreadable, corrupt, of another version, another key's moved here, a
// value of another shape) is a miss with an error saying why, for the
// caller to warn of before it makes the value again.
func (s *Store) GetSum(sum string, v any) (bool, error) {
	if !validSum(sum) {
		return false, fmt.Errorf("run cache: %q is not a sha256 name", sum)
	}
	p := s.path(sum)
	data, err := os.ReadFile(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("run cache: %w", err)
	}
	var e entry
	if err := json.Unmarshal(data, &e); err != nil {
		return false, fmt.Errorf("run cache: %s: %w", p, err)
	}
	switch {
	case e.Version != Version:
		return false, fmt.Errorf("run cache: %s: format version %d, not %d", p, e.Version, Version)
	case e.Key != sum:
		return false, fmt.Errorf("run cache: %s: the entry of another key", p)
	case len(e.Value) == 0:
		return false, fmt.Errorf("run cache: %s: no value", p)
	}
	if err := json.Unmarshal(e.Value, v); err != nil {
		return false, fmt.Errorf("run cache: %s: %w", p, err)
	}
	now := time.Now()
	_ = os.Chtimes(p, now, now) // only the eviction order depends on it
	return true, nil
}

// validSum reports whether sum is a hex sha256, as entries are named.
func validSum(sum string) bool {
	if len(sum) != 64 {
		return false
	}
	for _, c := range sum {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	return true
}

// Put stores v under key, replacing what was there. The entry appears
// whole or not at all: it is written to a temporary file and renamed.
func (s *Store) Put(key Key, v any) error {
	return s.PutSum(key.Sum(), v)
}

// PutSum is Put for an entry named by sum (see GetSum).
func (s *Store) PutSum(sum string, v any) error {
	if !validSum(sum) {
		return fmt.Errorf("run cache: %q is not a sha256 name", sum)
	}
	value, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("run cache: %w", err)
	}
	data, err := json.Marshal(entry{Version: Version, Key: sum, Stored: time.Now().UTC(), Value: value})
	if err != nil {
		return fmt.Errorf("run cache: %w", err)
	}
	p := s.path(sum)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("run cache: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(p), ".tmp-")
	if err != nil {
		return fmt.Errorf("run cache: %w", err)
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("run cache: write %s: %w", f.Name(), err)
	}
	if err := os.Rename(f.Name(), p); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("run cache: %w", err)
	}
	s.mu.Lock()
	s.stored++
	s.mu.Unlock()
	return nil
}

// Stored returns how many entries this Store wrote.
func (s *Store) Stored() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stored
}

// file is an entry's file as Prune and Info see it.
type file struct {
	path string
	size int64
	used time.Time
}

// list returns the entries' files; a missing folder has none.
func (s *Store) list() ([]file, error) {
	var files []file
	err := filepath.WalkDir(s.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // removed meanwhile, or no store yet
			}
			return err
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".json") {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return nil // removed meanwhile
		}
		files = append(files, file{p, fi.Size(), fi.ModTime()})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("run cache: %w", err)
	}
	return files, nil
}

// Info describes a store.
type Info struct {
	Dir     string `json:"dir"`
	Entries int    `json:"entries"`
	Size    int64  `json:"size"`
}

// Info counts the store's entries and their size.
func (s *Store) Info() (Info, error) {
	files, err := s.list()
	info := Info{Dir: s.dir, Entries: len(files)}
	for _, f := range files {
		info.Size += f.size
	}
	return info, err
}

// Prune removes the least recently used entries past MaxEntries, and
// returns how many it removed.
func (s *Store) Prune() (int, error) {
	max := s.MaxEntries
	if max <= 0 {
		max = DefaultMaxEntries
	}
	files, err := s.list()
	if err != nil || len(files) <= max {
		return 0, err
	}
	slices.SortFunc(files, func(a, b file) int { return b.used.Compare(a.used) })
	removed := 0
	for _, f := range files[max:] {
		if err := os.Remove(f.path); err == nil {
			removed++
		} else if !errors.Is(err, fs.ErrNotExist) {
			return removed, fmt.Errorf("run cache: %w", err)
		}
	}
	return removed, nil
}

// Clean removes every entry, and returns how many there were.
func (s *Store) Clean() (int, error) {
	files, err := s.list()
	if err != nil {
		return 0, err
	}
	if err := os.RemoveAll(s.dir); err != nil {
		return 0, fmt.Errorf("run cache: %w", err)
	}
	return len(files), nil
}
