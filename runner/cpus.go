package runner

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// cpuPlacer binds each run to one CPU of the judge's own: the one with the
// fewest of the judge's runs under way, and of those the one the whole
// host kept least busy lately (other judges on the host, or other
// programs, included), the lowest of any still tied. Runs at once so get
// CPUs of their own while there are enough, and judges side by side
// spread out. A program then starts, runs and ends on the CPU its box's
// launcher forked it from: left to itself, the scheduler starts most
// children on another, idle, CPU, and on small virtual machines each run
// then pays for waking that CPU at its start and the launcher's at its end
// (about a sixth of a trivial run's wall time here), besides a cold kernel
// stack and page lists.
type cpuPlacer struct {
	mu   sync.Mutex
	cpus []int // the CPUs the judge may use
	runs []int // runs under way on each
	// busy is each CPU's busy share of the host between the last two
	// looks at /proc/stat, taken at most every busyEvery.
	busy   []float64
	times  map[int]cpuTime
	looked time.Time
	stat   string // /proc/stat, or a test's copy
}

// busyEvery is how often the host's use of each CPU is looked at again.
const busyEvery = 100 * time.Millisecond

// cpuTime is a CPU's time so far in /proc/stat, in ticks.
type cpuTime struct{ busy, total uint64 }

// newCPUPlacer reads the CPUs the judge may use; with one (or none it can
// read) it places nothing.
func newCPUPlacer() *cpuPlacer {
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return &cpuPlacer{}
	}
	var cpus []int
	for c := 0; c < len(set)*64 && len(cpus) < set.Count(); c++ {
		if set.IsSet(c) {
			cpus = append(cpus, c)
		}
	}
	if len(cpus) < 2 {
		return &cpuPlacer{}
	}
	return &cpuPlacer{cpus: cpus, runs: make([]int, len(cpus)), busy: make([]float64, len(cpus)), stat: "/proc/stat"}
}

// take returns the CPU for a run, plus one: 0 leaves the run free to use
// every CPU (see runRequest.CPU). Give it back with give.
func (p *cpuPlacer) take() int {
	if len(p.cpus) == 0 {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if now := time.Now(); now.Sub(p.looked) >= busyEvery {
		p.look()
		p.looked = now
	}
	best := 0
	for i := range p.runs {
		if p.runs[i] < p.runs[best] || p.runs[i] == p.runs[best] && p.busy[i] < p.busy[best] {
			best = i
		}
	}
	p.runs[best]++
	return p.cpus[best] + 1
}

// give ends a run on the CPU take returned.
func (p *cpuPlacer) give(cpu int) {
	if cpu == 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, c := range p.cpus {
		if c == cpu-1 {
			p.runs[i]--
		}
	}
}

// look reads the host's time on each CPU and sets busy from what changed
// since the last look (nothing is busy at the first, or where /proc/stat
// cannot be read).
func (p *cpuPlacer) look() {
	now, err := readCPUTimes(p.stat)
	for i, c := range p.cpus {
		p.busy[i] = 0
		was, ok := p.times[c]
		t, ok2 := now[c]
		if err == nil && ok && ok2 && t.total > was.total {
			p.busy[i] = float64(t.busy-was.busy) / float64(t.total-was.total)
		}
	}
	p.times = now
}

// readCPUTimes reads each CPU's busy and total ticks from a /proc/stat:
// its "cpuN user nice system idle iowait irq softirq steal ..." lines,
// where idle and iowait are the time it was not busy.
func readCPUTimes(path string) (map[int]cpuTime, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	times := map[int]cpuTime{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 5 || !strings.HasPrefix(f[0], "cpu") || f[0] == "cpu" {
			continue
		}
		n, err := strconv.Atoi(f[0][3:])
		if err != nil {
			continue
		}
		var t cpuTime
		// user nice system idle iowait irq softirq steal; guest time is
		// in user's already.
		for i, v := range f[1:min(len(f), 9)] {
			x, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				break
			}
			t.total += x
			if i != 3 && i != 4 { // idle, iowait
				t.busy += x
			}
		}
		times[n] = t
	}
	return times, nil
}
