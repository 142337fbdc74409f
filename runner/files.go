package runner

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/puzzlejudge/judge/internal/fileutil"
	"golang.org/x/sys/unix"
)

// placeProgram copies the program's files into prog/ unless they are there
// already.
func (b *box) placeProgram(files []File) error {
	want := make([]programFile, 0, len(files))
	for _, f := range files {
		fi, err := os.Stat(f.Path)
		if err != nil {
			return fmt.Errorf("program file: %w", err)
		}
		want = append(want, programFile{File: f, size: fi.Size(), mtime: fi.ModTime()})
	}
	if b.programIntact(want) {
		return nil
	}
	b.program = nil
	prog := filepath.Join(b.dir, "prog")
	if err := clearDir(prog); err != nil {
		return err
	}
	for i, f := range want {
		if !filepath.IsLocal(f.Name) {
			return fmt.Errorf("program file name %q is not a path inside the program folder", f.Name)
		}
		dst := filepath.Join(prog, f.Name)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return fmt.Errorf("place %s: %w", f.Name, err)
		}
		if err := copyExecutable(f.Path, dst); err != nil {
			return fmt.Errorf("place %s: %w", f.Name, err)
		}
		fi, err := os.Stat(dst)
		if err != nil {
			return err
		}
		want[i].placed = fi.ModTime()
	}
	b.program = want
	return nil
}

// copyExecutable copies a program file while no fork of the judge can
// happen (syscall.ForkLock, which every fork takes for writing): a child
// forked while the copy is open for writing would hold it until its own
// exec, and a box's exec of the copy meanwhile fails with ETXTBSY
// (golang/go#22315; seen as "box: text file busy" on a loaded machine,
// past the helper's retries).
func copyExecutable(src, dst string) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	return fileutil.Copy(src, dst, 0o755)
}

// programIntact reports whether prog/ holds exactly want, as placed: the
// same sources, unchanged since, and copies no run has changed (a program
// in basic mode can write to its own folder; in full mode it is
// read-only).
func (b *box) programIntact(want []programFile) bool {
	if len(want) != len(b.program) {
		return false
	}
	for i, p := range b.program {
		if want[i].File != p.File || want[i].size != p.size || !want[i].mtime.Equal(p.mtime) {
			return false
		}
		fi, err := os.Lstat(filepath.Join(b.dir, "prog", p.Name))
		if err != nil || !fi.Mode().IsRegular() || fi.Size() != p.size || !fi.ModTime().Equal(p.placed) {
			return false
		}
	}
	return true
}

// placeWork copies the run's working files into work/, owned by the box's
// uid. A name with folders (a/b.txt) gets them made first.
func (b *box) placeWork(files []File) error {
	for _, f := range files {
		if !filepath.IsLocal(f.Name) {
			return fmt.Errorf("place %s: want a path inside the working directory", f.Name)
		}
		dst := filepath.Join(b.dir, "work", f.Name)
		if err := b.workDirs(filepath.Dir(f.Name)); err != nil {
			return fmt.Errorf("place %s: %w", f.Name, err)
		}
		if err := fileutil.Copy(f.Path, dst, 0o644); err != nil {
			return fmt.Errorf("place %s: %w", f.Name, err)
		}
		if b.sandbox.dropUID {
			if err := os.Chown(dst, b.uid, b.gid); err != nil {
				return err
			}
		}
	}
	return nil
}

// workDirs makes the folders of rel (a path under work/, "." for none),
// owned by the box's uid.
func (b *box) workDirs(rel string) error {
	if rel == "." {
		return nil
	}
	if err := b.workDirs(filepath.Dir(rel)); err != nil {
		return err
	}
	dir := filepath.Join(b.dir, "work", rel)
	if err := os.Mkdir(dir, 0o755); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil
		}
		return err
	}
	if b.sandbox.dropUID {
		return os.Chown(dir, b.uid, b.gid)
	}
	return nil
}

// isEmptyDir reports whether the open directory dir holds nothing but "."
// and "..", reading it from its start into buf. It says false whenever it
// cannot tell.
func isEmptyDir(dir *os.File, buf []byte) bool {
	fd := int(dir.Fd())
	if _, err := unix.Seek(fd, 0, io.SeekStart); err != nil {
		return false
	}
	n, err := unix.Getdents(fd, buf)
	// A read that left room for another entry (at most 280 bytes) read
	// the whole directory.
	if err != nil || n <= 0 || n > len(buf)-512 {
		return false
	}
	_, count, _ := unix.ParseDirent(buf[:n], -1, nil)
	return count == 0 // ParseDirent counts neither "." nor ".."
}

func clearDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var first error
	for _, e := range entries {
		if err := removeAll(filepath.Join(dir, e.Name())); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// errNotRegular is collect's error for what is not a regular file.
var errNotRegular = errors.New("not a regular file")

// collect copies a file the program made out of the box. It refuses links
// and anything but a regular file, so that a hostile compiler cannot make
// the judge read a host file.
func collect(src, dst string) error {
	in, err := os.OpenFile(src, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: %w", filepath.Base(src), errNotRegular)
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".collect-*")
	if err != nil {
		return err
	}
	if _, err := io.Copy(tmp, in); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Chmod(0o755); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), dst)
}

// maxCollectDepth bounds how deep collectAll goes into folders.
const maxCollectDepth = 8

// collectAll copies every regular file of dir into dst, and the folders
// below it, up to maxCollectDepth deep (see Spec.CollectAll); the rest is
// left (links included), and so is a file that turns out not to be
// regular when opened.
func collectAll(dir, dst string) error {
	return collectTree(dir, dst, 0)
}

func collectTree(dir, dst string, depth int) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("collect: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() && depth < maxCollectDepth {
			sub := filepath.Join(dst, e.Name())
			if err := os.MkdirAll(sub, 0o755); err != nil {
				return fmt.Errorf("collect %s: %w", e.Name(), err)
			}
			if err := collectTree(filepath.Join(dir, e.Name()), sub, depth+1); err != nil {
				return err
			}
			continue
		}
		if !e.Type().IsRegular() {
			continue
		}
		if err := collect(filepath.Join(dir, e.Name()), filepath.Join(dst, e.Name())); err != nil && !errors.Is(err, syscall.ELOOP) && !errors.Is(err, errNotRegular) {
			return fmt.Errorf("collect %s: %w", e.Name(), err)
		}
	}
	return nil
}

// copyOutput copies the program's stdout to path (or nowhere), up to limit
// bytes, through buf; past it, onLimit is called once and the rest is
// drained.
func copyOutput(r io.Reader, path string, limit int64, buf []byte, onLimit func()) (int64, error) {
	var w io.Writer = io.Discard
	var f *os.File
	if path != "" {
		var err error
		if f, err = fileutil.Create(path); err != nil {
			io.Copy(io.Discard, r)
			return 0, err
		}
		defer f.Close()
		w = f
	}
	var n int64
	var werr error
	for {
		k, err := r.Read(buf)
		if k > 0 {
			if n+int64(k) > limit {
				keep := limit - n
				if keep > 0 && werr == nil {
					_, werr = w.Write(buf[:keep])
				}
				if n <= limit {
					onLimit()
				}
				n = limit + 1
				w = io.Discard
			} else {
				if werr == nil {
					_, werr = w.Write(buf[:k])
				}
				n += int64(k)
			}
		}
		if err != nil {
			break
		}
	}
	return n, werr
}

// readCapped keeps the first limit bytes of r and drains the rest.
func readCapped(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit))
	io.Copy(io.Discard, r)
	return data, err
}
