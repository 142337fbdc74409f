package verify_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
)

// TestVerifyKattisWorstError verifies a legacy scoring package laid out
// as DOMjudge's fibonacci is (on_reject: continue, grader_flags: sum, the
// default verdict mode worst_error): a submission wrong on the sample and
// too slow on a secret test gets TLE, as judge submit gives it, and every
// expectation is checked against that one verdict, naming the test that
// got it: time_limit_exceeded/ passes, and DOMjudge's @EXPECTED_RESULTS@:
// WRONG-ANSWER (its first-in-order rule) fails with the TLE test named.
func TestVerifyKattisWorstError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "double-scoring")
	const (
		right = "n = int(input())\nprint(2 * n)\n"
		// Wrong on the sample (n = 1), right on secret/a, endless on secret/b.
		mixed = "n = int(input())\nif n == 1:\n    print(0)\nelif n == 3:\n    while True:\n        pass\nelse:\n    print(2 * n)\n"
	)
	for name, content := range map[string]string{
		"problem.yaml":                               "name: Double, scored\ntype: scoring\nlimits:\n  memory: 256\n",
		".timelimit":                                 "1\n",
		"problem_statement/problem.en.tex":           "Print twice $n$.\n",
		"data/testdata.yaml":                         "on_reject: continue\ngrader_flags: sum\n",
		"data/sample/1.in":                           "1\n",
		"data/sample/1.ans":                          "2\n",
		"data/secret/testdata.yaml":                  "on_reject: continue\ngrader_flags: sum\n",
		"data/secret/a/testdata.yaml":                "accept_score: 50\n",
		"data/secret/a/1.in":                         "2\n",
		"data/secret/a/1.ans":                        "4\n",
		"data/secret/b/testdata.yaml":                "accept_score: 50\n",
		"data/secret/b/1.in":                         "3\n",
		"data/secret/b/1.ans":                        "6\n",
		"submissions/accepted/double.py":             right,
		"submissions/time_limit_exceeded/mixed.py":   mixed,
		"submissions/wrong_answer/mixed_domjudge.py": "# @EXPECTED_RESULTS@: WRONG-ANSWER\n" + mixed,
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep := verifyDirs(t, dir)[0]
	if c := rep.Check("submission time_limit_exceeded/mixed.py"); c == nil || c.Status != verify.Pass {
		t.Errorf("time_limit_exceeded/mixed.py: %+v, want pass", c)
	}
	want := "gets TLE on test secret/b/1, want @EXPECTED_RESULTS@: WRONG-ANSWER"
	if c := rep.Check("submission wrong_answer/mixed_domjudge.py"); c == nil || c.Status != verify.Fail || !strings.Contains(c.Message, want) {
		t.Errorf("wrong_answer/mixed_domjudge.py: %+v, want a failure with %q", c, want)
	}
}
