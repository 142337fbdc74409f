package judging

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/verdict"
)

// TestReportSummary: the counts and texts the text report and the web
// page both show, read from a report's JSON as the service stores it.
func TestReportSummary(t *testing.T) {
	raw := `{"verdict":"WA","tests":[{"name":"s","verdict":"AC","sample":true},{"name":"2","verdict":"WA"},{"name":"3","verdict":"TLE"},{"name":"4","verdict":"AC"}],
"limits":{"time_ms":1000,"overrides":["memory_kb"]},"score":12.5,"max_score":100,
"groups":[{"name":"g","verdict":"AC","score":12.5,"max_score":20},{"name":"h","verdict":"WA","score":0}]}`
	var r Report
	if err := json.Unmarshal([]byte(raw), &r); err != nil {
		t.Fatal(err)
	}
	if r.Verdict != verdict.WA || r.Tests[2].Verdict != verdict.TLE {
		t.Errorf("verdicts %s, %s", r.Verdict, r.Tests[2].Verdict)
	}
	if got := r.Passed(); got != 2 {
		t.Errorf("Passed() = %d, want 2", got)
	}
	if got := r.DecidingTest(); got != "2" {
		t.Errorf("DecidingTest() = %q, want 2", got)
	}
	// A scoring problem's graders chose TLE (worst_error): the test named
	// is the first TLE, not the first failure (which was WA).
	r.Verdict = verdict.TLE
	if got := r.DecidingTest(); got != "3" {
		t.Errorf("DecidingTest() with verdict TLE = %q, want 3", got)
	}
	// A grader's verdict no test got: the first failure.
	r.Verdict = verdict.RE
	if got := r.DecidingTest(); got != "2" {
		t.Errorf("DecidingTest() with verdict RE = %q, want 2", got)
	}
	if got := r.ScoreText(); got != "12.5/100" {
		t.Errorf("ScoreText() = %q", got)
	}
	if a, b := r.Groups[0].ScoreText(), r.Groups[1].ScoreText(); a != "12.5/20" || b != "0" {
		t.Errorf("group scores %q, %q", a, b)
	}
	if !r.Limits.Override("memory_kb") || r.Limits.Override("time_ms") {
		t.Errorf("overrides %v", r.Limits.Overrides)
	}

	passFail := Report{Verdict: verdict.AC, Tests: []TestResult{{Name: "1", Verdict: verdict.AC}}}
	if passFail.ScoreText() != "" || passFail.DecidingTest() != "" || passFail.Passed() != 1 {
		t.Errorf("pass-fail: score %q, deciding test %q, passed %d", passFail.ScoreText(), passFail.DecidingTest(), passFail.Passed())
	}
}

func TestInternalError(t *testing.T) {
	r := Report{Verdict: verdict.IE, Tests: []TestResult{{Name: "1", Verdict: verdict.AC}, {Name: "2", Verdict: verdict.IE, Message: "checker crashed"}}}
	if got := r.InternalError(); got != "test 2: checker crashed" {
		t.Errorf("InternalError() = %q", got)
	}
	r.Error = "no compiler"
	if got := r.InternalError(); got != "no compiler" {
		t.Errorf("InternalError() = %q", got)
	}
}

// TestNotInJSON: what grade keeps for its callers (the run's status, its
// exact CPU time, where its output is) stays out of the JSON contract.
func TestNotInJSON(t *testing.T) {
	b, err := json.Marshal(TestResult{Name: "1", Verdict: verdict.TLE, Status: WallExceeded, CPU: 5, OutputPath: "/tmp/x", WallRechecked: true})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"Status", "CPU", "OutputPath", "WallRechecked", "status", "cpu"} {
		if _, ok := m[k]; ok {
			t.Errorf("JSON has %s: %s", k, b)
		}
	}
	if m["name"] != "1" || m["verdict"] != "TLE" {
		t.Errorf("JSON %s", b)
	}
}

// TestScoreJSON pins the report's JSON: a score of 0 is written (a
// pointer, not omitempty's zero), and a pass-fail report has no score.
func TestScoreJSON(t *testing.T) {
	zero, hundred := 0.0, 100.0
	cases := []struct {
		rep  Report
		want []string
		not  []string
	}{
		{Report{Verdict: verdict.WA, Score: &zero, MaxScore: &hundred, Groups: []GroupResult{{Name: "secret/g1", Verdict: verdict.WA, Score: 0, MaxScore: &hundred}}},
			[]string{`"score":0`, `"max_score":100`, `"groups":[{"name":"secret/g1","verdict":"WA","score":0,"max_score":100}]`}, nil},
		{Report{Verdict: verdict.AC, Tests: []TestResult{{Name: "1", Verdict: verdict.AC}}},
			nil, []string{`"score"`, `"groups"`, `"max_score"`}},
	}
	for _, c := range cases {
		b, err := json.Marshal(c.rep)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s lacks %s", b, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(string(b), n) {
				t.Errorf("%s has %s", b, n)
			}
		}
	}
}

func TestStatusString(t *testing.T) {
	for s, want := range map[Status]string{Exited: "exited", CPUExceeded: "cpu time limit", WallExceeded: "wall time limit", Status(42): "status(42)"} {
		if got := s.String(); got != want {
			t.Errorf("%d: %q, want %q", int(s), got, want)
		}
	}
}
