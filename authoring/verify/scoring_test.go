package verify_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
)

// copyScoring copies one of grade's scoring fixtures into a new folder.
func copyScoring(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := copyTree(filepath.Join("..", "..", "core", "grade", "testdata", "kattis", name), dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestVerifyScoring verifies legacy scoring packages as problemtools
// does: accepted solutions get the full score (the top of data/'s range),
// partially_accepted ones AC with a score strictly below it, other
// folders the graders' verdict (not the first failing test's); and finds
// a full solution in partially_accepted and a partial one in accepted.
func TestVerifyScoring(t *testing.T) {
	broken := copyScoring(t, "scoring-legacy")
	sub := filepath.Join(broken, "submissions")
	if err := os.Rename(filepath.Join(sub, "accepted", "double.py"), filepath.Join(sub, "partially_accepted", "double.py")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(sub, "partially_accepted", "small_only.py"), filepath.Join(sub, "accepted", "small_only.py")); err != nil {
		t.Fatal(err)
	}
	reps := verifyDirs(t, copyScoring(t, "scoring-legacy"), copyScoring(t, "scoring-validator"), broken)
	for _, tt := range []struct {
		rep     int
		check   string
		status  verify.Status
		message string
	}{
		{0, "submission accepted/double.py", verify.Pass, "AC (accepted: want AC, from the first test that is not AC), score 100/100"},
		// The graders accept it (secret: accept_if_any_accepted), though
		// its first failing test is WA.
		{0, "submission partially_accepted/small_only.py", verify.Pass, "score 50/100"},
		{0, "submission wrong_answer/zero.py", verify.Pass, "WA on test sample/1"},
		{1, "submission accepted/double.py", verify.Pass, "score 30"},
		{1, "submission partially_accepted/off_by_one.py", verify.Pass, "score 18"},
		{1, "submission wrong_answer/far.py", verify.Pass, "WA"},
		{2, "submission partially_accepted/double.py", verify.Fail, "gets score 100, want a partial score strictly between 0 and 100"},
		{2, "submission accepted/small_only.py", verify.Fail, "gets score 50, want the full score 100"},
	} {
		c := reps[tt.rep].Check(tt.check)
		if c == nil {
			t.Errorf("%s: no check %q", reps[tt.rep].Problem, tt.check)
			continue
		}
		if c.Status != tt.status || !strings.Contains(c.Message, tt.message) {
			t.Errorf("%s: %s: %s %q, want %s with %q", reps[tt.rep].Problem, tt.check, c.Status, c.Message, tt.status, tt.message)
		}
	}
	for _, rep := range reps[:2] {
		if !rep.OK {
			t.Errorf("%s failed: %+v", rep.Problem, rep.Checks)
		}
	}
}

// TestVerifyNativeScoring verifies the bundled scoring problem: its
// partially accepted solution scores 30 of 100 (the small subtask), and a
// full solution in partially_accepted fails.
func TestVerifyNativeScoring(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"problems/divisor-pairs", "solutions/divisor-pairs"} {
		if err := os.CopyFS(filepath.Join(root, d), os.DirFS(filepath.Join("..", "..", d))); err != nil {
			t.Fatal(err)
		}
	}
	sols := filepath.Join(root, "solutions", "divisor-pairs")
	// This test is about scores: drop the slow time_limit_exceeded run.
	os.RemoveAll(filepath.Join(sols, "time_limit_exceeded"))
	os.Remove(filepath.Join(sols, "accepted", "sqrt.py"))
	full, err := os.ReadFile(filepath.Join(sols, "accepted", "sqrt.go"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sols, "partially_accepted", "full.go"), full, 0o644); err != nil {
		t.Fatal(err)
	}
	v := newVerifier(t, root)
	rep, err := v.Verify(context.Background(), []string{filepath.Join(root, "problems", "divisor-pairs")})
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Problems[0]
	for _, tt := range []struct {
		check   string
		status  verify.Status
		message string
	}{
		{"solution partially_accepted/linear.c", verify.Pass, "score 30/100 as a partial solution should, TLE on test large-1"},
		{"solution partially_accepted/full.go", verify.Fail, "gets score 100/100, want more than 0 and less than the full score"},
		{"solution accepted/sqrt.go", verify.Pass, "AC on all 7 tests"},
		{"solution wrong_answer/int32.c", verify.Pass, "WA on test large-1"},
	} {
		c := p.Check(tt.check)
		if c == nil || c.Status != tt.status || !strings.Contains(c.Message, tt.message) {
			t.Errorf("check %q: %+v, want %s with %q", tt.check, c, tt.status, tt.message)
		}
	}
	if c := p.Check("solution partially_accepted/linear.c"); c != nil && (c.Solution.Score == nil || *c.Solution.Score != 30) {
		t.Errorf("score in the JSON: %+v", c.Solution)
	}
}
