package convert

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/puzzlejudge/judge/internal/fileutil"
)

// checkFreshDir refuses a path that exists and is not an empty folder.
func checkFreshDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", dir, fileutil.UnwrapPath(err))
	}
	if len(entries) > 0 {
		return fmt.Errorf("%s: already exists and is not empty", dir)
	}
	return nil
}

// tempDirFor makes a temporary folder beside dest, so that a rename moves
// it into place on the same file system.
func tempDirFor(dest string) (string, error) {
	parent := filepath.Dir(dest)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", fmt.Errorf("%s: %w", parent, fileutil.UnwrapPath(err))
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(dest)+".tmp-")
	if err != nil {
		return "", fmt.Errorf("%s: %w", parent, fileutil.UnwrapPath(err))
	}
	return tmp, nil
}

// moveInto renames the finished tmp folder to dest, which may be an empty
// folder (removed first) or absent.
func moveInto(tmp, dest string) error {
	if err := os.Remove(dest); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %w", dest, fileutil.UnwrapPath(err))
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("%s: %w", tmp, fileutil.UnwrapPath(err))
	}
	if err := os.Rename(tmp, dest); err != nil {
		return fmt.Errorf("%s: %w", dest, fileutil.UnwrapPath(err))
	}
	return nil
}

// writeFile writes data to path, making its folder.
func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("%s: %w", filepath.Dir(path), fileutil.UnwrapPath(err))
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("%s: %w", path, fileutil.UnwrapPath(err))
	}
	return nil
}

// copyFile copies the regular file (or the file a link points to) src to
// dst, keeping its executable bits.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("%s: %w", src, fileutil.UnwrapPath(err))
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return fmt.Errorf("%s: %w", src, fileutil.UnwrapPath(err))
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return fmt.Errorf("%s: %w", filepath.Dir(dst), fileutil.UnwrapPath(err))
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm()|0o600)
	if err != nil {
		return fmt.Errorf("%s: %w", dst, fileutil.UnwrapPath(err))
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("%s: %w", dst, fileutil.UnwrapPath(err))
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("%s: %w", dst, fileutil.UnwrapPath(err))
	}
	return nil
}

// copyTree copies the file or folder src to dst, following links and
// leaving hidden files out.
func copyTree(src, dst string) error {
	fi, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("%s: %w", src, fileutil.UnwrapPath(err))
	}
	if !fi.IsDir() {
		return copyFile(src, dst)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return fmt.Errorf("%s: %w", src, fileutil.UnwrapPath(err))
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return fmt.Errorf("%s: %w", dst, fileutil.UnwrapPath(err))
	}
	for _, e := range entries {
		if e.Name()[0] == '.' {
			continue
		}
		if err := copyTree(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	return nil
}
