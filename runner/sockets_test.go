package runner

import (
	"fmt"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestSocketFamilies creates a socket, and a socket pair, of each family in
// a box of each mode: the families runtimes use are allowed, every other is
// refused with EAFNOSUPPORT (see package seccomp), AF_VSOCK first, which is
// not network-namespaced.
func TestSocketFamilies(t *testing.T) {
	type family struct {
		name                 string
		family, typ, proto   int
		socketOK, socketPair bool
	}
	families := []family{
		{"unix", unix.AF_UNIX, unix.SOCK_STREAM, 0, true, true},
		{"unix-dgram", unix.AF_UNIX, unix.SOCK_DGRAM, 0, true, true},
		{"inet", unix.AF_INET, unix.SOCK_STREAM, 0, true, false},
		{"inet6", unix.AF_INET6, unix.SOCK_DGRAM, 0, true, false},
		{"netlink-route", unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_ROUTE, true, false},
		{"vsock", unix.AF_VSOCK, unix.SOCK_STREAM, 0, false, false},
		{"vsock-dgram", unix.AF_VSOCK, unix.SOCK_DGRAM, 0, false, false},
		{"netlink-audit", unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_AUDIT, false, false},
		{"netlink-netfilter", unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_NETFILTER, false, false},
		{"netlink-uevent", unix.AF_NETLINK, unix.SOCK_DGRAM, unix.NETLINK_KOBJECT_UEVENT, false, false},
		{"netlink-generic", unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_GENERIC, false, false},
		{"netlink-sock-diag", unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_SOCK_DIAG, false, false},
		{"packet", unix.AF_PACKET, unix.SOCK_RAW, 0, false, false},
		{"key", unix.AF_KEY, unix.SOCK_RAW, 2 /* PF_KEY_V2 */, false, false},
		{"alg", unix.AF_ALG, unix.SOCK_SEQPACKET, 0, false, false},
		{"bluetooth", unix.AF_BLUETOOTH, unix.SOCK_RAW, 0, false, false},
		{"xdp", unix.AF_XDP, unix.SOCK_RAW, 0, false, false},
		{"rds", unix.AF_RDS, unix.SOCK_SEQPACKET, 0, false, false},
		{"tipc", unix.AF_TIPC, unix.SOCK_SEQPACKET, 0, false, false},
		{"can", unix.AF_CAN, unix.SOCK_RAW, 1 /* CAN_RAW */, false, false},
		{"pppox", unix.AF_PPPOX, unix.SOCK_STREAM, 0, false, false},
		{"llc", unix.AF_LLC, unix.SOCK_DGRAM, 0, false, false},
		{"nfc", unix.AF_NFC, unix.SOCK_SEQPACKET, 0, false, false},
		{"qipcrtr", unix.AF_QIPCRTR, unix.SOCK_DGRAM, 0, false, false},
		{"smc", unix.AF_SMC, unix.SOCK_STREAM, 0, false, false},
		{"x25", unix.AF_X25, unix.SOCK_SEQPACKET, 0, false, false},
		{"ax25", unix.AF_AX25, unix.SOCK_SEQPACKET, 0, false, false},
		{"mctp", unix.AF_MCTP, unix.SOCK_DGRAM, 0, false, false},
		{"kcm", unix.AF_KCM, unix.SOCK_DGRAM, 0, false, false},
		{"unspec", unix.AF_UNSPEC, unix.SOCK_STREAM, 0, false, false},
		{"past-AF_MAX", 60, unix.SOCK_STREAM, 0, false, false},
	}
	var args []string
	for _, f := range families {
		args = append(args, f.name, strconv.Itoa(f.family), strconv.Itoa(f.typ), strconv.Itoa(f.proto))
	}
	bin := buildC(t, "sockets")
	quick := Limits{CPU: 2 * time.Second, Wall: 10 * time.Second, Memory: 64 << 20}
	for _, mode := range []Mode{ModeFull, ModeBasic} {
		t.Run(string(mode), func(t *testing.T) {
			s := modeSandbox(t, mode)
			res, out := runProgram(t, s, bin, quick, args...)
			if !res.OK() {
				t.Fatalf("result %+v", res)
			}
			got := map[string][2]string{}
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var name string
				var sock, pair int
				if _, err := fmt.Sscanf(line, "%s socket=%d socketpair=%d", &name, &sock, &pair); err != nil {
					t.Fatalf("output line %q: %v", line, err)
				}
				got[name] = [2]string{errnoName(sock), errnoName(pair)}
			}
			refused := errnoName(int(syscall.EAFNOSUPPORT))
			for _, f := range families {
				g, ok := got[f.name]
				if !ok {
					t.Errorf("%s: no result", f.name)
					continue
				}
				if f.socketOK && g[0] != "ok" || !f.socketOK && g[0] != refused {
					t.Errorf("%s: socket %s, want %s", f.name, g[0], map[bool]string{true: "ok", false: refused}[f.socketOK])
				}
				if f.socketPair && g[1] != "ok" || !f.socketPair && g[1] != refused {
					t.Errorf("%s: socketpair %s, want %s", f.name, g[1], map[bool]string{true: "ok", false: refused}[f.socketPair])
				}
			}
		})
	}
}

// errnoName names the errno a C program printed; 0 is "ok".
func errnoName(n int) string {
	if n == 0 {
		return "ok"
	}
	return unix.ErrnoName(syscall.Errno(n))
}
