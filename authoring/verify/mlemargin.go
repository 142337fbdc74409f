package verify

import (
	"fmt"

	"github.com/puzzlejudge/judge/core/verdict"
)

// mleMarginCheck checks that every memory_limit_exceeded solution reaches
// the memory limit within ACMargin of the time limit: first-touching
// memory costs CPU (about 4 ms per MiB on a busy virtual machine), and a
// solution that needs more than half its time to fill the memory gets TLE
// instead where page faults are slower.
func (pk *pkg) mleMarginCheck() *Check {
	c := &Check{Name: CheckMLEMargin}
	if pk.runnable != "" {
		return skip(c, pk.runnable)
	}
	folder, checked := 0, 0
	var slowest slowTest
	var details []string
	for _, sr := range pk.runs {
		if sr.sol.Expected != verdict.MLE {
			continue
		}
		folder++
		v, bad := sr.outcome()
		if sr.seq == nil || v != verdict.MLE || bad == nil {
			continue // its own check fails
		}
		checked++
		s := slowTest{sr.sol.Rel, bad.Name, bad.CPU, sr.lim.CPU}
		if checked == 1 || s.ratio() > slowest.ratio() {
			slowest = s
		}
		if s.ratio() > ACMargin {
			details = append(details, fmt.Sprintf("%s: reaches the memory limit only after more than half its time limit: %s", sr.sol.Path, s))
		}
	}
	switch {
	case len(details) > 0:
		return failWith(c, details)
	case folder == 0:
		return skip(c, "no memory_limit_exceeded solutions")
	case checked == 0:
		return skip(c, "no memory_limit_exceeded solution gets MLE")
	}
	return pass(c, "slowest to reach the memory limit: "+slowest.String())
}
