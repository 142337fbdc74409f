package verify_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
)

// verifyDirs verifies the packages and returns their reports.
func verifyDirs(t *testing.T, dirs ...string) []*verify.ProblemReport {
	t.Helper()
	reps, _ := verifyWithProgress(t, dirs...)
	return reps
}

// verifyWithProgress verifies the packages and returns their reports and
// the progress seen, which ended with every step done.
func verifyWithProgress(t *testing.T, dirs ...string) ([]*verify.ProblemReport, *progressSeen) {
	t.Helper()
	v := newVerifier(t, t.TempDir())
	progress := watchProgress(v)
	rep, err := v.Verify(context.Background(), dirs)
	if err != nil {
		t.Fatal(err)
	}
	progress.check(t)
	if len(rep.Problems) != len(dirs) {
		t.Fatalf("got %d reports, want %d", len(rep.Problems), len(dirs))
	}
	return rep.Problems, progress
}

// statuses shows every check as "name=status".
func statuses(p *verify.ProblemReport) map[string]verify.Status {
	m := map[string]verify.Status{}
	for _, c := range p.Checks {
		m[c.Name] = c.Status
	}
	return m
}

// copyKattis copies a fixture package into a new folder.
func copyKattis(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := copyTree(filepath.Join("testdata", "kattis", name), dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestVerifyKattis verifies a legacy package (time limit derived from its
// accepted submissions, input validator flags per group, a folder
// submission, DOMjudge's @EXPECTED_RESULTS@, an unknown folder) and a
// 2025-09 one (custom output validator, a checktestdata validator that is
// skipped), next to a native package.
func TestVerifyKattis(t *testing.T) {
	reps, progress := verifyWithProgress(t, filepath.Join("testdata", "kattis", "sum-legacy"), filepath.Join("testdata", "kattis", "parity-2025"))
	progress.ran(t) // the packages' runs are steps of the pool
	want := []map[string]verify.Status{{
		verify.CheckConfig:                               verify.Pass,
		verify.CheckTestFiles:                            verify.Pass,
		verify.CheckInputValidators:                      verify.Pass,
		verify.CheckOutputValidator:                      verify.Pass,
		verify.CheckSubmissions:                          verify.Warn, // the misspelled folder
		verify.CheckTimeLimit:                            verify.Pass,
		verify.CheckACMargin:                             verify.Pass,
		"submission accepted/in_a_folder":                verify.Pass,
		"submission accepted/sum.py":                     verify.Pass,
		"submission wrong_answer/always_float.c":         verify.Pass,
		"submission time_limit_exceeded/spins.c":         verify.Pass,
		"submission run_time_error/exits_3.py":           verify.Pass,
		"submission run_time_error/says_wrong_answer.py": verify.Pass,
	}, {
		verify.CheckConfig:                    verify.Pass,
		verify.CheckInputValidators:           verify.Warn, // format.ctd skipped
		verify.CheckOutputValidator:           verify.Pass,
		verify.CheckSubmissions:               verify.Pass,
		"submission accepted/sum.c":           verify.Pass,
		"submission wrong_answer/plus_two.py": verify.Pass,
	}}
	for i, rep := range reps {
		got := statuses(rep)
		for name, st := range want[i] {
			if got[name] != st {
				c := rep.Check(name)
				t.Errorf("%s: check %q is %q, want %q (%+v)", rep.Problem, name, got[name], st, c)
			}
		}
		if !rep.OK {
			t.Errorf("%s failed: %+v", rep.Problem, rep.Checks)
		}
	}
	if c := reps[0].Check(verify.CheckTimeLimit); !strings.HasPrefix(c.Message, "1s, derived from 2 accepted submissions") {
		t.Errorf("time limit: %q", c.Message)
	}
}

// TestVerifyKattisFindsFaults: an input the validator rejects, a
// submission in the wrong folder, and the 2025-09 rule that a
// wrong_answer submission must not time out on any test, where legacy
// only looks at the first failing test.
func TestVerifyKattisFindsFaults(t *testing.T) {
	legacy := copyKattis(t, "sum-legacy")
	write := func(path, content string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Cut the slow and the many submissions: this test is about faults.
	for _, d := range []string{"time_limit_exceeded", "run_time_error", "misspelled", "accepted/in_a_folder"} {
		os.RemoveAll(filepath.Join(legacy, "submissions", d))
	}
	write(filepath.Join(legacy, "data/secret/int/3.in"), "1.5 2\n")
	write(filepath.Join(legacy, "data/secret/int/3.ans"), "3.500000000\n")
	write(filepath.Join(legacy, "submissions/wrong_answer/right.py"), "a, b = input().split()\nprint(int(a) + int(b) if '.' not in a + b else '%.9f' % (float(a) + float(b)))\n")
	// Wrong on the sample, then too slow on a secret test.
	waThenTLE := "a, b = input().split()\nif a == '2':\n    print(0)\nelse:\n    while True:\n        pass\n"
	write(filepath.Join(legacy, "submissions/wrong_answer/wa_then_tle.py"), waThenTLE)
	modern := copyKattis(t, "parity-2025")
	write(filepath.Join(modern, "submissions/wrong_answer/wa_then_tle.py"), waThenTLE)

	reps := verifyDirs(t, legacy, modern)
	for _, tt := range []struct {
		rep     int
		check   string
		status  verify.Status
		message string
	}{
		{0, verify.CheckInputValidators, verify.Fail, "3.in: rejected by input validator validate: exit 43, not 42: want two numbers on one line"},
		{0, "submission wrong_answer/right.py", verify.Fail, "gets AC, want wrong_answer: want WA"},
		{0, "submission wrong_answer/wa_then_tle.py", verify.Pass, "WA on test sample/1"},
		{1, "submission wrong_answer/wa_then_tle.py", verify.Fail, "gets TLE on test secret/a/1, want 2025-09: every test AC|WA, some test WA (the default for wrong_answer/)"},
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
}

// TestVerifyKattisInteractive verifies an interactive 2025-09 package
// whose interactor is in Python and whose time limit is derived from the
// accepted submission's interactive runs, and a multi-pass one.
func TestVerifyKattisInteractive(t *testing.T) {
	reps := verifyDirs(t, filepath.Join("testdata", "kattis", "guess-2025"), filepath.Join("testdata", "kattis", "encode-2025"))
	rep := reps[0]
	multi := reps[1]
	if !multi.OK || statuses(multi)["submission wrong_answer/forgets_to_decode.py"] != verify.Pass || statuses(multi)["submission accepted/rotate.c"] != verify.Pass {
		t.Errorf("multi-pass: %+v", multi.Checks)
	}
	want := map[string]verify.Status{
		verify.CheckConfig:                              verify.Pass,
		verify.CheckOutputValidator:                     verify.Pass,
		verify.CheckSubmissions:                         verify.Pass,
		verify.CheckTimeLimit:                           verify.Pass,
		"submission accepted/binary.py":                 verify.Pass,
		"submission wrong_answer/counts_up.py":          verify.Pass,
		"submission run_time_error/reads_input_file.py": verify.Pass,
	}
	got := statuses(rep)
	for name, st := range want {
		if got[name] != st {
			t.Errorf("check %q is %q, want %q (%+v)", name, got[name], st, rep.Check(name))
		}
	}
	if !rep.OK {
		t.Errorf("failed: %+v", rep.Checks)
	}
}
