package verify_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/puzzlejudge/judge/authoring/convert"
	"github.com/puzzlejudge/judge/authoring/verify"
)

// TestImportedKattisVerify imports every Kattis fixture with accepted
// solutions (of verify's and grade's testdata) and verifies the native
// packages: all pass, the input validator carried over as the
// input_validator program where there is one. Left out: encode-2025,
// multi-pass, which the native format cannot say, sum-legacy, whose
// validator and checker need per-group flags it cannot say either, and
// static-2025 and static-scoring-2025, whose verdicts and scores come
// from static validation, which import drops.
func TestImportedKattisVerify(t *testing.T) {
	root := t.TempDir()
	var dirs []string
	for i, fixtures := range []string{filepath.Join("testdata", "kattis"), filepath.Join("..", "..", "core", "grade", "testdata", "kattis")} {
		entries, err := os.ReadDir(fixtures)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			switch e.Name() {
			case "encode-2025", "sum-legacy", "static-2025", "static-scoring-2025":
				continue
			}
			slug := []string{"verify-", "grade-"}[i] + e.Name()
			if _, err := convert.Import(filepath.Join(fixtures, e.Name()), filepath.Join(root, "problems"), filepath.Join(root, "solutions"), slug); err != nil {
				t.Fatalf("import %s: %v", e.Name(), err)
			}
			dirs = append(dirs, filepath.Join(root, "problems", slug))
		}
	}
	v := newVerifier(t, root)
	rep, err := v.Verify(context.Background(), dirs)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != len(dirs) || len(dirs) < 5 {
		t.Errorf("%d packages verified of %d imported, want all and at least 5", len(rep.Problems), len(dirs))
	}
	for _, p := range rep.Problems {
		if !p.OK {
			for _, c := range p.Checks {
				if c.Status == verify.Fail || c.Status == verify.Error {
					t.Errorf("%s: %s: %s %s %v", p.Problem, c.Name, c.Status, c.Message, c.Details)
				}
			}
		}
	}
	for _, slug := range []string{"verify-parity-2025"} {
		for _, p := range rep.Problems {
			if p.Problem == slug && statuses(p)[verify.CheckValidator] != verify.Pass {
				t.Errorf("%s: validator check %+v, want the imported input validator to pass", slug, p.Check(verify.CheckValidator))
			}
		}
	}
}
