package service

import "runtime"

// DefaultSlots is how many submissions the local worker judges at once
// when Config.Slots is negative (judge serve without --slots): half the
// machine's cores, but two on a machine of two or three, one on a single
// core. Each slot judges one submission in boxes of its own, its tests
// side by side on the slot's share of the cores (testsAtOnce), so the
// slots together never run more programs than there are cores: a test's
// CPU time is what its verdict is about, and programs waiting for a CPU
// stretch their wall time towards the wall limit (a stop there is run
// again, see grade.Options.RecheckWall, but that costs the slot the time
// again). Two slots at least, wherever two cores allow it, keep one slow
// submission (a program that runs every test to its limit) from holding
// every other user's waiting behind it: the second slot judges them
// meanwhile. Fairness between users in the order of the queue is the
// queue's (see the package doc).
func DefaultSlots(cores int) int { return max(1, min(2, cores), cores/2) }

// testsAtOnce is how many tests one submission of the local worker runs
// at once: workers (the service's, or the judging configuration's), but
// no more than the cores of a slot, so that slots full of tests do not
// ask for more CPUs than the machine has.
func testsAtOnce(workers, cores, slots int) int {
	return max(1, min(workers, cores/max(slots, 1)))
}

// localCores is the number of CPUs the local worker shares out.
func localCores() int { return runtime.NumCPU() }
