package grade

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/puzzlejudge/judge/core/figures"
	"github.com/puzzlejudge/judge/internal/fileutil"
	"github.com/puzzlejudge/judge/internal/termsafe"
	"golang.org/x/sys/unix"
)

// The bounds of a submitted folder besides its size (source_limit): the
// files and folders it may hold at every depth together, and how deep its
// folders may go below it.
const (
	MaxFolderEntries = 256
	MaxFolderDepth   = 8
)

// folderEntry is a file or folder of a submitted folder, as the scan saw it.
type folderEntry struct {
	name string
	st   unix.Stat_t
	kids []*folderEntry // a folder's, sorted by name
}

func (e *folderEntry) isDir() bool { return e.st.Mode&unix.S_IFMT == unix.S_IFDIR }

// folderScan is one scan of a submitted folder: what it found so far.
type folderScan struct {
	dir              string // the folder as the user named it, for errors
	limit            int64
	entries          int
	apparent, stored int64
}

// copyFolder copies the submitted folder dir into dst, a new folder of the
// judge's that must not exist yet, treating it as hostile: a symbolic
// link, a device, a fifo or a socket anywhere in it refuses it (nothing is
// followed or opened but folders and regular files, each opened relative
// to its own open folder with O_NOFOLLOW, so that a name swapped for a
// link meanwhile is refused too); so does a folder with more than
// MaxFolderEntries files and folders, folders more than MaxFolderDepth
// deep, or files over limit bytes together at every depth, by their
// apparent sizes and by the bytes they really take on disk
// (st_blocks × 512; a block per file more), all of it checked before a
// byte is copied. The
// copy reads each file through a small buffer, at most the size the scan
// saw: a file that changed meanwhile refuses the folder. The error names
// the file and the bound in one line.
func copyFolder(dir, dst string, limit int64) error {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("%s: not a readable folder", dir)
	}
	root := os.NewFile(uintptr(fd), dir)
	defer root.Close()
	s := &folderScan{dir: dir, limit: limit}
	kids, err := s.scan(root, "", 0)
	if err != nil {
		return err
	}
	if err := os.Mkdir(dst, 0o755); err != nil {
		return fmt.Errorf("copy %s: %w", dir, err)
	}
	return s.copy(root, "", dst, kids)
}

// refuse is the one-line error for the entry rel of the folder.
func (s *folderScan) refuse(rel, format string, args ...any) error {
	return fmt.Errorf("%s: %s", termsafe.Line(filepath.Join(s.dir, rel)), fmt.Sprintf(format, args...))
}

// blockSlack is what a file may take on disk beyond the folder's size
// limit, each: small files take a block (4 KiB) whatever their size.
const blockSlack = 4 << 10

// scan lists the open folder dir (rel below the top, depth deep) and the
// folders below it, checking every bound as it goes: the bytes stored
// are bounded by the limit and a block per file and folder.
func (s *folderScan) scan(dir *os.File, rel string, depth int) ([]*folderEntry, error) {
	var names []string
	for {
		batch, err := dir.Readdirnames(64)
		s.entries += len(batch)
		if s.entries > MaxFolderEntries {
			return nil, s.refuse(rel, "the folder holds more than %d files and folders (a submitted folder's bound)", MaxFolderEntries)
		}
		names = append(names, batch...)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, s.refuse(rel, "cannot be read: %v", err)
		}
	}
	slices.Sort(names)
	kids := make([]*folderEntry, 0, len(names))
	for _, name := range names {
		path := filepath.Join(rel, name)
		e := &folderEntry{name: name}
		if err := unix.Fstatat(int(dir.Fd()), name, &e.st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
			return nil, s.refuse(path, "cannot be read: %v", err)
		}
		switch e.st.Mode & unix.S_IFMT {
		case unix.S_IFDIR:
			if depth+1 > MaxFolderDepth {
				return nil, s.refuse(path, "folders more than %d deep (a submitted folder's bound)", MaxFolderDepth)
			}
			sub, err := s.openDir(dir, path, e)
			if err != nil {
				return nil, err
			}
			e.kids, err = s.scan(sub, path, depth+1)
			sub.Close()
			if err != nil {
				return nil, err
			}
		case unix.S_IFREG:
			s.apparent += e.st.Size
			s.stored += e.st.Blocks * 512
			switch {
			case s.limit > 0 && s.apparent > s.limit:
				return nil, s.refuse(path, "%s, and the folder's files are over the source limit of %s together (source_limit)",
					figures.Size(e.st.Size), figures.Size(s.limit))
			case s.limit > 0 && s.stored > s.limit+int64(s.entries)*blockSlack:
				return nil, s.refuse(path, "takes %s on disk, and the folder's files take over the source limit of %s together (source_limit)",
					figures.Size(e.st.Blocks*512), figures.Size(s.limit))
			}
		case unix.S_IFLNK:
			return nil, s.refuse(path, "a symbolic link, and a submitted folder may hold none (links are never followed)")
		default:
			return nil, s.refuse(path, "a %s, not a regular file or folder", kind(e.st.Mode))
		}
		kids = append(kids, e)
	}
	return kids, nil
}

