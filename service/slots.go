package service

import "runtime"

// DefaultSlots is how many submissions the local worker judges at once
// when Config.Slots is negative (judge serve without --slots): half the
// machine's cores, at least one. Each slot judges one submission in
// boxes of its own, its tests side by side (testsAtOnce), and a test's
// CPU time is what the verdict is about: slots that together run more
// programs than there are cores make each wait for a CPU, which stretches
// its wall time towards the wall limit (a stop there is run again, see
// grade.Options.RecheckWall, but that costs the slot the time again) and
// slows it through shared caches. Half the cores keeps a second
// submission from waiting behind a first on any machine of four cores or
// more, and leaves each slot at least two cores; fairness between users
// does not rest on slots but on the queue (see the package doc).
func DefaultSlots(cores int) int { return max(1, cores/2) }

// testsAtOnce is how many tests one submission of the local worker runs
// at once: workers (the service's, or the judging configuration's), but
// no more than the cores of a slot, so that slots full of tests do not
// ask for more CPUs than the machine has.
func testsAtOnce(workers, cores, slots int) int {
	return max(1, min(workers, cores/max(slots, 1)))
}

// localCores is the number of CPUs the local worker shares out.
func localCores() int { return runtime.NumCPU() }
