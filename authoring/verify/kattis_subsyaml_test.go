package verify_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
)

// TestVerifyKattisSubmissionsYAML verifies a 2025-09 package whose
// submissions.yaml puts the accepted solution outside accepted/ (and the
// time limit is derived from it and the others that permit no TLE), expects WA of a submission in a folder
// of its own, WA on the large cases only of another, permits WA without
// requiring it, and changes the wrong_answer/ default; then the same
// package with submissions that break those rules, and with a bad key.
func TestVerifyKattisSubmissionsYAML(t *testing.T) {
	rep := verifyDirs(t, filepath.Join("testdata", "kattis", "sum-2025-yaml"))[0]
	want := map[string]verify.Status{
		verify.CheckSubmissions:                     verify.Pass,
		verify.CheckTimeLimit:                       verify.Pass,
		verify.CheckACMargin:                        verify.Pass,
		"submission solutions/sum.py":               verify.Pass,
		"submission mistakes/always_zero.py":        verify.Pass,
		"submission mistakes/small_only.py":         verify.Pass,
		"submission mistakes/maybe_wrong.py":        verify.Pass,
		"submission wrong_answer/wrong_or_crash.py": verify.Pass,
	}
	got := statuses(rep)
	for name, st := range want {
		if got[name] != st {
			t.Errorf("check %q is %q, want %q (%+v)", name, got[name], st, rep.Check(name))
		}
	}
	// The time limit's lower bounds (2025-09 "Timelimit inference"): the
	// accepted solution and every submission a rule permits no TLE
	// (always_zero, small_only's groups, wrong_or_crash), but not
	// maybe_wrong, which opts out.
	if c := rep.Check(verify.CheckTimeLimit); c == nil || !strings.Contains(c.Message, "derived from 4 submissions") {
		t.Errorf("time limit: %+v", c)
	}
	if !rep.OK {
		t.Errorf("failed: %+v", rep.Checks)
	}

	dir := copyKattis(t, "sum-2025-yaml")
	write := func(rel, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"mistakes/small_only.py", "wrong_answer/wrong_or_crash.py"} {
		os.Remove(filepath.Join(dir, "submissions", f))
	}
	right := "a, b = map(int, input().split())\nprint(a + b)\n"
	// Required WA, gets AC everywhere.
	write("submissions/mistakes/always_zero.py", right)
	// Permitted only AC on the small cases, wrong there.
	write("submissions/mistakes/small_only.py", "a, b = map(int, input().split())\nprint(a + b if a + b > 100 else 7)\n")
	rep = verifyDirs(t, dir)[0]
	for _, tt := range []struct{ check, message string }{
		{"submission mistakes/always_zero.py", "gets no WA on any test, want 2025-09: every test AC|WA, some test WA (submissions.yaml: mistakes/always_zero.py)"},
		{"submission mistakes/small_only.py", "gets WA on test sample/1, want 2025-09: every test in sample AC (submissions.yaml: mistakes/small_only.py, sample)"},
	} {
		c := rep.Check(tt.check)
		if c == nil || c.Status != verify.Fail || !strings.Contains(c.Message, tt.message) {
			t.Errorf("%s: %+v, want a failure with %q", tt.check, c, tt.message)
		}
	}

	write("submissions/submissions.yaml", "solutions:\n  permitted: [AC]\n  expected: [AC]\n")
	rep = verifyDirs(t, dir)[0]
	c := rep.Check(verify.CheckSubmissions)
	wantMsg := filepath.Join(dir, "submissions", "submissions.yaml") + `: line 1: solutions: line 3: unknown key "expected"`
	if c == nil || c.Status != verify.Fail || !strings.Contains(c.Message, wantMsg) {
		t.Errorf("bad key: %+v, want a failure with %q", c, wantMsg)
	}
}
