package fileutil

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCopy(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	if err := os.WriteFile(src, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, []byte("older and longer"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Copy(src, dst, 0o644); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(dst); string(data) != "new" {
		t.Errorf("dst holds %q, want %q", data, "new")
	}
	if err := Copy(filepath.Join(dir, "missing"), dst, 0o644); err == nil {
		t.Error("copying a missing file succeeded")
	}
}

func TestLinkOrCopy(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	if err := os.WriteFile(src, []byte("data"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := LinkOrCopy(src, dst, 0o644); err != nil {
		t.Fatal(err)
	}
	a, _ := os.Stat(src)
	b, _ := os.Stat(dst)
	if !os.SameFile(a, b) {
		t.Error("same file system, but dst is not a link to src")
	}
	if err := LinkOrCopy(filepath.Join(dir, "missing"), filepath.Join(dir, "x"), 0o644); err == nil {
		t.Error("linking a missing file succeeded")
	}
}

func TestUnwrapPath(t *testing.T) {
	_, err := os.Open(filepath.Join(t.TempDir(), "missing"))
	if got := UnwrapPath(err); !errors.Is(got, fs.ErrNotExist) || strings.Contains(got.Error(), "missing") {
		t.Errorf("UnwrapPath(%v) = %v, want the bare cause", err, got)
	}
	plain := errors.New("plain")
	if got := UnwrapPath(plain); got != plain {
		t.Errorf("UnwrapPath(plain) = %v", got)
	}
}
