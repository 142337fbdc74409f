package cgroup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"
)

// boxShares is a run's v1 cpu.shares: twice the default, so that other
// work on the machine cannot starve a program into a wall-time limit; not
// more, or programs would starve the judge that reads their output. The
// judge's folder holds as many shares as the runs it may run at once (one
// per CPU), since its runs share what it holds.
const boxShares = 2048

// treeV1 is a judge's folder in each v1 hierarchy it uses.
type treeV1 struct {
	own  map[string]string // controller -> the judge's own group
	mine map[string]string // controller -> own/judge-<instance>
	leaf string            // mine["cpu"]/judge, where the judge's process runs; "" without a cpu hierarchy
	// memsw says swap is accounted (memory.memsw.* exist).
	memsw bool
	// noSwap is 1 once a new group was seen to inherit swappiness 0 from
	// the judge's memory folder, -1 when it did not (each group is then
	// given it), 0 before the first group.
	noSwap atomic.Int32
}

func openV1(h host, instance string, alive func(string) bool) (Tree, error) {
	t := &treeV1{own: h.v1, mine: map[string]string{}}
	removeStale(distinct(values(t.own)), instance, alive)
	for c, dir := range t.own {
		t.mine[c] = filepath.Join(dir, Prefix+instance)
	}
	for _, dir := range distinct(values(t.mine)) {
		if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			t.Close()
			return nil, fmt.Errorf("create cgroup %s: %w", dir, err)
		}
	}
	// No swap: a new group takes its swappiness from its parent, so the
	// judge's folder has 0 for all of its runs (NewGroup checks).
	_ = writeFile(filepath.Join(t.mine["memory"], "memory.swappiness"), "0")
	t.memsw = exists(filepath.Join(t.mine["memory"], "memory.memsw.limit_in_bytes"))
	if d, ok := t.mine["cpu"]; ok {
		_ = writeFile(filepath.Join(d, "cpu.shares"), strconv.Itoa(boxShares*runtime.NumCPU()))
		// The judge itself moves into its folder of the cpu hierarchy, in
		// a group of its own beside its programs: so its programs, which
		// weigh more than the default, never starve it. (Outside any
		// cgroup, with autogroup on, the judge weighs as little as one
		// session.)
		leaf := filepath.Join(d, "judge")
		if err := os.Mkdir(leaf, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			t.Close()
			return nil, fmt.Errorf("create cgroup %s: %w", leaf, err)
		}
		_ = writeFile(filepath.Join(leaf, "cpu.shares"), strconv.Itoa(boxShares))
		if err := writeFile(filepath.Join(leaf, "cgroup.procs"), "0"); err != nil {
			t.Close()
			return nil, fmt.Errorf("move the judge into %s: %w", leaf, err)
		}
		t.leaf = leaf
	}
	return t, nil
}

func (t *treeV1) Version() Version { return V1 }

func (t *treeV1) Dirs() map[string]string { return t.mine }

func (t *treeV1) Adopt(pid int) error {
	d, ok := t.mine["cpu"]
	if !ok || d == t.mine["cpuacct"] {
		return nil // no cpu hierarchy, or one shared with cpuacct, which runs join
	}
	return writeFile(filepath.Join(d, "cgroup.procs"), strconv.Itoa(pid))
}

