package runner

import (
	"fmt"
	"github.com/puzzlejudge/judge/runner/cgroup"
	"github.com/puzzlejudge/judge/runner/seccomp"
	"os"
	"os/exec"
	"sort"
	"strings"
	"syscall"
)

// Check is one item of a machine check: what was looked at, whether it is
// there, and the one-line fix when it is not.
type Check struct {
	Name   string `json:"name"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
	Fix    string `json:"fix,omitempty"`
}

// Probe checks what this machine offers the sandbox: privileges, cgroups
// and namespaces. It changes nothing that outlives it.
func Probe() []Check {
	var checks []Check
	root := os.Geteuid() == 0
	checks = append(checks, Check{
		Name:   "privileges",
		OK:     root,
		Detail: fmt.Sprintf("euid %d", os.Geteuid()),
		Fix:    fixIf(!root, "run the judge as root (full mode needs namespaces, mounts and cgroups)"),
	})
	probe := cgroup.Probe()
	detail := probe.Version.String()
	if probe.Version == cgroup.None {
		detail = "none usable"
	}
	var ctl []string
	for c, dir := range probe.Controllers {
		ctl = append(ctl, c+" at "+dir)
	}
	sort.Strings(ctl)
	if len(ctl) > 0 {
		detail += ": " + strings.Join(ctl, ", ")
	}
	usable := len(probe.Problems) == 0
	if !usable {
		detail += "; " + strings.Join(probe.Problems, "; ")
	}
	checks = append(checks, Check{Name: "cgroups", OK: usable, Detail: detail, Fix: probe.Hint})
	if probe.Version == cgroup.V2 {
		checks = append(checks, Check{
			Name:   "cgroup v2 delegation",
			OK:     usable,
			Detail: "the judge moves itself into judge-<instance>/judge below the cgroup it starts in and enables memory, pids and cpu for its run groups; that cgroup must be delegated to it and hold nothing else",
			Fix:    fixIf(!usable, "run: "+cgroup.DelegationHint),
		})
	}
	if usable {
		hard := canRaiseHardLimits()
		checks = append(checks, Check{
			Name:   "CAP_SYS_RESOURCE",
			OK:     true,
			Detail: map[bool]string{true: "held: rlimits are hard limits", false: "not held (common in containers): stack, file-size and open-file rlimits are soft; the cgroup and the tmpfs still bound them"}[hard],
		})
	}
	checks = append(checks, seccompCheck())
	for _, ns := range []struct {
		name string
		flag uintptr
	}{
		{"mount namespace", syscall.CLONE_NEWNS},
		{"PID namespace", syscall.CLONE_NEWPID},
		{"network namespace", syscall.CLONE_NEWNET},
		{"IPC namespace", syscall.CLONE_NEWIPC},
		{"UTS namespace", syscall.CLONE_NEWUTS},
	} {
		err := tryNamespace(ns.flag)
		c := Check{Name: ns.name, OK: err == nil, Detail: "available"}
		if err != nil {
			c.Detail = err.Error()
			c.Fix = "run as root, outside a container that forbids unshare (docker: --privileged or a seccomp profile allowing it)"
		}
		checks = append(checks, c)
	}
	return checks
}

func fixIf(cond bool, fix string) string {
	if cond {
		return fix
	}
	return ""
}

// tryNamespace starts /bin/true in a new namespace of the given kind.
func tryNamespace(flag uintptr) error {
	cmd := exec.Command("/bin/true")
	cmd.SysProcAttr = &syscall.SysProcAttr{Cloneflags: flag}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("cannot create: %w", err)
	}
	return nil
}

// seccompCheck says whether the kernel filters system calls (every box
// program runs under the seccomp filter; see the package documentation).
func seccompCheck() Check {
	c := Check{Name: "seccomp", Detail: fmt.Sprintf("filter of %d rules for every program", len(seccomp.Denied()))}
	data, err := os.ReadFile("/proc/self/status")
	if err != nil || !strings.Contains(string(data), "\nSeccomp:") {
		c.Detail = "the kernel does not report seccomp support (no Seccomp: line in /proc/self/status)"
		c.Fix = "use a kernel built with CONFIG_SECCOMP_FILTER (every distribution kernel is)"
		return c
	}
	c.OK = true
	return c
}
