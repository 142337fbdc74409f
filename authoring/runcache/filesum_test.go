package runcache

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/runner"
)

// TestStoreHashFiles checks that the store remembers a settled program's
// hash by its stat (a second hash is the entry's, not the file's), that
// a file changed since (same size, new bytes) is hashed again, and that
// a file changed within settleTime is never remembered.
func TestStoreHashFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "main")
	if err := os.WriteFile(path, []byte("program one"), 0o755); err != nil {
		t.Fatal(err)
	}
	files := []runner.File{{Name: "main", Path: path}}
	later := time.Now().Add(time.Hour) // the file has settled by then
	plain := func() string {
		t.Helper()
		h, err := HashFiles(files)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}

	tests := []struct {
		name       string
		now        time.Time
		content    string // written first when not ""
		wantStored int    // entries written by this call
	}{
		{"just written: hashed, not remembered", time.Now(), "", 0},
		{"settled: hashed and remembered", later, "", 1},
		{"settled again: remembered", later, "", 0},
		{"same size, new bytes: hashed again", later, "program two", 1},
	}
	s := Open(t.TempDir())
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.content != "" {
				if err := os.WriteFile(path, []byte(tc.content), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			before := s.Stored()
			got, err := s.hashFilesAt(files, tc.now)
			if err != nil {
				t.Fatal(err)
			}
			if want := plain(); got != want {
				t.Errorf("hash = %s, want HashFiles' %s", got, want)
			}
			if n := s.Stored() - before; n != tc.wantStored {
				t.Errorf("stored %d entries, want %d", n, tc.wantStored)
			}
		})
	}

	// A remembered hash is used without reading the file: an entry
	// planted under the file's stat is what comes back.
	sum, ok := statSum(files, later)
	if !ok {
		t.Fatal("statSum: not settled an hour later")
	}
	planted := strings.Repeat("ab", 32)
	if err := s.PutSum(sum, fileSum{Hash: planted}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.hashFilesAt(files, later); err != nil || got != planted {
		t.Errorf("hash = %q, %v; want the remembered %q", got, err, planted)
	}

	// No store, or a missing file: HashFiles' own answer.
	var none *Store
	if got, err := none.hashFilesAt(files, later); err != nil || got != plain() {
		t.Errorf("nil store: hash = %q, %v; want %q", got, err, plain())
	}
	if _, err := s.hashFilesAt([]runner.File{{Name: "x", Path: filepath.Join(dir, "missing")}}, later); err == nil {
		t.Error("missing file: no error")
	}
}
