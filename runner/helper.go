package runner

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Init turns this process into a box helper when it was started as one, and
// otherwise returns at once. Call it first thing in main (and in TestMain of
// tests that run programs): the runner starts boxes by running its own
// executable again.
func Init() {
	if os.Getenv(helperEnv) == "" {
		return
	}
	os.Exit(helperMain())
}

// helper is the state of a box helper process.
type helper struct {
	sock     int
	cfg      helperConfig
	ownTasks []*os.File

	mu      sync.Mutex
	running bool
	pid     int
	// killed is set by a kill request; a run that has not forked yet when
	// it arrives is killed as soon as it has.
	killed bool
}

func helperMain() int {
	runtime.GOMAXPROCS(2)
	// Nothing the helper inherited may reach a program: above all not the
	// channel to the judge, which a program could use to forge results.
	closeOnExec()
	h := &helper{sock: 3}
	if _, err := recvMsg(h.sock, &h.cfg); err != nil {
		fmt.Fprintf(os.Stderr, "box helper: read config: %v\n", err)
		return 3
	}
	if err := h.setup(); err != nil {
		_ = sendMsg(h.sock, helperReply{Kind: "error", Err: err.Error()}, nil)
		return 3
	}
	if err := sendMsg(h.sock, helperReply{Kind: "ready"}, nil); err != nil {
		return 3
	}
	for {
		var req runRequest
		files, err := recvMsg(h.sock, &req)
		if err != nil {
			// The judge is gone: the box goes with it.
			h.signalAll()
			return 0
		}
		switch req.Op {
		case "run":
			h.mu.Lock()
			busy := h.running
			h.mu.Unlock()
			if busy {
				closeAll(files)
				_ = sendMsg(h.sock, helperReply{Kind: "error", Err: "box is busy"}, nil)
				continue
			}
			h.mu.Lock()
			h.running, h.killed = true, false
			h.mu.Unlock()
			go h.run(req, files)
		case "kill":
			h.mu.Lock()
			h.killed = true
			h.mu.Unlock()
			// Only signals here: the run's own goroutine reaps, so that
			// its wait for the program is not robbed of the exit status.
			h.signalAll()
		default:
			closeAll(files)
		}
	}
}

func (h *helper) setup() error {
	// No program of this box may write a core dump: the limit is hard and
	// never raised again.
	if err := syscall.Setrlimit(unix.RLIMIT_CORE, &syscall.Rlimit{}); err != nil {
		return fmt.Errorf("limit core dumps: %w", err)
	}
	// The judge's own cgroups are opened before the root changes.
	for _, p := range h.cfg.OwnTasks {
		f, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err != nil {
			return fmt.Errorf("open %s: %w", p, err)
		}
		h.ownTasks = append(h.ownTasks, f)
	}
	if h.cfg.Full {
		if err := setupRoot(h.cfg); err != nil {
			return fmt.Errorf("set up box root: %w", err)
		}
		if err := unix.Sethostname([]byte("box")); err != nil {
			return fmt.Errorf("set hostname: %w", err)
		}
	} else {
		// Orphans of the program are reparented to the helper, so that it
		// can find and kill every descendant.
		if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
			return fmt.Errorf("become subreaper: %w", err)
		}
	}
	return nil
}

