package runner

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// heldFolder is a folder of the box a program may change, held open from
// the box's creation, and what it was then.
type heldFolder struct {
	name  string // under the box's folder ("." for the folder itself)
	f     *os.File
	fresh folderState
	empty bool // emptied after each run (work, tmp)
}

// folderState is what a run could change of a folder's own inode: its
// mode, owner, extended attributes (POSIX ACLs are the system.posix_acl_*
// ones) and inode flags (immutable, append-only, ...).
type folderState struct {
	dev, ino       uint64
	mode, uid, gid uint32
	xattrs         []byte // names and values; nil for none
	flags          uint32
	flagsOK        bool // the file system has inode flags
}

// xattrBuf bounds the list of extended attributes a folder's state is read
// with; a fresh folder has none (or a security label), so a longer list
// is a changed folder.
const xattrBuf = 4096

// readState reads the state of the open folder fd; buf is scratch space of
// xattrBuf bytes. The common case, no extended attributes, allocates
// nothing.
func readState(fd int, buf []byte) (folderState, error) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return folderState{}, err
	}
	s := folderState{dev: st.Dev, ino: st.Ino, mode: st.Mode, uid: st.Uid, gid: st.Gid}
	n, err := unix.Flistxattr(fd, buf)
	switch {
	case errors.Is(err, unix.ENOTSUP):
		n = 0 // a file system without extended attributes
	case err != nil:
		return folderState{}, fmt.Errorf("list extended attributes: %w", err)
	}
	if n > 0 {
		names := append([]byte(nil), buf[:n]...)
		for _, name := range bytes.Split(bytes.TrimSuffix(names, []byte{0}), []byte{0}) {
			k, err := unix.Fgetxattr(fd, string(name), buf)
			if err != nil {
				return folderState{}, fmt.Errorf("read extended attribute %s: %w", name, err)
			}
			s.xattrs = append(append(append(s.xattrs, name...), 0), fmt.Sprintf("%d:", k)...)
			s.xattrs = append(s.xattrs, buf[:k]...)
		}
	}
	if flags, err := unix.IoctlGetUint32(fd, unix.FS_IOC_GETFLAGS); err == nil {
		s.flags, s.flagsOK = flags, true
	}
	return s, nil
}

func (s folderState) equal(o folderState) bool {
	return s.dev == o.dev && s.ino == o.ino && s.mode == o.mode && s.uid == o.uid && s.gid == o.gid && bytes.Equal(s.xattrs, o.xattrs) &&
		s.flags == o.flags && s.flagsOK == o.flagsOK
}

// holdFolders opens the folders a program may change and records their
// fresh state; create calls it once the folders are made. In full mode
// those are the working and temporary folders (the program folder is
// read-only); in basic mode, where a program that keeps the judge's own
// uid can change any folder of the box, the program folder and the box's
// own folder too.
func (b *box) holdFolders() error {
	b.dirBuf = make([]byte, xattrBuf)
	names := []string{"work", "tmp"}
	if !b.full {
		names = append(names, "prog", ".")
	}
	for _, name := range names {
		f, err := os.Open(filepath.Join(b.dir, name))
		if err != nil {
			return err
		}
		b.held = append(b.held, heldFolder{name: name, f: f, empty: name == "work" || name == "tmp"})
		h := &b.held[len(b.held)-1]
		if h.fresh, err = readState(int(f.Fd()), b.dirBuf); err != nil {
			return fmt.Errorf("box folder %s: %w", name, err)
		}
	}
	return nil
}

// reset makes the box as it was made for the next run, and reports
// whether it is: the working and temporary folders are emptied (most runs
// leave nothing there, which one look through each folder held open
// tells), and no folder a program may change is otherwise changed. A box
// whose folders a run changed (mode, owner, ACLs or other extended
// attributes, inode flags), or left something in that cannot be removed,
// is not: it is replaced rather than repaired, so that nothing of what a
// program did to it can reach the next.
func (b *box) reset() bool {
	if len(b.held) == 0 {
		return false
	}
	pristine := true
	for _, h := range b.held {
		if h.empty && !isEmptyDir(h.f, b.dirBuf) {
			if err := clearDir(filepath.Join(b.dir, h.name)); err != nil {
				pristine = false
			}
		}
		s, err := readState(int(h.f.Fd()), b.dirBuf)
		if err != nil || !s.equal(h.fresh) {
			pristine = false
		}
		if !b.full && !b.inPlace(h) {
			pristine = false
		}
	}
	return pristine
}

// inPlace reports whether the held folder is still the one at its path:
// in basic mode, a program that keeps the judge's uid could move it away
// and put another in its place. (In full mode a program sees the box's
// folders only as mount points, which cannot be moved.)
func (b *box) inPlace(h heldFolder) bool {
	var st unix.Stat_t
	err := unix.Lstat(filepath.Join(b.dir, h.name), &st)
	return err == nil && st.Dev == h.fresh.dev && st.Ino == h.fresh.ino
}

// removeAll removes path as os.RemoveAll does. Where that fails, it makes
// every folder below path readable, writable and searchable by its owner
// and tries again: a program that runs as the judge's own uid (basic
// mode, judge not root) can leave a folder that even its owner cannot
// empty (mode 0555, or 0). No program of the box runs meanwhile, so the
// folders it finds stay what they are.
func removeAll(path string) error {
	if err := os.RemoveAll(path); err == nil {
		return nil
	}
	openUp(path)
	return os.RemoveAll(path)
}

// openUp gives the owner every right on path and on the folders below it.
func openUp(path string) {
	fi, err := os.Lstat(path)
	if err != nil || !fi.IsDir() {
		return
	}
	if fi.Mode().Perm()&0o700 != 0o700 {
		_ = os.Chmod(path, fi.Mode().Perm()|0o700)
	}
	entries, _ := os.ReadDir(path)
	for _, e := range entries {
		if e.IsDir() {
			openUp(filepath.Join(path, e.Name()))
		}
	}
}
