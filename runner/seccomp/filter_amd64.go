//go:build linux

package seccomp

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	libseccomp "github.com/elastic/go-seccomp-bpf"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// Offsets in struct seccomp_data, the input of a filter.
const (
	offNr   = 0 // int nr
	offArch = 4 // __u32 arch
)

// bpfMaxInsns is the kernel's limit on the length of one filter.
const bpfMaxInsns = 4096

// program is the filter as the kernel takes it, assembled once per process:
// Install only loads it.
var program = sync.OnceValues(build)

// Install installs the box filter on the calling OS thread, and on nothing
// else: no other thread of the process is filtered, and children the thread
// forks afterwards inherit the filter, with it through execve. The caller has
// locked the goroutine to its thread (runtime.LockOSThread) and set
// no_new_privs on it; Install fails if no_new_privs is not set. A filter
// cannot be removed, so the thread must be thrown away afterwards (its
// goroutine ends without UnlockOSThread).
func Install() error {
	filter, err := program()
	if err != nil {
		return err
	}
	nnp, err := unix.PrctlRetInt(unix.PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0)
	if err != nil {
		return fmt.Errorf("seccomp: read no_new_privs: %w", err)
	}
	if nnp != 1 {
		return errors.New("seccomp: no_new_privs is not set on the calling thread")
	}
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	// SPEC_ALLOW keeps the kernel from forcing speculation mitigations
	// (SSBD, STIBP) on the filtered program, which it does on kernels booted
	// with spec_store_bypass_disable=seccomp (the default before 5.16).
	// They would protect the program's own secrets, it has none, and they
	// would make its CPU time depend on the host's boot options. Kernels
	// before 4.17 do not know the flag and get none.
	err = load(&prog, unix.SECCOMP_FILTER_FLAG_SPEC_ALLOW)
	if err == unix.EINVAL {
		err = load(&prog, 0)
	}
	if err != nil {
		return fmt.Errorf("seccomp: load filter: %w", err)
	}
	return nil
}

// load is seccomp(SECCOMP_SET_MODE_FILTER, flags, prog). Without
// SECCOMP_FILTER_FLAG_TSYNC it filters the calling thread only.
func load(prog *unix.SockFprog, flags uintptr) error {
	_, _, errno := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, flags, uintptr(unsafe.Pointer(prog)))
	if errno != 0 {
		return errno
	}
	return nil
}

// build assembles the filter into the kernel's form.
func build() ([]unix.SockFilter, error) {
	insts, err := instructions()
	if err != nil {
		return nil, err
	}
	raw, err := bpf.Assemble(insts)
	if err != nil {
		return nil, fmt.Errorf("seccomp: assemble filter: %w", err)
	}
	if len(raw) > bpfMaxInsns {
		return nil, fmt.Errorf("seccomp: filter has %d instructions, the kernel takes %d", len(raw), bpfMaxInsns)
	}
	filter := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		filter[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	return filter, nil
}

// instructions is the filter as BPF instructions: a prologue for the
// calling conventions, then the library's program for the table.
//
// The prologue is ours because the library's own architecture check sends a
// foreign architecture to the policy's default action, which is ALLOW here:
// an i386 call (int 0x80) would pass unchecked. The prologue kills the
// process on any architecture but x86_64, then fails every x32 call (number
// with bit 0x40000000) with EPERM. What follows it, the library's checks of
// the architecture and of x32 (ENOSYS) included, only ever sees native
// x86_64 calls.
func instructions() ([]bpf.Instruction, error) {
	perm := libseccomp.SyscallGroup{Action: libseccomp.ActionErrno | libseccomp.Action(unix.EPERM)}
	nosys := libseccomp.SyscallGroup{Action: libseccomp.ActionErrno | libseccomp.Action(unix.ENOSYS)}
	family := libseccomp.SyscallGroup{Action: libseccomp.ActionErrno | libseccomp.Action(unix.EAFNOSUPPORT)}
	for _, e := range table() {
		var g *libseccomp.SyscallGroup
		switch e.Result {
		case resultEPERM:
			g = &perm
		case resultENOSYS:
			g = &nosys
		case resultFamily:
			g = &family
		}
		if e.Syscall == AnyCall || g == nil {
			continue // the prologue's rules
		}
		if e.args == nil {
			g.Names = append(g.Names, e.Syscall)
		} else {
			g.NamesWithCondtions = append(g.NamesWithCondtions, libseccomp.NameWithConditions{Name: e.Syscall, Conditions: e.args})
		}
	}
	policy := libseccomp.Policy{
		DefaultAction: libseccomp.ActionAllow,
		Syscalls:      []libseccomp.SyscallGroup{perm, nosys, family},
	}
	body, err := policy.Assemble()
	if err != nil {
		return nil, fmt.Errorf("seccomp: assemble policy: %w", err)
	}
	prologue := []bpf.Instruction{
		bpf.LoadAbsolute{Off: offArch, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.AUDIT_ARCH_X86_64, SkipTrue: 1},
		bpf.RetConstant{Val: unix.SECCOMP_RET_KILL_PROCESS},
		bpf.LoadAbsolute{Off: offNr, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpBitsSet, Val: x32Bit, SkipFalse: 1},
		bpf.RetConstant{Val: unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM)},
	}
	return append(prologue, body...), nil
}