// setupRoot builds the box's root filesystem in the helper's own mount
// namespace and pivots into it.
func setupRoot(cfg helperConfig) error {
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("make mounts private: %w", err)
	}
	root := filepath.Join(cfg.Dir, "root")
	if err := unix.Mount("tmpfs", root, "tmpfs", unix.MS_NOSUID|unix.MS_NODEV, "size=1m,nr_inodes=4096,mode=0755"); err != nil {
		return fmt.Errorf("mount root tmpfs: %w", err)
	}
	for _, p := range cfg.Binds {
		if err := bindInto(root, p, p, true); err != nil {
			return err
		}
	}
	// /dev holds only what programs legitimately need.
	if err := os.MkdirAll(filepath.Join(root, "dev"), 0o755); err != nil {
		return err
	}
	for _, d := range []string{"null", "zero", "urandom"} {
		target := filepath.Join(root, "dev", d)
		if err := touch(target); err != nil {
			return err
		}
		if err := unix.Mount("/dev/"+d, target, "", unix.MS_BIND, ""); err != nil {
			return fmt.Errorf("bind /dev/%s: %w", d, err)
		}
		if err := unix.Mount("", target, "", unix.MS_BIND|unix.MS_REMOUNT|unix.MS_NOSUID|unix.MS_NOEXEC, ""); err != nil {
			return fmt.Errorf("remount /dev/%s: %w", d, err)
		}
	}
	for name, target := range map[string]string{"fd": "/proc/self/fd", "stdin": "/proc/self/fd/0", "stdout": "/proc/self/fd/1", "stderr": "/proc/self/fd/2"} {
		if err := os.Symlink(target, filepath.Join(root, "dev", name)); err != nil {
			return err
		}
	}
	for _, d := range []struct {
		host, box string
		ro        bool
	}{{"work", "/box", false}, {"tmp", "/tmp", false}, {"prog", "/prog", true}} {
		if err := bindInto(root, filepath.Join(cfg.Dir, d.host), d.box, d.ro); err != nil {
			return err
		}
	}
	for i, o := range cfg.Overlays {
		base := filepath.Join(cfg.Dir, "overlay", strconv.Itoa(i))
		upper, work := filepath.Join(base, "upper"), filepath.Join(base, "work")
		target := filepath.Join(root, o.Box)
		if err := os.MkdirAll(target, 0o755); err != nil {
			return err
		}
		opts := fmt.Sprintf("lowerdir=%s,upperdir=%s,workdir=%s", o.Host, upper, work)
		if err := unix.Mount("overlay", target, "overlay", unix.MS_NOSUID|unix.MS_NODEV, opts); err != nil {
			return fmt.Errorf("mount overlay of %s at %s: %w", o.Host, o.Box, err)
		}
	}
	proc := filepath.Join(root, "proc")
	if err := os.MkdirAll(proc, 0o555); err != nil {
		return err
	}
	if err := unix.Mount("proc", proc, "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mount proc: %w", err)
	}
	old := filepath.Join(root, ".old")
	if err := os.Mkdir(old, 0o700); err != nil {
		return err
	}
	if err := unix.PivotRoot(root, old); err != nil {
		return fmt.Errorf("pivot_root: %w", err)
	}
	if err := unix.Chdir("/"); err != nil {
		return err
	}
	if err := unix.Unmount("/.old", unix.MNT_DETACH); err != nil {
		return fmt.Errorf("detach old root: %w", err)
	}
	if err := os.Remove("/.old"); err != nil {
		return err
	}
	if err := unix.Mount("", "/", "", unix.MS_REMOUNT|unix.MS_RDONLY|unix.MS_NOSUID|unix.MS_NODEV, ""); err != nil {
		return fmt.Errorf("remount root read-only: %w", err)
	}
	return nil
}

// bindInto shows host path src at dst below root. A symbolic link is copied
// as a link; a missing source is skipped.
func bindInto(root, src, dst string, readOnly bool) error {
	fi, err := os.Lstat(src)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	target := filepath.Join(root, dst)
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		link, err := os.Readlink(src)
		if err != nil {
			return err
		}
		if _, err := os.Lstat(target); err == nil {
			return nil
		}
		return os.Symlink(link, target)
	}
	if fi.IsDir() {
		if err := os.MkdirAll(target, 0o755); err != nil {
			return err
		}
	} else if err := touch(target); err != nil {
		return err
	}
	if err := unix.Mount(src, target, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return fmt.Errorf("bind %s: %w", src, err)
	}
	flags := uintptr(unix.MS_BIND | unix.MS_REMOUNT | unix.MS_NOSUID | unix.MS_NODEV)
	if readOnly {
		flags |= unix.MS_RDONLY
	}
	if err := unix.Mount("", target, "", flags, ""); err != nil {
		return fmt.Errorf("remount %s: %w", dst, err)
	}
	return nil
}

func touch(path string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	return f.Close()
}

// run starts one program, waits for it, clears the box of every process it
// left, and reports.
func (h *helper) run(req runRequest, files []*os.File) {
	defer closeAll(files)
	reply := h.runOne(req, files)
	h.mu.Lock()
	h.running, h.pid = false, 0
	h.mu.Unlock()
	_ = sendMsg(h.sock, reply, nil)
}

