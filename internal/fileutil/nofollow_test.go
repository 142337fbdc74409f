package fileutil

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestNoFollow opens folders and files relative to an open folder and
// refuses links, fifos and the wrong kind, without hanging on a fifo.
func TestNoFollow(t *testing.T) {
	root := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Mkdir(filepath.Join(root, "sub"), 0o755))
	must(os.WriteFile(filepath.Join(root, "file"), []byte("12345"), 0o644))
	must(os.Symlink("file", filepath.Join(root, "link")))
	must(os.Symlink("sub", filepath.Join(root, "dirlink")))
	must(syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644))
	dir, err := OpenDirAt(nil, root)
	must(err)
	defer dir.Close()

	for _, tc := range []struct {
		name    string
		dir     bool
		wantErr error
	}{
		{"sub", true, nil},
		{"dirlink", true, unix.ENOTDIR}, // O_DIRECTORY wins over O_NOFOLLOW on a link
		{"file", true, unix.ENOTDIR},
		{"file", false, nil},
		{"link", false, unix.ELOOP},
		{"fifo", false, ErrNotRegular},
		{"sub", false, ErrNotRegular},
		{"missing", false, unix.ENOENT},
	} {
		var f *os.File
		var st unix.Stat_t
		if tc.dir {
			f, err = OpenDirAt(dir, tc.name)
		} else {
			f, st, err = OpenRegularAt(dir, tc.name)
		}
		if tc.wantErr != nil {
			if !errors.Is(err, tc.wantErr) || f != nil {
				t.Errorf("open %s (dir %t): %v, want %v", tc.name, tc.dir, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("open %s (dir %t): %v", tc.name, tc.dir, err)
			continue
		}
		if f.Name() != filepath.Join(root, tc.name) {
			t.Errorf("open %s: name %q", tc.name, f.Name())
		}
		if !tc.dir && st.Size != 5 {
			t.Errorf("open %s: size %d, want 5", tc.name, st.Size)
		}
		var want unix.Stat_t
		must(unix.Lstat(filepath.Join(root, tc.name), &want))
		if !SameFile(f, &want) {
			t.Errorf("open %s: SameFile false for its own stat", tc.name)
		}
		var other unix.Stat_t
		must(unix.Lstat(root, &other))
		if SameFile(f, &other) {
			t.Errorf("open %s: SameFile true for another file", tc.name)
		}
		f.Close()
	}
}
