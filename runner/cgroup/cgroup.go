package cgroup

import (
	"errors"
	"fmt"
	"golang.org/x/sys/unix"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Version names a cgroup hierarchy.
type Version int

// The hierarchies this package knows.
const (
	None Version = iota
	V1
	V2
)

// String returns the name used in reports: "cgroup-v1", "cgroup-v2" or
// "rusage" (no cgroup).
func (v Version) String() string {
	switch v {
	case V1:
		return "cgroup-v1"
	case V2:
		return "cgroup-v2"
	}
	return "rusage"
}

// Prefix starts the name of every judge's folder: judge-<instance>.
const Prefix = "judge-"

// Usage is what the tasks of a group used: CPU time since the group was
// made or renewed; the peak since it was made or last reset through the
// files Group.Reset opens, which includes what the group had charged then.
type Usage struct {
	CPU  time.Duration // user+system time
	Peak int64         // peak memory charged, bytes
}

// Events are what the memory controller did to a group since it was made
// (a group is renewed only while it has none).
type Events struct {
	OOMKills int64 // tasks the out-of-memory killer killed
	HitLimit bool  // the memory limit was reached at least once
}

// Group is the cgroup of one run.
type Group interface {
	// SetProcs sets the limit of tasks at once.
	SetProcs(n int) error
	// MemoryLimit opens, in order, the files the memory limit is written
	// into (v1: memory.limit_in_bytes, then memory.memsw.limit_in_bytes
	// where swap is accounted; v2: memory.max). A new group has no memory
	// limit: the run's starter writes it just before the program joins.
	// The caller closes them.
	MemoryLimit() ([]*os.File, error)
	// Enter opens the files a task (v1) or a process (v2) writes "0"
	// into to join the group: the program's first process does, between
	// its fork and its exec. The caller closes them.
	Enter() ([]*os.File, error)
	// CPU is the CPU time used so far.
	CPU() (time.Duration, error)
	// Usage reads the CPU time and the peak.
	Usage() (Usage, error)
	// Events reads the out-of-memory kills and whether the limit was hit:
	// files a run that ended well within its limits does not need read.
	Events() (Events, error)
	// Renew readies an emptied group for another run, and says whether
	// it could: from then on its CPU time counts from zero. A group with a
	// task left, more than MaxResidual charged, or a memory event (the
	// limit reached, a task killed for memory), or on v2, is not renewed,
	// and should be removed. Its peak
	// is reset by the run's starter, through the files Reset opens.
	Renew() bool
	// Reset opens, in order, the files through which the starter of a
	// run readies a renewed group's memory figures right before the
	// program starts, on the program's CPU (see package runner): v1's
	// memory.usage_in_bytes (read) and memory.max_usage_in_bytes (read
	// and written). A v2 group, never renewed, has none. The caller
	// closes them.
	Reset() ([]*os.File, error)
	// Kill kills every task in the group and waits, up to a second, for
	// it to be empty. It returns how many are left.
	Kill() int
	// Remove kills what is left and removes the group.
	Remove() error
}

// Tree is a judge's own part of the cgroup hierarchy.
type Tree interface {
	Version() Version
	// NewGroup makes a fresh group with the given name.
	NewGroup(name string) (Group, error)
	// Dirs lists the judge's folder in each hierarchy, by controller.
	Dirs() map[string]string
	// Adopt places a box helper (and so the programs it starts) where
	// their CPU weight is kept: on v1 the judge's folder of the cpu
	// hierarchy, so that runs need not join it one by one; on v2 nothing,
	// as each run group has its own weight.
	Adopt(pid int) error
	// Close removes the judge's folders (its groups must be removed
	// first).
	Close() error
}

// Open finds the hierarchy in use, removes the folders of judges that are
// no longer alive (alive is asked with each instance name found), and
// makes this judge's folder, judge-<instance>.
func Open(instance string, alive func(instance string) bool) (Tree, error) {
	h, err := find()
	if err != nil {
		return nil, err
	}
	if h.version == V1 {
		return openV1(h, instance, alive)
	}
	return openV2(h, instance, alive)
}

// Report is what Probe found, for `judge doctor`.
type Report struct {
	Version     Version
	Controllers map[string]string // controller -> the judge's own cgroup folder
	Problems    []string          // why a tree cannot be opened here; empty when it can
	Hint        string            // the one-line fix
}

// Probe checks, without changing anything that outlives it, whether a tree
// could be opened here and why not.
func Probe() Report {
	h, err := find()
	if err != nil {
		return Report{Version: h.version, Problems: []string{err.Error()}, Hint: hintFor(h.version)}
	}
	r := Report{Version: h.version, Controllers: map[string]string{}}
	if h.version == V1 {
		for c, dir := range h.v1 {
			r.Controllers[c] = dir
			if err := checkWritable(dir); err != nil {
				r.Problems = append(r.Problems, fmt.Sprintf("cgroup v1 %s: %v", c, err))
			}
		}
	} else {
		for _, c := range v2Controllers {
			r.Controllers[c] = h.v2
		}
		r.Problems = probeV2(h.v2)
	}
	if len(r.Problems) > 0 {
		r.Hint = hintFor(h.version)
	}
	return r
}

// DelegationHint is the command that runs the judge in a cgroup delegated
// to it on a systemd host.
const DelegationHint = "systemd-run --scope -p Delegate=yes judge ... (or Delegate=yes in the judge's service unit)"

func hintFor(v Version) string {
	if v == V2 {
		return "run the judge as root in a cgroup delegated to it: " + DelegationHint
	}
	return "run the judge as root with the memory, cpuacct and pids cgroup controllers mounted (v1), or on the unified hierarchy (v2) in a delegated cgroup: " + DelegationHint
}

func checkWritable(dir string) error {
	probe := filepath.Join(dir, fmt.Sprintf("judge-probe-%d-%d", os.Getpid(), time.Now().UnixNano()))
	if err := os.Mkdir(probe, 0o755); err != nil {
		return fmt.Errorf("cannot create a group under %s: %w", dir, err)
	}
	return os.Remove(probe)
}

// writeFile writes value to a cgroup file in one write. Cgroup files are
// read and written with plain system calls: through package os each would
// be registered with the network poller and back, three calls more.
func writeFile(path, value string) error {
	fd, err := unix.Open(path, unix.O_WRONLY|unix.O_TRUNC|unix.O_CLOEXEC, 0)
	if err != nil {
		return &os.PathError{Op: "open", Path: path, Err: err}
	}
	_, werr := unix.Write(fd, []byte(value))
	cerr := unix.Close(fd)
	if werr != nil {
		return fmt.Errorf("write %q to %s: %w", value, path, werr)
	}
	return cerr
}

// readFile reads a small cgroup or proc file.
func readFile(path string) ([]byte, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer unix.Close(fd)
	return readFrom(fd, path, make([]byte, 512))
}

// readFrom reads the file open at fd whole, from its start, into buf
// (grown as needed) and returns what it read.
func readFrom(fd int, path string, buf []byte) ([]byte, error) {
	n := 0
	for {
		if n == len(buf) {
			buf = append(buf, make([]byte, len(buf))...)
		}
		k, err := unix.Pread(fd, buf[n:], int64(n))
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		}
		n += k
		// A cgroup file is a seq_file: a read fills the buffer as far
		// as the file goes, so one that leaves room has reached the
		// end (a read more would return 0).
		if k == 0 || n < len(buf) {
			return buf[:n], nil
		}
	}
}

