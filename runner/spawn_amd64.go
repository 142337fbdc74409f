//go:build linux && amd64

package runner

import (
	"fmt"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The runtime's own fork hooks, which syscall.ForkExec calls too: before
// the fork they block signals on this thread and make any stack growth
// fail loudly; after it, in the parent, they undo that.
//
//go:linkname runtimeBeforeFork syscall.runtime_BeforeFork
func runtimeBeforeFork()

//go:linkname runtimeAfterFork syscall.runtime_AfterFork
func runtimeAfterFork()

// rawVfork is clone(CLONE_VM|CLONE_VFORK|SIGCHLD) (spawn_amd64.s): pid is
// 0 in the child.
func rawVfork() (pid uintptr, errno uintptr)

// spawnPlan is everything the child does between its fork and its exec,
// made before the fork: the child shares the launcher's memory and may
// neither allocate nor grow its stack.
type spawnPlan struct {
	path       *byte
	argv, envv []*byte
	dir        *byte
	std        [3]uintptr // the program's stdin, stdout, stderr (each above 2)
	join       []int      // files that move the writer into the run's groups (v1 tasks)
	zero       [1]byte    // "0", what join files are given
	limits     []childLimit
	dropUID    bool
	uid, gid   uintptr
	ppid       uintptr // the helper's pid: the child ends if it is no longer its parent
	mask       uint64  // the program's signal mask: none blocked

	// Written by a child that fails before its exec, read by the parent
	// once the child is gone: the step and the error.
	failed uintptr
	errno  syscall.Errno
}

// childLimit is one rlimit the child sets on itself.
type childLimit struct {
	res uintptr
	lim syscall.Rlimit
}

// The child's steps, named in errors.
var spawnSteps = [...]string{
	1:  "join the run's cgroup",
	2:  "new process group",
	3:  "new cgroup namespace",
	4:  "drop supplementary groups",
	5:  "set gid",
	6:  "set uid",
	7:  "enter the working directory",
	8:  "parent death signal",
	9:  "parent gone",
	10: "set rlimit",
	11: "place standard streams",
	12: "signal mask",
	13: "exec",
}

// spawn forks and execs one full-mode program from the launcher's thread
// and returns its pid, with no Go code in the child: it joins the run's
// groups itself (join: v1 tasks files, or v2 cgroup.procs), takes the
// run's rlimits, drops to the box's user, and execs. syscall.ForkExec
// (basic mode's) makes the child reset every signal handler the Go
// runtime installed (56 calls under the filter) and report through a
// pipe, and a launcher that joined the run's groups for the fork (on v2
// the whole helper) would have to leave them again before the limit
// could be written, on the program's CPU; here the child
// leaves the handlers (exec resets them) with every signal blocked until
// just before its exec, and reports through the memory it shares with
// the launcher until then. The launcher never joins the run's groups,
// so their memory limit is in place before the program exists.
func (h *helper) spawn(path string, req runRequest, std []int, join []int, limits []childLimit) (int, error) {
	p := &spawnPlan{join: join, limits: limits, zero: [1]byte{'0'}, ppid: uintptr(syscall.Getpid())}
	var err error
	if p.path, err = syscall.BytePtrFromString(path); err != nil {
		return 0, err
	}
	if p.argv, err = syscall.SlicePtrFromStrings(req.Args); err != nil {
		return 0, err
	}
	if p.envv, err = syscall.SlicePtrFromStrings(req.Env); err != nil {
		return 0, err
	}
	if req.Dir != "" {
		if p.dir, err = syscall.BytePtrFromString(req.Dir); err != nil {
			return 0, err
		}
	}
	for i := range p.std {
		fd := std[i]
		if fd < 3 {
			// The child places each stream with one dup3: none may sit
			// where another one goes (never so as the helper receives
			// them: its own 0-2 are open).
			if fd, err = unix.FcntlInt(uintptr(fd), unix.F_DUPFD_CLOEXEC, 3); err != nil {
				return 0, fmt.Errorf("standard stream: %w", err)
			}
			defer unix.Close(fd)
		}
		p.std[i] = uintptr(fd)
	}
	if h.cfg.DropUID {
		p.dropUID, p.uid, p.gid = true, uintptr(h.cfg.UID), uintptr(h.cfg.GID)
	}
	// No descriptor may be made without close-on-exec while the child
	// lives (os and syscall take this lock where they cannot do both at
	// once).
	syscall.ForkLock.Lock()
	pid, errno := vforkExec(p)
	syscall.ForkLock.Unlock()
	if errno != 0 {
		return 0, fmt.Errorf("fork: %w", errno)
	}
	if p.failed == 0 {
		return int(pid), nil
	}
	// The child ended before its exec: reap it.
	var ws syscall.WaitStatus
	for {
		if _, err := syscall.Wait4(int(pid), &ws, syscall.WALL, nil); err != syscall.EINTR {
			break
		}
	}
	if spawnSteps[p.failed] == "exec" {
		return 0, p.errno // as syscall.ForkExec reports it (ETXTBSY is retried)
	}
	return 0, fmt.Errorf("start program: %s: %w", spawnSteps[p.failed], p.errno)
}

// vforkExec forks; the child runs p.child and never returns here.
//
//go:noinline
//go:norace
//go:nocheckptr
func vforkExec(p *spawnPlan) (uintptr, syscall.Errno) {
	runtimeBeforeFork()
	pid, errno := rawVfork()
	if errno != 0 || pid != 0 {
		runtimeAfterFork()
		return pid, syscall.Errno(errno)
	}
	p.child()
	return 0, 0
}

// child is the forked child until its exec: raw system calls only.
//
//go:nosplit
//go:norace
//go:nocheckptr
func (p *spawnPlan) child() {
	var (
		e    syscall.Errno
		step uintptr
		i    int
		r    uintptr
	)
	step = 1
	for i = 0; i < len(p.join); i++ {
		if _, _, e = syscall.RawSyscall(syscall.SYS_WRITE, uintptr(p.join[i]), uintptr(unsafe.Pointer(&p.zero[0])), 1); e != 0 {
			goto fail
		}
	}
	step = 2
	if _, _, e = syscall.RawSyscall(syscall.SYS_SETPGID, 0, 0, 0); e != 0 {
		goto fail
	}
	// A cgroup namespace rooted at the run's group, which it has joined:
	// the host's layout stays hidden.
	step = 3
	if _, _, e = syscall.RawSyscall(syscall.SYS_UNSHARE, syscall.CLONE_NEWCGROUP, 0, 0); e != 0 {
		goto fail
	}
	step = 10
	for i = 0; i < len(p.limits); i++ {
		if _, _, e = syscall.RawSyscall6(syscall.SYS_PRLIMIT64, 0, p.limits[i].res, uintptr(unsafe.Pointer(&p.limits[i].lim)), 0, 0, 0); e != 0 {
			goto fail
		}
	}
	if p.dropUID {
		step = 4
		if _, _, e = syscall.RawSyscall(syscall.SYS_SETGROUPS, 0, 0, 0); e != 0 {
			goto fail
		}
		step = 5
		if _, _, e = syscall.RawSyscall(syscall.SYS_SETGID, p.gid, 0, 0); e != 0 {
			goto fail
		}
		step = 6
		if _, _, e = syscall.RawSyscall(syscall.SYS_SETUID, p.uid, 0, 0); e != 0 {
			goto fail
		}
	}
	if p.dir != nil {
		step = 7
		if _, _, e = syscall.RawSyscall(syscall.SYS_CHDIR, uintptr(unsafe.Pointer(p.dir)), 0, 0); e != 0 {
			goto fail
		}
	}
	step = 8
	if _, _, e = syscall.RawSyscall6(syscall.SYS_PRCTL, syscall.PR_SET_PDEATHSIG, uintptr(syscall.SIGKILL), 0, 0, 0, 0); e != 0 {
		goto fail
	}
	step = 9
	if r, _, _ = syscall.RawSyscall(syscall.SYS_GETPPID, 0, 0, 0); r != p.ppid {
		e = syscall.ESRCH
		goto fail
	}
	step = 11
	for i = 0; i < len(p.std); i++ {
		if _, _, e = syscall.RawSyscall(syscall.SYS_DUP3, p.std[i], uintptr(i), 0); e != 0 {
			goto fail
		}
	}
	step = 12
	if _, _, e = syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 2 /* SIG_SETMASK */, uintptr(unsafe.Pointer(&p.mask)), 0, 8, 0, 0); e != 0 {
		goto fail
	}
	step = 13
	_, _, e = syscall.RawSyscall(syscall.SYS_EXECVE, uintptr(unsafe.Pointer(p.path)), uintptr(unsafe.Pointer(&p.argv[0])), uintptr(unsafe.Pointer(&p.envv[0])))
fail:
	p.failed, p.errno = step, e
	for {
		syscall.RawSyscall(syscall.SYS_EXIT, 253, 0, 0)
	}
}
