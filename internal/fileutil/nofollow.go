package fileutil

import (
	"errors"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// The judge reads folders it does not trust (a submitted folder, a box's
// work folder after a run, a build/run program's files) one way: every
// folder and file is opened relative to its open parent, never following a
// link, and files with O_NONBLOCK, so that a fifo put in a file's place
// does not hang the open. A name swapped for a link between a listing and
// the open is then refused by the kernel (ELOOP or ENOTDIR), not followed
// out of the tree; callers that care compare what they open with what they
// listed (SameFile).

// ErrNotRegular is the error of OpenRegularAt for what is not a regular
// file (a fifo, a socket, a device).
var ErrNotRegular = errors.New("not a regular file")

// OpenDirAt opens the folder name of the open folder dir without following
// a link; with dir nil, name is a path, and only its last element is not
// followed. Its errors are the kernel's (a unix.Errno), for the caller to
// name the file in its own words.
func OpenDirAt(dir *os.File, name string) (*os.File, error) {
	fd, err := openat(dir, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), pathOf(dir, name)), nil
}

// OpenRegularAt opens the regular file name of the open folder dir for
// reading, without following a link and without blocking on a fifo; with
// dir nil, name is a path. It returns the file and what fstat says of it;
// anything but a regular file is closed again and refused with
// ErrNotRegular. Its other errors are the kernel's, as OpenDirAt's.
func OpenRegularAt(dir *os.File, name string) (*os.File, unix.Stat_t, error) {
	var st unix.Stat_t
	fd, err := openat(dir, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC)
	if err != nil {
		return nil, st, err
	}
	if err := unix.Fstat(fd, &st); err != nil {
		unix.Close(fd)
		return nil, st, err
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		unix.Close(fd)
		return nil, st, ErrNotRegular
	}
	return os.NewFile(uintptr(fd), pathOf(dir, name)), st, nil
}

// SameFile says whether the open file f is the file st describes (same
// device and inode): what was listed is what was opened.
func SameFile(f *os.File, st *unix.Stat_t) bool {
	var now unix.Stat_t
	return unix.Fstat(int(f.Fd()), &now) == nil && now.Dev == st.Dev && now.Ino == st.Ino
}

func openat(dir *os.File, name string, flags int) (int, error) {
	at := unix.AT_FDCWD
	if dir != nil {
		at = int(dir.Fd())
	}
	for {
		fd, err := unix.Openat(at, name, flags, 0)
		if err != unix.EINTR {
			return fd, err
		}
	}
}

func pathOf(dir *os.File, name string) string {
	if dir == nil {
		return name
	}
	return filepath.Join(dir.Name(), name)
}
