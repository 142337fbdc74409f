package grade_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/scoring"
	"github.com/puzzlejudge/judge/core/verdict"
)

// TestCustomGrader judges real programs against a legacy package whose
// secret groups are graded by graders/best.py: accepted when any item is
// (else the first item's verdict), scoring the best item's score (its
// flag max, from grader_flags). secret/a, b and c accept 20, 30 and 50.
func TestCustomGrader(t *testing.T) {
	f := newGrader(t, anyMode())
	dir := filepath.Join("testdata", "kattis", "grader-legacy")
	p := loadKattis(t, dir)
	tests := []struct {
		source string
		want   verdict.Verdict
		score  float64
		groups string
	}{
		{"submissions/accepted/double.py", verdict.AC, 50,
			"data:AC:50 sample:AC:1 secret:AC:50 secret/a:AC:20 secret/b:AC:30 secret/c:AC:50"},
		// Wrong on c (n = 1000), but the grader accepts secret for a and b.
		{"submissions/partially_accepted/small_only.py", verdict.AC, 30,
			"data:AC:30 sample:AC:1 secret:AC:30 secret/a:AC:20 secret/b:AC:30 secret/c:WA:0"},
		{"submissions/wrong_answer/zero.py", verdict.WA, 0,
			"data:WA:0 sample:WA:0 secret:WA:0 secret/a:WA:0 secret/b:WA:0 secret/c:WA:0"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.source), func(t *testing.T) {
			rep := gradePython(t, f, p, filepath.Join(dir, tt.source))
			if rep.Score == nil || rep.Verdict != tt.want || *rep.Score != tt.score {
				t.Fatalf("verdict %s score %v, want %s %g (tests %s; groups %s; %s)", rep.Verdict, rep.Score, tt.want, tt.score,
					testVerdicts(rep), groupScores(rep), rep.InternalError())
			}
			if groupScores(rep) != tt.groups {
				t.Errorf("groups\n %s\nwant\n %s", groupScores(rep), tt.groups)
			}
		})
	}
}

// TestCustomGraderFails: a grader that crashes, exits other than 0, hangs,
// prints garbage, two lines or JE makes the submission IE, and the error
// names the grader and the group.
func TestCustomGraderFails(t *testing.T) {
	f := newGrader(t, anyMode())
	tests := []struct {
		name, grader, want string
	}{
		{"killed", "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n", "grader graders/g.py was killed by SIGKILL"},
		{"exit 3", "import sys\nsys.stderr.write('cannot grade\\n')\nsys.exit(3)\n", "grader graders/g.py exited 3, not 0: cannot grade"},
		{"uncaught exception", "raise ValueError('boom')\n", "grader graders/g.py exited 1, not 0"},
		{"garbage", "print('all good')\n", `grader graders/g.py: printed "all good\n", want one line "VERDICT score"`},
		{"two lines", "print('AC 1')\nprint('AC 1')\n", `printed "AC 1\nAC 1\n"`},
		{"no output", "pass\n", "grader graders/g.py: printed nothing"},
		{"not a number", "print('AC 1.2.3')\n", `"1.2.3" is not a number`},
		{"JE", "print('JE 0')\n", "grader graders/g.py: said JE"},
		// Its CPU limit of 1 s, or on a busy machine its wall limit of 3 s.
		{"hangs", "while True:\n    pass\n", "grader graders/g.py exceeded its "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, p := writeKattis(t, map[string]string{
				"problem.yaml":              "name: G\ntype: scoring\nlimits: {memory: 256, validation_time: 1}\n",
				".timelimit":                "2\n",
				"data/secret/testdata.yaml": "grading: custom\n",
				"data/secret/1.in":          "1\n", "data/secret/1.ans": "2\n",
				"graders/g.py": tt.grader,
				"sub.py":       "print(2 * int(input()))\n",
			})
			rep := gradePython(t, f, p, filepath.Join(dir, "sub.py"))
			if rep.Verdict != verdict.IE {
				t.Fatalf("verdict %s, want IE (tests %s; groups %s)", rep.Verdict, testVerdicts(rep), groupScores(rep))
			}
			if !strings.Contains(rep.Error, "group secret: ") || !strings.Contains(rep.Error, tt.want) {
				t.Errorf("error %q, want %q", rep.Error, tt.want)
			}
		})
	}
}

// TestCustomGraderFlags: the grader gets its group's grader_flags as
// arguments and the group's results, in order, as "VERDICT score" lines
// (a wrong answer scored by reject_score), and its answer is the group's.
func TestCustomGraderFlags(t *testing.T) {
	f := newGrader(t, anyMode())
	// The grader accepts with a score that encodes what it was given:
	// 7 when its arguments are "x --y" and its input the two lines
	// expected, 0 otherwise.
	g := "import sys\nok = sys.argv[1:] == ['x', '--y'] and sys.stdin.read() == 'AC 4\\nWA -1\\n'\nprint('AC', 7 if ok else 0)\n"
	dir, p := writeKattis(t, map[string]string{
		"problem.yaml":              "name: G\ntype: scoring\nlimits: {memory: 256}\n",
		".timelimit":                "2\n",
		"data/secret/testdata.yaml": "grading: custom\ngrader_flags: x --y\non_reject: continue\naccept_score: 4\nreject_score: -1\n",
		"data/secret/1.in":          "1\n", "data/secret/1.ans": "2\n",
		"data/secret/2.in": "5\n", "data/secret/2.ans": "10\n",
		"graders/g.py": g,
		"sub.py":       "n = int(input())\nprint(2 * n if n < 3 else 0)\n",
	})
	rep := gradePython(t, f, p, filepath.Join(dir, "sub.py"))
	if rep.Verdict != verdict.AC || rep.Score == nil || *rep.Score != 7 {
		t.Fatalf("verdict %s score %v, want AC 7 (tests %s; groups %s; %s)", rep.Verdict, rep.Score, testVerdicts(rep), groupScores(rep), rep.InternalError())
	}
}

// TestCustomGraderNotCompiled: a grader that does not compile is IE, and
// scoring.Score without a grader to run makes a custom group IE.
func TestCustomGraderNotCompiled(t *testing.T) {
	f := newGrader(t, anyMode())
	dir, p := writeKattis(t, map[string]string{
		"problem.yaml":              "name: G\ntype: scoring\nlimits: {memory: 256}\n",
		".timelimit":                "2\n",
		"data/secret/testdata.yaml": "grading: custom\n",
		"data/secret/1.in":          "1\n", "data/secret/1.ans": "2\n",
		"graders/g.c": "int main( { return 0; }\n",
		"sub.py":      "print(2 * int(input()))\n",
	})
	rep := gradePython(t, f, p, filepath.Join(dir, "sub.py"))
	if rep.Verdict != verdict.IE || !strings.Contains(rep.Error, "grader graders/g.c does not compile") {
		t.Errorf("verdict %s, error %q", rep.Verdict, rep.Error)
	}
	res := scoring.Score(p.Scoring, []grade.TestResult{{Name: "secret/1", Verdict: verdict.AC}}, nil)
	if res.Verdict != verdict.IE || !strings.Contains(res.Error, "grading: custom") {
		t.Errorf("Score: verdict %s, error %q", res.Verdict, res.Error)
	}
}
