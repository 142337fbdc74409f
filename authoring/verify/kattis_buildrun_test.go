package verify_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
)

// buildRunFixture is a package whose programs have build and run scripts,
// apart from testdata/kattis: the native format cannot say them, and
// every package there is imported in tests.
var buildRunFixture = filepath.Join("testdata", "kattis-scripts", "guess-buildrun")

// TestVerifyKattisBuildRun verifies an interactive 2025-09 package whose
// interactor and input validators have build and run scripts (one a run
// script alone), with a submission that is a run script: every check
// runs them, none skips them.
func TestVerifyKattisBuildRun(t *testing.T) {
	rep := verifyDirs(t, buildRunFixture)[0]
	want := map[string]verify.Status{
		verify.CheckConfig:                              verify.Pass,
		verify.CheckInputValidators:                     verify.Pass,
		verify.CheckOutputValidator:                     verify.Pass,
		verify.CheckSubmissions:                         verify.Pass,
		verify.CheckTimeLimit:                           verify.Pass,
		"submission accepted/binary.py":                 verify.Pass,
		"submission accepted/shell":                     verify.Pass,
		"submission wrong_answer/counts_up.py":          verify.Pass,
		"submission run_time_error/reads_input_file.py": verify.Pass,
	}
	got := statuses(rep)
	for name, st := range want {
		if got[name] != st {
			t.Errorf("check %q is %q, want %q (%+v)", name, got[name], st, rep.Check(name))
		}
	}
	if c := rep.Check(verify.CheckInputValidators); c == nil || !strings.HasPrefix(c.Message, "2 validators accept") {
		t.Errorf("input validators: %+v; want both run", c)
	}
	if !rep.OK {
		t.Errorf("not OK: %+v", rep.Checks)
	}
}

// TestVerifyKattisBuildRunFails: an input validator whose build fails,
// and one whose run rejects an input, fail the input validator check,
// each named.
func TestVerifyKattisBuildRunFails(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "guess-buildrun")
	if err := copyTree(buildRunFixture, dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "input_validators", "range", "range.c"), []byte("not C\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "data", "secret", "2.in"), []byte("007\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := verifyDirs(t, dir)[0]
	c := rep.Check(verify.CheckInputValidators)
	if c == nil || c.Status != verify.Fail {
		t.Fatalf("input validators: %+v; want a failure", c)
	}
	details := strings.Join(c.Details, "\n")
	for _, want := range []string{"range: does not compile", "2.in: rejected by input validator shell"} {
		if !strings.Contains(details, want) {
			t.Errorf("details %q, want %q in them", details, want)
		}
	}
}
