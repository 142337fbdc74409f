package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestInteractiveCommands: submit and show work on interactive problems,
// native (the bundled hidden-number) and Kattis, and the JSON report keeps
// its form, the test's message saying what the interactor said.
func TestInteractiveCommands(t *testing.T) {
	root := ".." // the repository's problems/ and solutions/
	judge(t, root, "show", "hidden-number", "--plain").want(t, 0, "interactive", "## Interaction")
	sol := filepath.Join("..", "solutions", "hidden-number")
	judge(t, root, "submit", "hidden-number", filepath.Join(sol, "accepted", "binary.py")).want(t, 0, "found 7 with 3 questions")

	r := judge(t, root, "submit", "hidden-number", filepath.Join(sol, "wrong_answer", "counts_up.py"), "--format", "json")
	r.want(t, 1)
	var rep struct {
		Verdict string `json:"verdict"`
		Tests   []struct {
			Name, Verdict, Message string
		} `json:"tests"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if rep.Verdict != "WA" || len(rep.Tests) == 0 {
		t.Fatalf("report %+v", rep)
	}
	last := rep.Tests[len(rep.Tests)-1]
	if last.Verdict != "WA" || last.Message != "more than 30 questions" {
		t.Errorf("last test %+v, want WA with the interactor's message", last)
	}

	guess := filepath.Join("..", "core", "grade", "testdata", "kattis", "guess-legacy")
	judge(t, root, "submit", guess, filepath.Join(guess, "submissions", "wrong_answer", "exits_early.c")).
		want(t, 1, "no guess 2: the submission stopped guessing")
}