func (h *helper) runOne(req runRequest, files []*os.File) helperReply {
	if len(files) < 3 {
		return helperReply{Kind: "error", Err: "run request without stdin, stdout and stderr"}
	}
	path, err := lookPath(req.Path, req.Env)
	if err != nil {
		return helperReply{Kind: "error", NotFound: true, Err: err.Error()}
	}
	// Without cgroups, the program's own peak memory is read when it is
	// about to exit: it is traced (from this thread, which therefore stays
	// locked for the whole run) and stops at exit before its memory goes.
	traced := !h.cfg.Full
	if traced {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
	}
	base := highWaterRSS()
	start := time.Now()
	pid, err := h.start(path, req, files, traced)
	// A judge thread that forks while the program file is still open for
	// writing in another goroutine holds it open until its exec: ETXTBSY
	// passes within moments (golang/go#22315).
	for try := 0; err == syscall.ETXTBSY && try < 100; try++ {
		time.Sleep(time.Millisecond)
		start = time.Now()
		pid, err = h.start(path, req, files, traced)
	}
	if err != nil {
		return helperReply{Kind: "error", Err: err.Error()}
	}
	// Close our copies of the program's standard streams at once, so that
	// the judge sees end of output when the program's tree is gone.
	for _, f := range files[:3] {
		f.Close()
	}
	h.mu.Lock()
	h.pid = pid
	killed := h.killed
	h.mu.Unlock()
	if killed {
		h.signalAll()
	}
	_ = sendMsg(h.sock, helperReply{Kind: "started", Pid: pid}, nil)

	var ws syscall.WaitStatus
	var ru syscall.Rusage
	var peak int64
	if traced {
		ws, ru, peak, err = waitTraced(pid)
	} else {
		for {
			_, err = syscall.Wait4(pid, &ws, 0, &ru)
			if err != syscall.EINTR {
				break
			}
		}
	}
	wall := time.Since(start)
	h.killAll()
	reply := helperReply{
		Kind:    "done",
		Wall:    int64(wall),
		CPU:     syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime),
		MaxRSS:  ru.Maxrss << 10,
		BaseRSS: base,
		PeakRSS: peak,
	}
	switch {
	case err != nil:
		reply.Err = fmt.Sprintf("wait: %v", err)
	case ws.Exited():
		reply.Exited, reply.ExitCode = true, ws.ExitStatus()
	case ws.Signaled():
		reply.Signal = int(ws.Signal())
	}
	return reply
}

// start forks and execs the program on a thread that has joined the box's
// cgroups, so that the program is accounted from its first instruction.
func (h *helper) start(path string, req runRequest, files []*os.File, traced bool) (int, error) {
	runtime.LockOSThread()
	// The thread keeps the no_new_privs flag and the dropped bounding set;
	// both are harmless for the helper, which never execs.
	defer runtime.UnlockOSThread()

	restore, err := setLimits(req, h.cfg.Full)
	if err != nil {
		return 0, err
	}
	defer restore()
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return 0, fmt.Errorf("no_new_privs: %w", err)
	}
	sys := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Ptrace: traced}
	if h.cfg.Full {
		for c := 0; c <= 63; c++ {
			err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0)
			if err == unix.EINVAL {
				break
			}
			if err != nil {
				return 0, fmt.Errorf("drop capability %d: %w", c, err)
			}
		}
		sys.Credential = &syscall.Credential{Uid: uint32(h.cfg.UID), Gid: uint32(h.cfg.GID), Groups: []uint32{}}
	}
	cgroups := files[3:]
	if req.CgroupV2 && len(cgroups) == 1 {
		sys.UseCgroupFD, sys.CgroupFD = true, int(cgroups[0].Fd())
	} else {
		for _, f := range cgroups {
			if _, err := f.WriteString("0"); err != nil {
				return 0, fmt.Errorf("join cgroup: %w", err)
			}
		}
		defer func() {
			for _, f := range h.ownTasks {
				_, _ = f.WriteString("0")
			}
		}()
	}
	attr := &syscall.ProcAttr{
		Dir:   req.Dir,
		Env:   req.Env,
		Files: []uintptr{files[0].Fd(), files[1].Fd(), files[2].Fd()},
		Sys:   sys,
	}
	return syscall.ForkExec(path, req.Args, attr)
}

// waitTraced follows a program started with Ptrace: it lets it run past its
// exec stop, passes on its signals, and reads its high-water mark of
// resident memory at its exit stop. It must run on the thread that started
// the program.
func waitTraced(pid int) (ws syscall.WaitStatus, ru syscall.Rusage, peak int64, err error) {
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
			// The stop after exec: from now on, stop at exit too, and die
			// with the helper.
			_ = syscall.PtraceSetOptions(pid, unix.PTRACE_O_TRACEEXIT|unix.PTRACE_O_EXITKILL)
			sig = 0
		}
		_ = syscall.PtraceCont(pid, int(sig))
	}
}

