//go:build linux

package seccomp

import (
	"testing"

	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/sys/unix"
)

// amd64Numbers is every syscall the table names, with its number from
// golang.org/x/sys/unix: a second source, against the library's table.
var amd64Numbers = map[string]int{
	"unshare":           unix.SYS_UNSHARE,
	"clone":             unix.SYS_CLONE,
	"clone3":            unix.SYS_CLONE3,
	"setns":             unix.SYS_SETNS,
	"mount":             unix.SYS_MOUNT,
	"umount2":           unix.SYS_UMOUNT2,
	"pivot_root":        unix.SYS_PIVOT_ROOT,
	"chroot":            unix.SYS_CHROOT,
	"fsopen":            unix.SYS_FSOPEN,
	"fsconfig":          unix.SYS_FSCONFIG,
	"fsmount":           unix.SYS_FSMOUNT,
	"fspick":            unix.SYS_FSPICK,
	"move_mount":        unix.SYS_MOVE_MOUNT,
	"open_tree":         unix.SYS_OPEN_TREE,
	"open_tree_attr":    unix.SYS_OPEN_TREE_ATTR,
	"mount_setattr":     unix.SYS_MOUNT_SETATTR,
	"open_by_handle_at": unix.SYS_OPEN_BY_HANDLE_AT,
	"name_to_handle_at": unix.SYS_NAME_TO_HANDLE_AT,
	"quotactl":          unix.SYS_QUOTACTL,
	"quotactl_fd":       unix.SYS_QUOTACTL_FD,
	"keyctl":            unix.SYS_KEYCTL,
	"add_key":           unix.SYS_ADD_KEY,
	"request_key":       unix.SYS_REQUEST_KEY,
	"io_uring_setup":    unix.SYS_IO_URING_SETUP,
	"io_uring_enter":    unix.SYS_IO_URING_ENTER,
	"io_uring_register": unix.SYS_IO_URING_REGISTER,
	"bpf":               unix.SYS_BPF,
	"perf_event_open":   unix.SYS_PERF_EVENT_OPEN,
	"userfaultfd":       unix.SYS_USERFAULTFD,
	"ptrace":            unix.SYS_PTRACE,
	"process_vm_readv":  unix.SYS_PROCESS_VM_READV,
	"process_vm_writev": unix.SYS_PROCESS_VM_WRITEV,
	"pidfd_getfd":       unix.SYS_PIDFD_GETFD,
	"kexec_load":        unix.SYS_KEXEC_LOAD,
	"kexec_file_load":   unix.SYS_KEXEC_FILE_LOAD,
	"init_module":       unix.SYS_INIT_MODULE,
	"finit_module":      unix.SYS_FINIT_MODULE,
	"delete_module":     unix.SYS_DELETE_MODULE,
	"reboot":            unix.SYS_REBOOT,
	"swapon":            unix.SYS_SWAPON,
	"swapoff":           unix.SYS_SWAPOFF,
	"acct":              unix.SYS_ACCT,
	"syslog":            unix.SYS_SYSLOG,
	"lookup_dcookie":    unix.SYS_LOOKUP_DCOOKIE,
	"socket":            unix.SYS_SOCKET,
	"socketpair":        unix.SYS_SOCKETPAIR,
}

// TestRulesResolve checks every rule's name against the library's x86_64
// table (which the filter is built from) and against x/sys/unix, and that
// the table holds each call once, but for calls denied under several
// conditions (any of which denies them).
func TestRulesResolve(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range table() {
		r := e.Rule
		if r.Syscall == AnyCall {
			continue
		}
		t.Run(r.Syscall, func(t *testing.T) {
			if seen[r.Syscall] && e.args == nil {
				t.Fatalf("%s is in the table twice, once whatever its arguments", r.Syscall)
			}
			seen[r.Syscall] = true
			lib, ok := arch.X86_64.SyscallNames[r.Syscall]
			if !ok {
				t.Fatalf("%s is not in the library's x86_64 table", r.Syscall)
			}
			want, ok := amd64Numbers[r.Syscall]
			if !ok {
				t.Fatalf("%s has no number in this test's list", r.Syscall)
			}
			if lib != want {
				t.Fatalf("%s: library says %d, x/sys/unix says %d", r.Syscall, lib, want)
			}
			if r.Why == "" || (r.Result != resultEPERM && r.Result != resultENOSYS && r.Result != resultFamily) {
				t.Fatalf("%s: result %q, why %q", r.Syscall, r.Result, r.Why)
			}
		})
	}
	for name := range amd64Numbers {
		if !seen[name] {
			t.Errorf("%s is in this test's list but not in the table", name)
		}
	}
}
