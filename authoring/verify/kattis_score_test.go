package verify_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
)

// TestVerifyKattisScoreRules: submissions.yaml's score, a number or an
// inclusive range, on a 2025-09 scoring package (grade's scoring-2025:
// double scores 100, small_only 75 with secret/g3 at 25, not_tiny 50
// with secret/g1 at 0), on the submission and on named groups; a score
// that is off fails its submission's check with both numbers, and a
// score in a pass-fail package fails as not allowed there.
func TestVerifyKattisScoreRules(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "scoring-2025")
	if err := copyTree(filepath.Join("..", "..", "core", "grade", "testdata", "kattis", "scoring-2025"), dir); err != nil {
		t.Fatal(err)
	}
	yaml := filepath.Join(dir, "submissions", "submissions.yaml")
	write := func(path, content string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(yaml, "accepted/double.py:\n  score: 100\nrejected/small_only.py:\n  score: [70, 80]\n  secret/g3:\n    score: 25\n"+
		"rejected/not_tiny.py:\n  score: 50\n  secret/g1:\n    score: [0, 0]\n")
	rep := verifyDirs(t, dir)[0]
	for _, name := range []string{"submission accepted/double.py", "submission rejected/small_only.py", "submission rejected/not_tiny.py"} {
		if c := rep.Check(name); c == nil || c.Status != verify.Pass {
			t.Errorf("%s: %+v, want a pass", name, c)
		}
	}

	write(yaml, "rejected/small_only.py:\n  score: [80, 90]\nrejected/not_tiny.py:\n  secret/g{1,3}:\n    score: 50\n")
	rep = verifyDirs(t, dir)[0]
	for _, tt := range []struct{ check, message string }{
		{"submission rejected/small_only.py", "gets score 75/100, want in [80, 90] (submissions.yaml: rejected/small_only.py)"},
		{"submission rejected/not_tiny.py", "group secret/g1 gets score 0/20, want 50 (submissions.yaml: rejected/not_tiny.py, secret/g{1,3})"},
	} {
		if c := rep.Check(tt.check); c == nil || c.Status != verify.Fail || !strings.Contains(c.Message, tt.message) {
			t.Errorf("%s: %+v, want a failure with %q", tt.check, c, tt.message)
		}
	}
	if c := rep.Check("submission accepted/double.py"); c == nil || c.Status != verify.Pass {
		t.Errorf("accepted/double.py: %+v, want a pass", c)
	}

	pf := copyKattis(t, "sum-2025-yaml")
	data, err := os.ReadFile(filepath.Join(pf, "submissions", "submissions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(pf, "submissions", "submissions.yaml"), strings.Replace(string(data), "mistakes/always_zero.py:\n", "mistakes/always_zero.py:\n  score: 10\n", 1))
	rep = verifyDirs(t, pf)[0]
	want := "score 10 (submissions.yaml: mistakes/always_zero.py): only for scoring problems"
	if c := rep.Check("submission mistakes/always_zero.py"); c == nil || c.Status != verify.Fail || !strings.Contains(c.Message, want) {
		t.Errorf("pass-fail: %+v, want a failure with %q", c, want)
	}
}

// TestVerifyCustomGrader verifies grade's grader-legacy package, whose
// secret groups graders/best.py grades (accepted when any item is, the
// best item's score): every submission passes, the partial one with 30
// of 50; with a grader that prints garbage, the accepted submission's
// check fails and names the grader.
func TestVerifyCustomGrader(t *testing.T) {
	rep := verifyDirs(t, copyScoring(t, "grader-legacy"))[0]
	if !rep.OK {
		t.Errorf("failed: %+v", rep.Checks)
	}
	if c := rep.Check("submission partially_accepted/small_only.py"); c == nil || c.Status != verify.Pass || !strings.Contains(c.Message, "score 30/50") {
		t.Errorf("partial: %+v", c)
	}
	broken := copyScoring(t, "grader-legacy")
	if err := os.WriteFile(filepath.Join(broken, "graders", "best.py"), []byte("print('fine')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep = verifyDirs(t, broken)[0]
	want := `grader graders/best.py: printed "fine\n"`
	if c := rep.Check("submission accepted/double.py"); c == nil || c.Status != verify.Fail || !strings.Contains(c.Message, want) {
		t.Errorf("broken grader: %+v, want a failure with %q", c, want)
	}
}
