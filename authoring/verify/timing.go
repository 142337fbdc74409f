package verify

import (
	"fmt"
	"time"

	"github.com/puzzlejudge/judge/core/verdict"
)

// The rule a time limit is suggested by, that of Kattis problemtools
// (problem package format 2023-07): the limit is the slowest accepted
// solution's slowest test times ACToTimeLimit, rounded up to
// LimitResolution; time_limit_exceeded solutions must still exceed it
// times TLEScale.
const (
	ACToTimeLimit   = 1 / ACMargin
	LimitResolution = 100 * time.Millisecond
	// LegacyMultiplier is the legacy format's time_multiplier (its
	// time_safety_margin is 2), with a resolution of one second.
	LegacyMultiplier = 5
)

// Timing is a problem's table of CPU times: a row per solution judged, a
// column per test. `judge verify --times` prints it.
type Timing struct {
	Tests []string `json:"tests"`
	// TimeLimitMs is the problem's time limit; each row has its own,
	// with its language's multiplier.
	TimeLimitMs int64        `json:"time_limit_ms"`
	Solutions   []TimingRow  `json:"solutions"`
	Suggestion  *LimitAdvice `json:"suggestion,omitempty"`
}

// TimingRow is one solution's times.
type TimingRow struct {
	File        string          `json:"file"`
	Expected    verdict.Verdict `json:"expected"`
	TimeLimitMs int64           `json:"time_limit_ms"`
	// Times has a cell per test, in the order of Timing.Tests.
	Times []TimingCell `json:"times"`
	// SlowestTest is the test that took the most CPU time, SlowestMs
	// that time and Share its part of the time limit (0.5 is half).
	SlowestTest string  `json:"slowest_test,omitempty"`
	SlowestMs   int64   `json:"slowest_ms"`
	Share       float64 `json:"share"`
}

// TimingCell is a solution's run on one test; Verdict is "" when the test
// was not run (the solution stopped at an earlier failure).
type TimingCell struct {
	TimeMs  int64           `json:"time_ms"`
	Verdict verdict.Verdict `json:"verdict,omitempty"`
	// Cached says the time was measured by an earlier verify, under the
	// same limits, and taken from the run cache.
	Cached bool `json:"cached,omitempty"`
}

// LimitAdvice is the time limit the problemtools rule suggests.
type LimitAdvice struct {
	// SlowestACMs is the slowest accepted solution's slowest test, in
	// the problem's terms (divided by its language's multiplier).
	SlowestACMs int64  `json:"slowest_ac_ms"`
	SlowestAC   string `json:"slowest_ac"` // "accepted/bfs.go on test 7"
	// LimitMs is SlowestACMs × ACToTimeLimit rounded up to the
	// resolution; LegacyLimitMs the legacy rule's (× 5, whole seconds).
	LimitMs       int64   `json:"limit_ms"`
	ACToTimeLimit float64 `json:"ac_to_time_limit"`
	ResolutionMs  int64   `json:"resolution_ms"`
	LegacyLimitMs int64   `json:"legacy_limit_ms"`
	// FastestTLEMs is the least time a time_limit_exceeded solution was
	// seen to use on its slowest test (it is stopped at TLEScale × the
	// limit, so this is a lower bound), and MaxLimitMs the highest limit
	// that keeps it TLE with the margin (FastestTLEMs / TLEScale); 0
	// when there is none.
	FastestTLEMs int64 `json:"fastest_tle_ms,omitempty"`
	MaxLimitMs   int64 `json:"max_limit_ms,omitempty"`
}

// timing makes the table of a package whose solutions ran, or nil.
func (a *solutionsAspect) timing() *Timing {
	p := a.n.p
	if a.n.runnable != "" || p == nil {
		return nil
	}
	tm := &Timing{TimeLimitMs: p.Limits.Time.Milliseconds()}
	for _, t := range p.Tests {
		tm.Tests = append(tm.Tests, t.Name)
	}
	var slowAC, fastTLE time.Duration
	for _, sr := range a.runs {
		if sr.seq == nil {
			continue
		}
		row := TimingRow{File: sr.sol.Rel, Expected: sr.sol.Expected, TimeLimitMs: sr.lim.CPU.Milliseconds(), Times: make([]TimingCell, len(tm.Tests))}
		n := len(sr.results)
		if sr.seq.stopOnFail && sr.seq.firstFail < n {
			n = sr.seq.firstFail + 1 // as judged: the runs after are not wanted
		}
		var slowest time.Duration
		for i, t := range sr.results[:n] {
			if t.Verdict == "" {
				continue
			}
			row.Times[i] = TimingCell{TimeMs: t.CPU.Milliseconds(), Verdict: sr.at1x(t), Cached: sr.cached != nil && sr.cached[i]}
			if row.SlowestTest == "" || t.CPU > slowest {
				slowest, row.SlowestTest = t.CPU, t.Name
			}
		}
		row.SlowestMs = slowest.Milliseconds()
		if sr.lim.CPU > 0 {
			row.Share = float64(slowest) / float64(sr.lim.CPU)
		}
		// In the problem's terms, without the language's multiplier.
		norm := time.Duration(float64(slowest) * float64(p.Limits.Time) / float64(max(sr.lim.CPU, 1)))
		v, _ := sr.outcome()
		switch {
		case sr.sol.Expected == verdict.AC && v == verdict.AC && norm >= slowAC:
			slowAC = norm
			if tm.Suggestion == nil {
				tm.Suggestion = &LimitAdvice{}
			}
			tm.Suggestion.SlowestAC = fmt.Sprintf("%s on test %s", sr.sol.Rel, row.SlowestTest)
		case sr.sol.Expected == verdict.TLE && v == verdict.TLE && (fastTLE == 0 || norm < fastTLE):
			fastTLE = norm
		}
		tm.Solutions = append(tm.Solutions, row)
	}
	if a := tm.Suggestion; a != nil {
		a.SlowestACMs = slowAC.Milliseconds()
		a.ACToTimeLimit = ACToTimeLimit
		a.ResolutionMs = LimitResolution.Milliseconds()
		a.LimitMs = roundUp(time.Duration(float64(slowAC)*ACToTimeLimit), LimitResolution).Milliseconds()
		a.LegacyLimitMs = roundUp(slowAC*LegacyMultiplier, time.Second).Milliseconds()
		if fastTLE > 0 {
			a.FastestTLEMs = fastTLE.Milliseconds()
			a.MaxLimitMs = time.Duration(float64(fastTLE) / TLEScale).Milliseconds()
		}
	}
	return tm
}

// roundUp rounds d up to a multiple of res, at least one res.
func roundUp(d, res time.Duration) time.Duration {
	n := (d + res - 1) / res
	return max(n, 1) * res
}
