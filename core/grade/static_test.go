package grade_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/grade"
	"github.com/puzzlejudge/judge/core/verdict"
	"github.com/puzzlejudge/judge/internal/fileutil"
)

// TestStaticValidation judges real programs against the 2025-09 static
// validation fixtures: static-2025 (pass-fail: secret's static validation
// test case rejects a program with a '*') and static-scoring-2025
// (secret/g1's static validation test case scores 10 of the group's 40,
// 4 for a program longer than 60 bytes, and rejects one that uses eval).
func TestStaticValidation(t *testing.T) {
	f := newGrader(t, anyMode())
	tests := []struct {
		pkg, source string
		want        verdict.Verdict
		tests       string  // the tests' verdicts in order
		message     string  // the static validation test case's message
		score       float64 // -1 for a pass-fail problem
		groups      string
	}{
		{"static-2025", "submissions/accepted/add.py", verdict.AC,
			"sample/1:AC secret/static_validation:AC secret/1:AC secret/2:AC", "python3 add.py: files add.py", -1, ""},
		{"static-2025", "submissions/wrong_answer/multiply.py", verdict.WA,
			"sample/1:AC secret/static_validation:WA secret/1:AC secret/2:AC", "python3 multiply.py: uses *", -1, ""},
		{"static-scoring-2025", "submissions/accepted/short.py", verdict.AC,
			"sample/1:AC secret/g1/static_validation:AC secret/g1/1:AC secret/g1/2:AC secret/g2/1:AC", "", 100,
			"sample:AC:0 secret:AC:100 secret/g1:AC:40 secret/g2:AC:60"},
		{"static-scoring-2025", "submissions/accepted/long.py", verdict.AC,
			"sample/1:AC secret/g1/static_validation:AC secret/g1/1:AC secret/g1/2:AC secret/g2/1:AC", "85 bytes, more than 60", 94,
			"sample:AC:0 secret:AC:94 secret/g1:AC:34 secret/g2:AC:60"},
		{"static-scoring-2025", "submissions/rejected/uses_eval.py", verdict.WA,
			"sample/1:AC secret/g1/static_validation:WA secret/g1/1:AC secret/g1/2:AC secret/g2/1:AC", "uses eval", 90,
			"sample:AC:0 secret:WA:90 secret/g1:WA:30 secret/g2:AC:60"},
	}
	for _, tt := range tests {
		t.Run(tt.pkg+"/"+filepath.Base(tt.source), func(t *testing.T) {
			rep := gradeKattisPython(t, f, tt.pkg, tt.source)
			if rep.Verdict != tt.want || testVerdicts(rep) != tt.tests {
				t.Fatalf("verdict %s, tests %s (error %q); want %s, %s", rep.Verdict, testVerdicts(rep), rep.InternalError(), tt.want, tt.tests)
			}
			for _, r := range rep.Tests {
				if strings.HasSuffix(r.Name, "/static_validation") && r.Message != tt.message {
					t.Errorf("test %s: message %q, want %q", r.Name, r.Message, tt.message)
				}
			}
			switch {
			case tt.score < 0 && rep.Score != nil:
				t.Errorf("pass-fail problem with score %g", *rep.Score)
			case tt.score >= 0 && (rep.Score == nil || *rep.Score != tt.score):
				t.Errorf("score %v, want %g (groups %s)", rep.Score, tt.score, groupScores(rep))
			case tt.score >= 0 && groupScores(rep) != tt.groups:
				t.Errorf("groups %s, want %s", groupScores(rep), tt.groups)
			}
		})
	}
}

// TestStaticValidatorMisbehaves: a static validator that does not answer
// 42 or 43 (exit 0, a crash, a score with a rejection) is the judge's
// error, IE, naming it.
func TestStaticValidatorMisbehaves(t *testing.T) {
	f := newGrader(t, anyMode())
	tests := []struct {
		name, program, want string
	}{
		{"exit 0", "import sys\nsys.exit(0)\n", "static validator static_validator/: exited 0, not 42 (accepted) or 43 (rejected)"},
		{"crash", "raise RuntimeError('boom')\n", "static validator static_validator/: exited 1, not 42 (accepted) or 43 (rejected)"},
		{"score and reject", "import sys\nopen(sys.argv[3] + 'score.txt', 'w').write('3')\nsys.exit(43)\n", "static validator static_validator/: wrote a score and exited 43 (rejected)"},
		{"bad score", "import sys\nopen(sys.argv[3] + 'score.txt', 'w').write('lots')\nsys.exit(42)\n", "static validator static_validator/: score.txt:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "static-2025")
			copyDir(t, filepath.Join("testdata", "kattis", "static-2025"), dir)
			if err := os.WriteFile(filepath.Join(dir, "static_validator", "check.py"), []byte(tt.program), 0o644); err != nil {
				t.Fatal(err)
			}
			p := loadKattis(t, dir)
			rep, err := f.grader.Grade(context.Background(), grade.Submission{Problem: p, Source: filepath.Join(dir, "submissions/accepted/add.py"), Language: f.langs["python"]}, grade.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Verdict != verdict.IE || !strings.Contains(rep.InternalError(), tt.want) {
				t.Errorf("verdict %s, error %q; want IE with %q", rep.Verdict, rep.InternalError(), tt.want)
			}
		})
	}
}

// copyDir copies the folder src to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		return fileutil.Copy(path, filepath.Join(dst, rel), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
