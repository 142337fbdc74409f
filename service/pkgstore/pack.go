// Package pkgstore moves problem packages by content: a problem folder is
// packed into a canonical tar named by its sha256, kept in a JetStream
// object store, and unpacked on workers into a local cache by hash.
package pkgstore

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"
)

// epoch is the modification time every entry of a canonical archive gets.
var epoch = time.Unix(0, 0).UTC()

// Pack packs the folder dir into a canonical tar: entries in lexical
// order, times, owners and names of owners zeroed, permission bits kept,
// symbolic links only when they point inside the folder. The same tree
// packs to the same bytes anywhere. It returns the archive and its sha256
// in hex.
func Pack(dir string) ([]byte, string, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, "", fmt.Errorf("pack %s: %w", dir, err)
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		name := filepath.ToSlash(rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		hdr := &tar.Header{Name: name, ModTime: epoch, Mode: int64(info.Mode().Perm()), Format: tar.FormatPAX}
		switch {
		case info.Mode().IsRegular():
			hdr.Typeflag, hdr.Size = tar.TypeReg, info.Size()
		case info.IsDir():
			hdr.Typeflag, hdr.Name = tar.TypeDir, name+"/"
		case info.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			if !linkInside(name, target) {
				return fmt.Errorf("%s: symbolic link to %q leaves the package", rel, target)
			}
			hdr.Typeflag, hdr.Linkname = tar.TypeSymlink, target
		default:
			return fmt.Errorf("%s: not a regular file, folder or symbolic link", rel)
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if hdr.Typeflag != tar.TypeReg {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		n, err := io.Copy(tw, f)
		if err == nil && n != hdr.Size {
			err = fmt.Errorf("%s changed while packing", rel)
		}
		return err
	})
	if err == nil {
		err = tw.Close()
	}
	if err != nil {
		return nil, "", fmt.Errorf("pack %s: %w", dir, err)
	}
	sum := sha256.Sum256(buf.Bytes())
	return buf.Bytes(), hex.EncodeToString(sum[:]), nil
}

// linkInside reports whether a relative symbolic link at name (a slash
// path inside the package) pointing to target stays inside the package.
func linkInside(name, target string) bool {
	if target == "" || path.IsAbs(target) || strings.HasPrefix(target, "/") {
		return false
	}
	joined := path.Join(path.Dir(name), target)
	return joined != ".." && !strings.HasPrefix(joined, "../") && joined != "."
}

// ValidHash reports whether h is a sha256 in lower-case hex.
func ValidHash(h string) bool {
	if len(h) != 64 {
		return false
	}
	for _, c := range h {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
