package verify

import (
	"fmt"
	"slices"
	"time"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// Margins of the time limit, as in the Kattis problem package format.
const (
	// ACMargin is the share of the time limit the slowest accepted
	// solution may use on a test (time limit >= 2x the slowest).
	ACMargin = 0.5
	// ACWarn is the share above which a warning is given.
	ACWarn = 1.0 / 3
	// TLEScale is the factor of the time limit every
	// time_limit_exceeded solution must still exceed.
	TLEScale = 1.5
)

// slowTest is a solution's time on one test, as a share of its limit.
type slowTest struct {
	file, test string
	cpu, lim   time.Duration
}

func (s slowTest) ratio() float64 { return float64(s.cpu) / float64(s.lim) }

// String describes the time for messages.
func (s slowTest) String() string {
	return fmt.Sprintf("%s on test %s: %s of %s (%.0f%%)", s.file, s.test, ms(s.cpu), ms(s.lim), 100*s.ratio())
}

func (a *solutionsAspect) acMarginCheck() *Check {
	c := &Check{Name: CheckACMargin}
	if a.n.runnable != "" {
		return skip(c, a.n.runnable)
	}
	var all []slowTest
	for _, sr := range a.runs {
		if sr.sol.Expected != verdict.AC {
			continue
		}
		for _, t := range sr.judged() {
			if t.Verdict != verdict.IE {
				all = append(all, slowTest{sr.sol.Rel, t.Name, t.CPU, sr.lim.CPU})
			}
		}
	}
	if len(all) == 0 {
		return skip(c, "no accepted solution was judged")
	}
	slices.SortStableFunc(all, func(a, b slowTest) int {
		switch ra, rb := a.ratio(), b.ratio(); {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return 0
	})
	worst := all[0]
	for _, s := range all {
		if s.ratio() <= ACWarn {
			break
		}
		c.Details = append(c.Details, s.String())
	}
	switch {
	case worst.ratio() > ACMargin:
		return fail(c, fmt.Sprintf("the slowest accepted solution uses more than half its time limit: %s (the limit must be at least 2x the slowest accepted)", worst))
	case worst.ratio() > ACWarn:
		return warn(c, fmt.Sprintf("the slowest accepted solution uses more than a third of its time limit: %s", worst))
	}
	return pass(c, "slowest: "+worst.String())
}

func (a *solutionsAspect) tleMarginCheck() *Check {
	c := &Check{Name: CheckTLEMargin}
	if a.n.runnable != "" {
		return skip(c, a.n.runnable)
	}
	checked, folder := 0, 0
	var details []string
	var limit time.Duration
	for _, sr := range a.runs {
		if sr.sol.Expected != verdict.TLE {
			continue
		}
		folder++
		if sr.seq == nil {
			continue
		}
		if v, _ := sr.outcome(); v != verdict.TLE {
			continue // its own check fails
		}
		checked++
		limit = time.Duration(float64(sr.lim.CPU) * sr.scale)
		var slowest *grade.TestResult
		found := false
		for _, t := range sr.judged() {
			if t.Verdict == verdict.TLE {
				found = true
				break
			}
			if slowest == nil || t.CPU > slowest.CPU {
				slowest = &t
			}
		}
		if !found {
			d := fmt.Sprintf("%s: gets TLE at the time limit but not at %gx the limit (%s)", sr.sol.Path, sr.scale, ms(limit))
			if slowest != nil {
				d += fmt.Sprintf("; slowest: test %s, %s", slowest.Name, ms(slowest.CPU))
			}
			details = append(details, d)
		}
	}
	switch {
	case len(details) > 0:
		return failWith(c, details)
	case folder == 0:
		return skip(c, "no time_limit_exceeded solutions")
	case checked == 0:
		return skip(c, "no time_limit_exceeded solution gets TLE")
	}
	return pass(c, fmt.Sprintf("every time_limit_exceeded solution (%d) still exceeds %gx the time limit", checked, TLEScale))
}

// mleMarginCheck checks that every memory_limit_exceeded solution reaches
// the memory limit within ACMargin of the time limit: first-touching
// memory costs CPU (about 4 ms per MiB on a busy virtual machine), and a
// solution that needs more than half its time to fill the memory gets TLE
// instead where page faults are slower.
func (a *solutionsAspect) mleMarginCheck() *Check {
	c := &Check{Name: CheckMLEMargin}
	if a.n.runnable != "" {
		return skip(c, a.n.runnable)
	}
	folder, checked := 0, 0
	var slowest slowTest
	var details []string
	for _, sr := range a.runs {
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

// marginNote adds to a margin check the wall notes of the solutions it
// measured: those expected to get verdict v.
func (a *solutionsAspect) marginNote(c *Check, v verdict.Verdict) *Check {
	if c.Status == Skip {
		return c
	}
	var runs []*solRun
	for _, sr := range a.runs {
		if sr.sol.Expected == v {
			runs = append(runs, sr)
		}
	}
	return withWallNote(c, runs)
}
