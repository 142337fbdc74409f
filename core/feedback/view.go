package feedback

import (
	"encoding/json"

	"github.com/puzzlejudge/judge/core/judging"
	"github.com/puzzlejudge/judge/core/verdict"
)

// HiddenTest is what a contestant sees of a test not shown in full: its
// name, verdict, time, memory and score, and as its message a Kattis
// output validator's team message. It lists the fields allowed; every
// other field of judging.TestResult (the diff, the exit code and signal,
// the checker's message, any field added later) is absent from its JSON.
type HiddenTest struct {
	Name     string          `json:"name"`
	Verdict  verdict.Verdict `json:"verdict"`
	TimeMs   int64           `json:"time_ms"`
	WallMs   int64           `json:"wall_ms"`
	MemoryKB int64           `json:"memory_kb"`
	Sample   bool            `json:"sample,omitempty"`
	Score    *float64        `json:"score,omitempty"`
	// Message is the test's judging.TestResult.TeamMessage, "" when the
	// validator wrote none.
	Message string `json:"message"`
	// WallRechecked says the times are those of a second run (see
	// judging.TestResult.WallRechecked): why the wall time may pass the
	// wall limit of the report.
	WallRechecked bool `json:"wall_rechecked,omitempty"`
}

// hide keeps of a test what a contestant sees of a secret one.
func hide(t judging.TestResult) HiddenTest {
	return HiddenTest{Name: t.Name, Verdict: t.Verdict, TimeMs: t.TimeMs, WallMs: t.WallMs, MemoryKB: t.MemoryKB,
		Sample: t.Sample, Score: t.Score, Message: t.TeamMessage, WallRechecked: t.WallRechecked}
}

// Test is a test as a viewer sees it: whole, or hidden. Its JSON is the
// whole test's or the HiddenTest's.
type Test struct {
	// Whole is the test, when the viewer sees it whole; nil otherwise.
	Whole *judging.TestResult
	// Hidden is what the viewer sees of the test when Whole is nil.
	Hidden HiddenTest
}

// MarshalJSON writes the test as the viewer sees it.
func (t Test) MarshalJSON() ([]byte, error) {
	if t.Whole != nil {
		return json.Marshal(t.Whole)
	}
	return json.Marshal(t.Hidden)
}

// whole is a test shown whole.
func whole(t judging.TestResult) Test { return Test{Whole: &t} }

// Report is a report as a viewer sees it: the report, whose Tests this
// one's shadow (encoding/json takes the shallower field), so that its
// JSON is the report's with each test as the viewer sees it. The
// embedded report is the whole one: a reader shows this Report's Tests,
// never Report.Report.Tests.
type Report struct {
	*judging.Report
	Tests []Test `json:"tests"`
}

// Test returns a test (of a report, or of a live test event) as v may
// see it while the submission is being judged: whole for a viewer who
// sees everything and for a sample, hidden otherwise.
func (v Viewer) Test(t judging.TestResult) Test {
	if v.Full() || t.Sample {
		return whole(t)
	}
	return Test{Hidden: hide(t)}
}

// Report returns a report as v may see it, nil for nil: its tests as
// Test says, and with FirstFailure the first failing one that is not a
// sample whole. Anything else of the report (compile output, limits,
// score, groups, the judge's own error, which is about the package, a
// test's failure being in that test's message) is the report's.
func (v Viewer) Report(r *judging.Report) *Report {
	if r == nil {
		return nil
	}
	out := &Report{Report: r}
	if v.Full() {
		if r.Tests != nil {
			out.Tests = make([]Test, len(r.Tests))
			for i, t := range r.Tests {
				out.Tests[i] = whole(t)
			}
		}
		return out
	}
	out.Tests = make([]Test, len(r.Tests))
	failed := false
	for i, t := range r.Tests {
		if v.Level == FirstFailure && !failed && !t.Sample && t.Verdict != verdict.AC {
			failed = true
			out.Tests[i] = whole(t)
			continue
		}
		out.Tests[i] = v.Test(t)
	}
	return out
}
