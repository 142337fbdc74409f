//go:build linux

package seccomp

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The tests never install the filter in the test process: they start the
// test binary again with envProbe set, and that child locks its main thread,
// installs the filter on it (when envFilter is "1"), runs the probe on that
// thread and reports through its output and exit status.
const (
	envProbe  = "SECCOMP_TEST_PROBE"  // the probe a child runs
	envFilter = "SECCOMP_TEST_FILTER" // "1": install the filter first
	envThen   = "SECCOMP_TEST_THEN"   // the probe the "exec" probe's command runs, if it is this binary
)

func TestMain(m *testing.M) {
	if name := os.Getenv(envProbe); name != "" {
		os.Exit(child(name, os.Getenv(envFilter) == "1", os.Args[1:]))
	}
	os.Exit(m.Run())
}

// child runs one probe in a child process and returns its exit status.
func child(name string, filter bool, args []string) int {
	// The main goroutine stays on this thread until the process exits.
	runtime.LockOSThread()
	if filter {
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			fmt.Fprintln(os.Stderr, "no_new_privs:", err)
			return 100
		}
		if err := Install(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 100
		}
	}
	var err error
	switch name {
	case "syscalls":
		err = probeSyscalls(args)
	case "table":
		err = probeTable()
	case "thread":
		err = probeThreadOnly()
	case "exec":
		err = probeExec(args)
	case "gowork":
		err = probeGoWork()
	case "ptrace":
		err = probePtrace()
	case "nonnp":
		err = probeNoNNP()
	case "bench-install":
		err = probeBenchInstall(args)
	case "bench-getpid":
		err = probeBenchGetpid(args)
	default:
		err = fmt.Errorf("no probe %q", name)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "probe:", err)
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() > 0 {
			return exit.ExitCode()
		}
		return 1
	}
	return 0
}

// runChild runs probe in a child of the test binary, filtered or not, and
// returns its standard output; it fails the test if the child fails.
func runChild(t testing.TB, probe string, filter bool, args ...string) string {
	t.Helper()
	out, err := childCommand(probe, filter, args...).Output()
	if err != nil {
		var stderr []byte
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			stderr = exit.Stderr
		}
		t.Fatalf("probe %s (filter %v): %v\nstdout:\n%s\nstderr:\n%s", probe, filter, err, out, stderr)
	}
	return string(out)
}

func childCommand(probe string, filter bool, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	f := "0"
	if filter {
		f = "1"
	}
	cmd.Env = append(childEnv(), envProbe+"="+probe, envFilter+"="+f)
	return cmd
}

// childEnv is the environment without the probe variables.
func childEnv() []string {
	return slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, envProbe+"=") || strings.HasPrefix(kv, envFilter+"=") || strings.HasPrefix(kv, envThen+"=")
	})
}

// result is how the probes print a call's outcome: "ok" or the errno's name.
func result(errno unix.Errno) string {
	if errno == 0 {
		return "ok"
	}
	return unix.ErrnoName(errno)
}

// parseResults reads "label result" lines.
func parseResults(out string) map[string]string {
	got := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		label, res, ok := strings.Cut(sc.Text(), " ")
		if ok {
			got[label] = res
		}
	}
	return got
}

// closeIfFd closes what a call that makes a descriptor returned.
func closeIfFd(r uintptr, errno unix.Errno) unix.Errno {
	if errno == 0 {
		unix.Close(int(r))
	}
	return errno
}

// rawClone is clone(2) with flags and no new stack, like fork; a child it
// makes leaves at once, and the parent reaps it.
func rawClone(flags uintptr) unix.Errno {
	pid, _, errno := unix.RawSyscall6(unix.SYS_CLONE, flags, 0, 0, 0, 0, 0)
	if errno != 0 {
		return errno
	}
	if pid == 0 {
		unix.RawSyscall(unix.SYS_EXIT_GROUP, 0, 0, 0)
	}
	var ws unix.WaitStatus
	_, _ = unix.Wait4(int(pid), &ws, unix.WALL, nil)
	return 0
}

func sys(nr uintptr, a ...uintptr) (uintptr, unix.Errno) {
	var v [6]uintptr
	copy(v[:], a)
	r, _, errno := unix.Syscall6(nr, v[0], v[1], v[2], v[3], v[4], v[5])
	return r, errno
}

func ptr[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }

