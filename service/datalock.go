package service

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// LockFile is the file in the data folder that the server holding the
// folder keeps locked, with its pid in it.
const LockFile = "serve.lock"

// InUseError is the error of LockData on a data folder another process
// holds.
type InUseError struct {
	Dir string
	PID int // the holder's, as it wrote it; 0 if not yet written
}

func (e *InUseError) Error() string {
	holder := "another judge serve"
	if e.PID > 0 {
		holder += " (pid " + strconv.Itoa(e.PID) + ")"
	}
	return fmt.Sprintf("data folder %s is in use by %s: stop it, or give another --data", e.Dir, holder)
}

// LockData makes dir if needed and takes an exclusive lock on its
// LockFile, without waiting, writing the process's pid in it: one server
// per data folder, as its store, queue files and tokens are its alone.
// The lock is the kernel's (flock), so it ends with the process however
// it ends, and a server killed with SIGKILL never keeps the next from
// starting; the pid is there to be named. The error is an *InUseError
// when another process holds the folder. unlock lets go of it (the
// process's end does too).
func LockData(dir string) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("data folder: %w", err)
	}
	path := filepath.Join(dir, LockFile)
	// Go opens files close-on-exec: no program the server starts keeps
	// the lock after it.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock data folder: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		defer f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			data, _ := os.ReadFile(path)
			pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
			return nil, &InUseError{Dir: dir, PID: pid}
		}
		return nil, fmt.Errorf("lock data folder %s: %w", dir, err)
	}
	if err := f.Truncate(0); err == nil {
		_, err = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock data folder: write %s: %w", path, err)
	}
	return func() { f.Close() }, nil
}
