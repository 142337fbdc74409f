package runner

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// CgroupVersion names the cgroup hierarchy a box is accounted in.
type CgroupVersion int

// The cgroup hierarchies the runner knows.
const (
	NoCgroup CgroupVersion = iota
	CgroupV1
	CgroupV2
)

// String returns the name used in reports: "cgroup-v1", "cgroup-v2" or "rusage".
func (v CgroupVersion) String() string {
	switch v {
	case CgroupV1:
		return "cgroup-v1"
	case CgroupV2:
		return "cgroup-v2"
	}
	return "rusage"
}

// cgroupHost describes where this machine's cgroups live and which of the
// controllers the runner needs are writable.
type cgroupHost struct {
	version CgroupVersion
	// v1: one directory per controller, already descended into the cgroup
	// the judge itself runs in. v2: the single unified directory.
	memory, cpuacct, pids string
	// cpu is the v1 cpu controller, where boxes get a high scheduling
	// weight; "" when it is not mounted or not writable.
	cpu     string
	unified string
}

// cgroupProbe is what Probe found about cgroups, for reports and doctor.
type cgroupProbe struct {
	Version     CgroupVersion
	Controllers map[string]string // controller -> directory where boxes are created
	Problems    []string
}

// findCgroups locates the cgroup controllers the runner needs (memory, cpu
// accounting, pids) by reading /proc/self/mountinfo and /proc/self/cgroup,
// and checks that a child group can be created under the judge's own group.
func findCgroups() (*cgroupHost, cgroupProbe) {
	probe := cgroupProbe{Controllers: map[string]string{}}
	mounts, err := readCgroupMounts()
	if err != nil {
		probe.Problems = append(probe.Problems, err.Error())
		return nil, probe
	}
	own, err := readOwnCgroups()
	if err != nil {
		probe.Problems = append(probe.Problems, err.Error())
		return nil, probe
	}
	// Prefer v1 controllers where all three are mounted there; otherwise
	// use v2 if it carries them.
	v1 := map[string]string{}
	for _, c := range []string{"memory", "cpuacct", "pids"} {
		if m, ok := mounts.v1[c]; ok {
			v1[c] = filepath.Join(m, own.v1[c])
		}
	}
	if len(v1) == 3 {
		h := &cgroupHost{version: CgroupV1, memory: v1["memory"], cpuacct: v1["cpuacct"], pids: v1["pids"]}
		if m, ok := mounts.v1["cpu"]; ok {
			if dir := filepath.Join(m, own.v1["cpu"]); checkWritable(dir) == nil {
				h.cpu = dir
				probe.Controllers["cpu"] = dir
			}
		}
		for c, dir := range v1 {
			probe.Controllers[c] = dir
			if err := checkWritable(dir); err != nil {
				probe.Problems = append(probe.Problems, fmt.Sprintf("cgroup v1 %s: %v", c, err))
			}
		}
		probe.Version = CgroupV1
		if len(probe.Problems) == 0 {
			return h, probe
		}
		return nil, probe
	}
	if mounts.v2 != "" {
		dir := filepath.Join(mounts.v2, own.v2)
		data, err := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
		have := strings.Fields(string(data))
		if err != nil {
			probe.Problems = append(probe.Problems, fmt.Sprintf("cgroup v2: %v", err))
			return nil, probe
		}
		probe.Version = CgroupV2
		missing := []string{}
		for _, c := range []string{"memory", "cpu", "pids"} {
			if !contains(have, c) {
				missing = append(missing, c)
			} else {
				probe.Controllers[c] = dir
			}
		}
		if len(missing) > 0 {
			probe.Problems = append(probe.Problems, fmt.Sprintf("cgroup v2 at %s: controllers %s not enabled in cgroup.subtree_control (fix: echo +memory +cpu +pids > %s/cgroup.subtree_control, from a parent group with no processes)", dir, strings.Join(missing, " "), dir))
			return nil, probe
		}
		if err := checkWritable(dir); err != nil {
			probe.Problems = append(probe.Problems, fmt.Sprintf("cgroup v2: %v", err))
			return nil, probe
		}
		return &cgroupHost{version: CgroupV2, unified: dir}, probe
	}
	if len(v1) > 0 {
		probe.Version = CgroupV1
		probe.Problems = append(probe.Problems, "cgroup v1: need memory, cpuacct and pids controllers mounted")
	} else {
		probe.Problems = append(probe.Problems, "no cgroup memory/cpu/pids controllers found in /proc/self/mountinfo")
	}
	return nil, probe
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func checkWritable(dir string) error {
	probe := filepath.Join(dir, fmt.Sprintf("judge-probe-%d", os.Getpid()))
	if err := os.Mkdir(probe, 0o755); err != nil {
		return fmt.Errorf("cannot create a group under %s: %w", dir, err)
	}
	return os.Remove(probe)
}

type cgroupMounts struct {
	v1 map[string]string
	v2 string
}

func readCgroupMounts() (cgroupMounts, error) {
	m := cgroupMounts{v1: map[string]string{}}
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return m, fmt.Errorf("read mountinfo: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// id parent major:minor root mountpoint options ... - fstype source superoptions
		fields := strings.Fields(sc.Text())
		sep := -1
		for i, x := range fields {
			if x == "-" {
				sep = i
				break
			}
		}
		if sep < 0 || len(fields) < sep+3 || len(fields) < 5 {
			continue
		}
		mountpoint, fstype := fields[4], fields[sep+1]
		switch fstype {
		case "cgroup2":
			if m.v2 == "" {
				m.v2 = mountpoint
			}
		case "cgroup":
			for _, opt := range strings.Split(fields[sep+3], ",") {
				switch opt {
				case "memory", "cpuacct", "pids", "cpu":
					if _, ok := m.v1[opt]; !ok {
						m.v1[opt] = mountpoint
					}
				}
			}
		}
	}
	return m, sc.Err()
}

type ownCgroups struct {
	v1 map[string]string
	v2 string
}

func readOwnCgroups() (ownCgroups, error) {
	o := ownCgroups{v1: map[string]string{}}
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return o, fmt.Errorf("read /proc/self/cgroup: %w", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[0] == "0" && parts[1] == "" {
			o.v2 = parts[2]
			continue
		}
		for _, c := range strings.Split(parts[1], ",") {
			o.v1[c] = parts[2]
		}
	}
	return o, nil
}

// boxCgroup is the set of cgroup directories of one box. It is created once
// per box and reset before every run.
type boxCgroup struct {
	version CgroupVersion
	dirs    []string // v1: memory, cpuacct, pids; v2: one directory
	mem     string
	cpu     string
	pids    string
	weight  string // v1 cpu controller group, or ""
	// setMemory and setProcs are the limits last set, so that they are
	// written only when they change.
	setMemory int64
	setProcs  int
	// memBase is what was charged before the run began (v1).
	memBase int64
	// files are the open descriptors the helper joins the groups through.
	files []*os.File
	// givingBack is closed when the give-back after a run is done.
	givingBack chan struct{}
	// renewed says the v2 group was made anew, so descriptors to the old
	// one must be opened again.
	renewed bool
	// oomBase is the oom_kill count before the current run.
	oomBase int64
}

// newBoxCgroup creates the groups for one box, named name under the judge's
// own groups.
func (h *cgroupHost) newBoxCgroup(name string) (*boxCgroup, error) {
	b := &boxCgroup{version: h.version}
	if h.version == CgroupV1 {
		b.mem = filepath.Join(h.memory, name)
		b.cpu = filepath.Join(h.cpuacct, name)
		b.pids = filepath.Join(h.pids, name)
		b.dirs = []string{b.mem, b.cpu, b.pids}
		if h.cpu != "" {
			b.weight = filepath.Join(h.cpu, name)
			b.dirs = append(b.dirs, b.weight)
		}
	} else {
		d := filepath.Join(h.unified, name)
		b.mem, b.cpu, b.pids = d, d, d
		b.dirs = []string{d}
	}
	for _, d := range b.dirs {
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			b.remove()
			return nil, fmt.Errorf("create cgroup %s: %w", d, err)
		}
	}
	// Programs being judged get twice the default CPU weight, so that other
	// work on the machine cannot starve them into a wall-time limit; not
	// more, or they would starve the judge that reads their output.
	if b.weight != "" {
		_ = writeFile(filepath.Join(b.weight, "cpu.shares"), "2048")
	} else if h.version == CgroupV2 {
		_ = writeFile(filepath.Join(b.mem, "cpu.weight"), "200")
	}
	return b, nil
}