// setLimits sets the process's rlimits for the next program and returns a
// function that puts the helper's own back.
func setLimits(req runRequest, full bool) (func(), error) {
	type lim struct {
		res int
		val uint64
	}
	want := []lim{
		{unix.RLIMIT_STACK, uint64(req.Stack)},
		{unix.RLIMIT_FSIZE, uint64(req.FileSize)},
		{unix.RLIMIT_NOFILE, uint64(req.Files)},
	}
	if !full && os.Geteuid() != 0 && req.Procs > 0 {
		// Without a pids cgroup, RLIMIT_NPROC bounds a fork bomb; it counts
		// every task of this user, so it is set above what runs now.
		want = append(want, lim{unix.RLIMIT_NPROC, uint64(userTasks() + req.Procs)})
	}
	type savedLim struct {
		res int
		old syscall.Rlimit
	}
	var saved []savedLim
	restore := func() {
		for _, s := range saved {
			_ = syscall.Setrlimit(s.res, &s.old)
		}
	}
	// The hard limit is lowered too only where the helper can raise it
	// again for the next run (CAP_SYS_RESOURCE, which containers often
	// withhold); otherwise the program could raise its soft limits up to
	// the box's hard ones, which the cgroup, the tmpfs size and the
	// output pipe bound anyway (see the package documentation).
	hard := canRaiseHardLimits()
	for _, w := range want {
		var old syscall.Rlimit
		if err := syscall.Getrlimit(w.res, &old); err != nil {
			restore()
			return nil, err
		}
		saved = append(saved, savedLim{w.res, old})
		v := w.val
		if old.Max != unix.RLIM_INFINITY && v > old.Max {
			v = old.Max
		}
		rl := syscall.Rlimit{Cur: v, Max: old.Max}
		if hard {
			rl.Max = v
		}
		if err := syscall.Setrlimit(w.res, &rl); err != nil {
			restore()
			return nil, fmt.Errorf("setrlimit %d: %w", w.res, err)
		}
	}
	return restore, nil
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

// closeOnExec marks every inherited descriptor above stderr close-on-exec.
func closeOnExec() {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

// signalAll sends SIGKILL to every process of the current run.
func (h *helper) signalAll() {
	if h.cfg.Full {
		// The helper is the box's init: kill(-1) reaches every other process
		// in its PID namespace and nothing outside it.
		_ = syscall.Kill(-1, syscall.SIGKILL)
		return
	}
	h.mu.Lock()
	pid := h.pid
	h.mu.Unlock()
	if pid > 0 {
		_ = syscall.Kill(-pid, syscall.SIGKILL)
	}
	for _, p := range descendants(os.Getpid()) {
		_ = syscall.Kill(p, syscall.SIGKILL)
	}
}

// killAll kills every process left by the run and reaps them all; it is
// called once the program itself has been waited for.
func (h *helper) killAll() {
	for i := 0; i < 100; i++ {
		h.signalAll()
		if !reapAll() {
			return
		}
	}
}

// reapAll waits for dead children without blocking and reports whether any
// child remains.
func reapAll() bool {
	deadline := time.Now().Add(50 * time.Millisecond)
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG|syscall.WALL, nil)
		if err == syscall.ECHILD {
			return false
		}
		if pid > 0 {
			continue
		}
		if time.Now().After(deadline) {
			return true
		}
		time.Sleep(100 * time.Microsecond)
	}
}

// descendants lists the pids below pid, from /proc/<pid>/task/*/children.
func descendants(pid int) []int {
	var out []int
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", p))
		for _, t := range tasks {
			data, err := os.ReadFile(t)
			if err != nil {
				continue
			}
			for _, f := range strings.Fields(string(data)) {
				if c, err := strconv.Atoi(f); err == nil {
					out = append(out, c)
					queue = append(queue, c)
				}
			}
		}
	}
	return out
}

// highWaterRSS returns this process's VmHWM in bytes.
func highWaterRSS() int64 {
	return statusField("/proc/self/status", "VmHWM:")
}

// statusField reads a "kB" field of a /proc status file, in bytes.
func statusField(path, key string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, key) {
			fs := strings.Fields(line[len(key):])
			if len(fs) > 0 {
				n, _ := strconv.ParseInt(fs[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}

func userTasks() int {
	uid := os.Getuid()
	n := 0
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		var st syscall.Stat_t
		if syscall.Stat("/proc/"+e.Name(), &st) == nil && int(st.Uid) == uid {
			tasks, _ := os.ReadDir("/proc/" + e.Name() + "/task")
			n += len(tasks)
		}
	}
	return n
}