// probeSyscalls makes each call the filter should refuse, with arguments a
// real program would use, against args[0], the pid of a process of the same
// user, and prints "label result" for each. Unfiltered, the same calls show
// what the kernel alone answers.
func probeSyscalls(args []string) error {
	if len(args) != 1 {
		return errors.New("want the pid of a process to aim at")
	}
	target, err := strconv.Atoi(args[0])
	if err != nil {
		return err
	}
	tpid := uintptr(target)
	str := func(s string) uintptr { p, _ := unix.BytePtrFromString(s); return uintptr(unsafe.Pointer(p)) }
	var buf [64]byte
	calls := []struct {
		label string
		call  func() unix.Errno
	}{
		{"getpid", func() unix.Errno { _, e := sys(unix.SYS_GETPID); return e }},
		{"unshare-newuser", func() unix.Errno { _, e := sys(unix.SYS_UNSHARE, unix.CLONE_NEWUSER); return e }},
		{"unshare-fs", func() unix.Errno { _, e := sys(unix.SYS_UNSHARE, unix.CLONE_FS); return e }},
		{"clone-fork", func() unix.Errno { return rawClone(uintptr(unix.SIGCHLD)) }},
		{"clone-newuser", func() unix.Errno { return rawClone(unix.CLONE_NEWUSER | uintptr(unix.SIGCHLD)) }},
		{"clone-newnet-newns", func() unix.Errno { return rawClone(unix.CLONE_NEWNET | unix.CLONE_NEWNS | uintptr(unix.SIGCHLD)) }},
		{"clone-newpid-high", func() unix.Errno { return rawClone(1<<40 | unix.CLONE_NEWPID | uintptr(unix.SIGCHLD)) }},
		{"clone3", func() unix.Errno { _, e := sys(unix.SYS_CLONE3, 0, 0); return e }},
		{"setns", func() unix.Errno { _, e := sys(unix.SYS_SETNS, ^uintptr(0), 0); return e }},
		{"mount", func() unix.Errno {
			_, e := sys(unix.SYS_MOUNT, str("none"), str("/nonexistent/seccomp-test"), str("tmpfs"), 0, 0)
			return e
		}},
		{"keyctl-read", func() unix.Errno {
			ring := unix.KEY_SPEC_SESSION_KEYRING
			_, e := sys(unix.SYS_KEYCTL, unix.KEYCTL_READ, uintptr(ring), 0, 0)
			return e
		}},
		{"add_key", func() unix.Errno {
			ring := unix.KEY_SPEC_PROCESS_KEYRING
			_, e := sys(unix.SYS_ADD_KEY, str("user"), str("seccomp-test"), str("x"), 1, uintptr(ring))
			return e
		}},
		{"io_uring_setup", func() unix.Errno {
			var params [120]byte // struct io_uring_params
			return closeIfFd(sys(unix.SYS_IO_URING_SETUP, 1, ptr(&params)))
		}},
		{"perf_event_open", func() unix.Errno {
			attr := unix.PerfEventAttr{Type: unix.PERF_TYPE_SOFTWARE, Config: unix.PERF_COUNT_SW_TASK_CLOCK,
				Size: uint32(unsafe.Sizeof(unix.PerfEventAttr{}))}
			return closeIfFd(sys(unix.SYS_PERF_EVENT_OPEN, ptr(&attr), 0, ^uintptr(0), ^uintptr(0), 0))
		}},
		{"bpf", func() unix.Errno {
			// BPF_MAP_CREATE of an array of one 4-byte value.
			attr := [5]uint32{2 /* BPF_MAP_TYPE_ARRAY */, 4, 4, 1, 0}
			return closeIfFd(sys(unix.SYS_BPF, 0, ptr(&attr), unsafe.Sizeof(attr)))
		}},
		{"userfaultfd", func() unix.Errno {
			return closeIfFd(sys(unix.SYS_USERFAULTFD, unix.O_CLOEXEC|1 /* UFFD_USER_MODE_ONLY */))
		}},
		{"ptrace-attach", func() unix.Errno {
			_, e := sys(unix.SYS_PTRACE, unix.PTRACE_ATTACH, tpid)
			return e
		}},
		{"ptrace-seize", func() unix.Errno {
			_, e := sys(unix.SYS_PTRACE, unix.PTRACE_SEIZE, tpid, 0, 0)
			return e
		}},
		{"ptrace-peekdata", func() unix.Errno {
			_, e := sys(unix.SYS_PTRACE, unix.PTRACE_PEEKDATA, tpid, 0, ptr(&buf))
			return e
		}},
		{"process_vm_readv", func() unix.Errno {
			local := unix.Iovec{Base: &buf[0], Len: 1}
			remote := unix.RemoteIovec{Base: 0x10000, Len: 1}
			_, e := sys(unix.SYS_PROCESS_VM_READV, tpid, ptr(&local), 1, ptr(&remote), 1, 0)
			return e
		}},
		{"pidfd_getfd", func() unix.Errno {
			pidfd, e := sys(unix.SYS_PIDFD_OPEN, tpid, 0)
			if e != 0 {
				return e
			}
			defer unix.Close(int(pidfd))
			return closeIfFd(sys(unix.SYS_PIDFD_GETFD, pidfd, 0, 0))
		}},
		{"open_by_handle_at", func() unix.Errno {
			cwd := unix.AT_FDCWD
			_, e := sys(unix.SYS_OPEN_BY_HANDLE_AT, uintptr(cwd), 0, 0)
			return e
		}},
		{"x32-getpid", func() unix.Errno { _, e := sys(x32Bit | unix.SYS_GETPID); return e }},
		{"socket-unix", func() unix.Errno { return closeIfFd(sys(unix.SYS_SOCKET, unix.AF_UNIX, unix.SOCK_STREAM, 0)) }},
		{"socket-inet6", func() unix.Errno { return closeIfFd(sys(unix.SYS_SOCKET, unix.AF_INET6, unix.SOCK_DGRAM, 0)) }},
		{"socket-netlink-route", func() unix.Errno {
			return closeIfFd(sys(unix.SYS_SOCKET, unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_ROUTE))
		}},
		{"socket-netlink-audit", func() unix.Errno {
			return closeIfFd(sys(unix.SYS_SOCKET, unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_AUDIT))
		}},
		{"socket-vsock", func() unix.Errno { return closeIfFd(sys(unix.SYS_SOCKET, unix.AF_VSOCK, unix.SOCK_STREAM, 0)) }},
		{"socket-packet", func() unix.Errno { return closeIfFd(sys(unix.SYS_SOCKET, unix.AF_PACKET, unix.SOCK_RAW, 0)) }},
		{"socketpair-unix", func() unix.Errno {
			var fds [2]int32
			_, e := sys(unix.SYS_SOCKETPAIR, unix.AF_UNIX, unix.SOCK_STREAM, 0, ptr(&fds))
			if e == 0 {
				unix.Close(int(fds[0]))
				unix.Close(int(fds[1]))
			}
			return e
		}},
		{"socketpair-inet", func() unix.Errno {
			var fds [2]int32
			_, e := sys(unix.SYS_SOCKETPAIR, unix.AF_INET, unix.SOCK_STREAM, 0, ptr(&fds))
			return e
		}},
	}
	for _, c := range calls {
		fmt.Printf("%s %s\n", c.label, result(c.call()))
	}
	return nil
}

