package cgroup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// boxWeight is a run's v2 cpu.weight: twice the default, as boxShares.
const boxWeight = 200

// treeV2 is a judge's subtree of the unified hierarchy:
//
//	base/                     the cgroup the judge was started in
//	base/judge-<instance>/    memory, pids and cpu enabled for children
//	    judge                 the judge's process (and its box helpers)
//	    <run groups>          one per run
type treeV2 struct {
	mine string
	leaf string
}

// base returns the cgroup a judge started in: its own, or, when this
// process already lives in another tree's leaf (judge-<instance>/judge, on
// v2 or in the v1 cpu hierarchy), that tree's base.
func base(own string) string {
	if filepath.Base(own) == "judge" && strings.HasPrefix(filepath.Base(filepath.Dir(own)), Prefix) {
		return filepath.Dir(filepath.Dir(own))
	}
	return own
}

func openV2(h host, instance string, alive func(string) bool) (Tree, error) {
	b := base(h.v2)
	if missing := missingControllers(b, "cgroup.controllers"); len(missing) > 0 {
		return nil, fmt.Errorf("cgroup v2: controllers %s are not delegated to %s; %s", strings.Join(missing, " "), b, DelegationHint)
	}
	removeStale([]string{b}, instance, alive)
	t := &treeV2{mine: filepath.Join(b, Prefix+instance)}
	t.leaf = filepath.Join(t.mine, "judge")
	for _, d := range []string{t.mine, t.leaf} {
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			t.Close()
			return nil, fmt.Errorf("create cgroup %s: %w", d, err)
		}
	}
	// The judge leaves its cgroup for a leaf of its own, so that the
	// cgroup it was started in may hand controllers to its children.
	if err := writeFile(filepath.Join(t.leaf, "cgroup.procs"), "0"); err != nil {
		t.Close()
		return nil, fmt.Errorf("move the judge into %s: %w", t.leaf, err)
	}
	if err := enable(b); err != nil {
		_ = writeFile(filepath.Join(b, "cgroup.procs"), "0")
		t.Close()
		if others := othersIn(b); len(others) > 0 {
			return nil, fmt.Errorf("cgroup v2: %s holds other processes (%s), so it cannot hand controllers to the judge's groups; run the judge in a cgroup of its own: %s", b, pidList(others), DelegationHint)
		}
		return nil, fmt.Errorf("cgroup v2: %w; %s", err, DelegationHint)
	}
	if err := enable(t.mine); err != nil {
		t.Close()
		return nil, fmt.Errorf("cgroup v2: %w", err)
	}
	// As on v1 (boxShares): the judge's subtree weighs what its runs do,
	// and the judge itself as much as one run.
	_ = writeFile(filepath.Join(t.mine, "cpu.weight"), strconv.Itoa(min(boxWeight*runtime.NumCPU(), 10000)))
	_ = writeFile(filepath.Join(t.leaf, "cpu.weight"), strconv.Itoa(boxWeight))
	return t, nil
}

// enable turns memory, pids and cpu on for the children of dir.
func enable(dir string) error {
	missing := missingControllers(dir, "cgroup.subtree_control")
	if len(missing) == 0 {
		return nil
	}
	return writeFile(filepath.Join(dir, "cgroup.subtree_control"), "+"+strings.Join(missing, " +"))
}

// missingControllers lists the run groups' controllers absent from a list
// file of dir (cgroup.controllers or cgroup.subtree_control).
func missingControllers(dir, file string) []string {
	data, err := readFile(filepath.Join(dir, file))
	if err != nil {
		return v2Controllers
	}
	have := strings.Fields(string(data))
	var missing []string
	for _, c := range v2Controllers {
		found := false
		for _, h := range have {
			found = found || h == c
		}
		if !found {
			missing = append(missing, c)
		}
	}
	return missing
}

// othersIn lists the processes in dir other than this one.
func othersIn(dir string) []int {
	self := os.Getpid()
	var out []int
	for _, p := range procs(dir) {
		if p != self {
			out = append(out, p)
		}
	}
	return out
}

func pidList(pids []int) string {
	s := make([]string, 0, len(pids))
	for i, p := range pids {
		if i == 5 {
			s = append(s, "...")
			break
		}
		s = append(s, strconv.Itoa(p))
	}
	return strings.Join(s, " ")
}

