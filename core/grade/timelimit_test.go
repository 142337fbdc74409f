package grade_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/puzzlejudge/judge/core/problem/kattis"
)

// TestTimeLimitInference2025 derives 2025-09 time limits from
// submissions.yaml's use_for_time_limit and the default folders' rules.
// The slow programs spend 1.2 s of CPU time (measured by the program, so
// a busy machine does not change it), 0.6 s after Python's time
// multiplier of 2; the fast one almost none. With ac_to_time_limit 2 and
// time_resolution 1, the limit is 1 s unless a slow program bounds it
// from below, then at least 2 s; it is asserted against the times the
// runs measured, not against a clock.
func TestTimeLimitInference2025(t *testing.T) {
	f := newGrader(t, anyMode())
	const (
		fast  = "print(2 * int(input()))\n"
		burn  = "import time\nwhile time.process_time() < 1.2:\n    pass\n"
		slow  = burn + fast
		wrong = burn + "print(0)\n"
	)
	tests := []struct {
		name   string
		files  map[string]string
		slow   bool   // a slow program bounds the limit from below
		err    string // ResolveTimeLimit's error
		upper  string // CheckUpperBounds' error
		ranSub int    // submissions ResolveTimeLimit ran
		only   string // the tests the lower bound covers ("" for all)
	}{
		{"accepted only", map[string]string{}, false, "", "", 1, ""},
		{"use_for_time_limit: lower", map[string]string{
			"submissions/other/slow.py":    slow,
			"submissions/submissions.yaml": "other/slow.py:\n  use_for_time_limit: lower\n",
		}, true, "", "", 2, ""},
		{"wrong_answer bounds it from below by default", map[string]string{
			"submissions/wrong_answer/slow.py": wrong,
		}, true, "", "", 2, ""},
		{"one that does not compile is left out", map[string]string{
			"submissions/wrong_answer/broken.c": "int main( {\n",
		}, false, "", "", 1, ""},
		{"use_for_time_limit: false alone opts the submission out", map[string]string{
			"submissions/wrong_answer/slow.py": wrong,
			"submissions/submissions.yaml":     "wrong_answer/slow.py:\n  use_for_time_limit: false\n",
		}, false, "", "", 1, ""},
		{"use_for_time_limit: false with permitted leaves the folder's rule", map[string]string{
			"submissions/wrong_answer/slow.py": wrong,
			"submissions/submissions.yaml":     "wrong_answer/slow.py:\n  permitted: [AC, WA]\n  use_for_time_limit: false\n",
		}, true, "", "", 2, ""},
		{"the folder's own key opts its submissions out", map[string]string{
			"submissions/wrong_answer/slow.py": wrong,
			"submissions/submissions.yaml":     "wrong_answer:\n  use_for_time_limit: false\n",
		}, false, "", "", 1, ""},
		// The rule covers the sample only; the program is slow on secret/1.
		{"a group's rule bounds it by its tests only", map[string]string{
			"submissions/other/slow.py":    "n = int(input())\nimport time\nwhile n == 5 and time.process_time() < 1.2:\n    pass\nprint(2 * n)\n",
			"submissions/submissions.yaml": "other/slow.py:\n  sample:\n    use_for_time_limit: lower\n",
		}, false, "", "", 2, "sample"},
		// Spins on secret/1 only, which the rule covers.
		{"use_for_time_limit: upper, met", map[string]string{
			"submissions/other/spin.py":    "n = int(input())\nwhile n == 5:\n    pass\nprint(2 * n)\n",
			"submissions/submissions.yaml": "other/spin.py:\n  secret:\n    use_for_time_limit: upper\n",
		}, false, "", "", 1, ""},
		{"use_for_time_limit: upper, too fast for any limit", map[string]string{
			"submissions/other/slow.py":    slow,
			"submissions/submissions.yaml": "other/slow.py:\n  use_for_time_limit: upper\n",
		}, false, "", "no time limit fits: other/slow.py bounds it from above (submissions.yaml: other/slow.py)", 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"problem.yaml":     "problem_format_version: 2025-09\nname: D\nuuid: u\n",
				"data/sample/1.in": "3\n", "data/sample/1.ans": "6\n",
				"data/secret/1.in": "5\n", "data/secret/1.ans": "10\n",
				"submissions/accepted/fast.py": fast,
			}
			for k, v := range tt.files {
				files[k] = v
			}
			_, p := writeKattis(t, files)
			reports, err := f.grader.ResolveTimeLimit(context.Background(), p)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(reports) != tt.ranSub {
				t.Errorf("%d submissions run, want %d", len(reports), tt.ranSub)
			}
			var slowest time.Duration
			for _, r := range reports {
				for _, tr := range r.Tests {
					if tt.only == "" || kattis.MatchGlob(tt.only, tr.Name) {
						slowest = max(slowest, time.Duration(float64(tr.CPU)/f.langs["python"].TimeMultiplier))
					}
				}
			}
			md := p.Kattis.Package.Metadata
			want, _ := kattis.DeriveTimeLimit(md.Version, md.Limits, slowest, 0)
			if p.Limits.Time != want {
				t.Errorf("limit %v, want %v (slowest bounding test %v)", p.Limits.Time, want, slowest)
			}
			if tt.slow != (p.Limits.Time >= 2*time.Second) {
				t.Errorf("limit %v: a slow program bounds it from below is %v", p.Limits.Time, tt.slow)
			}
			_, err = f.grader.CheckUpperBounds(context.Background(), p)
			if tt.upper == "" && err != nil {
				t.Errorf("upper bounds: %v", err)
			}
			if tt.upper != "" && (err == nil || !strings.Contains(err.Error(), tt.upper)) {
				t.Errorf("upper bounds: error %v, want %q", err, tt.upper)
			}
		})
	}
}
