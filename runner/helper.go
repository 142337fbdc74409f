package runner

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"
	"unsafe"

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
	sock int
	cfg  helperConfig
	// mqueue is the box's message-queue file system (full mode).
	mqueue *os.File

	// hardLimits says the helper holds CAP_SYS_RESOURCE, so it lowers the
	// hard rlimits of programs too; ownLimits are its own rlimits, which
	// it puts back after each fork (both used by the launcher only).
	hardLimits bool
	ownLimits  map[int]syscall.Rlimit
	// cpus are the CPUs the helper may use, and bound the one the
	// launcher's thread is bound to, plus one (0: all of cpus); programs
	// inherit it at their fork (used by the launcher only).
	cpus  unix.CPUSet
	bound int

	mu      sync.Mutex
	current int64 // the ID of the run under way, or 0
	pid     int
	// killed is the ID of the last run a kill was asked for; a run that
	// has not forked yet when it arrives is killed as soon as it has.
	killed int64
	// wallStopped is the ID of the last run the helper stopped itself at
	// its wall limit (full mode).
	wallStopped int64
}

// The helper's channels to the judge.
const (
	runFD     = 3 // run requests and every reply
	controlFD = 4 // kills
)

func helperMain() int {
	runtime.GOMAXPROCS(2)
	// A program inherits its starter's ignored signals through exec:
	// none may come from the judge's own start (a shell's background job
	// ignores SIGINT, nohup SIGHUP).
	resetIgnoredSignals()
	// Nothing the helper inherited may reach a program: above all not the
	// channels to the judge, which a program could use to forge results.
	closeOnExec()
	h := &helper{sock: runFD}
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
	// Kills wait in the poller: this goroutine, waiting all run long,
	// holds no thread in a system call (see polledConn). The launcher's
	// own channel stays blocking: its thread is its own anyway.
	conn, err := newPolledConn(controlFD, "control")
	if err != nil {
		fmt.Fprintf(os.Stderr, "box helper: %v\n", err)
		return 3
	}
	control := conn.receiver()
	for {
		var req runRequest
		files, err := control.recv(&req)
		closeFDs(files)
		if err != nil {
			// The judge is gone: the box goes with it.
			h.signalAll()
			return 0
		}
		if req.Op == "kill" {
			h.kill(req.ID)
		}
	}
}

// kill signals every process of run id if it is the run under way, and
// otherwise remembers it for a run that has not forked yet. The lock is
// held from the check to the last signal: the launcher cannot end the run
// and fork the next meanwhile, so a kill that comes late (the judge
// repeats its kills until the run is done) never reaches the next run's
// program. Only signals here: the launcher reaps, so that its wait for
// the program is not robbed of the exit status.
func (h *helper) kill(id int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.killed = id
	if h.current == id {
		h.signalLocked()
	}
}

func (h *helper) setup() error {
	// No program of this box may write a core dump: the limit is hard and
	// never raised again.
	if err := syscall.Setrlimit(unix.RLIMIT_CORE, &syscall.Rlimit{}); err != nil {
		return fmt.Errorf("limit core dumps: %w", err)
	}
	if h.cfg.Full {
		if err := setupRoot(h.cfg); err != nil {
			return fmt.Errorf("set up box root: %w", err)
		}
		if err := unix.Sethostname([]byte("box")); err != nil {
			return fmt.Errorf("set hostname: %w", err)
		}
		mq, err := openMqueue()
		if err != nil {
			return err
		}
		h.mqueue = mq
	} else {
		// Orphans of the program are reparented to the helper, so that it
		// can find and kill every descendant.
		if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
			return fmt.Errorf("become subreaper: %w", err)
		}
	}
	h.hardLimits = canRaiseHardLimits()
	ready := make(chan error)
	go h.launcher(ready)
	return <-ready
}

// stopAtWall kills run id, if it is still under way, because its wall
// limit has passed, and remembers why for its reply.
func (h *helper) stopAtWall(id int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.current == id {
		h.wallStopped = id
		h.signalLocked()
	}
}

// run runs one program, on the launcher's thread, and reports.
func (h *helper) run(req runRequest, files []int) {
	defer closeFDs(files)
	h.mu.Lock()
	h.current = req.ID
	h.mu.Unlock()
	reply := h.runOne(req, files)
	h.mu.Lock()
	h.current, h.pid = 0, 0
	h.mu.Unlock()
	_ = sendMsg(h.sock, reply, nil)
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
	h.mu.Lock()
	defer h.mu.Unlock()
	h.signalLocked()
}

// signalLocked is signalAll with h.mu held.
func (h *helper) signalLocked() {
	if h.cfg.Full {
		// The helper is the box's init: kill(-1) reaches every other process
		// in its PID namespace and nothing outside it.
		_ = syscall.Kill(-1, syscall.SIGKILL)
		return
	}
	if h.pid > 0 {
		_ = syscall.Kill(-h.pid, syscall.SIGKILL)
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

// resetIgnoredSignals gives every signal this process ignores back its
// default action. (The Go runtime leaves SIGHUP and SIGINT ignored when
// the process started so, and catches every other signal itself; exec
// resets what is caught, not what is ignored.)
func resetIgnoredSignals() {
	// struct sigaction as rt_sigaction takes it: handler, flags,
	// restorer, mask.
	type sigaction struct {
		handler, flags, restorer uintptr
		mask                     uint64
	}
	const sigIgn = 1
	for sig := uintptr(1); sig <= 64; sig++ {
		if sig == uintptr(syscall.SIGKILL) || sig == uintptr(syscall.SIGSTOP) {
			continue
		}
		var old sigaction
		if _, _, e := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, sig, 0, uintptr(unsafe.Pointer(&old)), 8, 0, 0); e != 0 || old.handler != sigIgn {
			continue
		}
		dfl := sigaction{}
		_, _, _ = syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, sig, uintptr(unsafe.Pointer(&dfl)), 0, 8, 0, 0)
	}
}
