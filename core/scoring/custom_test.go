package scoring

import (
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/verdict"
)

// TestGraderInput: one "VERDICT score" line per item, in Kattis' codes.
func TestGraderInput(t *testing.T) {
	got := GraderInput([]Item{
		{Verdict: verdict.AC, Score: 4}, {Verdict: verdict.PE, Score: -1}, {Verdict: verdict.MLE}, {Verdict: verdict.TLE, Score: 0.25},
	})
	if want := "AC 4\nWA -1\nRTE 0\nTLE 0.25\n"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestParseGraderOutput reads a grader's one line strictly.
func TestParseGraderOutput(t *testing.T) {
	for _, c := range []struct {
		out   string
		v     verdict.Verdict
		score float64
		err   string
	}{
		{"AC 7\n", verdict.AC, 7, ""},
		{"RTE\t-1.5 \r\n", verdict.RE, -1.5, ""},
		{"", "", 0, "printed nothing"},
		{"AC 1\nAC 1\n", "", 0, `printed "AC 1\nAC 1\n"`},
		{"AC 1.2.3", "", 0, `"1.2.3" is not a number`},
		{"JE 0\n", "", 0, "said JE"},
		{strings.Repeat("x", 100), "", 0, "(and more)"},
	} {
		v, score, err := ParseGraderOutput([]byte(c.out))
		if v != c.v || score != c.score || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: %s %g %v, want %s %g %q", c.out, v, score, err, c.v, c.score, c.err)
		}
	}
}
