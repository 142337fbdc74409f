// Package fileutil copies files for the judge's packages.
package fileutil

import (
	"fmt"
	"io"
	"os"
)

// Copy copies the file src to dst, created (or truncated) with perm.
func Copy(src, dst string, perm os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s: %w", src, err)
	}
	return out.Close()
}

// LinkOrCopy makes dst a hard link to src, or, where it cannot (across file
// systems), a copy with perm.
func LinkOrCopy(src, dst string, perm os.FileMode) error {
	if err := os.Link(src, dst); err == nil {
		return nil
	}
	return Copy(src, dst, perm)
}
