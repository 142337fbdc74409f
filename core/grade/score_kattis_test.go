package grade_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
)

// groupScores shows a report's groups as "name:VERDICT:score ...".
func groupScores(rep *grade.Report) string {
	var parts []string
	for _, g := range rep.Groups {
		parts = append(parts, fmt.Sprintf("%s:%s:%g", g.Name, g.Verdict, g.Score))
	}
	return strings.Join(parts, " ")
}

// TestScoringPackages judges real programs against scoring packages and
// checks verdicts and scores worked out by hand (see each fixture's
// testdata.yaml or test_group.yaml).
func TestScoringPackages(t *testing.T) {
	f := newGrader(t, anyMode())
	tests := []struct {
		pkg, source string
		want        verdict.Verdict
		score       float64
		groups      string // "" to leave unchecked
	}{
		// Legacy, nested groups: data/ ignores the sample; secret accepts
		// if any subtask does and sums them; each subtask breaks at its
		// first failure and takes the least of its tests' 50 (accept_score
		// inherited from data/testdata.yaml, min from the subtask's,
		// reaching large/a and large/b, which have no testdata.yaml).
		{"scoring-legacy", "submissions/accepted/double.py", verdict.AC, 100,
			"data:AC:100 sample:AC:50 secret:AC:100 secret/large:AC:50 secret/large/a:AC:50 secret/large/b:AC:50 secret/small:AC:50"},
		{"scoring-legacy", "submissions/partially_accepted/small_only.py", verdict.AC, 50,
			"data:AC:50 sample:AC:50 secret:AC:50 secret/large:WA:0 secret/large/a:WA:0 secret/small:AC:50"},
		{"scoring-legacy", "submissions/wrong_answer/zero.py", verdict.WA, 0,
			"data:WA:0 sample:WA:0 secret:WA:0 secret/large:WA:0 secret/large/a:WA:0 secret/small:WA:0"},
		// 2025-09: g1 pass-fail 20; g2 min of 30, only if g1 passed; g3
		// sum of two tests of 25.
		{"scoring-2025", "submissions/accepted/double.py", verdict.AC, 100,
			"sample:AC:0 secret:AC:100 secret/g1:AC:20 secret/g2:AC:30 secret/g3:AC:50"},
		{"scoring-2025", "submissions/rejected/small_only.py", verdict.WA, 75,
			"sample:AC:0 secret:WA:75 secret/g1:AC:20 secret/g2:AC:30 secret/g3:WA:25"},
		{"scoring-2025", "submissions/rejected/not_tiny.py", verdict.WA, 50,
			"sample:AC:0 secret:WA:50 secret/g1:WA:0 secret/g2:WA:0 secret/g3:AC:50"},
		// Legacy custom score: score.txt is 10 for an exact answer, 4 when
		// off by one; the sample's is ignored.
		{"scoring-validator", "submissions/accepted/double.py", verdict.AC, 30, "data:AC:30 sample:AC:10 secret:AC:30"},
		{"scoring-validator", "submissions/partially_accepted/off_by_one.py", verdict.AC, 18, "data:AC:18 sample:AC:10 secret:AC:18"},
		{"scoring-validator", "submissions/wrong_answer/far.py", verdict.WA, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.pkg+"/"+filepath.Base(tt.source), func(t *testing.T) {
			rep := gradeKattisPython(t, f, tt.pkg, tt.source)
			if rep.Score == nil {
				t.Fatalf("no score (verdict %s, tests %s)", rep.Verdict, testVerdicts(rep))
			}
			if rep.Verdict != tt.want || *rep.Score != tt.score {
				t.Fatalf("verdict %s score %g, want %s %g (tests %s; groups %s; %s)", rep.Verdict, *rep.Score, tt.want, tt.score,
					testVerdicts(rep), groupScores(rep), rep.InternalError())
			}
			if tt.groups != "" && groupScores(rep) != tt.groups {
				t.Errorf("groups\n %s\nwant\n %s", groupScores(rep), tt.groups)
			}
		})
	}
}

// TestScoringSessions: interactive and multi-pass validators score tests
// with score.txt too (2025-09, an unbounded secret that sums them); a
// score written with a rejection is the judge's error.
func TestScoringSessions(t *testing.T) {
	f := newGrader(t, anyMode())
	interact := "import sys\nn = int(open(sys.argv[1]).read())\nprint(n, flush=True)\nok = int(sys.stdin.readline()) == 2 * n\n" +
		"open(sys.argv[3] + 'score.txt', 'w').write('%d\\n' % (n + 5))\nsys.exit(42 if ok else 43)\n"
	// Pass 1 asks for a second pass on n + 1; pass 2 scores n.
	multi := "import os, sys\nn = int(open(sys.argv[1]).read())\nif int(sys.stdin.read()) != 2 * n:\n    sys.exit(43)\n" +
		"m = sys.argv[3] + 'first'\nif not os.path.exists(m):\n    open(m, 'w').write('x')\n    open(sys.argv[3] + 'nextpass.in', 'w').write('%d\\n' % (n + 1))\n" +
		"else:\n    open(sys.argv[3] + 'score.txt', 'w').write('%d\\n' % n)\nsys.exit(42)\n"
	tests := []struct {
		name, typ, validator, sub string
		want                      verdict.Verdict
		score                     float64
		message                   string
	}{
		// 1 + 5 and 2 + 5.
		{"interactive", "[scoring, interactive]", interact, "print(2 * int(input()))\n", verdict.AC, 13, ""},
		{"interactive, score with a rejection", "[scoring, interactive]", interact, "print(2 * int(input()) + 1)\n", verdict.IE, 0,
			"wrote a score and exited 43"},
		// Second passes on 2 and 3.
		{"multi-pass", "[scoring, multi-pass]", multi, "print(2 * int(input()))\n", verdict.AC, 5, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, p := writeKattis(t, map[string]string{
				"problem.yaml": "problem_format_version: 2025-09\nname: v\nuuid: u\ntype: " + tt.typ +
					"\nlimits: {time_limit: 1, validation_time: 2}\n",
				"data/secret/test_group.yaml": "max_score: unbounded\n",
				"data/secret/1.in":            "1\n", "data/secret/1.ans": "2\n",
				"data/secret/2.in": "2\n", "data/secret/2.ans": "4\n",
				"output_validator/validate.py": tt.validator,
				"sub.py":                       tt.sub,
			})
			rep := gradePython(t, f, p, filepath.Join(dir, "sub.py"))
			if rep.Score == nil || rep.Verdict != tt.want || *rep.Score != tt.score {
				t.Fatalf("verdict %s score %v, want %s %g (tests %s; %s)", rep.Verdict, rep.Score, tt.want, tt.score, testVerdicts(rep), rep.InternalError())
			}
			if tt.message != "" && !strings.Contains(rep.InternalError(), tt.message) {
				t.Errorf("error %q, want %q", rep.InternalError(), tt.message)
			}
		})
	}
}
