package grade

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// mkfile writes a file of the folder dir, its folders made.
func mkfile(t *testing.T, dir, name, body string, perm os.FileMode) {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), perm); err != nil {
		t.Fatal(err)
	}
}

// TestCopyFolderRefuses gives copyFolder hostile folders: each is refused
// with one line naming the file and what is wrong, and nothing is copied.
func TestCopyFolderRefuses(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("root-only secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := func(target, name string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			mkfile(t, dir, "run", "#!/bin/sh\ncat "+name+"\n", 0o755)
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	cases := []struct {
		name  string
		make  func(t *testing.T, dir string)
		limit int64
		file  string // the file the error names
		want  string
	}{
		{"link to a secret", link(secret, "canary"), 0, "canary", "symbolic link"},
		{"link to the environment", link("/proc/self/environ", "judgeenv"), 0, "judgeenv", "symbolic link"},
		{"link in a sub-folder", link(secret, "a/b/secret.h"), 0, "a/b/secret.h", "symbolic link"},
		{"link to a folder", link("/etc", "etc"), 0, "etc", "symbolic link"},
		{"fifo", func(t *testing.T, dir string) {
			mkfile(t, dir, "main.py", "print(1)\n", 0o644)
			if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := syscall.Mkfifo(filepath.Join(dir, "sub", "pipe"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, 0, "sub/pipe", "a fifo, not a regular file"},
		{"socket", func(t *testing.T, dir string) {
			mkfile(t, dir, "main.py", "print(1)\n", 0o644)
			l, err := net.Listen("unix", filepath.Join(dir, "sock"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { l.Close() })
		}, 0, "sock", "a socket"},
		{"1 TiB sparse file in a sub-folder", func(t *testing.T, dir string) {
			mkfile(t, dir, "main.py", "print(1)\n", 0o644)
			mkfile(t, dir, "data/big", "", 0o644)
			if err := os.Truncate(filepath.Join(dir, "data", "big"), 1<<40); err != nil {
				t.Fatal(err)
			}
		}, 256 << 10, "data/big", "1024GiB, and the folder's files are over the source limit of 256KiB together"},
		{"files over the limit together, at depth", func(t *testing.T, dir string) {
			mkfile(t, dir, "main.py", strings.Repeat("#", 600), 0o644)
			mkfile(t, dir, "x/y/z", strings.Repeat("#", 500), 0o644)
		}, 1000, "x/y/z", "over the source limit"},
		{"blocks stored past an empty file's size", func(t *testing.T, dir string) {
			mkfile(t, dir, "main.py", "print(1)\n", 0o644)
			f, err := os.Create(filepath.Join(dir, "hidden"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := unix.Fallocate(int(f.Fd()), unix.FALLOC_FL_KEEP_SIZE, 0, 1<<20); err != nil {
				t.Skipf("fallocate: %v", err)
			}
		}, 256 << 10, "hidden", "takes 1MiB on disk, and the folder's files take over the source limit of 256KiB"},
		{"too many files", func(t *testing.T, dir string) {
			for i := range MaxFolderEntries + 1 {
				mkfile(t, dir, fmt.Sprintf("many/f%03d", i), "", 0o644)
			}
		}, 0, "many", "more than 256 files and folders"},
		{"too deep", func(t *testing.T, dir string) {
			mkfile(t, dir, strings.Repeat("d/", MaxFolderDepth+1)+"f", "x", 0o644)
		}, 0, strings.Repeat("d/", MaxFolderDepth) + "d", "folders more than 8 deep"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "sub")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			c.make(t, dir)
			dst := filepath.Join(t.TempDir(), "copy")
			err := copyFolder(dir, dst, c.limit)
			if err == nil {
				t.Fatal("the folder was copied")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, filepath.Join(dir, c.file)) || !strings.Contains(msg, c.want) {
				t.Errorf("error %q, want one naming %s and saying %q", msg, filepath.Join(dir, c.file), c.want)
			}
			if strings.ContainsAny(msg, "\n\r") || strings.Contains(msg, "root-only secret") {
				t.Errorf("error %q is not one line, or quotes the secret", msg)
			}
			if _, err := os.Lstat(dst); err == nil {
				t.Errorf("%s was made: something was copied before the folder was refused", dst)
			}
		})
	}
}

// TestCopyFolderCopies copies a folder within the bounds: every file at
// every depth, with its bytes and execute bit, files exactly at the limit
// together.
func TestCopyFolderCopies(t *testing.T) {
	dir := t.TempDir()
	mkfile(t, dir, "run", "#!/bin/sh\necho hi\n", 0o755)
	mkfile(t, dir, "lib/deep/data.txt", "data\n", 0o600)
	mkfile(t, dir, ".hidden", "h", 0o644)
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "copy")
	if err := copyFolder(dir, dst, int64(len("#!/bin/sh\necho hi\n")+len("data\n")+1)); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"run": "#!/bin/sh\necho hi\n", "lib/deep/data.txt": "data\n", ".hidden": "h"} {
		if data, err := os.ReadFile(filepath.Join(dst, name)); err != nil || string(data) != want {
			t.Errorf("%s: %q %v, want %q", name, data, err, want)
		}
	}
	if fi, err := os.Stat(filepath.Join(dst, "run")); err != nil || fi.Mode()&0o111 == 0 {
		t.Errorf("run lost its execute bit: %v %v", fi.Mode(), err)
	}
	if fi, err := os.Stat(filepath.Join(dst, "lib/deep/data.txt")); err != nil || fi.Mode()&0o111 != 0 {
		t.Errorf("data.txt got an execute bit: %v %v", fi.Mode(), err)
	}
	if fi, err := os.Stat(filepath.Join(dst, "empty")); err != nil || !fi.IsDir() {
		t.Errorf("the empty folder was not copied: %v", err)
	}
	if err := copyFolder(dir, filepath.Join(t.TempDir(), "copy"), int64(len("#!/bin/sh\necho hi\n")+len("data\n"))); err == nil {
		t.Error("a folder one byte over the limit was copied")
	}
}
