package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestScoringCommands: judge submit on scoring problems, the bundled
// native divisor-pairs and a legacy Kattis package, shows the score and a
// line per group in text, and carries them in JSON.
func TestScoringCommands(t *testing.T) {
	root := ".." // the repository's problems/ and solutions/
	sol := filepath.Join("..", "solutions", "divisor-pairs")
	judge(t, root, "submit", "divisor-pairs", filepath.Join(sol, "wrong_answer", "int32.c")).
		want(t, 1, "verdict WA (Wrong Answer) on test large-1", "score   30/100\n", "  small  AC   30/30\n", "  large  WA   0/70\n")

	r := judge(t, root, "submit", "divisor-pairs", filepath.Join(sol, "accepted", "sqrt.go"), "--format", "json")
	r.want(t, 0)
	var rep struct {
		Verdict  string   `json:"verdict"`
		Score    *float64 `json:"score"`
		MaxScore *float64 `json:"max_score"`
		Groups   []struct {
			Name, Verdict string
			Score         float64
			MaxScore      *float64 `json:"max_score"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if rep.Verdict != "AC" || rep.Score == nil || *rep.Score != 100 || *rep.MaxScore != 100 || len(rep.Groups) != 2 ||
		rep.Groups[1].Name != "large" || rep.Groups[1].Score != 70 || *rep.Groups[1].MaxScore != 70 {
		t.Errorf("report %+v", rep)
	}

	// Legacy: the graders accept a submission that solves one subtask
	// (exit 0), with half the score.
	pkg := filepath.Join("..", "core", "grade", "testdata", "kattis", "scoring-legacy")
	judge(t, root, "submit", pkg, filepath.Join(pkg, "submissions", "partially_accepted", "small_only.py")).
		want(t, 0, "verdict AC (Accepted)   4/6 passed", "score   50/100\n", "  secret/large    WA   0/100\n", "  secret/small    AC   50/100\n")
}