// taskFiles returns the files a thread writes "0" into to join the box
// (v1), or the directory whose descriptor clone3 takes (v2).
func (b *boxCgroup) taskFiles() []string {
	if b.version == CgroupV1 {
		files := []string{filepath.Join(b.mem, "tasks"), filepath.Join(b.cpu, "tasks"), filepath.Join(b.pids, "tasks")}
		if b.weight != "" {
			files = append(files, filepath.Join(b.weight, "tasks"))
		}
		return files
	}
	return []string{b.mem}
}

func writeFile(path, value string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	_, werr := f.WriteString(value)
	cerr := f.Close()
	if werr != nil {
		return fmt.Errorf("write %q to %s: %w", value, path, werr)
	}
	return cerr
}

func readInt(path string) (int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	s := strings.TrimSpace(string(data))
	if s == "max" {
		return -1, nil
	}
	return strconv.ParseInt(s, 10, 64)
}

// readKey reads "key value" lines (memory.events, cpu.stat, oom_control).
func readKey(path, key string) (int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == key {
			return strconv.ParseInt(f[1], 10, 64)
		}
	}
	return 0, nil
}

// prepare resets the counters and sets the limits for the next run. It must
// be called while no task is in the box.
func (b *boxCgroup) prepare(memory int64, procs int) error {
	var err error
	if b.version == CgroupV1 {
		// What is still charged (released after the last run, see
		// giveBack) is not this run's: it is subtracted from the peak.
		used, err := readInt(filepath.Join(b.mem, "memory.usage_in_bytes"))
		if err != nil {
			return fmt.Errorf("prepare cgroup: %w", err)
		}
		b.memBase = used
		if memory != b.setMemory || procs != b.setProcs {
			if err := b.setLimitsV1(memory, procs); err != nil {
				return fmt.Errorf("prepare cgroup: %w", err)
			}
			b.setMemory, b.setProcs = memory, procs
		}
		for _, f := range []string{filepath.Join(b.mem, "memory.max_usage_in_bytes"), filepath.Join(b.mem, "memory.failcnt"), filepath.Join(b.cpu, "cpuacct.usage")} {
			if err := writeFile(f, "0"); err != nil {
				return fmt.Errorf("prepare cgroup: %w", err)
			}
		}
		b.oomBase, err = readKey(filepath.Join(b.mem, "memory.oom_control"), "oom_kill")
		return err
	}
	steps := [][2]string{
		{"memory.max", strconv.FormatInt(memory, 10)},
		{"memory.swap.max", "0"},
		{"pids.max", strconv.Itoa(procs)},
	}
	for _, s := range steps {
		p := filepath.Join(b.mem, s[0])
		if _, statErr := os.Stat(p); statErr != nil && s[0] == "memory.swap.max" {
			continue
		}
		if err := writeFile(p, s[1]); err != nil {
			return fmt.Errorf("prepare cgroup: %w", err)
		}
	}
	// memory.peak is writable (a reset) since Linux 6.12; on older kernels
	// it holds a lifetime peak, so the group is made anew instead.
	if writeFile(filepath.Join(b.mem, "memory.peak"), "0") != nil {
		if err := os.Remove(b.mem); err != nil {
			return fmt.Errorf("prepare cgroup: renew %s: %w", b.mem, err)
		}
		if err := os.Mkdir(b.mem, 0o755); err != nil {
			return fmt.Errorf("prepare cgroup: renew %s: %w", b.mem, err)
		}
		b.renewed = true
		for _, s := range steps {
			p := filepath.Join(b.mem, s[0])
			if _, statErr := os.Stat(p); statErr == nil {
				if err := writeFile(p, s[1]); err != nil {
					return fmt.Errorf("prepare cgroup: %w", err)
				}
			}
		}
	}
	b.oomBase, err = readKey(filepath.Join(b.mem, "memory.events"), "oom_kill")
	return err
}

