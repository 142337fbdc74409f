package pkgstore

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Unpack extracts a package archive into dest, an empty or missing folder.
// The archive is treated as hostile: absolute names, names with "..",
// links leaving the package, hard links, devices and more than maxBytes
// of content in all are refused.
func Unpack(r io.Reader, dest string, maxBytes int64) error {
	if err := os.MkdirAll(dest, 0o755); err != nil {
		return fmt.Errorf("unpack: %w", err)
	}
	tr := tar.NewReader(r)
	var total int64
	for {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return linksStayInside(dest)
		}
		if err != nil {
			return fmt.Errorf("unpack: %w", err)
		}
		name, err := cleanName(hdr.Name)
		if err != nil {
			return fmt.Errorf("unpack: %w", err)
		}
		target := filepath.Join(dest, filepath.FromSlash(name))
		// Nothing is written through a link unpacked before it.
		if err := noLinkOnTheWay(dest, name); err != nil {
			return fmt.Errorf("unpack: %s: %w", name, err)
		}
		mode := os.FileMode(hdr.Mode).Perm()
		switch hdr.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, mode|0o700); err != nil {
				return fmt.Errorf("unpack: %w", err)
			}
		case tar.TypeReg:
			if hdr.Size < 0 || total+hdr.Size > maxBytes {
				return fmt.Errorf("unpack: %s: the package exceeds %d bytes", name, maxBytes)
			}
			total += hdr.Size
			if err := writeFile(target, tr, hdr.Size, mode); err != nil {
				return fmt.Errorf("unpack: %s: %w", name, err)
			}
		case tar.TypeSymlink:
			if !linkInside(name, hdr.Linkname) {
				return fmt.Errorf("unpack: %s: symbolic link to %q leaves the package", name, hdr.Linkname)
			}
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return fmt.Errorf("unpack: %w", err)
			}
			if err := os.Symlink(hdr.Linkname, target); err != nil {
				return fmt.Errorf("unpack: %w", err)
			}
		default:
			return fmt.Errorf("unpack: %s: entry type %q not allowed in a package", name, hdr.Typeflag)
		}
	}
}

// cleanName checks an archive entry's name and returns it cleaned.
func cleanName(name string) (string, error) {
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "\\") || strings.ContainsRune(name, 0) {
		return "", fmt.Errorf("bad entry name %q", name)
	}
	for _, part := range strings.Split(strings.TrimSuffix(name, "/"), "/") {
		if part == ".." || part == "" {
			return "", fmt.Errorf("bad entry name %q", name)
		}
	}
	c := path.Clean(name)
	if c == "." {
		return "", fmt.Errorf("bad entry name %q", name)
	}
	return c, nil
}

// writeFile creates target (which must not exist: a second entry of one
// name, or one through a symbolic link, is refused) with size bytes of r.
func writeFile(target string, r io.Reader, size int64, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode|0o600)
	if err != nil {
		return err
	}
	n, err := io.Copy(f, io.LimitReader(r, size))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && n != size {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// noLinkOnTheWay fails when a folder on the way to name inside dest is a
// symbolic link.
func noLinkOnTheWay(dest, name string) error {
	parts := strings.Split(name, "/")
	p := dest
	for _, part := range parts[:len(parts)-1] {
		p = filepath.Join(p, part)
		fi, err := os.Lstat(p)
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if !fi.IsDir() {
			return fmt.Errorf("%s is not a folder", part)
		}
	}
	return nil
}

// linksStayInside resolves every symbolic link under dest and fails when
// one leads outside it or nowhere (a chain of links can leave the folder
// even when each link alone does not).
func linksStayInside(dest string) error {
	root, err := filepath.EvalSymlinks(dest)
	if err != nil {
		return fmt.Errorf("unpack: %w", err)
	}
	return filepath.WalkDir(dest, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&os.ModeSymlink == 0 {
			return nil
		}
		real, err := filepath.EvalSymlinks(p)
		if err != nil {
			return fmt.Errorf("unpack: %s: dangling symbolic link", p)
		}
		if rel, err := filepath.Rel(root, real); err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
			return fmt.Errorf("unpack: %s: symbolic link leaves the package", p)
		}
		return nil
	})
}
