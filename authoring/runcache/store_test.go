package runcache

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

type value struct {
	Verdict string `json:"verdict"`
	CPU     int64  `json:"cpu"`
}

func TestStoreRoundTrip(t *testing.T) {
	s := Open(t.TempDir())
	k := baseKey()
	var v value
	if s.Get(k, &v) {
		t.Fatal("hit in an empty store")
	}
	want := value{"AC", 42}
	if err := s.Put(k, want); err != nil {
		t.Fatal(err)
	}
	if !s.Get(k, &v) || v != want {
		t.Fatalf("Get = %+v, want %+v", v, want)
	}
	other := baseKey()
	other.Input = "another"
	if s.Get(other, &v) {
		t.Error("hit for another key")
	}
	if s.Stored() != 1 {
		t.Errorf("Stored = %d, want 1", s.Stored())
	}
	// Nothing but the entry is left: no temporary file.
	var names []string
	filepath.WalkDir(s.Dir(), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, d.Name())
		}
		return nil
	})
	if len(names) != 1 || names[0] != k.Sum()+".json" {
		t.Errorf("files in the store: %v", names)
	}
}

// TestStoreBadEntries: an entry that is damaged, of another version or
// moved under another key's name is a miss, never an error or a wrong
// value.
func TestStoreBadEntries(t *testing.T) {
	k := baseKey()
	other := baseKey()
	other.Program = "p2"
	cases := []struct {
		name  string
		write func(s *Store, path string) error
	}{
		{"empty", func(s *Store, p string) error { return os.WriteFile(p, nil, 0o644) }},
		{"truncated", func(s *Store, p string) error {
			data, _ := os.ReadFile(p)
			return os.WriteFile(p, data[:len(data)/2], 0o644)
		}},
		{"garbage", func(s *Store, p string) error { return os.WriteFile(p, []byte("\x00\xffnot json"), 0o644) }},
		{"other version", func(s *Store, p string) error {
			return os.WriteFile(p, fmt.Appendf(nil, `{"version":%d,"key":%q,"value":{"verdict":"AC"}}`, Version+1, k.Sum()), 0o644)
		}},
		{"other key", func(s *Store, p string) error {
			if err := s.Put(other, value{"WA", 1}); err != nil {
				return err
			}
			return os.Rename(s.path(other.Sum()), p)
		}},
		{"value of another shape", func(s *Store, p string) error {
			return os.WriteFile(p, fmt.Appendf(nil, `{"version":%d,"key":%q,"value":[1,2]}`, Version, k.Sum()), 0o644)
		}},
		{"no value", func(s *Store, p string) error {
			return os.WriteFile(p, fmt.Appendf(nil, `{"version":%d,"key":%q}`, Version, k.Sum()), 0o644)
		}},
		{"a folder", func(s *Store, p string) error {
			if err := os.Remove(p); err != nil {
				return err
			}
			return os.Mkdir(p, 0o755)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := Open(t.TempDir())
			if err := s.Put(k, value{"AC", 1}); err != nil {
				t.Fatal(err)
			}
			if err := c.write(s, s.path(k.Sum())); err != nil {
				t.Fatal(err)
			}
			var v value
			if s.Get(k, &v) {
				t.Errorf("hit on a bad entry: %+v", v)
			}
			// A new result replaces it.
			if c.name != "a folder" {
				if err := s.Put(k, value{"TLE", 2}); err != nil {
					t.Fatal(err)
				}
				if !s.Get(k, &v) || v.Verdict != "TLE" {
					t.Errorf("after Put: %+v", v)
				}
			}
		})
	}
}