// startGiveBack gives back, in the background, what the last run left
// charged to the groups (kernel objects, page cache of the files it read),
// so that the next run's peak starts from zero. It costs about a
// millisecond, so a box has two sets of groups and uses them in turn.
func (b *boxCgroup) startGiveBack() {
	done := make(chan struct{})
	b.givingBack = done
	go func() {
		defer close(done)
		b.giveBack()
	}()
}

// waitGiveBack waits for the last startGiveBack to finish.
func (b *boxCgroup) waitGiveBack() {
	if b.givingBack != nil {
		<-b.givingBack
		b.givingBack = nil
	}
}

func (b *boxCgroup) giveBack() {
	if b.version != CgroupV1 {
		return
	}
	if used, err := readInt(filepath.Join(b.mem, "memory.usage_in_bytes")); err == nil && used > 0 {
		_ = writeFile(filepath.Join(b.mem, "memory.force_empty"), "0")
	}
}

// setLimitsV1 sets the memory and pids limits of a v1 box.
func (b *boxCgroup) setLimitsV1(memory int64, procs int) error {
	// memsw (present with swap accounting, and keeping swap from extending
	// the limit) may never be below the memory limit: lift it first, set
	// the limit, then bring memsw down to it.
	memsw := filepath.Join(b.mem, "memory.memsw.limit_in_bytes")
	_, statErr := os.Stat(memsw)
	hasMemsw := statErr == nil
	if hasMemsw {
		if err := writeFile(memsw, "-1"); err != nil {
			return err
		}
	}
	if err := writeFile(filepath.Join(b.mem, "memory.limit_in_bytes"), strconv.FormatInt(memory, 10)); err != nil {
		return err
	}
	if hasMemsw {
		if err := writeFile(memsw, strconv.FormatInt(memory, 10)); err != nil {
			return err
		}
	}
	return writeFile(filepath.Join(b.pids, "pids.max"), strconv.Itoa(procs))
}