// probeTable makes every call of the table that is denied whatever its
// arguments, with zero arguments, and prints "name result". It runs only
// filtered: zero arguments are harmless to a refused call, not to all of
// them as root.
func probeTable() error {
	if mode, _ := seccompMode("/proc/thread-self/status"); mode != 2 {
		return errors.New("not filtered")
	}
	for _, e := range table() {
		if e.Syscall == AnyCall || e.args != nil {
			continue
		}
		_, errno := sys(uintptr(amd64Numbers[e.Syscall]))
		fmt.Printf("%s %s\n", e.Syscall, result(errno))
	}
	return nil
}

// seccompMode reads the Seccomp field of a status file in /proc.
func seccompMode(status string) (int, error) {
	data, err := os.ReadFile(status)
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "Seccomp:"); ok {
			return strconv.Atoi(strings.TrimSpace(v))
		}
	}
	return 0, fmt.Errorf("%s: no Seccomp field", status)
}

// filteredTasks returns the threads of this process that run under a filter.
func filteredTasks() ([]int, int, error) {
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return nil, 0, err
	}
	var filtered []int
	for _, task := range tasks {
		mode, err := seccompMode("/proc/self/task/" + task.Name() + "/status")
		if errors.Is(err, os.ErrNotExist) {
			continue // the thread has just exited
		}
		if err != nil {
			return nil, 0, err
		}
		if mode != 0 {
			tid, _ := strconv.Atoi(task.Name())
			filtered = append(filtered, tid)
		}
	}
	return filtered, len(tasks), nil
}

