// Package seccomp holds the system call filter every box puts on the
// programs it runs, and installs it.
//
// The filter is a deny list: every call is allowed but the few below, which
// fail with EPERM (ENOSYS for clone3) so that runtimes which probe for a
// feature fall back instead of dying.
//
// Sockets are the exception, an allow list of families: socket(2) makes
// AF_UNIX, AF_INET, AF_INET6 and AF_NETLINK sockets, the last with
// NETLINK_ROUTE only, and socketpair(2) AF_UNIX pairs; every other family
// (AF_VSOCK, AF_PACKET, AF_KEY, AF_ALG, AF_BLUETOOTH, AF_XDP, AF_RDS,
// AF_TIPC, AF_CAN, AF_PPPOX, AF_LLC, AF_NFC, AF_QIPCRTR, AF_SMC, any
// family the kernel may add) and every other netlink protocol fails with
// EAFNOSUPPORT, the kernel's own answer for a family it was built without,
// which programs handle. AF_VSOCK matters most: it is not
// network-namespaced, and reaches the hypervisor and other VMs from inside
// a box. The families left are what runtimes use: AF_UNIX; AF_INET and
// AF_INET6, which the JVM, Go, Python, node and Rust open at start or on
// first use and which reach nothing from a full-mode box, whose network is
// a loopback that is down; NETLINK_ROUTE, through which glibc (getaddrinfo,
// if_nameindex) and Go (net.Interfaces) list the interfaces. The family
// and protocol are compared on all 64 bits, so a value the kernel would
// truncate to an allowed one is refused. It is built with
// github.com/elastic/go-seccomp-bpf, once per process; [Install] only loads
// it, on the calling thread.
//
// # How the box helper uses it
//
// The helper starts every program from one launcher goroutine locked to its
// OS thread for the box's whole life (it never unlocks: the thread ends with
// it). On that thread it sets no_new_privs, drops the capability bounding
// set, and calls [Install] last; then it forks each program: in full mode
// with clone(CLONE_VM|CLONE_VFORK) and a child of raw system calls (package
// runner's spawn), in basic mode with syscall.ForkExec. The filter is on
// that thread alone (no SECCOMP_FILTER_FLAG_TSYNC): the helper's other
// threads, and threads the Go runtime starts meanwhile (it clones them from
// its template thread, never from a locked one), stay unfiltered. The forked
// child inherits the filter, so its code runs under it before execve
// (write to its cgroup files, setpgid, unshare(CLONE_NEWCGROUP), prlimit64,
// setgroups, setgid, setuid, chdir, prctl(PR_SET_PDEATHSIG), getppid, dup3,
// rt_sigprocmask; Go's child: rt_sigaction, fcntl, ptrace(PTRACE_TRACEME);
// execve: all allowed), and so does the program and everything it starts. In basic mode the same thread is then
// the program's tracer: wait4, ptrace(PTRACE_SETOPTIONS), ptrace(PTRACE_CONT)
// and reading /proc are allowed.
//
// What the thread cannot do after Install, because the filter refuses it to
// the thread itself: SysProcAttr.UseCgroupFD (Go forks with clone3, which
// gets ENOSYS, and Go does not fall back), CLONE_NEW* bits in
// SysProcAttr.Cloneflags, SysProcAttr.Unshareflags, SysProcAttr.Chroot, and
// any ptrace request but the three above (PTRACE_GETEVENTMSG included).
//
// # Denied calls
//
// [Denied] returns this list, one [Rule] a line as [Rule.String] prints it;
// "any" is every call, and those two rules are checked first. runner/doc.go
// copies the list.
//
//	any                EPERM         x32 ABI (bit 0x40000000): the same calls under other numbers
//	any                SIGSYS        i386 ABI (int 0x80, 32-bit binaries): the same calls under other numbers; killed
//	unshare            EPERM         flags other than CLONE_NEWCGROUP alone: creates namespaces (a user namespace gives all capabilities in it); a cgroup namespace alone needs CAP_SYS_ADMIN, which only the box's own fork has
//	clone              EPERM         flags with a CLONE_NEW* bit: creates namespaces; threads and forks pass
//	clone3             ENOSYS        its flags are in memory seccomp cannot read; glibc then falls back to clone
//	setns              EPERM         joins another namespace
//	mount              EPERM         changes the mount table
//	umount2            EPERM         changes the mount table
//	pivot_root         EPERM         changes the root
//	chroot             EPERM         changes the root
//	fsopen             EPERM         new mount API: mounts
//	fsconfig           EPERM         new mount API: mounts
//	fsmount            EPERM         new mount API: mounts
//	fspick             EPERM         new mount API: reconfigures a mount
//	move_mount         EPERM         new mount API: mounts
//	open_tree          EPERM         new mount API: clones a mount
//	open_tree_attr     EPERM         new mount API (Linux 6.15): clones a mount with new attributes
//	mount_setattr      EPERM         new mount API: changes a mount's attributes
//	open_by_handle_at  EPERM         opens files by handle, past the mount's root (the shocker escape)
//	name_to_handle_at  EPERM         makes the handles open_by_handle_at takes
//	quotactl           EPERM         disk quota administration
//	quotactl_fd        EPERM         disk quota administration
//	keyctl             EPERM         keyrings are not namespaced: could read or plant the user's keys
//	add_key            EPERM         keyrings are not namespaced
//	request_key        EPERM         keyrings are not namespaced
//	io_uring_setup     EPERM         io_uring: a large attack surface; its operations go around the filter
//	io_uring_enter     EPERM         io_uring
//	io_uring_register  EPERM         io_uring
//	bpf                EPERM         eBPF programs and maps: a large attack surface
//	perf_event_open    EPERM         performance counters: side channels, a large attack surface
//	userfaultfd        EPERM         stalls the kernel at a chosen page fault, a staple of exploits
//	ptrace             EPERM         request not TRACEME, CONT, SETOPTIONS: touches other processes (see ptrace)
//	process_vm_readv   EPERM         reads another process's memory
//	process_vm_writev  EPERM         writes another process's memory
//	pidfd_getfd        EPERM         copies a descriptor out of another process
//	kexec_load         EPERM         loads a new kernel
//	kexec_file_load    EPERM         loads a new kernel
//	init_module        EPERM         loads a kernel module
//	finit_module       EPERM         loads a kernel module
//	delete_module      EPERM         unloads a kernel module
//	reboot             EPERM         reboots the machine
//	swapon             EPERM         changes swap
//	swapoff            EPERM         changes swap
//	acct               EPERM         process accounting to a file
//	syslog             EPERM         reads or clears the kernel log
//	lookup_dcookie     EPERM         kernel profiling internals
//	socket             EAFNOSUPPORT  family other than AF_UNIX, AF_INET, AF_INET6, AF_NETLINK: AF_VSOCK is not network-namespaced, the others are attack surface no judged program needs
//	socket             EAFNOSUPPORT  AF_NETLINK with a protocol other than NETLINK_ROUTE: runtimes read interfaces through NETLINK_ROUTE; the other protocols (netfilter, audit, uevents, ...) are attack surface
//	socketpair         EAFNOSUPPORT  family other than AF_UNIX: only AF_UNIX makes pairs a program needs (AF_TIPC makes them too)
//
// Most of these need privileges the box has dropped anyway; the filter is a
// second wall, and the only one in basic mode, where the program runs as the
// judge's own user.
//
// # ptrace
//
// A filtered process can use three requests. PTRACE_TRACEME makes the caller
// the tracee of its own parent, which Go's child code needs in basic mode.
// PTRACE_CONT and PTRACE_SETOPTIONS are what the helper's tracer thread uses.
// That is safe because the only way to become a tracer without
// PTRACE_ATTACH or PTRACE_SEIZE is for a child to call PTRACE_TRACEME: a
// program can trace only its own children, which run under the same filter
// and user as itself, and even those it can only resume and set options on.
// It cannot read or write their memory or registers (PEEK*, POKE*, GETREGS,
// SETREGS are refused), so it cannot change a call after the filter has
// checked it. PTRACE_O_SUSPEND_SECCOMP, the one option that matters, needs
// CAP_SYS_ADMIN and a tracer that is not itself filtered. A program that
// calls PTRACE_TRACEME itself makes the helper its tracer; it can only stop
// itself that way, and the helper's wait must treat a stopped program as
// still running.
//
// # Architectures
//
// The filter is for linux/amd64; elsewhere [Install] returns an error. The
// library's own architecture check sends a call of a foreign architecture to
// the policy's default action, which is ALLOW here, so the filter begins
// with a prologue of its own: a call made through the i386 entry (int 0x80
// from a 64-bit program, or any call of a 32-bit binary) kills the process
// (SECCOMP_RET_KILL_PROCESS; the run ends by SIGSYS), and an x32 call (a
// number with bit 0x40000000, whatever the kernel's CONFIG_X86_X32_ABI)
// fails with EPERM. Everything after the prologue sees native x86_64 calls
// only.
//
// # Cost
//
// Assembling the program takes about 0.5 ms the first time in a process
// (55 µs warm), once per process. Install is then one prctl and one
// seccomp(2): about 0.2 ms on the 2-core VM the tests ran on, which is the
// kernel's cost of loading any filter there (a two-instruction filter costs
// the same). The filter reads the arguments of unshare, clone, ptrace,
// socket and socketpair only, so since Linux 5.11 the kernel caches its
// answer for every other call, and a
// filtered getpid costs what an unfiltered one does (BenchmarkGetpid).
//
// The filter is loaded with SECCOMP_FILTER_FLAG_SPEC_ALLOW: otherwise a
// kernel booted with spec_store_bypass_disable=seccomp (the default before
// 5.16) forces speculation mitigations on the program, which protect secrets
// it does not have and make its CPU time depend on the host's boot options.
package seccomp
