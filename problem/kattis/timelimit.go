package kattis

import (
	"fmt"
	"math"
	"time"
)

// DeriveTimeLimit computes the time limit of a package that gives none
// from the CPU time of the slowest accepted submission on its slowest test
// case (slowestAC) and, for 2025-09, of the fastest time_limit_exceeded
// submission (fastestTLE, 0 when there is none):
//
//   - legacy and 2023-07-draft (problemtools): the slowest time times
//     ACToTimeLimit, rounded up to a multiple of TimeResolution (whole
//     seconds by default), at least one TimeResolution;
//   - 2025-09: the smallest multiple of TimeResolution that is at least
//     the slowest time times ac_to_time_limit and whose time_limit_to_tle
//     multiple is at most fastestTLE; an error when there is none.
func DeriveTimeLimit(v Version, l Limits, slowestAC, fastestTLE time.Duration) (time.Duration, error) {
	res := l.TimeResolution
	if res <= 0 {
		res = 1
	}
	need := slowestAC.Seconds() * l.ACToTimeLimit / res
	// Guard against 0.30000000000000004-style overshoot.
	k := math.Max(1, math.Ceil(need-1e-9))
	tl := k * res
	if v == V2025 && fastestTLE > 0 && tl*l.TimeLimitToTLE > fastestTLE.Seconds()+1e-9 {
		return 0, fmt.Errorf("no time limit fits: %gs (the slowest accepted submission's %v × ac_to_time_limit %g, rounded up to a multiple of %gs) × time_limit_to_tle %g is above the fastest time_limit_exceeded submission's %v",
			tl, slowestAC, l.ACToTimeLimit, res, l.TimeLimitToTLE, fastestTLE)
	}
	return time.Duration(math.Round(tl * float64(time.Second))), nil
}