// probeThreadOnly checks that the filter is on the calling thread only, and
// that threads the runtime starts while the filtered goroutine runs, which
// the runtime clones from its template thread, are not filtered.
func probeThreadOnly() error {
	self := unix.Gettid()
	const n = 8
	var wg sync.WaitGroup
	release := make(chan struct{})
	tids := make(chan int, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // each on a thread of its own
			defer runtime.UnlockOSThread()
			tids <- unix.Gettid()
			<-release
		}()
	}
	others := map[int]bool{}
	for range n {
		others[<-tids] = true
	}
	filtered, total, err := filteredTasks()
	close(release)
	wg.Wait()
	if err != nil {
		return err
	}
	if !slices.Equal(filtered, []int{self}) {
		return fmt.Errorf("filtered threads %v of %d, want only the caller %d", filtered, total, self)
	}
	if len(others) != n || others[self] {
		return fmt.Errorf("goroutine threads %v", others)
	}
	fmt.Printf("filtered %v of %d threads\n", filtered, total)
	return nil
}

// probeExec runs args as a command from the (filtered) thread, with its
// output on this process's, and with envThen as its envProbe.
func probeExec(args []string) error {
	if len(args) == 0 {
		return errors.New("no command")
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	cmd.Env = childEnv()
	if then := os.Getenv(envThen); then != "" {
		cmd.Env = append(cmd.Env, envProbe+"="+then)
	}
	return cmd.Run()
}

// probeGoWork is a Go program that inherited the filter through execve: it
// runs goroutines on many threads at once, collects garbage, and checks that
// every thread is filtered and refuses unshare.
func probeGoWork() error {
	const n = 16
	var ready, done sync.WaitGroup
	release := make(chan struct{})
	errs := make(chan error, n)
	blocks := make(chan int, n)
	for i := range n {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			runtime.LockOSThread() // a thread each: the runtime must clone them
			defer runtime.UnlockOSThread()
			var keep [][]byte
			for j := range 2000 {
				b := make([]byte, 1024+j)
				if j%100 == 0 {
					keep = append(keep, b)
				}
			}
			blocks <- len(keep)
			if mode, err := seccompMode("/proc/thread-self/status"); err != nil || mode != 2 {
				errs <- fmt.Errorf("goroutine %d: thread not filtered (mode %d, %v)", i, mode, err)
			} else if _, errno := sys(unix.SYS_UNSHARE, unix.CLONE_NEWUSER); errno != unix.EPERM {
				errs <- fmt.Errorf("goroutine %d: unshare: %v", i, errno)
			}
			ready.Done()
			<-release // all n alive, each on its own thread, at once
		}()
	}
	ready.Wait()
	filtered, total, err := filteredTasks()
	close(release)
	done.Wait()
	close(errs)
	for err := range errs {
		return err
	}
	if err != nil {
		return err
	}
	if len(filtered) != total || total < n {
		return fmt.Errorf("%d of %d threads filtered, want all of at least %d", len(filtered), total, n)
	}
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	kept := 0
	for range n {
		kept += <-blocks
	}
	fmt.Printf("gowork ok: %d threads, %d GC cycles, %d blocks kept\n", total, ms.NumGC, kept)
	return nil
}

