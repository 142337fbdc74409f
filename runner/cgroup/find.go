package cgroup

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/puzzlejudge/judge/internal/mountinfo"
)

// v1Required are the v1 controllers a tree needs; cpu is used for the
// boxes' scheduling weight where it is mounted.
var v1Required = []string{"memory", "cpuacct", "pids"}

// v2Controllers are the v2 controllers run groups get.
var v2Controllers = []string{"memory", "pids", "cpu"}

// host is where this machine's cgroups are, as seen from the judge's own
// cgroup.
type host struct {
	version Version
	v1      map[string]string // controller -> the judge's own group folder
	v2      string            // the judge's own group folder in the unified hierarchy
	v2Root  string            // the unified hierarchy's mount point
}

// find locates the hierarchy to use: v1 where memory, cpuacct and pids
// are all mounted there, otherwise the unified hierarchy.
func find() (host, error) {
	mounts, err := mountinfo.Read()
	if err != nil {
		return host{}, err
	}
	own, err := readOwn()
	if err != nil {
		return host{}, err
	}
	h := host{v1: map[string]string{}}
	var v2Mount *mountinfo.Mount
	for i, m := range mounts {
		switch m.FSType {
		case "cgroup2":
			if v2Mount == nil {
				v2Mount = &mounts[i]
			}
		case "cgroup":
			for _, opt := range m.Super {
				switch opt {
				case "memory", "cpuacct", "pids", "cpu":
					if _, ok := h.v1[opt]; !ok {
						h.v1[opt] = base(join(m, own.v1[opt]))
					}
				}
			}
		}
	}
	have := 0
	for _, c := range v1Required {
		if _, ok := h.v1[c]; ok {
			have++
		}
	}
	if have == len(v1Required) {
		h.version = V1
		if dir, ok := h.v1["cpu"]; ok && checkWritable(dir) != nil {
			delete(h.v1, "cpu")
		}
		return h, nil
	}
	if v2Mount != nil {
		h.version, h.v1 = V2, nil
		h.v2, h.v2Root = join(*v2Mount, own.v2), v2Mount.MountPoint
		return h, nil
	}
	if have > 0 {
		return host{version: V1}, errors.New("cgroup v1: need the memory, cpuacct and pids controllers mounted")
	}
	return host{}, errors.New("no cgroup hierarchy with memory, cpu and pids controllers in /proc/self/mountinfo")
}

// join places a path from /proc/self/cgroup below a mount of its
// hierarchy, whose root may itself be a group (in containers).
func join(m mountinfo.Mount, path string) string {
	rel := path
	if m.Root != "/" {
		rel = strings.TrimPrefix(path, m.Root)
	}
	return filepath.Join(m.MountPoint, rel)
}

type ownGroups struct {
	v1 map[string]string
	v2 string
}

// readOwn reads the judge's own groups from /proc/self/cgroup.
func readOwn() (ownGroups, error) {
	o := ownGroups{v1: map[string]string{}}
	data, err := readFile("/proc/self/cgroup")
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
