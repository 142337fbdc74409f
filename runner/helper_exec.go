package runner

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/puzzlejudge/judge/runner/cgroup"
	"github.com/puzzlejudge/judge/runner/seccomp"
	"golang.org/x/sys/unix"
)

// runOne starts one program, waits for it, kills what it left, clears
// what it left in the box's IPC namespace, and makes the reply. It runs on
// the launcher's thread.
func (h *helper) runOne(req runRequest, files []int) helperReply {
	if len(files) < 3 {
		return helperReply{Kind: "error", Err: "run request without stdin, stdout and stderr"}
	}
	path, err := lookPath(req.Path, req.Env)
	if err != nil {
		return helperReply{Kind: "error", NotFound: true, Err: err.Error()}
	}
	var base int64
	if !h.cfg.Full {
		base = highWaterRSS() // rusage counts from here (basic mode)
	}
	start := time.Now()
	pid, residual, err := h.fork(path, req, files)
	// A judge thread that forks while the program file is still open for
	// writing in another goroutine holds it open until its exec: ETXTBSY
	// passes within moments (golang/go#22315).
	for try := 0; err == syscall.ETXTBSY && try < 100; try++ {
		time.Sleep(time.Millisecond)
		start = time.Now()
		pid, residual, err = h.fork(path, req, files)
	}
	if err != nil {
		return helperReply{Kind: "error", Err: err.Error()}
	}
	// Close our copies of the program's standard streams at once, so that
	// the judge sees end of output when the program's tree is gone.
	for i := range files[:3] {
		unix.Close(files[i])
		files[i] = -1
	}
	h.mu.Lock()
	h.pid = pid
	killed := h.killed == req.ID
	h.mu.Unlock()
	if killed {
		h.signalAll()
	}
	var wallTimer *time.Timer
	if h.cfg.Full {
		// The wall clock is kept here, from the fork: a clock the judge
		// started at its request would take the fork's time (tens of
		// milliseconds on a slow machine) from the program's wall limit,
		// and a message to start the judge's would cost every run a
		// round trip.
		if req.Wall > 0 {
			wallTimer = time.AfterFunc(time.Duration(req.Wall)-time.Since(start), func() { h.stopAtWall(req.ID) })
		}
	} else {
		// The judge polls the program's memory and CPU through its pid.
		_ = sendMsg(h.sock, helperReply{Kind: "started", Pid: pid}, nil)
	}
	// A traced program (basic mode) waits at its exec stop until now, and
	// its own peak memory is read at its exit stop.
	var ws syscall.WaitStatus
	var ru syscall.Rusage
	var peak int64
	var werr error
	if h.traced() {
		ws, ru, peak, werr = waitTraced(pid, !h.cfg.Full)
	} else {
		ws, ru, werr = waitPlain(pid)
	}
	wall := time.Since(start)
	if wallTimer != nil {
		wallTimer.Stop()
	}
	h.killAll()
	if h.cfg.Full {
		if err := h.clearIPC(); err != nil {
			return helperReply{Kind: "error", Err: fmt.Sprintf("clear IPC: %v", err)}
		}
	}
	h.mu.Lock()
	wallStop := h.wallStopped == req.ID
	h.mu.Unlock()
	reply := helperReply{
		Kind:     "done",
		WallStop: wallStop,
		Wall:     int64(wall),
		CPU:      syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime),
		MaxRSS:   ru.Maxrss << 10,
		BaseRSS:  base,
		PeakRSS:  peak,
		Residual: residual,
	}
	switch {
	case werr != nil:
		reply.Err = fmt.Sprintf("wait: %v", werr)
	case ws.Exited():
		reply.Exited, reply.ExitCode = true, ws.ExitStatus()
	case ws.Signaled():
		reply.Signal = int(ws.Signal())
	}
	return reply
}