// cpuTime returns the CPU time (user+system) used by the box since prepare.
func (b *boxCgroup) cpuTime() (time.Duration, error) {
	if b.version == CgroupV1 {
		ns, err := readInt(filepath.Join(b.cpu, "cpuacct.usage"))
		return time.Duration(ns), err
	}
	us, err := readKey(filepath.Join(b.cpu, "cpu.stat"), "usage_usec")
	return time.Duration(us) * time.Microsecond, err
}

// usage is what a box used in one run.
type usage struct {
	peak   int64
	oom    bool
	failed bool // the memory limit was hit at least once
}

func (b *boxCgroup) memory() (usage, error) {
	var u usage
	if b.version == CgroupV1 {
		peak, err := readInt(filepath.Join(b.mem, "memory.max_usage_in_bytes"))
		if err != nil {
			return u, err
		}
		fail, _ := readInt(filepath.Join(b.mem, "memory.failcnt"))
		oom, _ := readKey(filepath.Join(b.mem, "memory.oom_control"), "oom_kill")
		return usage{peak: max(peak-b.memBase, 0), oom: oom > b.oomBase, failed: fail > 0}, nil
	}
	peak, err := readInt(filepath.Join(b.mem, "memory.peak"))
	if err != nil {
		return u, err
	}
	oom, _ := readKey(filepath.Join(b.mem, "memory.events"), "oom_kill")
	max, _ := readKey(filepath.Join(b.mem, "memory.events"), "max")
	return usage{peak: peak, oom: oom > b.oomBase, failed: max > 0}, nil
}

// kill sends SIGKILL to every task in the box until it is empty or the
// deadline passes. It returns the number of tasks still alive.
func (b *boxCgroup) kill() int {
	if b.version == CgroupV2 {
		if writeFile(filepath.Join(b.pids, "cgroup.kill"), "1") == nil {
			return b.waitEmpty(time.Second)
		}
	}
	deadline := time.Now().Add(time.Second)
	for {
		pids := b.procs()
		if len(pids) == 0 {
			return 0
		}
		if time.Now().After(deadline) {
			return len(pids)
		}
		for _, p := range pids {
			_ = syscall.Kill(p, syscall.SIGKILL)
		}
		time.Sleep(200 * time.Microsecond)
	}
}

func (b *boxCgroup) waitEmpty(limit time.Duration) int {
	deadline := time.Now().Add(limit)
	for {
		n := len(b.procs())
		if n == 0 || time.Now().After(deadline) {
			return n
		}
		time.Sleep(200 * time.Microsecond)
	}
}

func (b *boxCgroup) procs() []int {
	data, err := os.ReadFile(filepath.Join(b.pids, "cgroup.procs"))
	if err != nil {
		return nil
	}
	var out []int
	for _, f := range strings.Fields(string(data)) {
		if p, err := strconv.Atoi(f); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// remove kills what is left and removes the groups.
func (b *boxCgroup) remove() error {
	b.kill()
	var first error
	for _, d := range b.dirs {
		for i := 0; ; i++ {
			err := os.Remove(d)
			if err == nil || errors.Is(err, os.ErrNotExist) {
				break
			}
			if i == 50 {
				if first == nil {
					first = fmt.Errorf("remove cgroup %s: %w", d, err)
				}
				break
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	return first
}

// removeStaleCgroups removes box groups left behind by judges that died
// without cleaning up (their pid no longer runs).
func (h *cgroupHost) removeStaleCgroups() {
	var parents []string
	if h.version == CgroupV1 {
		parents = []string{h.memory, h.cpuacct, h.pids}
	} else {
		parents = []string{h.unified}
	}
	for _, parent := range parents {
		entries, err := os.ReadDir(parent)
		if err != nil {
			continue
		}
		for _, e := range entries {
			pid, ok := staleOwner(e.Name(), "judge-")
			if !ok || !e.IsDir() {
				continue
			}
			if processAlive(pid) {
				continue
			}
			b := &boxCgroup{version: h.version, dirs: []string{filepath.Join(parent, e.Name())}}
			b.mem, b.cpu, b.pids = b.dirs[0], b.dirs[0], b.dirs[0]
			_ = b.remove()
		}
	}
}

// staleOwner parses "<prefix><pid>-..." names.
func staleOwner(name, prefix string) (int, bool) {
	if !strings.HasPrefix(name, prefix) {
		return 0, false
	}
	rest := strings.TrimPrefix(name, prefix)
	i := strings.IndexByte(rest, '-')
	if i <= 0 {
		return 0, false
	}
	pid, err := strconv.Atoi(rest[:i])
	return pid, err == nil
}

func processAlive(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