func (t *treeV1) Close() error {
	var first error
	if t.leaf != "" {
		// Back to where it came from goes whatever runs in the leaf: the
		// judge, if a later tree of the process has not taken it, and
		// processes it started meanwhile (a basic-mode sandbox's helpers).
		for _, pid := range procs(t.leaf) {
			_ = writeFile(filepath.Join(t.own["cpu"], "cgroup.procs"), strconv.Itoa(pid))
		}
		if err := rmdir(t.leaf); err != nil {
			first = err
		}
	}
	for _, d := range distinct(values(t.mine)) {
		if err := rmdir(d); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func (t *treeV1) NewGroup(name string) (Group, error) {
	g := &groupV1{
		memsw: t.memsw,
		mem:   filepath.Join(t.mine["memory"], name),
		acct:  filepath.Join(t.mine["cpuacct"], name),
		pids:  filepath.Join(t.mine["pids"], name),
	}
	if d, ok := t.mine["cpu"]; ok && d == t.mine["cpuacct"] {
		g.cpu = g.acct // mounted together: the run's group carries the weight
	}
	for _, d := range g.dirs() {
		if err := os.Mkdir(d, 0o755); err != nil {
			g.Remove()
			return nil, fmt.Errorf("create cgroup %s: %w", d, err)
		}
	}
	// No swap: anonymous memory must not leave the limit by swapping.
	if err := t.noSwapIn(g.mem); err != nil {
		g.Remove()
		return nil, err
	}
	if g.cpu != "" {
		_ = writeFile(filepath.Join(g.cpu, "cpu.shares"), strconv.Itoa(boxShares))
	}
	s, err := openStats([nStats]string{
		statCPU:   filepath.Join(g.acct, "cpuacct.usage"),
		statPeak:  filepath.Join(g.mem, "memory.max_usage_in_bytes"),
		statTasks: filepath.Join(g.pids, "pids.current"),
		// Read after each run to renew the group (see Renew).
		statFail:  filepath.Join(g.mem, "memory.failcnt"),
		statOOM:   filepath.Join(g.mem, "memory.oom_control"),
		statUsage: filepath.Join(g.mem, "memory.usage_in_bytes"),
	})
	if err != nil {
		g.Remove()
		return nil, fmt.Errorf("open cgroup: %w", err)
	}
	g.stats = s
	return g, nil
}

// noSwapIn makes sure a new group's swappiness is 0: inherited from the
// judge's folder (checked on the first group), or else written.
func (t *treeV1) noSwapIn(mem string) error {
	p := filepath.Join(mem, "memory.swappiness")
	switch t.noSwap.Load() {
	case 1:
		return nil
	case 0:
		if v, err := readInt(p); err == nil && v == 0 {
			t.noSwap.Store(1)
			return nil
		}
		t.noSwap.Store(-1)
	}
	return writeFile(p, "0")
}

// groupV1 is one run's group in each v1 hierarchy.
type groupV1 struct {
	mem, acct, pids, cpu string
	memsw                bool
	stats                *stats        // nil until the group is made
	since                time.Duration // the CPU time when last renewed
}

func (g *groupV1) dirs() []string { return distinct([]string{g.mem, g.acct, g.pids, g.cpu}) }

func (g *groupV1) SetProcs(n int) error {
	return writeFile(filepath.Join(g.pids, "pids.max"), strconv.Itoa(n))
}

// MemoryLimit: memsw, present with swap accounting, may never be below the
// memory limit; in a new group both are unlimited, so the limit goes
// first, then memsw comes down to it.
func (g *groupV1) MemoryLimit() ([]*os.File, error) {
	files := []string{filepath.Join(g.mem, "memory.limit_in_bytes")}
	if g.memsw {
		files = append(files, filepath.Join(g.mem, "memory.memsw.limit_in_bytes"))
	}
	return openAll(files)
}

func (g *groupV1) Enter() ([]*os.File, error) {
	var files []string
	for _, d := range g.dirs() {
		files = append(files, filepath.Join(d, "tasks"))
	}
	return openAll(files)
}

func (g *groupV1) CPU() (time.Duration, error) {
	t, err := g.cpuTotal()
	return t - g.since, err
}

// cpuTotal is the group's CPU time since it was made.
func (g *groupV1) cpuTotal() (time.Duration, error) {
	ns, err := g.stats.int(statCPU)
	return time.Duration(ns), err
}

func (g *groupV1) Renew() bool {
	cpu, ok := renew(g.stats, g.cpuTotal, g.Events)
	if ok {
		g.since = cpu
	}
	return ok
}

func (g *groupV1) Reset() ([]*os.File, error) {
	usage, err := os.Open(filepath.Join(g.mem, "memory.usage_in_bytes"))
	if err != nil {
		return nil, err
	}
	peak, err := os.OpenFile(filepath.Join(g.mem, "memory.max_usage_in_bytes"), os.O_RDWR, 0)
	if err != nil {
		usage.Close()
		return nil, err
	}
	return []*os.File{usage, peak}, nil
}

func (g *groupV1) Usage() (Usage, error) {
	var u Usage
	var err error
	if u.CPU, err = g.CPU(); err != nil {
		return u, err
	}
	u.Peak, err = g.stats.int(statPeak)
	return u, err
}

func (g *groupV1) Events() (Events, error) {
	var e Events
	fail, err := g.stats.int(statFail)
	if err != nil {
		return e, err
	}
	e.HitLimit = fail > 0
	e.OOMKills, err = g.stats.key(statOOM, "oom_kill")
	return e, err
}

// Kill looks first at the group's task count: after a run there is
// nothing left, as a rule, and listing the tasks costs more.
func (g *groupV1) Kill() int {
	if g.stats.empty() {
		return 0
	}
	return killLoop(g.pids)
}

func (g *groupV1) Remove() error {
	g.stats.close()
	g.stats = nil
	if removeEmpty(g.dirs()) {
		return nil
	}
	g.Kill()
	var first error
	for _, d := range g.dirs() {
		if err := rmdir(d); err != nil && first == nil {
			first = err
		}
	}
	return first
}
