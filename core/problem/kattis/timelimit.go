package kattis

import (
	"fmt"
	"math"
	"slices"
	"strings"
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

// Ways a requirement of a 2025-09 submission bounds a derived time limit
// (Expectation.TimeBound).
const (
	BoundLower = "lower" // the limit is at least its slowest time × ac_to_time_limit
	BoundUpper = "upper" // the limit is at most its slowest time / time_limit_to_tle
)

// TimeBound says how the requirement bounds the time limit of its
// submission's package (2025-09 "Timelimit inference"): from below when
// it does not permit TLE (or says use_for_time_limit: lower), from above
// when it requires exactly TLE (or says upper), "" when neither, or when
// it says use_for_time_limit: false. A requirement that permits any
// verdict (no permitted key) bounds nothing.
func (e Expectation) TimeBound() string {
	switch e.UseForTimeLimit {
	case "false":
		return ""
	case BoundLower, BoundUpper:
		return e.UseForTimeLimit
	}
	switch {
	case e.Permitted != nil && !slices.Contains(e.Permitted, ResultTLE):
		return BoundLower
	case slices.Equal(e.Required, []string{ResultTLE}):
		return BoundUpper
	}
	return ""
}

// Covers reports whether the requirement applies to a test case (its
// path under data/ without .in).
func (e Expectation) Covers(test string) bool {
	return e.Tests == "" || MatchGlob(e.Tests, test)
}

// TimeBounds returns the requirements through which the submission bounds
// a derived time limit from below and from above, each over the test
// cases it covers. Before 2025-09 only an accepted/ submission bounds it,
// from below over every test case (problemtools' rule); nothing bounds it
// from above.
//
// use_for_time_limit: false given with permitted or required takes that
// requirement out, as the format says (a submission's folder default
// bounds it still, unless the folder's own key says false). Given alone
// for a submission's every test case ("accepted/slow.py:
// {use_for_time_limit: false}"), where the format's text would make it
// take out nothing, it takes the submission out of every bound, as its
// author means.
func (s Submission) TimeBounds() (lower, upper []Expectation) {
	if s.Rules == nil {
		if s.Folder == FolderAccepted {
			lower = []Expectation{{Permitted: []string{ResultAC}, From: "accepted/"}}
		}
		return lower, nil
	}
	for _, r := range s.Rules {
		if r.UseForTimeLimit == "false" && r.Tests == "" && r.Permitted == nil && r.Required == nil {
			return nil, nil
		}
	}
	for _, r := range s.Rules {
		switch r.TimeBound() {
		case BoundLower:
			lower = append(lower, r)
		case BoundUpper:
			upper = append(upper, r)
		}
	}
	return lower, upper
}

// timeUse adds to a requirement what its use_for_time_limit implies, as
// the format defines it: lower is a permitted: [AC, WA, RTE] constraint,
// upper a required: [TLE] one. It is an error when the requirement's own
// verdicts contradict it (lower permitting TLE; upper permitting no TLE,
// or requiring verdicts without TLE).
func timeUse(e Expectation) (Expectation, error) {
	switch e.UseForTimeLimit {
	case BoundLower:
		if slices.Contains(e.Permitted, ResultTLE) {
			return e, fmt.Errorf("use_for_time_limit: lower (no TLE permitted) contradicts permitted: [%s]", strings.Join(e.Permitted, ", "))
		}
		if e.Permitted == nil {
			e.Permitted = []string{ResultAC, ResultWA, ResultRTE}
		}
	case BoundUpper:
		if e.Permitted != nil && !slices.Contains(e.Permitted, ResultTLE) {
			return e, fmt.Errorf("use_for_time_limit: upper (some TLE required) contradicts permitted: [%s]", strings.Join(e.Permitted, ", "))
		}
		if e.Required != nil && !slices.Contains(e.Required, ResultTLE) {
			return e, fmt.Errorf("use_for_time_limit: upper (some TLE required) contradicts required: [%s]", strings.Join(e.Required, ", "))
		}
		e.Required = []string{ResultTLE}
	}
	return e, nil
}
