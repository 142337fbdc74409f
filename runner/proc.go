package runner

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// descendants lists the pids below pid, from /proc/<pid>/task/*/children.
func descendants(pid int) []int {
	var out []int
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", p))
		for _, t := range tasks {
			data, err := os.ReadFile(t)
			if err != nil {
				continue
			}
			for _, f := range strings.Fields(string(data)) {
				if c, err := strconv.Atoi(f); err == nil {
					out = append(out, c)
					queue = append(queue, c)
				}
			}
		}
	}
	return out
}

// highWaterRSS returns this process's VmHWM in bytes.
func highWaterRSS() int64 {
	return statusField("/proc/self/status", "VmHWM:")
}

// statusField reads a "kB" field of a /proc status file, in bytes.
func statusField(path, key string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, key) {
			fs := strings.Fields(line[len(key):])
			if len(fs) > 0 {
				n, _ := strconv.ParseInt(fs[0], 10, 64)
				return n << 10
			}
		}
	}
	return 0
}

// userTasks counts the tasks (threads) running as uid.
func userTasks(uid int) int {
	n := 0
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		var st syscall.Stat_t
		if syscall.Stat("/proc/"+e.Name(), &st) == nil && int(st.Uid) == uid {
			tasks, _ := os.ReadDir("/proc/" + e.Name() + "/task")
			n += len(tasks)
		}
	}
	return n
}

// procCPU reads utime+stime of one process (and its reaped children) from
// /proc/<pid>/stat.
func procCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	// Fields after the command: state is f[0]; utime f[11], stime f[12],
	// cutime f[13], cstime f[14], in clock ticks.
	if len(f) < 15 {
		return 0
	}
	var ticks int64
	for _, k := range []int{11, 12, 13, 14} {
		var v int64
		fmt.Sscan(f[k], &v)
		ticks += v
	}
	return time.Duration(ticks) * time.Second / 100
}
