package fileutil

import (
	"os"
	"path/filepath"
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
