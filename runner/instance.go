package runner

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// An instance is one Sandbox's claim on the host: a name, a lock file held
// for the sandbox's whole life, and a block of box uids. Whether another
// sandbox's folders and cgroups are abandoned is decided by its lock
// alone, which holds across PID namespaces (containers, CI runners), where
// process ids do not.
type instance struct {
	name     string
	lockDir  string
	lock     *os.File // held (flock) until release
	uidLock  *os.File // the uid block's lock, or nil
	uidFirst int      // first uid of the block, when uidLock is held
}

// uidBlock is how many uids one sandbox's boxes use.
const uidBlock = 1024

// maxUIDBlocks bounds the blocks tried before giving up.
const maxUIDBlocks = 4096

// claimInstance makes a fresh instance name and takes its lock in lockDir.
func claimInstance(lockDir string) (*instance, error) {
	if err := os.MkdirAll(lockDir, 0o755); err != nil {
		return nil, fmt.Errorf("create lock directory: %w", err)
	}
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	in := &instance{name: hex.EncodeToString(b[:]), lockDir: lockDir}
	// The lock file appears under its name already locked, so that no
	// other judge can find it unlocked and take the instance for dead.
	final := filepath.Join(lockDir, in.name+".lock")
	f, err := lockFile(final+".new", false)
	if err != nil {
		return nil, fmt.Errorf("lock instance: %w", err)
	}
	if err := os.Rename(f.Name(), final); err != nil {
		os.Remove(f.Name())
		f.Close()
		return nil, fmt.Errorf("lock instance: %w", err)
	}
	in.lock = f
	return in, nil
}

// claimUIDs takes the first free block of uids at or above base.
func (in *instance) claimUIDs(base int) error {
	for k := 0; k < maxUIDBlocks; k++ {
		f, err := lockFile(filepath.Join(in.lockDir, "uids-"+strconv.Itoa(base+k*uidBlock)+".lock"), true)
		if errors.Is(err, syscall.EWOULDBLOCK) {
			continue
		}
		if err != nil {
			return fmt.Errorf("lock box uids: %w", err)
		}
		in.uidLock, in.uidFirst = f, base+k*uidBlock
		return nil
	}
	return fmt.Errorf("no free block of %d box uids at or above %d", uidBlock, base)
}

// uid returns the uid of box n.
func (in *instance) uid(n int) int { return in.uidFirst + n%uidBlock }

// release gives up the instance: its lock file goes, then the lock.
func (in *instance) release() {
	if in.uidLock != nil {
		in.uidLock.Close()
	}
	if in.lock != nil {
		os.Remove(filepath.Join(in.lockDir, in.name+".lock"))
		in.lock.Close()
	}
}

// lockFile opens (creating) path and takes an exclusive flock on it,
// without waiting when tryOnly is set.
func lockFile(path string, tryOnly bool) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR|syscall.O_CLOEXEC, 0o644)
	if err != nil {
		return nil, err
	}
	how := syscall.LOCK_EX
	if tryOnly {
		how |= syscall.LOCK_NB
	}
	if err := syscall.Flock(int(f.Fd()), how); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// alive reports whether the instance name still has its lock held. An
// instance without a lock file is dead: a sandbox takes its lock before it
// makes anything else. A name that is not an instance name is taken for
// alive: what this judge did not make, it leaves alone.
func alive(lockDir, name string) bool {
	if !isInstanceName(name) {
		return true
	}
	f, err := os.OpenFile(filepath.Join(lockDir, name+".lock"), os.O_RDWR|syscall.O_CLOEXEC, 0)
	if err != nil {
		return !errors.Is(err, os.ErrNotExist)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		return true
	}
	// Nobody holds it: the instance is gone. Its lock file goes with it.
	os.Remove(f.Name())
	return false
}

// removeStaleBoxes unmounts and removes the box folders, under work, of
// instances that are no longer alive. Only names that look like instance
// names are touched, so a work folder shared with other files is safe.
func removeStaleBoxes(work, lockDir, self string) {
	entries, err := os.ReadDir(work)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || name == self || alive(lockDir, name) {
			continue
		}
		removeTree(filepath.Join(work, name))
	}
}

func isInstanceName(s string) bool {
	if len(s) != 12 || strings.ToLower(s) != s {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}
