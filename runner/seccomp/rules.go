//go:build linux

package seccomp

import (
	"fmt"
	"golang.org/x/sys/unix"
	"syscall"

	libseccomp "github.com/elastic/go-seccomp-bpf"
)

// Rule is one system call, or class of calls, that the filter denies.
type Rule struct {
	// Syscall is the call's name in the x86_64 table, or AnyCall for a
	// rule on the calling convention itself (x32, i386).
	Syscall string
	// When says for which arguments the call is denied; empty when it is
	// denied whatever they are.
	When string
	// Result is what the program sees: "EPERM", "ENOSYS" or
	// "EAFNOSUPPORT" (the call fails with that error) or "SIGSYS" (the
	// kernel kills the process).
	Result string
	// Why is the reason, in one line.
	Why string
}

// AnyCall is the Syscall of a rule that covers every call.
const AnyCall = "any"

// Argument values the conditional rules test.
const (
	// nsCloneFlags are the clone flags that create a namespace. CLONE_NEWTIME
	// (0x80) is not among them: clone(2) takes its low byte as the exit
	// signal (CSIGNAL) and the kernel masks it off the flags, so only
	// unshare and clone3 can ask for a time namespace, and both are denied.
	nsCloneFlags = syscall.CLONE_NEWNS | syscall.CLONE_NEWCGROUP | syscall.CLONE_NEWUTS |
		syscall.CLONE_NEWIPC | syscall.CLONE_NEWUSER | syscall.CLONE_NEWPID | syscall.CLONE_NEWNET

	ptraceTraceMe    = 0      // PTRACE_TRACEME
	ptraceCont       = 7      // PTRACE_CONT
	ptraceSetOptions = 0x4200 // PTRACE_SETOPTIONS

	// x32Bit marks a system call number of the x32 ABI on x86_64
	// (__X32_SYSCALL_BIT).
	x32Bit = 0x40000000

	// netlinkRoute is NETLINK_ROUTE, the one netlink protocol a box
	// may open.
	netlinkRoute = 0
)

// socketFamilies are the socket families a box may create: what runtimes
// and judged programs use. AF_UNIX for pipes and socketpairs; AF_INET and
// AF_INET6, which runtimes open at start or on first use (the JVM probes
// IPv6 with one) and which reach nothing from a box, whose network is a
// loopback that is down; AF_NETLINK, with NETLINK_ROUTE only, which glibc
// (getaddrinfo, if_nameindex) and Go's net package (net.Interfaces) read
// the box's interfaces through.
var socketFamilies = []uint64{unix.AF_UNIX, unix.AF_INET, unix.AF_INET6, unix.AF_NETLINK}

// Results a rule gives.
const (
	resultEPERM  = "EPERM"
	resultENOSYS = "ENOSYS"
	resultKill   = "SIGSYS"
	// resultFamily is the kernel's own answer for a socket family it
	// lacks, which every program already handles.
	resultFamily = "EAFNOSUPPORT"
)

// entry is a rule and, for a rule that depends on the arguments, the
// argument conditions (all must hold) under which the call is denied.
type entry struct {
	Rule
	args libseccomp.ArgumentConditions
}

