package runner

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A box's programs share the box's IPC namespace, one after another; after
// each run the helper removes every object the run left there: SysV
// shared memory, message queues and semaphore sets, and POSIX message
// queues. (A new namespace per run costs more than a run's spawn.)

// openMqueue mounts the box's POSIX message-queue file system where no
// program can see it: a detached mount, reached only through the
// descriptor.
func openMqueue() (*os.File, error) {
	fs, err := unix.Fsopen("mqueue", unix.FSOPEN_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("fsopen mqueue: %w", err)
	}
	defer unix.Close(fs)
	if err := unix.FsconfigCreate(fs); err != nil {
		return nil, fmt.Errorf("create mqueue: %w", err)
	}
	mnt, err := unix.Fsmount(fs, unix.FSMOUNT_CLOEXEC, unix.MOUNT_ATTR_NOEXEC|unix.MOUNT_ATTR_NOSUID|unix.MOUNT_ATTR_NODEV)
	if err != nil {
		return nil, fmt.Errorf("fsmount mqueue: %w", err)
	}
	defer unix.Close(mnt)
	// The mount's descriptor is a path; a directory opened on it can be
	// listed, and keeps the mount alive.
	dir, err := unix.Openat(mnt, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("open mqueue: %w", err)
	}
	return os.NewFile(uintptr(dir), "mqueue"), nil
}

// sysvTables name each SysV table: its /proc/sysvipc file, the control
// call that removes an object (IPC_RMID is 0 for all three), and the
// *_INFO command whose answer counts the objects in use.
var sysvTables = []struct {
	file string
	ctl  uintptr
	info uintptr
}{
	{"/proc/sysvipc/shm", unix.SYS_SHMCTL, 14}, // SHM_INFO
	{"/proc/sysvipc/msg", unix.SYS_MSGCTL, 12}, // MSG_INFO
	{"/proc/sysvipc/sem", unix.SYS_SEMCTL, 19}, // SEM_INFO
}

// sysvInUse reports whether a SysV table holds any object, with one call:
// the *_INFO commands answer the highest index in use, or 0 with none, and
// fill a structure whose first counts say how many (shm_info.used_ids,
// msginfo.msgpool, seminfo.semusz).
func sysvInUse(ctl, info uintptr) bool {
	var buf [128]byte
	var r uintptr
	var e unix.Errno
	if ctl == unix.SYS_SEMCTL {
		r, _, e = unix.Syscall6(ctl, 0, 0, info, uintptr(unsafe.Pointer(&buf[0])), 0, 0)
	} else {
		r, _, e = unix.Syscall(ctl, 0, info, uintptr(unsafe.Pointer(&buf[0])))
	}
	if e != 0 {
		return true // cannot tell: look
	}
	var used uint32
	switch ctl {
	case unix.SYS_SHMCTL: // struct shm_info { int used_ids; ... }
		used = *(*uint32)(unsafe.Pointer(&buf[0]))
	case unix.SYS_MSGCTL: // struct msginfo { int msgpool, msgmap, msgmax, msgmnb, msgmni, msgssz, msgtql; ... }: msgpool
		used = *(*uint32)(unsafe.Pointer(&buf[0]))
	case unix.SYS_SEMCTL: // struct seminfo { int semmap, semmni, semmns, semmnu, semmsl, semopm, semume, semusz; ... }
		used = *(*uint32)(unsafe.Pointer(&buf[7*4]))
	}
	return r > 0 || used > 0
}

// clearIPC removes every IPC object in the box's namespace.
func (h *helper) clearIPC() error {
	for _, t := range sysvTables {
		if !sysvInUse(t.ctl, t.info) {
			continue
		}
		ids, err := sysvIDs(t.file)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if _, _, e := unix.Syscall(t.ctl, uintptr(id), unix.IPC_RMID, 0); e != 0 && e != unix.EINVAL && e != unix.EIDRM {
				return fmt.Errorf("remove %s %d: %w", t.file, id, e)
			}
		}
	}
	if h.mqueue == nil {
		return nil
	}
	if _, err := h.mqueue.Seek(0, io.SeekStart); err != nil {
		return err
	}
	names, err := h.mqueue.Readdirnames(-1)
	if err != nil {
		return fmt.Errorf("list message queues: %w", err)
	}
	for _, n := range names {
		if err := unix.Unlinkat(int(h.mqueue.Fd()), n, 0); err != nil && err != unix.ENOENT {
			return fmt.Errorf("remove message queue %s: %w", n, err)
		}
	}
	return nil
}

// sysvIDs reads the ids (second column) of a /proc/sysvipc table.
func sysvIDs(path string) ([]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ids []int
	sc := bufio.NewScanner(f)
	sc.Scan() // the header
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 {
			continue
		}
		if id, err := strconv.Atoi(fs[1]); err == nil {
			ids = append(ids, id)
		}
	}
	return ids, sc.Err()
}