func TestStorePruneKeepsRecent(t *testing.T) {
	s := Open(t.TempDir())
	s.MaxEntries = 3
	keys := make([]Key, 6)
	old := time.Now().Add(-time.Hour)
	for i := range keys {
		keys[i] = baseKey()
		keys[i].Input = fmt.Sprint(i)
		if err := s.Put(keys[i], value{"AC", int64(i)}); err != nil {
			t.Fatal(err)
		}
		// Older entries first: entry i was last used i minutes after old.
		at := old.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(s.path(keys[i].Sum()), at, at); err != nil {
			t.Fatal(err)
		}
	}
	var v value
	if !s.Get(keys[0], &v) { // a use makes entry 0 the most recent
		t.Fatal("miss")
	}
	n, err := s.Prune()
	if err != nil || n != 3 {
		t.Fatalf("Prune = %d, %v; want 3 removed", n, err)
	}
	for i, k := range keys {
		want := i == 0 || i >= 4
		if got := s.Get(k, &v); got != want {
			t.Errorf("entry %d kept = %v, want %v", i, got, want)
		}
	}
	info, err := s.Info()
	if err != nil || info.Entries != 3 || info.Size == 0 {
		t.Errorf("Info = %+v, %v", info, err)
	}
}

func TestStoreClean(t *testing.T) {
	s := Open(t.TempDir())
	if n, err := s.Clean(); err != nil || n != 0 {
		t.Fatalf("Clean of no store = %d, %v", n, err)
	}
	for i := range 4 {
		k := baseKey()
		k.Answer = fmt.Sprint(i)
		if err := s.Put(k, value{"AC", 1}); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := s.Clean(); err != nil || n != 4 {
		t.Fatalf("Clean = %d, %v; want 4", n, err)
	}
	var v value
	if s.Get(baseKey(), &v) {
		t.Error("hit after Clean")
	}
	if info, err := s.Info(); err != nil || info.Entries != 0 {
		t.Errorf("Info after Clean = %+v, %v", info, err)
	}
}

// TestStoreConcurrent: writers of the same keys and readers at once see
// whole entries only.
func TestStoreConcurrent(t *testing.T) {
	s := Open(t.TempDir())
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				k := baseKey()
				k.Input = fmt.Sprint(i % 5)
				if err := s.Put(k, value{"AC", int64(i % 5)}); err != nil {
					t.Error(err)
					return
				}
				var v value
				if s.Get(k, &v) && v.CPU != int64(i%5) {
					t.Errorf("worker %d: key %d read %+v", w, i%5, v)
				}
			}
		}()
	}
	wg.Wait()
}

// TestStoreGetSum: an entry under a caller's own name round-trips; a
// missing one is a miss with no error, and one that is there but cannot
// be used is a miss with an error the caller warns of.
func TestStoreGetSum(t *testing.T) {
	sum := baseKey().Sum()
	cases := []struct {
		name    string
		write   func(p string) error // nil: no entry
		hit     bool
		wantErr string
	}{
		{"missing", nil, false, ""},
		{"whole", func(string) error { return nil }, true, ""},
		{"garbage", func(p string) error { return os.WriteFile(p, []byte("{not json"), 0o644) }, false, "invalid character"},
		{"other version", func(p string) error {
			return os.WriteFile(p, fmt.Appendf(nil, `{"version":%d,"key":%q,"value":{}}`, Version+1, sum), 0o644)
		}, false, "format version"},
		{"other key", func(p string) error {
			return os.WriteFile(p, fmt.Appendf(nil, `{"version":%d,"key":"%064d","value":{}}`, Version, 0), 0o644)
		}, false, "another key"},
		{"other shape", func(p string) error {
			return os.WriteFile(p, fmt.Appendf(nil, `{"version":%d,"key":%q,"value":[1]}`, Version, sum), 0o644)
		}, false, "cannot unmarshal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := Open(t.TempDir())
			if c.write != nil {
				if err := s.PutSum(sum, value{"AC", 7}); err != nil {
					t.Fatal(err)
				}
				if err := c.write(s.path(sum)); err != nil {
					t.Fatal(err)
				}
			}
			var v value
			hit, err := s.GetSum(sum, &v)
			if hit != c.hit || (err == nil) != (c.wantErr == "") || (err != nil && !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("GetSum = %v, %v; want %v and an error with %q", hit, err, c.hit, c.wantErr)
			}
			if hit && v != (value{"AC", 7}) {
				t.Errorf("value %+v", v)
			}
		})
	}
	s := Open(t.TempDir())
	if err := s.PutSum("../../etc/x", value{}); err == nil {
		t.Error("PutSum took a name that is no sha256")
	}
}
