package runner

import (
	"syscall"
	"time"
)

// outcome is everything a run's status is decided from.
type outcome struct {
	stopped  bool   // the runner stopped the program ...
	stop     Status // ... for this reason (the first one)
	exited   bool   // the program exited by itself ...
	exitCode int    // ... with this code
	signal   int    // or was killed by this signal
	cpu      time.Duration
	wall     time.Duration
	peak     int64 // peak memory, bytes
	oomKills int64 // tasks killed by the out-of-memory killer
	hitLimit bool  // the memory limit was reached at least once
}

func (o outcome) sig() syscall.Signal { return syscall.Signal(o.signal) }

// decide gives a run's status. The rules, in order:
//
//  1. MemoryExceeded when the program failed or stalled (it did not exit
//     with 0, or it ran out of CPU or wall time) and it reached the memory
//     limit: the out-of-memory killer struck, the limit was hit, or the
//     peak is at or above the limit. A program thrashing at its limit is
//     out of memory, not of time; so is one that failed to allocate.
//     (Not when it was stopped for its output.) In basic mode, where
//     memory is polled, a peak above the limit is MemoryExceeded even when
//     the program exited with 0.
//  2. CPUExceeded when it was stopped for CPU time or used more than the
//     limit.
//  3. WallExceeded likewise for real time.
//  4. MemoryExceeded, OutputExceeded or Stopped when it was stopped for
//     them.
//  5. OutputExceeded when it died of SIGXFSZ (a file over the size limit).
//  6. Otherwise Exited, or Signaled by its own doing.
func decide(o outcome, lim Limits) Status {
	ok := o.exited && o.exitCode == 0 && !o.stopped
	outOfTime := o.stopped && (o.stop == CPUExceeded || o.stop == WallExceeded) || o.cpu > lim.CPU || o.wall > lim.Wall
	atLimit := o.oomKills > 0 || o.hitLimit || o.peak >= lim.Memory
	switch {
	case o.stopped && o.stop == OutputExceeded:
		return OutputExceeded
	case (!ok || outOfTime) && atLimit, o.peak > lim.Memory:
		return MemoryExceeded
	case o.stopped && o.stop == CPUExceeded, o.cpu > lim.CPU:
		return CPUExceeded
	case o.stopped && o.stop == WallExceeded, o.wall > lim.Wall:
		return WallExceeded
	case o.stopped:
		return o.stop
	case !o.exited && o.sig() == syscall.SIGXFSZ:
		return OutputExceeded
	case o.exited:
		return Exited
	}
	return Signaled
}

// needsEvents says whether decide could look at the run's memory events
// (oomKills, hitLimit): not for a run that exited with 0 unstopped within
// its CPU and wall time, whose only memory rule is its peak.
func (o outcome) needsEvents(lim Limits) bool {
	ok := o.exited && o.exitCode == 0 && !o.stopped
	return !ok || o.cpu > lim.CPU || o.wall > lim.Wall
}
