// Command cgroup2probe prints what the running kernel offers the judge's
// full sandbox on a cgroup v2 host: the controllers, the cgroup files the
// runner wants (memory.peak, cgroup.kill), starting a process straight into
// a cgroup (clone3 with CLONE_INTO_CGROUP), seccomp and namespaces.
//
// .ci/cgroup2-vm runs it once inside the virtual machine, as root, before
// the tests. It only reports: every line is "name: value", and it exits 0
// unless it cannot run at all. It creates and removes one cgroup,
// cgroup2probe, under the cgroup2 root given as its argument.
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
)

func main() {
	root := "/sys/fs/cgroup"
	if len(os.Args) > 1 {
		root = os.Args[1]
	}
	var uts syscall.Utsname
	if err := syscall.Uname(&uts); err == nil {
		report("kernel", cstring(uts.Release[:]))
	}
	report("cgroup2 mount", cgroup2Mount())
	report("root cgroup.controllers", readTrim(filepath.Join(root, "cgroup.controllers")))
	report("root cgroup.subtree_control", readTrim(filepath.Join(root, "cgroup.subtree_control")))
	report("own cgroup", readTrim("/proc/self/cgroup"))
	probeChild(root)
	report("seccomp", grepStatus("Seccomp"))
	report("seccomp actions", readTrim("/proc/sys/kernel/seccomp/actions_avail"))
	report("max_user_namespaces", readTrim("/proc/sys/user/max_user_namespaces"))
	for _, ns := range []struct {
		name string
		flag uintptr
	}{
		{"user", syscall.CLONE_NEWUSER},
		{"pid", syscall.CLONE_NEWPID},
		{"mount", syscall.CLONE_NEWNS},
		{"net", syscall.CLONE_NEWNET},
		{"ipc", syscall.CLONE_NEWIPC},
		{"uts", syscall.CLONE_NEWUTS},
		{"cgroup", syscall.CLONE_NEWCGROUP},
	} {
		err := run(&syscall.SysProcAttr{Cloneflags: ns.flag}, "true")
		report(ns.name+" namespace", okOr(err))
	}
	report("overlayfs", okOr(hasFilesystem("overlay")))
}

// probeChild creates a cgroup under root and reports which of the files the
// runner relies on it has, and whether a process can be started into it.
func probeChild(root string) {
	dir := filepath.Join(root, "cgroup2probe")
	if err := os.Mkdir(dir, 0o755); err != nil {
		report("child cgroup", "cannot create: "+err.Error())
		return
	}
	defer func() {
		if err := os.Remove(dir); err != nil {
			report("child cgroup", "cannot remove: "+err.Error())
		}
	}()
	report("child cgroup.controllers", readTrim(filepath.Join(dir, "cgroup.controllers")))
	var have, missing []string
	for _, f := range []string{"memory.peak", "memory.max", "memory.events", "memory.swap.max", "cpu.stat", "cpu.weight", "pids.max", "cgroup.kill", "cgroup.freeze"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			have = append(have, f)
		} else {
			missing = append(missing, f)
		}
	}
	report("child cgroup files", strings.Join(have, " "))
	if len(missing) > 0 {
		report("child cgroup files missing", strings.Join(missing, " "))
	}
	fd, err := syscall.Open(dir, syscall.O_DIRECTORY|syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		report("clone3 CLONE_INTO_CGROUP", "open cgroup: "+err.Error())
		return
	}
	defer syscall.Close(fd)
	cmd := exec.Command("cat", "/proc/self/cgroup")
	cmd.SysProcAttr = &syscall.SysProcAttr{UseCgroupFD: true, CgroupFD: fd}
	out, err := cmd.Output()
	switch got := strings.TrimSpace(string(out)); {
	case err != nil:
		report("clone3 CLONE_INTO_CGROUP", "fails: "+err.Error())
	case got != "0::/cgroup2probe":
		report("clone3 CLONE_INTO_CGROUP", fmt.Sprintf("child landed in %q, not /cgroup2probe", got))
	default:
		report("clone3 CLONE_INTO_CGROUP", "ok")
	}
}

func run(attr *syscall.SysProcAttr, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.SysProcAttr = attr
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%w %s", err, bytes.TrimSpace(out))
	}
	return nil
}

func cgroup2Mount() string {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return err.Error()
	}
	for _, line := range strings.Split(string(data), "\n") {
		if _, after, ok := strings.Cut(line, " - cgroup2 "); ok {
			fields := strings.Fields(line)
			return fields[4] + " " + after
		}
	}
	return "none"
}

func hasFilesystem(name string) error {
	data, err := os.ReadFile("/proc/filesystems")
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[len(f)-1] == name {
			return nil
		}
	}
	return fmt.Errorf("%s not in /proc/filesystems", name)
}

func grepStatus(key string) string {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return err.Error()
	}
	var found []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, key) {
			found = append(found, strings.Join(strings.Fields(line), " "))
		}
	}
	if len(found) == 0 {
		return "no " + key + " line in /proc/self/status"
	}
	return strings.Join(found, ", ")
}

func readTrim(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	return strings.Join(strings.Fields(string(data)), " ")
}

func okOr(err error) string {
	if err != nil {
		return "fails: " + err.Error()
	}
	return "ok"
}

func cstring(b []int8) string {
	var s []byte
	for _, c := range b {
		if c == 0 {
			break
		}
		s = append(s, byte(c))
	}
	return string(s)
}

func report(name, value string) {
	fmt.Printf("probe: %s: %s\n", name, value)
}