// probePtrace starts a program as the box helper does in basic mode, from
// the filtered thread with Ptrace, Setpgid, Pdeathsig and (as root) a
// Credential, and follows it as its tracer from the same thread.
func probePtrace() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		return err
	}
	defer null.Close()
	attr := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Ptrace: true}
	if os.Geteuid() == 0 {
		attr.Credential = &syscall.Credential{Uid: 65534, Gid: 65534, Groups: []uint32{}}
	}
	pid, err := syscall.ForkExec("/bin/sh", []string{"sh", "-c", "grep ^Seccomp: /proc/self/status; id -u; exit 3"},
		&syscall.ProcAttr{Dir: "/", Env: []string{"PATH=/usr/bin:/bin"}, Files: []uintptr{null.Fd(), w.Fd(), os.Stderr.Fd()}, Sys: attr})
	w.Close()
	if err != nil {
		return fmt.Errorf("fork/exec: %w", err)
	}
	var ws unix.WaitStatus
	if _, err := unix.Wait4(pid, &ws, unix.WALL, nil); err != nil {
		return err
	}
	if !ws.Stopped() || ws.StopSignal() != unix.SIGTRAP {
		return fmt.Errorf("after exec: status %#x, want the exec stop", uint32(ws))
	}
	// The filter refuses what the kernel would grant a tracer.
	var word [8]byte
	if _, err := unix.PtracePeekData(pid, 0x400000, word[:]); err != unix.EPERM {
		return fmt.Errorf("PTRACE_PEEKDATA on the tracee: %v, want EPERM", err)
	}
	var regs unix.PtraceRegs
	if _, errno := sys(unix.SYS_PTRACE, unix.PTRACE_GETREGS, uintptr(pid), 0, ptr(&regs)); errno != unix.EPERM {
		return fmt.Errorf("PTRACE_GETREGS on the tracee: %v, want EPERM", errno)
	}
	if err := unix.PtraceGetRegs(pid, &regs); err != unix.EPERM { // PTRACE_GETREGSET
		return fmt.Errorf("PTRACE_GETREGSET on the tracee: %v, want EPERM", err)
	}
	// The kernel refuses to let a filtered tracer suspend its tracee's filter,
	// even as root.
	if err := unix.PtraceSetOptions(pid, unix.PTRACE_O_SUSPEND_SECCOMP); err != unix.EPERM {
		return fmt.Errorf("PTRACE_O_SUSPEND_SECCOMP from the filtered tracer: %v, want EPERM", err)
	}
	if err := unix.PtraceSetOptions(pid, unix.PTRACE_O_TRACEEXIT|unix.PTRACE_O_EXITKILL); err != nil {
		return fmt.Errorf("PTRACE_SETOPTIONS: %w", err)
	}
	exitStop := false
	for sig := 0; ; {
		if err := unix.PtraceCont(pid, sig); err != nil {
			return fmt.Errorf("PTRACE_CONT: %w", err)
		}
		if _, err := unix.Wait4(pid, &ws, unix.WALL, nil); err != nil {
			return err
		}
		if !ws.Stopped() {
			break
		}
		sig = int(ws.StopSignal())
		if ws.StopSignal() == unix.SIGTRAP && ws.TrapCause() == unix.PTRACE_EVENT_EXIT {
			if _, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err != nil {
				return fmt.Errorf("read the tracee's status at its exit stop: %w", err)
			}
			exitStop, sig = true, 0
		}
	}
	out := new(bytes.Buffer)
	if _, err := out.ReadFrom(r); err != nil {
		return err
	}
	if !ws.Exited() || ws.ExitStatus() != 3 || !exitStop {
		return fmt.Errorf("tracee ended with status %#x (exit stop seen: %v), want exit 3", uint32(ws), exitStop)
	}
	fmt.Print(out.String())
	return nil
}

// probeNoNNP calls Install on a thread without no_new_privs and prints the
// error it returns.
func probeNoNNP() error {
	if nnp, err := unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0); err != nil || nnp != 0 {
		fmt.Println("inherited no_new_privs")
		return err
	}
	err := Install()
	if err == nil {
		return errors.New("Install succeeded without no_new_privs")
	}
	fmt.Println(err)
	return nil
}

// probeBenchInstall installs the filter args[0]+1 times, each on a new
// thread that is thrown away, as the box helper does, and prints the time
// building the program took, the first Install after it, and the total of
// the others.
func probeBenchInstall(args []string) error {
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return err
	}
	once := func() (time.Duration, error) {
		done := make(chan error, 1)
		var d time.Duration
		go func() {
			runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
			if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
				done <- err
				return
			}
			start := time.Now()
			err := Install()
			d = time.Since(start)
			done <- err
		}()
		return d, <-done
	}
	start := time.Now()
	if _, err := program(); err != nil {
		return err
	}
	build := time.Since(start)
	first, err := once()
	if err != nil {
		return err
	}
	var total time.Duration
	for range n {
		d, err := once()
		if err != nil {
			return err
		}
		total += d
	}
	fmt.Printf("build %d\nfirst %d\ntotal %d\n", build.Nanoseconds(), first.Nanoseconds(), total.Nanoseconds())
	return nil
}

// probeBenchGetpid makes args[0] getpid calls and prints the time they took.
func probeBenchGetpid(args []string) error {
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return err
	}
	start := time.Now()
	for range n {
		unix.RawSyscall(unix.SYS_GETPID, 0, 0, 0)
	}
	fmt.Printf("total %d\n", time.Since(start).Nanoseconds())
	return nil
}
