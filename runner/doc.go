// Package runner runs one untrusted program under limits, inside a box, and
// measures it.
//
// A Sandbox owns a pool of boxes. Each box is a small helper process (this
// same executable, started again through [Init]) that holds the box's
// namespaces and mounts and starts the program for every run it is given.
// Boxes are reused between runs after a reset, so the per-run cost is one
// fork and exec plus a few cgroup writes.
//
// # Modes
//
// In [ModeFull] (root, or delegated cgroups) a box has new PID, mount,
// network, IPC and UTS namespaces, a root of read-only bind mounts with
// pivot_root, a size-capped tmpfs as the only writable place, its own /proc,
// a /dev with null, zero and urandom only, no network but a loopback that is
// down, an unprivileged uid of its own, no_new_privs and an empty capability
// bounding set. Memory and CPU are measured and enforced through cgroups (v1
// or v2, found from /proc/self/mountinfo).
//
// In [ModeBasic] (no privileges) a box is a plain temporary directory; limits
// are rlimits, CPU and memory are read from /proc and rusage, the program's
// own peak memory is read at its exit stop (it is traced with
// PTRACE_O_TRACEEXIT), and the process tree is found through a child
// subreaper. It does not isolate.
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
//	Memory  peak resident memory of the process tree (cgroup peak in full
//	        mode; in basic mode the program's own high-water mark at exit,
//	        or the highest resident set polled of its tree). Address
//	        space is never limited, so runtimes that reserve much (Go, JVM)
//	        start. A run that is killed by the out-of-memory killer, or
//	        fails after hitting the limit, is MemoryExceeded. Result.Memory.
//	Stack   RLIMIT_STACK; equal to the memory limit unless set.
//	        Stack, file size and open files are hard limits where the
//	        judge holds CAP_SYS_RESOURCE; containers often withhold it, and
//	        then they are soft limits a program could raise, which the
//	        memory cgroup, the tmpfs size and the output pipe bound anyway.
//	Output  bytes the program writes to stdout; the judge reads stdout
//	        through a pipe and kills the program the moment it passes the
//	        limit (OutputExceeded). RLIMIT_FSIZE caps any file it writes at
//	        the same size. Result.Output.
//	Stderr  only the first Limits.Stderr bytes are kept (Result.Stderr).
//	Procs   processes and threads alive at once (pids cgroup); a fork bomb
//	        fails to fork and ends by another limit.
//	Files   RLIMIT_NOFILE.
//	Disk    the box's tmpfs size (full mode).
//
// When a run ends, for any reason, every process it started is killed.
package runner
