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

// ErrCollectLimit is the error of a run whose files to collect
// (Spec.Collect, Spec.CollectAll) are more than the box's disk size
// together, by their apparent sizes: a sparse file the box's tmpfs holds
// for nothing is not expanded onto the host's disk.
var ErrCollectLimit = errors.New("the files to collect are more than the box's disk size together")

// collector copies files a program made out of the box, at most left
// bytes in all; a dry one only counts them.
type collector struct {
	left, limit int64
	dry         bool
}

// collectRun collects the files of spec after its run (res), first
// counting them, so that nothing is copied out of the box when they are
// more than disk bytes together. A file named in spec.Collect that cannot
// be collected is an error only after a run that succeeded.
func collectRun(work string, spec Spec, res Result, disk int64) error {
	for _, dry := range []bool{true, false} {
		c := &collector{left: disk, limit: disk, dry: dry}
		for _, name := range spec.Collect {
			if err := c.collect(filepath.Join(work, name), filepath.Join(spec.CollectDir, name)); err != nil && res.OK() {
				return fmt.Errorf("collect %s: %w", name, err)
			}
		}
		if spec.CollectAll {
			if err := c.collectAll(work, spec.CollectDir); err != nil {
				return err
			}
		}
	}
	return nil
}

// collect copies the file src out of the box to dst. It refuses links and
// anything but a regular file, so that a hostile compiler cannot make the
// judge read a host file.
func (c *collector) collect(src, dst string) error {
	in, st, err := fileutil.OpenRegularAt(nil, src)
	if errors.Is(err, fileutil.ErrNotRegular) {
		return fmt.Errorf("%s: %w", filepath.Base(src), err)
	}
	if err != nil {
		return &os.PathError{Op: "open", Path: src, Err: err}
	}
	defer in.Close()
	return c.file(in, st.Size, filepath.Base(src), dst)
}

// file copies the open regular file in, called name, of size bytes, to
// dst, if it is within what is left to collect.
func (c *collector) file(in *os.File, size int64, name, dst string) error {
	if size > c.left {
		return fmt.Errorf("%s: %w (%d bytes with it; the box's disk is %d)", name, ErrCollectLimit, c.limit-c.left+size, c.limit)
	}
	c.left -= size
	if c.dry {
		return nil
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".collect-*")
	if err != nil {
		return err
	}
	if _, err := io.CopyN(tmp, in, size); err != nil && !errors.Is(err, io.EOF) {
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
// regular when opened. Each folder and file is opened relative to its
// open folder, links not followed.
func (c *collector) collectAll(dir, dst string) error {
	f, err := fileutil.OpenDirAt(nil, dir)
	if err != nil {
		return fmt.Errorf("collect: %w", err)
	}
	defer f.Close()
	return c.tree(f, dst, "", 0)
}

// tree collects the open folder dir, rel below the top, into dst.
func (c *collector) tree(dir *os.File, dst, rel string, depth int) error {
	entries, err := dir.ReadDir(-1)
	if err != nil {
		return fmt.Errorf("collect: %w", err)
	}
	for _, e := range entries {
		if !e.IsDir() && !e.Type().IsRegular() {
			continue
		}
		if e.IsDir() && depth >= maxCollectDepth {
			continue
		}
		var f *os.File
		var st unix.Stat_t
		var err error
		if e.IsDir() {
			f, err = fileutil.OpenDirAt(dir, e.Name())
		} else {
			f, st, err = fileutil.OpenRegularAt(dir, e.Name())
		}
		if errors.Is(err, unix.ELOOP) || errors.Is(err, unix.ENOTDIR) || errors.Is(err, fileutil.ErrNotRegular) {
			continue // no longer what it was listed as
		}
		if err != nil {
			return fmt.Errorf("collect %s: %w", e.Name(), err)
		}
		if e.IsDir() {
			sub := filepath.Join(dst, e.Name())
			if !c.dry {
				err = os.MkdirAll(sub, 0o755)
			}
			if err == nil {
				err = c.tree(f, sub, filepath.Join(rel, e.Name()), depth+1)
			}
		} else {
			err = c.file(f, st.Size, filepath.Join(rel, e.Name()), filepath.Join(dst, e.Name()))
		}
		f.Close()
		if err != nil {
			if errors.Is(err, ErrCollectLimit) {
				return err
			}
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
