package runner

import (
	"sync"

	"golang.org/x/sys/unix"
)

// cpuPlacer binds each run to one CPU of the judge's own, the one with the
// fewest runs under way (the lowest of those tied), so that runs at once
// get CPUs of their own while there are enough. A program then starts,
// runs and ends on the CPU its box's launcher forked it from: left to
// itself, the scheduler starts most children on another, idle, CPU, and
// on small virtual machines each run then pays for waking that CPU at its
// start and the launcher's at its end (about a sixth of a trivial run's
// wall time here), besides a cold kernel stack and page lists.
type cpuPlacer struct {
	mu   sync.Mutex
	cpus []int // the CPUs the judge may use
	runs []int // runs under way on each
}

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
	return &cpuPlacer{cpus: cpus, runs: make([]int, len(cpus))}
}

// take returns the CPU for a run, plus one: 0 leaves the run free to use
// every CPU (see runRequest.CPU). Give it back with give.
func (p *cpuPlacer) take() int {
	if len(p.cpus) == 0 {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	best := 0
	for i, n := range p.runs {
		if n < p.runs[best] {
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