// openAll opens cgroup files for writing, as *os.File values that are not
// registered with the poller.
func openAll(paths []string) ([]*os.File, error) {
	var files []*os.File
	for _, p := range paths {
		fd, err := unix.Open(p, unix.O_WRONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			for _, f := range files {
				f.Close()
			}
			return nil, fmt.Errorf("open cgroup: %w", &os.PathError{Op: "open", Path: p, Err: err})
		}
		files = append(files, os.NewFile(uintptr(fd), p))
	}
	return files, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// readInt reads a file holding one number ("max" reads as -1).
func readInt(path string) (int64, error) {
	data, err := readFile(path)
	if err != nil {
		return 0, err
	}
	return parseInt(data)
}

// parseInt parses a file's one number ("max" reads as -1).
// ReadNumber reads a cgroup file of one number, open at fd, from its
// start, into a buffer of the stack: the box's launcher reads a group's
// usage and peak so on the path to every v1 fork.
func ReadNumber(fd int) (int64, error) {
	var buf [32]byte
	data, err := readFrom(fd, "cgroup file", buf[:])
	if err != nil {
		return 0, err
	}
	return parseInt(data)
}

func parseInt(data []byte) (int64, error) {
	s := strings.TrimSpace(string(data))
	if s == "max" {
		return -1, nil
	}
	return strconv.ParseInt(s, 10, 64)
}

// readKey reads the value of key in a file of "key value" lines
// (memory.events, cpu.stat, memory.oom_control); a missing key is 0.
func readKey(path, key string) (int64, error) {
	v, err := readKeys(path, key)
	return v[0], err
}

// readKeys reads, in one read of the flat-keyed file path, the value of
// each key (0 for a key it lacks).
func readKeys(path string, keys ...string) ([]int64, error) {
	data, err := readFile(path)
	if err != nil {
		return make([]int64, len(keys)), err
	}
	return parseKeys(data, keys...)
}

// procs lists the processes in a group folder.
func procs(dir string) []int {
	data, err := readFile(filepath.Join(dir, "cgroup.procs"))
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

// killLoop sends SIGKILL to every process in dir until it is empty or a
// second has passed; it returns how many are left.
func killLoop(dir string) int {
	deadline := time.Now().Add(time.Second)
	for {
		pids := procs(dir)
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

// rmdir removes an empty group folder, retrying while the kernel still
// holds it (dying tasks); a missing folder is not an error.
func rmdir(dir string) error {
	for i := 0; ; i++ {
		err := syscall.Rmdir(dir)
		if err == nil || errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if i == 100 {
			return fmt.Errorf("remove cgroup %s: %w", dir, err)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// removeEmpty removes group folders that hold no task, and reports
// whether all of them went: a run's group is empty by the time it is
// removed, unless something escaped the run's end, so it is not read and
// killed first. A folder the kernel refuses (it holds tasks) stays for
// the caller to empty; the ones gone are gone.
func removeEmpty(dirs []string) bool {
	all := true
	for _, d := range dirs {
		// Rmdir, not os.Remove: that tries unlink first, one failed
		// system call more per controller and run.
		if err := syscall.Rmdir(d); err != nil && !errors.Is(err, os.ErrNotExist) {
			all = false
		}
	}
	return all
}

// removeStale removes, below each parent, the judge-<instance> folders
// whose instance is not alive, with every group inside them; never one
// that holds this process itself (on v2 a process lives in the leaf of
// the last tree it opened, after the earlier ones closed).
func removeStale(parents []string, self string, alive func(string) bool) {
	own, _ := readOwn()
	mine := func(name string) bool {
		for _, p := range append([]string{own.v2}, values(own.v1)...) {
			if strings.Contains(p+"/", "/"+name+"/") {
				return true
			}
		}
		return false
	}
	for _, parent := range parents {
		entries, err := os.ReadDir(parent)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := e.Name()
			if !e.IsDir() || !strings.HasPrefix(name, Prefix) || name == Prefix+self {
				continue
			}
			if alive(strings.TrimPrefix(name, Prefix)) || mine(name) {
				continue
			}
			removeTree(filepath.Join(parent, name))
		}
	}
}

// removeTree kills every task below dir and removes its folders, deepest
// first.
func removeTree(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() {
			removeTree(filepath.Join(dir, e.Name()))
		}
	}
	if writeFile(filepath.Join(dir, "cgroup.kill"), "1") != nil {
		killLoop(dir)
	}
	_ = rmdir(dir)
}

// values lists the values of m, sorted.
func values(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// distinct lists paths once each, in order, leaving out "" (cpu and
// cpuacct are often mounted together, so two controllers share a folder).
func distinct(paths []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