// openDir opens the folder e of the open folder dir without following a
// link, and checks that it is the folder the scan saw.
func (s *folderScan) openDir(dir *os.File, path string, e *folderEntry) (*os.File, error) {
	f, err := fileutil.OpenDirAt(dir, e.name)
	if err != nil {
		return nil, s.refuse(path, "cannot be opened as a folder (links are not followed): %v", err)
	}
	if !fileutil.SameFile(f, &e.st) {
		f.Close()
		return nil, s.refuse(path, "changed while the folder was read")
	}
	return f, nil
}

// copy copies the entries kids of the open folder dir (rel below the top)
// into the folder dst.
func (s *folderScan) copy(dir *os.File, rel, dst string, kids []*folderEntry) error {
	for _, e := range kids {
		path := filepath.Join(rel, e.name)
		to := filepath.Join(dst, e.name)
		if e.isDir() {
			sub, err := s.openDir(dir, path, e)
			if err != nil {
				return err
			}
			err = os.Mkdir(to, 0o755)
			if err == nil {
				err = s.copy(sub, path, to, e.kids)
			}
			sub.Close()
			if err != nil {
				return err
			}
			continue
		}
		if err := s.copyFile(dir, path, to, e); err != nil {
			return err
		}
	}
	return nil
}

// copyFile copies the regular file e of the open folder dir to the new
// file to, keeping whether it is executable.
func (s *folderScan) copyFile(dir *os.File, path, to string, e *folderEntry) error {
	in, st, err := fileutil.OpenRegularAt(dir, e.name)
	if errors.Is(err, fileutil.ErrNotRegular) {
		return s.refuse(path, "changed while the folder was read")
	}
	if err != nil {
		return s.refuse(path, "cannot be opened (links are not followed): %v", err)
	}
	defer in.Close()
	if st.Dev != e.st.Dev || st.Ino != e.st.Ino || st.Size != e.st.Size {
		return s.refuse(path, "changed while the folder was read")
	}
	perm := os.FileMode(0o644)
	if e.st.Mode&0o111 != 0 {
		perm = 0o755
	}
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("copy %s: %w", termsafe.Line(path), err)
	}
	if _, err := io.CopyN(out, in, e.st.Size); err != nil {
		out.Close()
		if errors.Is(err, io.EOF) {
			return s.refuse(path, "changed while the folder was read")
		}
		return s.refuse(path, "cannot be read: %v", err)
	}
	return out.Close()
}

// kind names the kind of file of mode, which is none a folder may hold.
func kind(mode uint32) string {
	switch mode & unix.S_IFMT {
	case unix.S_IFIFO:
		return "fifo"
	case unix.S_IFSOCK:
		return "socket"
	case unix.S_IFCHR:
		return "character device"
	case unix.S_IFBLK:
		return "block device"
	}
	return "special file"
}