// launcher reads the run requests and runs every program of the box from
// one thread of its own,
// dressed once for programs (no_new_privs, no capabilities in the bounding
// set, the seccomp filter) and never given back to the Go scheduler: the
// goroutine ends still locked to it, which ends the thread too. Each
// program is forked from it, so it has all of that from its first
// instruction, and waited for from it (a traced program must be).
func (h *helper) launcher(ready chan<- error) {
	runtime.LockOSThread()
	if err := unix.SchedGetaffinity(0, &h.cpus); err != nil {
		ready <- fmt.Errorf("read CPU affinity: %w", err)
		return
	}
	if err := h.dress(); err != nil {
		ready <- err
		return
	}
	ready <- nil
	runs := newReceiver(h.sock)
	for {
		var req runRequest
		files, err := runs.recv(&req)
		if err != nil {
			// The judge is gone: the box goes with it.
			h.signalAll()
			os.Exit(0)
		}
		if req.Op != "run" {
			closeFDs(files)
			continue
		}
		h.run(req, files)
	}
}

// dress prepares the launcher's thread for programs: what every program
// inherits and no run changes.
func (h *helper) dress() error {
	// An empty session keyring in place of the judge's (programs cannot
	// reach any keyring through the filter either). A normal user's key
	// quota is small, so there a failure is not fatal.
	if _, _, e := unix.Syscall(unix.SYS_KEYCTL, unix.KEYCTL_JOIN_SESSION_KEYRING, 0, 0); e != 0 && h.cfg.DropUID {
		return fmt.Errorf("new session keyring: %w", e)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	if h.cfg.DropUID {
		if err := dropBoundingSet(); err != nil {
			return err
		}
	}
	// Last: from here on this thread, and every program, run under the
	// box's system-call filter.
	if err := seccomp.Install(); err != nil {
		return fmt.Errorf("seccomp: %w", err)
	}
	return nil
}

// fork forks and execs one program from the launcher's thread, with the
// run's rlimits, in the run's cgroup. residual is what the group had
// charged when its peak was reset, before the fork (zero without Reset
// files).
func (h *helper) fork(path string, req runRequest, files []int) (pid int, residual int64, err error) {
	h.bind(req.CPU)
	limits, err := h.programLimits(req)
	if err != nil {
		return 0, 0, err
	}
	if !h.cfg.Full {
		pid, err = h.forkBasic(path, req, files[:3], limits)
		return pid, 0, err
	}
	cg := files[3:]
	enter, limit, reset := cg[:req.Enter], cg[req.Enter:len(cg)-req.Reset], cg[len(cg)-req.Reset:]
	if len(reset) == 2 {
		if residual, err = renewCharge(limit, reset[0], reset[1]); err != nil {
			return 0, 0, fmt.Errorf("reset cgroup: %w", err)
		}
	}
	// The child joins the run's groups itself (spawn): the launcher never
	// does, so the group holds the program alone from its first
	// instruction and takes its memory limit before the fork.
	if err := setMemoryLimit(limit, req.Memory+residual); err != nil {
		return 0, 0, fmt.Errorf("set memory limit: %w", err)
	}
	pid, err = h.spawn(path, req, files[:3], enter, limits)
	return pid, residual, err
}

// forkBasic starts a basic-mode program with syscall.ForkExec: traced, so
// that it stops at its exit, where its own peak is read (see runOne).
func (h *helper) forkBasic(path string, req runRequest, std []int, limits []childLimit) (int, error) {
	restore, err := h.setLimits(limits)
	if err != nil {
		return 0, err
	}
	defer restore()
	sys := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Ptrace: true}
	if h.cfg.DropUID {
		sys.Credential = &syscall.Credential{Uid: uint32(h.cfg.UID), Gid: uint32(h.cfg.GID), Groups: []uint32{}}
	}
	attr := &syscall.ProcAttr{
		Dir:   req.Dir,
		Env:   req.Env,
		Files: []uintptr{uintptr(std[0]), uintptr(std[1]), uintptr(std[2])},
		Sys:   sys,
	}
	return syscall.ForkExec(path, req.Args, attr)
}

