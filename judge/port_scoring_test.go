package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// submitScore runs judge submit --format json and returns the verdict
// and score.
func submitScore(t *testing.T, root string, args ...string) (string, float64) {
	t.Helper()
	r := judge(t, root, append([]string{"submit", "--format", "json"}, args...)...)
	var rep struct {
		Verdict string
		Score   *float64
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil || rep.Score == nil {
		t.Fatalf("submit %v: %v, no score (exit %d, %s)\n%s", args, err, r.code, r.err, r.stdout)
	}
	return rep.Verdict, *rep.Score
}

// TestExportScoredJudgedAlike exports the bundled scored problem
// divisor-pairs to 2025-09 and legacy and judges every one of its
// solutions on the native problem and on both packages: 2025-09 gives
// the same verdict and score; legacy the same verdict, and the same
// score for an accepted solution (it scores a rejected one 0, which
// export names as dropped).
func TestExportScoredJudgedAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("judges five solutions three times")
	}
	root := t.TempDir()
	repo := []string{"--problems-dir", "../problems", "--solutions-dir", "../solutions"}
	for _, v := range []string{"2025-09", "legacy"} {
		judge(t, root, append(repo, "export", "divisor-pairs", filepath.Join(root, v), "--version", v)...).want(t, 0, "exported")
	}
	sols := filepath.Join("..", "solutions", "divisor-pairs")
	folders, err := os.ReadDir(sols)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range folders {
		files, err := os.ReadDir(filepath.Join(sols, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			src := filepath.Join(sols, f.Name(), file.Name())
			t.Run(f.Name()+"/"+file.Name(), func(t *testing.T) {
				verdict, score := submitScore(t, root, append(repo, "divisor-pairs", src)...)
				for _, v := range []string{"2025-09", "legacy"} {
					gotV, gotS := submitScore(t, root, append(repo, filepath.Join(root, v), src)...)
					want := score
					if v == "legacy" && verdict != "AC" {
						want = 0
					}
					if gotV != verdict || gotS != want {
						t.Errorf("%s: %s %g, want %s %g (native %s %g)", v, gotV, gotS, verdict, want, verdict, score)
					}
				}
			})
			n++
		}
	}
	if n < 4 {
		t.Errorf("%d solutions judged, want the bundled ones (at least 4)", n)
	}
}

// TestImportScoringJudgedAlike imports the scoring fixtures whose scores
// native groups say and judges every submission of each on the package
// and on the native problem: the same score; the same verdict unless
// import named the graders' verdicts as dropped.
func TestImportScoringJudgedAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("judges every submission of two packages twice")
	}
	root := t.TempDir()
	for _, fx := range []string{"scoring-legacy", "scoring-2025"} {
		t.Run(fx, func(t *testing.T) {
			pkg := filepath.Join("..", "core", "grade", "testdata", "kattis", fx)
			r := judge(t, root, "import", pkg, fx)
			r.want(t, 0, "imported")
			verdictsDiffer := strings.Contains(r.stdout, "dropped: scoring: verdicts:")
			subs, err := filepath.Glob(filepath.Join(pkg, "submissions", "*", "*.py"))
			if err != nil || len(subs) < 3 {
				t.Fatalf("submissions %v, %v: want 3 or more", subs, err)
			}
			for _, src := range subs {
				kv, ks := submitScore(t, root, pkg, src)
				nv, ns := submitScore(t, root, fx, src)
				if ns != ks {
					t.Errorf("%s: score %g natively, %g in the package", src, ns, ks)
				}
				if nv != kv && !verdictsDiffer {
					t.Errorf("%s: verdict %s natively, %s in the package, and import did not say they may differ", src, nv, kv)
				}
			}
		})
	}
}
