// Package runner runs one untrusted program under limits, inside a box, and
// measures it.
//
// A Sandbox owns a pool of boxes. Each box is a small helper process (this
// same executable, started again through [Init]) that holds the box's
// namespaces and mounts and starts the program for every run it is given.
// Boxes are reused between runs, but nothing of a run is: every run gets a
// cgroup (new, or on v1 its box's last one renewed, whose figures count
// from zero: see package cgroup) and a cgroup namespace of its own, the
// box's IPC namespace is emptied after it (every SysV object and POSIX
// message queue), its working folders are emptied and must be as they
// were made, or the box is replaced (see below), standard input is a pipe
// the judge feeds (or a pipe end the caller gives: see RunInteraction),
// and its program folder is read-only (full mode) or placed again when
// changed (basic).
// Programs start from one launcher thread per box, dressed once: a
// session keyring of the box's own (empty: the filter denies every
// keyring call), no_new_privs, no capabilities, the seccomp filter.
// In full mode the launcher forks each program with
// clone(CLONE_VM|CLONE_VFORK) and the child runs no Go code: it joins the
// run's groups itself (v1 tasks, v2 cgroup.procs), takes a cgroup
// namespace rooted there, its rlimits, a process group and the box's
// user, the working folder and its three streams, and execs with every
// signal blocked until just before (spawn_amd64.go). The launcher never
// joins the run's groups, so their memory limit is written before the
// program exists. In basic mode the launcher uses syscall.ForkExec, with
// the program traced. Either way a program starts with no signal
// blocked, ignored or caught, and only its three standard streams open.
//
// # Layout
//
//	sandbox.go     Sandbox, Config, modes; the pool of boxes
//	instance.go    a sandbox's claim on the host: name, lock, uid block
//	box.go         a box: its folder, its helper, its next cgroup
//	run.go         one run: request, limits enforced while it runs
//	status.go      how a run ended: the status rules (decide)
//	streams.go     stdin fed through a pipe, stdout and stderr read (or
//	               ends the caller gives: Spec.StdinPipe, StdoutPipe)
//	pair.go        two programs joined by pipes (interactive problems)
//	files.go       program and work files placed, outputs collected
//	reset.go       each box's writable folders checked, emptied after a run
//	helper*.go     the helper's side: its loop, the box's root, the
//	               launcher and the fork, the IPC clean-up
//	spawn*.go      the launcher's own fork and exec (full mode)
//	cpus.go        the CPU each run is bound to
//	proc.go        /proc readers (basic mode)
//	cgroup/        a cgroup of its own per run, v1 or v2, behind one interface
//	seccomp/       the system-call filter of every box
//
// # Modes
//
// In [ModeFull] (root with cgroups) a box has new PID, mount, network, IPC
// and UTS namespaces, a root of read-only bind mounts with pivot_root, a
// size-capped tmpfs as the only writable place, its own /proc, a /dev with
// null, zero and urandom only, no network but a loopback that is down, an
// unprivileged uid of the sandbox's own block, no_new_privs, an empty
// capability bounding set and the seccomp filter below. Memory and CPU are
// measured and enforced through a cgroup of each run's own (v1, or v2 with
// the judge in a delegated cgroup of its own: see package cgroup).
//
// In [ModeBasic] a box is a plain temporary directory; limits are rlimits,
// CPU and memory are read from /proc and rusage, the program's own peak
// memory is read at its exit stop (it is traced with PTRACE_O_TRACEEXIT),
// and the process tree is found through a child subreaper. It does not
// isolate. As root, ModeAuto never falls back to it ([ErrNoFullSandbox]);
// asked for by name, it runs programs as a box uid with no capabilities
// and RLIMIT_NPROC. Programs get no_new_privs, a new session keyring and
// the seccomp filter in both modes.
//
// # Every run in a box as new
//
// A run, and a compile, starts in a box whose writable folders ({box} and
// $TMPDIR) are as a new box's: empty, with the mode, owner, extended
// attributes (POSIX ACLs, default or access, and user.* ones among them)
// and inode flags they were made with, whatever the box's last program
// did.
// Each box holds those folders open from its creation (in basic mode, its
// program folder and its own folder too, which a program that keeps the
// judge's uid can change) with their state then. After each run, what is
// left in them is removed (files, folders of any mode, fifos, sockets,
// links), and their state is read again (fstat, listxattr and
// FS_IOC_GETFLAGS on the held descriptors: a few system calls, nothing
// more for most runs). A box whose folders differ in any of that, or
// hold something that cannot be removed, is not repaired but thrown
// away, and the next run gets a new box (a new tmpfs in full mode, a new
// folder in basic mode; a new helper too, which costs about ten runs);
// Result.BoxChanged tells the caller, so that a compile cache does not
// keep what such a run made.
//
// # Ownership
//
// Each sandbox takes a lock (flock) on a file in Config.LockDir for its
// whole life. Box folders and cgroups are named after it, and a new sandbox
// removes those of instances whose lock is free: judges in other PID
// namespaces, which cannot see each other's processes, never take each
// other for dead. Each sandbox also locks a block of 1024 box uids, so no
// two judges on a host run programs as the same uid.
//
// # Limits
//
// Every limit is one promise, and every run reports what it used:
//
//	CPU     user+system time of the whole process tree, from the cgroup's
//	        counter (full) or /proc and rusage (basic). A timer armed on the
//	        remaining budget stops a busy program within a few milliseconds
//	        of CPU time past the limit. Result.CPU, Status CPUExceeded.
//	Wall    real time from the start of the program; a program that sleeps
//	        or waits for input is stopped at it. Result.Wall, WallExceeded.
//	Memory  peak memory of the process tree (the run cgroup's peak in full
//	        mode, swap off; in basic mode the program's own high-water
//	        mark at exit, or the highest resident set polled of its
//	        tree). The kernel charges memory in batches of 64 pages per
//	        CPU, so a peak moves in steps of about 256 KiB, a trivial
//	        program's one batch. A renewed group (v1) may still have
//	        charged what its last runs left, at most 4 MiB: the peak is
//	        counted above it and the limit raised by it. Just before the
//	        fork, on the program's CPU, the launcher sets the group's
//	        limit one page below its usage, which makes the kernel first
//	        empty the group's cache of pages charged but unused on that
//	        CPU (a program would use them without its peak rising), then
//	        lifts the limit and resets the peak. Pages the last run freed
//	        late (kernel stacks, task structures: freed after a grace
//	        period) may still reach that cache during the run, and the
//	        program's peak then reads low: of 3000 trivial C runs in a
//	        row here, 15 read 0 and 3% less than 256 KiB (a new group:
//	        256 KiB); of 1000 Go hello worlds, 2-6 read 0, 23-28 read
//	        256 KiB, 8% 390-648 KiB, and the rest 648-768 KiB (a new
//	        group: 768 KiB). In full mode the first process's own task
//	        structure and kernel stack are made before it joins its
//	        groups, and are not counted.
//	        Address space is never limited, so runtimes that reserve much
//	        (Go, JVM) start. A run that reached the limit and failed or ran
//	        out of time is MemoryExceeded (see decide). Result.Memory.
//	Stack   RLIMIT_STACK; equal to the memory limit unless set.
//	        Stack, file size and open files are hard limits where the
//	        judge holds CAP_SYS_RESOURCE; containers often withhold it, and
//	        then they are soft limits a program could raise, which the
//	        memory cgroup, the tmpfs size and the output pipe bound anyway.
//	Output  bytes the program writes to stdout; the judge reads stdout
//	        through a pipe and kills the program the moment it passes the
//	        limit (OutputExceeded). The pipe is read once the program has
//	        ended or 2 ms into the run, whichever comes first: a program
//	        that fills it (64 KiB) in its first 2 ms waits for the rest. RLIMIT_FSIZE caps any file it writes at
//	        the same size (a Combined run, which has no output limit: at
//	        its Disk). Given Spec.StdoutFile, the program writes its
//	        output into that file itself, and RLIMIT_FSIZE, one byte past
//	        the limit, is what stops it (SIGXFSZ; a program that ignores
//	        the signal has a file one byte over, OutputExceeded all the
//	        same). Result.Output.
//	Stderr  only the first Limits.Stderr bytes are kept (Result.Stderr).
//	Procs   processes and threads alive at once (pids cgroup; RLIMIT_NPROC
//	        in basic mode); a fork bomb fails to fork and ends by another
//	        limit.
//	Files   RLIMIT_NOFILE.
//	Disk    the box's tmpfs size (full mode), and in any mode what the
//	        files collected after a run (Spec.Collect, Spec.CollectAll)
//	        may be together by apparent sizes (a sparse file counts
//	        whole): they are counted first, and past it none is copied
//	        and Run returns ErrCollectLimit. Collecting follows no link.
//	        Config.Disk for every box; a run whose Limits.Disk differs (a
//	        compile's) gets a box of its own with that size, discarded
//	        after. In full mode what a run writes there is also counted in
//	        its memory.
//
// When a run ends, for any reason, every process it started is killed.
//
// # CPUs
//
// Each run is bound to one CPU of the judge's: the one with the fewest of
// the judge's runs under way, and of those the one the whole host kept
// least busy lately (/proc/stat, looked at every 100 ms at most), so runs
// at once get CPUs of their own while there are enough, and judges side
// by side spread out. The box's launcher binds itself before the fork, so
// the program starts, runs and ends on that CPU; a program sees one CPU
// (nproc, Go's GOMAXPROCS, a JVM's processor count), the same in every
// run. Spec.AllCPUs lets a run use every CPU (compilers). The binding is
// a placement, not a limit: the CPU limit counts every thread wherever it
// runs, and a program may widen its own affinity; but a run cannot move
// off a CPU that other work on the host takes up after it started (the
// wall limit, 2 × CPU + 1 s by default, leaves room for that). Left
// unbound, a program starts on another, idle, CPU than its launcher's,
// and on small virtual machines waking that CPU at each run's start, and
// the launcher's at its end, cost a sixth of a trivial run's wall time.
//
// # Two programs joined by pipes
//
// [Sandbox.RunInteraction] runs a program and an interactor at once, each
// in a box of its own under its own limits (one Spec each, run as by
// Run), the program's stdout piped to the interactor's stdin and back.
// The judge holds a copy of each pipe's write end until the run of its
// writer is over, so neither side sees end of file before the other has
// ended, and of each read end, so that writing to a side that has ended
// is read and dropped (or, if the caller says so of the interactor's
// result, fails with EPIPE). When the caller says that the interactor's
// result decides the outcome (Interaction.StopProgram), a program still
// running when the interactor ends is stopped at once, within a few
// milliseconds, with Status Stopped; its CPU and wall time are what it
// used until then. Neither program holds a host file.
//
// # System calls
//
// Every program, compilers included, runs under the seccomp filter of
// package seccomp, installed last before the fork on the thread that forks
// (see seccomp's documentation for each rule and why). Denied with EPERM:
// unshare; clone with any namespace flag; setns; mount, umount2,
// pivot_root, chroot and the new mount API (fsopen, fsconfig, fsmount,
// fspick, move_mount, open_tree, open_tree_attr, mount_setattr);
// open_by_handle_at, name_to_handle_at; quotactl, quotactl_fd; keyctl,
// add_key, request_key; io_uring_setup, io_uring_enter,
// io_uring_register; bpf; perf_event_open; userfaultfd; ptrace for every
// request but TRACEME, CONT and SETOPTIONS (a program can only have
// tracees through TRACEME of its own children, and cannot read or change
// them); process_vm_readv, process_vm_writev, pidfd_getfd; kexec_load,
// kexec_file_load; init_module, finit_module, delete_module; reboot;
// swapon, swapoff; acct; syslog; lookup_dcookie; and every call of the
// x32 ABI. clone3 gets ENOSYS (its flags are out of the filter's sight; C
// libraries fall back to clone). A call through the i386 ABI (int 0x80, a
// 32-bit binary) kills the program (SIGSYS). Sockets are limited to the
// families runtimes use: socket makes AF_UNIX, AF_INET, AF_INET6 (which
// reach nothing in full mode, whose network is a loopback that is down)
// and AF_NETLINK with NETLINK_ROUTE only, socketpair AF_UNIX only; every
// other family (AF_VSOCK, which is not network-namespaced, AF_PACKET,
// AF_ALG, AF_XDP, ... and any unknown one) and netlink protocol fails with
// EAFNOSUPPORT.
package runner