// renewCharge readies a v1 group's memory figures for the next program,
// from the thread that forks it, bound to the program's CPU, and returns
// what the group has charged then (its residual: kernel objects its last
// runs left), which the program's peak and limit are counted above.
//
// The kernel charges a group's memory in batches of pages per CPU, and
// keeps what a batch has left, and what its tasks free, in a per-CPU cache
// still charged to the group. A new group has none; a renewed one has
// what its last run left on this CPU, which the next program would use
// without its peak rising: a trivial program's peak would read 0 where a
// new group's reads one batch. A memory limit set below the usage makes
// the kernel first empty the group's caches (this CPU's at once), and
// only then reclaim: so the limit is set one page below the usage, then
// lifted (the run's own is written next, by fork), and the peak reset
// to what is left. v1 groups are made with Reset files, so every v1 run
// passes here, a new group's (nothing charged, nothing to empty) too.
func renewCharge(limit []int, usage, peak int) (int64, error) {
	u, err := cgroup.ReadNumber(usage)
	if err != nil {
		return 0, err
	}
	if page := int64(unix.Getpagesize()); u >= page {
		_ = writeAll(limit[:1], strconv.FormatInt(u-page, 10))
	}
	// Lifted, memsw (where there is one) first, which may never be below
	// the memory limit: so the run's own limit, written next, comes down
	// in setMemoryLimit's order whatever the last run's was.
	up := slices.Clone(limit)
	slices.Reverse(up)
	if err := writeAll(up, "-1"); err != nil {
		return 0, err
	}
	if err := writeAll([]int{peak}, "0"); err != nil {
		return 0, err
	}
	return cgroup.ReadNumber(peak)
}

// bind binds the launcher's thread, and so the programs it forks from now
// on, to cpu (see runRequest.CPU). Where the kernel refuses (a CPU taken
// offline), the program may use every CPU: the binding is a placement,
// not a limit.
func (h *helper) bind(cpu int) {
	if cpu == h.bound {
		return
	}
	set := h.cpus
	if cpu > 0 {
		set.Zero()
		set.Set(cpu - 1)
	}
	if unix.SchedSetaffinity(0, &set) != nil {
		cpu, set = 0, h.cpus
		_ = unix.SchedSetaffinity(0, &set)
	}
	h.bound = cpu
}

// setMemoryLimit writes the memory limit into each of a run group's limit
// files, in order: the group has none yet (new, or lifted by renewCharge),
// so v1's memory limit comes down first, then memsw, which may never be
// below it.
func setMemoryLimit(fds []int, limit int64) error {
	return writeAll(fds, strconv.FormatInt(limit, 10))
}

// writeAll writes s into each descriptor, in order.
func writeAll(fds []int, s string) error {
	b := []byte(s)
	for _, fd := range fds {
		for {
			_, err := unix.Write(fd, b)
			if err == unix.EINTR {
				continue
			}
			if err != nil {
				return err
			}
			break
		}
	}
	return nil
}

// dropBoundingSet empties the calling thread's capability bounding set.
func dropBoundingSet() error {
	for c := 0; c <= 63; c++ {
		err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0)
		if err == unix.EINVAL {
			return nil
		}
		if err != nil {
			return fmt.Errorf("drop capability %d: %w", c, err)
		}
	}
	return nil
}

// traced says whether programs are started traced: in basic mode, to
// read their peak at exit.
func (h *helper) traced() bool { return !h.cfg.Full }

// waitPlain waits for a program that is not traced. A program that makes
// this thread its tracer (PTRACE_TRACEME) is continued through its stops.
func waitPlain(pid int) (ws syscall.WaitStatus, ru syscall.Rusage, err error) {
	for {
		_, err = syscall.Wait4(pid, &ws, syscall.WALL, &ru)
		if err == syscall.EINTR {
			continue
		}
		if err != nil || !ws.Stopped() {
			return ws, ru, err
		}
		sig := ws.StopSignal()
		if sig == syscall.SIGTRAP {
			sig = 0
		}
		_ = syscall.PtraceCont(pid, int(sig))
	}
}

// waitTraced follows a program started with Ptrace: it lets it run past its
// exec stop, passes on its signals, and with exitStop reads its high-water
// mark of resident memory at its exit stop. It must run on the thread that
// started the program.
func waitTraced(pid int, exitStop bool) (ws syscall.WaitStatus, ru syscall.Rusage, peak int64, err error) {
	for {
		_, err = syscall.Wait4(pid, &ws, syscall.WALL, &ru)
		if err == syscall.EINTR {
			continue
		}
		if err != nil || !ws.Stopped() {
			return ws, ru, peak, err
		}
		sig := ws.StopSignal()
		switch {
		case sig == syscall.SIGTRAP && ws.TrapCause() == syscall.PTRACE_EVENT_EXIT:
			peak = statusField(fmt.Sprintf("/proc/%d/status", pid), "VmHWM:")
			sig = 0
		case sig == syscall.SIGTRAP && ws.TrapCause() <= 0:
			// The stop after exec: from now on die with the helper, and
			// in basic mode stop at exit too.
			opts := unix.PTRACE_O_EXITKILL
			if exitStop {
				opts |= unix.PTRACE_O_TRACEEXIT
			}
			_ = syscall.PtraceSetOptions(pid, opts)
			sig = 0
		}
		_ = syscall.PtraceCont(pid, int(sig))
	}
}