// probeV2 says what would stop openV2 in own, without changing anything.
func probeV2(own string) []string {
	b := base(own)
	if missing := missingControllers(b, "cgroup.controllers"); len(missing) > 0 {
		return []string{fmt.Sprintf("cgroup v2: controllers %s are not delegated to %s", strings.Join(missing, " "), b)}
	}
	if err := checkWritable(b); err != nil {
		return []string{"cgroup v2: " + err.Error()}
	}
	if len(missingControllers(b, "cgroup.subtree_control")) > 0 {
		others := othersIn(b)
		if len(others) > 0 {
			return []string{fmt.Sprintf("cgroup v2: %s holds other processes (%s), so it cannot hand controllers to the judge's groups", b, pidList(others))}
		}
	}
	return nil
}

func (t *treeV2) Version() Version { return V2 }

func (t *treeV2) Dirs() map[string]string {
	m := map[string]string{}
	for _, c := range v2Controllers {
		m[c] = t.mine
	}
	return m
}

func (t *treeV2) Adopt(int) error { return nil }

// Close removes the subtree; the leaf stays while the judge's process is
// still in it, and the next judge's stale cleanup removes it.
func (t *treeV2) Close() error {
	if os.Remove(t.leaf) != nil {
		return nil
	}
	return rmdir(t.mine)
}

func (t *treeV2) NewGroup(name string) (Group, error) {
	g := &groupV2{dir: filepath.Join(t.mine, name)}
	if err := os.Mkdir(g.dir, 0o755); err != nil {
		return nil, fmt.Errorf("create cgroup %s: %w", g.dir, err)
	}
	steps := [][2]string{
		// No swap on top of the memory limit.
		{"memory.swap.max", "0"},
		// The out-of-memory killer takes the whole run, not one task of it.
		{"memory.oom.group", "1"},
		{"cpu.weight", strconv.Itoa(boxWeight)},
	}
	for _, s := range steps {
		p := filepath.Join(g.dir, s[0])
		if _, err := os.Stat(p); err != nil {
			continue // not on this kernel (swap accounting off, say)
		}
		if err := writeFile(p, s[1]); err != nil {
			g.Remove()
			return nil, err
		}
	}
	s, err := openStats([nStats]string{
		statCPU:   filepath.Join(g.dir, "cpu.stat"),
		statPeak:  filepath.Join(g.dir, "memory.peak"), // Linux 5.19 or later
		statTasks: filepath.Join(g.dir, "pids.current"),
	})
	if err != nil {
		g.Remove()
		return nil, fmt.Errorf("open cgroup (memory.peak needs Linux 5.19 or later): %w", err)
	}
	g.stats = s
	return g, nil
}

// groupV2 is one run's group.
type groupV2 struct {
	dir   string
	stats *stats // nil until the group is made
}

func (g *groupV2) SetProcs(n int) error {
	return writeFile(filepath.Join(g.dir, "pids.max"), strconv.Itoa(n))
}

func (g *groupV2) MemoryLimit() ([]*os.File, error) {
	return openAll([]string{filepath.Join(g.dir, "memory.max")})
}

func (g *groupV2) Enter() ([]*os.File, error) {
	return openAll([]string{filepath.Join(g.dir, "cgroup.procs")})
}

func (g *groupV2) CPU() (time.Duration, error) {
	us, err := g.stats.key(statCPU, "usage_usec")
	return time.Duration(us) * time.Microsecond, err
}

func (g *groupV2) Usage() (Usage, error) {
	var u Usage
	var err error
	if u.CPU, err = g.CPU(); err != nil {
		return u, err
	}
	u.Peak, err = g.stats.int(statPeak)
	return u, err
}

func (g *groupV2) Events() (Events, error) {
	v, err := readKeys(filepath.Join(g.dir, "memory.events"), "oom_kill", "max")
	return Events{OOMKills: v[0], HitLimit: v[1] > 0}, err
}

// Kill looks first at the group's task count: after a run there is
// nothing left, as a rule, and killing and listing cost more.
func (g *groupV2) Kill() int {
	if g.stats.empty() {
		return 0
	}
	if writeFile(filepath.Join(g.dir, "cgroup.kill"), "1") == nil {
		deadline := time.Now().Add(time.Second)
		for {
			n := len(procs(g.dir))
			if n == 0 || time.Now().After(deadline) {
				return n
			}
			time.Sleep(200 * time.Microsecond)
		}
	}
	return killLoop(g.dir)
}

func (g *groupV2) Remove() error {
	g.stats.close()
	g.stats = nil
	if removeEmpty([]string{g.dir}) {
		return nil
	}
	g.Kill()
	return rmdir(g.dir)
}

// Renew is false: a v2 group's cache of charged pages (see package
// runner) cannot be emptied without an out-of-memory event, and its peak
// can be reset only from Linux 6.12; so every v2 run gets a new group.
func (g *groupV2) Renew() bool { return false }

func (g *groupV2) Reset() ([]*os.File, error) { return nil, nil }
