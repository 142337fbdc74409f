package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// scored is sample() as a scoring problem's report.
func scored() *grade.Report {
	r := sample()
	score, most, g1, g2 := 75.0, 100.0, 20.0, 80.0
	r.Score, r.MaxScore = &score, &most
	r.Groups = []grade.GroupResult{
		{Name: "secret", Verdict: verdict.WA, Score: 75, MaxScore: &most},
		{Name: "secret/g1", Verdict: verdict.AC, Score: 20, MaxScore: &g1},
		{Name: "secret/large\x1b[2J", Verdict: verdict.WA, Score: 55, MaxScore: &g2},
		{Name: "secret/legacy", Verdict: verdict.AC, Score: 12.5},
	}
	return r
}

func TestTextScore(t *testing.T) {
	var buf bytes.Buffer
	if err := Text(&buf, scored(), "", Style{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"score   75/100\n",
		"  secret               WA   75/100\n",
		"  secret/g1            AC   20/20\n",
		"  secret/legacy        AC   12.5\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	if bad := rawControls(out); len(bad) > 0 {
		t.Errorf("group name reached the terminal raw: %q", bad)
	}
	buf.Reset()
	Text(&buf, sample(), "", Style{})
	if strings.Contains(buf.String(), "score") {
		t.Errorf("a pass-fail report shows a score:\n%s", buf.String())
	}
}

// TestJSONScore: the report and the jsonl summary carry score, max_score
// and groups; a test's score is in its object.
func TestJSONScore(t *testing.T) {
	r := scored()
	s := 25.0
	r.Tests[1].Score = &s
	for _, write := range []func(*bytes.Buffer) error{
		func(b *bytes.Buffer) error { return JSON(b, r) },
		func(b *bytes.Buffer) error { return JSONLSummaryLine(b, r) },
	} {
		var buf bytes.Buffer
		if err := write(&buf); err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		groups, _ := m["groups"].([]any)
		if m["score"] != 75.0 || m["max_score"] != 100.0 || len(groups) != 4 {
			t.Errorf("score %v max %v groups %v", m["score"], m["max_score"], m["groups"])
		}
		if tests, ok := m["tests"].([]any); ok && tests[1].(map[string]any)["score"] != 25.0 {
			t.Errorf("test score: %v", tests[1])
		}
	}
}