// programLimits returns the rlimits of the next program.
func (h *helper) programLimits(req runRequest) ([]childLimit, error) {
	cfg := h.cfg
	want := []childLimit{
		{unix.RLIMIT_STACK, syscall.Rlimit{Cur: uint64(req.Stack)}},
		{unix.RLIMIT_FSIZE, syscall.Rlimit{Cur: uint64(req.FileSize)}},
		{unix.RLIMIT_NOFILE, syscall.Rlimit{Cur: uint64(req.Files)}},
	}
	if !cfg.Full && req.Procs > 0 {
		// Without a pids cgroup, RLIMIT_NPROC bounds a fork bomb. It counts
		// every task of the program's user, so it is set above what that
		// user runs now (none, for a box uid). It does not bind root, which
		// is why root's programs run as a box uid.
		uid := os.Getuid()
		if cfg.DropUID {
			uid = cfg.UID
		}
		want = append(want, childLimit{unix.RLIMIT_NPROC, syscall.Rlimit{Cur: uint64(userTasks(uid) + req.Procs)}})
	}
	// The hard limit is lowered too only where the helper can raise it
	// again for the next run (CAP_SYS_RESOURCE, which containers often
	// withhold); otherwise the program could raise its soft limits up to
	// the box's hard ones, which the cgroup, the tmpfs size and the
	// output pipe bound anyway (see the package documentation).
	for i, w := range want {
		old, err := h.ownLimit(int(w.res))
		if err != nil {
			return nil, err
		}
		v := w.lim.Cur
		if old.Max != unix.RLIM_INFINITY && v > old.Max {
			v = old.Max
		}
		want[i].lim = syscall.Rlimit{Cur: v, Max: old.Max}
		if h.hardLimits {
			want[i].lim.Max = v
		}
	}
	return want, nil
}

// setLimits sets the process's rlimits to want, for the next program,
// and returns a function that puts the helper's own back.
func (h *helper) setLimits(want []childLimit) (func(), error) {
	var saved []childLimit
	restore := func() {
		for _, s := range saved {
			_ = syscall.Setrlimit(int(s.res), &s.lim)
		}
	}
	for _, w := range want {
		old, err := h.ownLimit(int(w.res))
		if err != nil {
			restore()
			return nil, err
		}
		saved = append(saved, childLimit{w.res, old})
		if err := syscall.Setrlimit(int(w.res), &w.lim); err != nil {
			restore()
			return nil, fmt.Errorf("setrlimit %d: %w", w.res, err)
		}
	}
	return restore, nil
}

// ownLimit returns the helper's own limit of res, read the first time:
// every run puts it back after its fork, so it never changes.
func (h *helper) ownLimit(res int) (syscall.Rlimit, error) {
	if l, ok := h.ownLimits[res]; ok {
		return l, nil
	}
	var l syscall.Rlimit
	if err := syscall.Getrlimit(res, &l); err != nil {
		return l, err
	}
	if h.ownLimits == nil {
		h.ownLimits = map[int]syscall.Rlimit{}
	}
	h.ownLimits[res] = l
	return l, nil
}

// canRaiseHardLimits reports whether this process holds CAP_SYS_RESOURCE.
func canRaiseHardLimits() bool {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return false
	}
	return data[unix.CAP_SYS_RESOURCE/32].Effective&(1<<(unix.CAP_SYS_RESOURCE%32)) != 0
}

// lookPath finds file in the PATH given in env, inside the box.
func lookPath(file string, env []string) (string, error) {
	if strings.Contains(file, "/") {
		return file, nil
	}
	path := ""
	for _, e := range env {
		if strings.HasPrefix(e, "PATH=") {
			path = e[5:]
		}
	}
	for _, dir := range filepath.SplitList(path) {
		p := filepath.Join(dir, file)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: not found in PATH", file)
}
