package verify_test

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
	"github.com/puzzlejudge/judge/core/report"
	"github.com/puzzlejudge/judge/core/verdict"
)

// TestTiming checks the table of CPU times of a verification: a row per
// solution with a cell per test, the cells a solution never ran empty,
// and the limit the problemtools rule suggests.
func TestTiming(t *testing.T) {
	root := copyFixture(t)
	trimSlow(t, root)
	p := verifySum(t, root)
	tm := p.Times
	if tm == nil {
		t.Fatal("no timing table")
	}
	if len(tm.Tests) != 6 || tm.TimeLimitMs != 300 {
		t.Fatalf("tests %v, limit %d", tm.Tests, tm.TimeLimitMs)
	}
	rows := map[string]verify.TimingRow{}
	for _, r := range tm.Solutions {
		if len(r.Times) != len(tm.Tests) {
			t.Fatalf("row %s has %d cells", r.File, len(r.Times))
		}
		rows[r.File] = r
	}
	ac, ok := rows["accepted/sum.c"]
	if !ok {
		t.Fatalf("no row for accepted/sum.c: %+v", tm.Solutions)
	}
	var slowest int64
	for i, c := range ac.Times {
		if c.Verdict != verdict.AC {
			t.Errorf("accepted/sum.c on %s: %s", tm.Tests[i], c.Verdict)
		}
		slowest = max(slowest, c.TimeMs)
	}
	if ac.SlowestMs != slowest || ac.SlowestTest == "" || ac.TimeLimitMs != 300 || math.Abs(ac.Share*300-float64(ac.SlowestMs)) > 1 {
		t.Errorf("accepted row %+v", ac)
	}
	wa := rows["wrong_answer/abs.c"]
	notRun := 0
	for _, c := range wa.Times {
		if c.Verdict == "" {
			notRun++
		}
	}
	if notRun == 0 {
		t.Errorf("wrong_answer/abs.c stops at its first WA, yet every cell ran: %+v", wa.Times)
	}
	a := tm.Suggestion
	if a == nil {
		t.Fatal("no suggested limit")
	}
	if a.LimitMs%100 != 0 || a.LimitMs < 2*a.SlowestACMs || a.LimitMs-100 >= 2*a.SlowestACMs+1 || a.LegacyLimitMs%1000 != 0 || a.LegacyLimitMs < 5*a.SlowestACMs {
		t.Errorf("suggestion %+v", a)
	}

	var buf bytes.Buffer
	if err := verify.TextTimes(&buf, &verify.Report{Problems: []*verify.ProblemReport{p}}, report.Style{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"CPU times in ms", "accepted/sum.c", "% of 300 ms", "suggested "} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, buf.String())
		}
	}
}
