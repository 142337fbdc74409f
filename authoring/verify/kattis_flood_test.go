package verify_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
)

// flood prints without end: the judge stops it at the output limit (OLE)
// long before the time limit.
const flood = "#include <stdio.h>\nint main(void) { for (;;) fputs(\"flood flood flood flood flood flood\\n\", stdout); }\n"

// TestVerifyKattisOutputFlood: an output flood in time_limit_exceeded/ (as
// DOMjudge's test-fill-stdout.cc is) gets OLE here, where DOMjudge and
// BAPCtools see it run into the time limit; verify takes that as the TLE
// the folder wants, in a legacy and a 2025-09 package, and DOMjudge's
// @EXPECTED_RESULTS@: TIMELIMIT likewise, while OUTPUT-LIMIT still wants
// the output limit and a flood is no wrong answer.
func TestVerifyKattisOutputFlood(t *testing.T) {
	legacy, modern := copyKattis(t, "sum-legacy"), copyKattis(t, "parity-2025")
	for name, content := range map[string]string{
		filepath.Join(legacy, "submissions", "time_limit_exceeded", "flood.c"):         flood,
		filepath.Join(modern, "submissions", "time_limit_exceeded", "flood.c"):         flood,
		filepath.Join(legacy, "submissions", "run_time_error", "flood_timelimit.c"):    "// @EXPECTED_RESULTS@: TIMELIMIT\n" + flood,
		filepath.Join(legacy, "submissions", "run_time_error", "flood_output_limit.c"): "// @EXPECTED_RESULTS@: OUTPUT-LIMIT\n" + flood,
		filepath.Join(legacy, "submissions", "run_time_error", "flood_wrong_answer.c"): "// @EXPECTED_RESULTS@: WRONG-ANSWER\n" + flood,
	} {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reps := verifyDirs(t, legacy, modern)
	for _, tc := range []struct {
		rep   *verify.ProblemReport
		check string
		want  verify.Status
	}{
		{reps[0], "submission time_limit_exceeded/flood.c", verify.Pass},
		{reps[1], "submission time_limit_exceeded/flood.c", verify.Pass},
		{reps[0], "submission run_time_error/flood_timelimit.c", verify.Pass},
		{reps[0], "submission run_time_error/flood_output_limit.c", verify.Pass},
		{reps[0], "submission run_time_error/flood_wrong_answer.c", verify.Fail},
	} {
		c := tc.rep.Check(tc.check)
		if c == nil || c.Status != tc.want {
			t.Errorf("%s: %s: %+v, want %s", tc.rep.Problem, tc.check, c, tc.want)
		}
	}
}
