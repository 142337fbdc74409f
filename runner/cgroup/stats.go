package cgroup

import (
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// The files of a group the judge reads during and after each run (its CPU
// time, its peak, how many tasks are left) are opened when the group is
// made, which is off the run's path, and then read from their start with
// one pread each: after a run the judge reads them at once, before it can
// start the next, and opening a cgroup file costs more than reading it.
const (
	statCPU   = iota // v1 cpuacct.usage, v2 cpu.stat
	statPeak         // v1 memory.max_usage_in_bytes, v2 memory.peak
	statTasks        // pids.current
	statFail         // v1 memory.failcnt (v2: none)
	statOOM          // v1 memory.oom_control (v2: none)
	statUsage        // v1 memory.usage_in_bytes (v2: none)
	nStats
)

// stats are a group's open statistics files, indexed by the stat
// constants. A group is used by one goroutine at a time, so one buffer
// serves every read.
type stats struct {
	paths [nStats]string
	fds   [nStats]int
	buf   []byte
}

// openStats opens the files at paths, in the order of the stat constants;
// an empty path is left closed.
func openStats(paths [nStats]string) (*stats, error) {
	s := &stats{paths: paths, buf: make([]byte, 512)}
	for i := range s.fds {
		s.fds[i] = -1
	}
	for i, p := range paths {
		if p == "" {
			continue
		}
		fd, err := unix.Open(p, unix.O_RDONLY|unix.O_CLOEXEC, 0)
		if err != nil {
			s.close()
			return nil, &os.PathError{Op: "open", Path: p, Err: err}
		}
		s.fds[i] = fd
	}
	return s, nil
}

// read reads file i whole, from its start.
func (s *stats) read(i int) ([]byte, error) {
	if s == nil || s.fds[i] < 0 {
		return nil, errors.New("cgroup files read after the group was removed")
	}
	data, err := readFrom(s.fds[i], s.paths[i], s.buf)
	if err == nil {
		s.buf = data[:cap(data)]
	}
	return data, err
}

// int reads file i, which holds one number.
func (s *stats) int(i int) (int64, error) {
	data, err := s.read(i)
	if err != nil {
		return 0, err
	}
	return parseInt(data)
}

// empty reports whether the group holds no task, as far as its count
// says; false when it cannot tell.
func (s *stats) empty() bool {
	n, err := s.int(statTasks)
	return err == nil && n == 0
}

// key reads file i, of "key value" lines, and returns key's value (0 when
// it has none).
func (s *stats) key(i int, key string) (int64, error) {
	data, err := s.read(i)
	if err != nil {
		return 0, err
	}
	v, err := parseKeys(data, key)
	return v[0], err
}

// close closes the files; a group's files are closed before it is
// removed. A nil s has none.
func (s *stats) close() {
	if s == nil {
		return
	}
	for i, fd := range s.fds {
		if fd >= 0 {
			unix.Close(fd)
			s.fds[i] = -1
		}
	}
}

// parseKeys finds in flat-keyed data ("key value" lines) the value of each
// key (0 for a key it lacks).
func parseKeys(data []byte, keys ...string) ([]int64, error) {
	vals := make([]int64, len(keys))
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 2 {
			continue
		}
		if i := slices.Index(keys, f[0]); i >= 0 {
			var err error
			if vals[i], err = strconv.ParseInt(f[1], 10, 64); err != nil {
				return vals, err
			}
		}
	}
	return vals, nil
}