// table is the whole filter, in the order of the package documentation. The
// two AnyCall rules are coded by hand in the program's prologue, checked
// first; every other entry goes through the library's policy.
func table() []entry {
	deny := func(name, why string) entry {
		return entry{Rule: Rule{Syscall: name, Result: resultEPERM, Why: why}}
	}
	return []entry{
		// Calling conventions that would go around the rest: the prologue.
		{Rule: Rule{Syscall: AnyCall, When: "x32 ABI (bit 0x40000000)", Result: resultEPERM,
			Why: "the same calls under other numbers"}},
		{Rule: Rule{Syscall: AnyCall, When: "i386 ABI (int 0x80, 32-bit binaries)", Result: resultKill,
			Why: "the same calls under other numbers; killed"}},

		// Namespaces: a new user namespace gives the program every
		// capability inside it, and with it the kernel's large
		// namespace-only attack surface (mounts, netfilter, ...).
		{
			Rule: Rule{Syscall: "unshare", When: "flags other than CLONE_NEWCGROUP alone", Result: resultEPERM,
				Why: "creates namespaces (a user namespace gives all capabilities in it); a cgroup namespace alone needs CAP_SYS_ADMIN, which only the box's own fork has"},
			args: libseccomp.ArgumentConditions{{Argument: 0, Operation: libseccomp.NotEqual, Value: unix.CLONE_NEWCGROUP}},
		},
		{
			Rule: Rule{Syscall: "clone", When: "flags with a CLONE_NEW* bit", Result: resultEPERM,
				Why: "creates namespaces; threads and forks pass"},
			args: libseccomp.ArgumentConditions{{Argument: 0, Operation: libseccomp.BitsSet, Value: nsCloneFlags}},
		},
		{
			Rule: Rule{Syscall: "clone3", Result: resultENOSYS,
				Why: "its flags are in memory seccomp cannot read; glibc then falls back to clone"},
		},
		deny("setns", "joins another namespace"),

		// Mounts and the file system's root.
		deny("mount", "changes the mount table"),
		deny("umount2", "changes the mount table"),
		deny("pivot_root", "changes the root"),
		deny("chroot", "changes the root"),
		deny("fsopen", "new mount API: mounts"),
		deny("fsconfig", "new mount API: mounts"),
		deny("fsmount", "new mount API: mounts"),
		deny("fspick", "new mount API: reconfigures a mount"),
		deny("move_mount", "new mount API: mounts"),
		deny("open_tree", "new mount API: clones a mount"),
		deny("open_tree_attr", "new mount API (Linux 6.15): clones a mount with new attributes"),
		deny("mount_setattr", "new mount API: changes a mount's attributes"),
		deny("open_by_handle_at", "opens files by handle, past the mount's root (the shocker escape)"),
		deny("name_to_handle_at", "makes the handles open_by_handle_at takes"),
		deny("quotactl", "disk quota administration"),
		deny("quotactl_fd", "disk quota administration"),

		// Kernel keyrings: not namespaced, shared by the user's processes.
		deny("keyctl", "keyrings are not namespaced: could read or plant the user's keys"),
		deny("add_key", "keyrings are not namespaced"),
		deny("request_key", "keyrings are not namespaced"),

		// Large kernel attack surface no judged program needs.
		deny("io_uring_setup", "io_uring: a large attack surface; its operations go around the filter"),
		deny("io_uring_enter", "io_uring"),
		deny("io_uring_register", "io_uring"),
		deny("bpf", "eBPF programs and maps: a large attack surface"),
		deny("perf_event_open", "performance counters: side channels, a large attack surface"),
		deny("userfaultfd", "stalls the kernel at a chosen page fault, a staple of exploits"),

		// Other processes' memory, descriptors and tracing.
		{
			Rule: Rule{Syscall: "ptrace", When: "request not TRACEME, CONT, SETOPTIONS", Result: resultEPERM,
				Why: "touches other processes (see ptrace)"},
			args: libseccomp.ArgumentConditions{
				{Argument: 0, Operation: libseccomp.NotEqual, Value: ptraceTraceMe},
				{Argument: 0, Operation: libseccomp.NotEqual, Value: ptraceCont},
				{Argument: 0, Operation: libseccomp.NotEqual, Value: ptraceSetOptions},
			},
		},
		deny("process_vm_readv", "reads another process's memory"),
		deny("process_vm_writev", "writes another process's memory"),
		deny("pidfd_getfd", "copies a descriptor out of another process"),

		// The machine itself.
		deny("kexec_load", "loads a new kernel"),
		deny("kexec_file_load", "loads a new kernel"),
		deny("init_module", "loads a kernel module"),
		deny("finit_module", "loads a kernel module"),
		deny("delete_module", "unloads a kernel module"),
		deny("reboot", "reboots the machine"),
		deny("swapon", "changes swap"),
		deny("swapoff", "changes swap"),
		deny("acct", "process accounting to a file"),
		deny("syslog", "reads or clears the kernel log"),
		deny("lookup_dcookie", "kernel profiling internals"),

		// Socket families: most are not network-namespaced (AF_VSOCK
		// reaches the hypervisor and other VMs) or are a large attack
		// surface (AF_PACKET, AF_ALG, AF_XDP, netlink's other protocols).
		{
			Rule: Rule{Syscall: "socket", When: "family other than AF_UNIX, AF_INET, AF_INET6, AF_NETLINK", Result: resultFamily,
				Why: "AF_VSOCK is not network-namespaced, the others are attack surface no judged program needs"},
			args: notAny(0, socketFamilies),
		},
		{
			Rule: Rule{Syscall: "socket", When: "AF_NETLINK with a protocol other than NETLINK_ROUTE", Result: resultFamily,
				Why: "runtimes read interfaces through NETLINK_ROUTE; the other protocols (netfilter, audit, uevents, ...) are attack surface"},
			args: libseccomp.ArgumentConditions{
				{Argument: 0, Operation: libseccomp.Equal, Value: unix.AF_NETLINK},
				{Argument: 2, Operation: libseccomp.NotEqual, Value: netlinkRoute},
			},
		},
		{
			Rule: Rule{Syscall: "socketpair", When: "family other than AF_UNIX", Result: resultFamily,
				Why: "only AF_UNIX makes pairs a program needs (AF_TIPC makes them too)"},
			args: notAny(0, []uint64{unix.AF_UNIX}),
		},
	}
}

// notAny is the conditions under which argument arg is none of values:
// all 64 bits are compared, so a value the kernel would truncate to an
// allowed one is refused too.
func notAny(arg uint32, values []uint64) libseccomp.ArgumentConditions {
	var c libseccomp.ArgumentConditions
	for _, v := range values {
		c = append(c, libseccomp.Condition{Argument: arg, Operation: libseccomp.NotEqual, Value: v})
	}
	return c
}

// String is the rule as one line of the package documentation's list:
// the call, the result, and when and why.
func (r Rule) String() string {
	text := r.Why
	if r.When != "" {
		text = r.When + ": " + r.Why
	}
	return fmt.Sprintf("%-17s  %-12s  %s", r.Syscall, r.Result, text)
}

// Denied lists the denied system calls and rules, in the order of the
// package documentation, for documentation and `judge doctor`.
func Denied() []Rule {
	t := table()
	rules := make([]Rule, len(t))
	for i, e := range t {
		rules[i] = e.Rule
	}
	return rules
}
