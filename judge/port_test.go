package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportImportCommands: export and import write packages that load,
// and refuse bad input with a one-line error, exit 2 and nothing written.
func TestExportImportCommands(t *testing.T) {
	root := fixture(t)
	out := filepath.Join(root, "kattis", "sum")
	judge(t, root, "export", "sum", out, "--version", "legacy").want(t, 0, "exported sum", "Kattis legacy")
	judge(t, root, "export", "sum", out).want(t, exitUsage, "not empty")
	judge(t, root, "export", "sum", filepath.Join(root, "x"), "--version", "2023-07").want(t, exitUsage, `version "2023-07"`)
	judge(t, root, "export", "nope", filepath.Join(root, "y")).want(t, exitUsage, `"nope"`)

	judge(t, root, "import", out, "sum2").want(t, 0, "imported", filepath.Join("problems", "sum2"))
	judge(t, root, "show", "sum2", "--plain").want(t, 0, "Sum")
	judge(t, root, "import", out, "sum2").want(t, exitUsage, "already exists")
	judge(t, root, "import", out).want(t, exitUsage, "already exists") // the folder is named sum
	judge(t, root, "import", filepath.Join(root, "problems", "sum")).want(t, exitUsage, "not a Kattis package")
	for _, d := range []string{"problems", "solutions", "kattis"} {
		entries, err := os.ReadDir(filepath.Join(root, d))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), ".") {
				t.Errorf("%s/%s left behind", d, e.Name())
			}
		}
	}
	for _, p := range []string{"x", "y"} {
		if _, err := os.Stat(filepath.Join(root, p)); err == nil {
			t.Errorf("%s written by a refused export", p)
		}
	}
}

// verdicts runs judge verify --format json and maps each solution's
// file (relative to its verdict folder's parent) to its verdict.
func verdicts(t *testing.T, root string, args ...string) map[string]string {
	t.Helper()
	r := judge(t, root, append([]string{"verify", "--format", "json"}, args...)...)
	var doc struct {
		Problems []struct {
			Checks []struct {
				Solution *struct{ File, Verdict string }
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || len(doc.Problems) != 1 {
		t.Fatalf("verify %v: %v (exit %d, %s)\n%s", args, err, r.code, r.err, r.stdout)
	}
	out := map[string]string{}
	for _, c := range doc.Problems[0].Checks {
		if c.Solution != nil {
			out[c.Solution.File] = c.Solution.Verdict
		}
	}
	return out
}

// TestExportVerifiesAlike: the exported a-plus-b (2025-09), flip-game
// (legacy) and the scored divisor-pairs (legacy, which leaves its partial
// solution out) give every solution the verdict the native package gives
// it (a memory_limit_exceeded solution, in 2025-09's rejected/, may be
// RE: the format has no MLE).
func TestExportVerifiesAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every solution of three problems twice")
	}
	root := t.TempDir()
	for slug, version := range map[string]string{"a-plus-b": "2025-09", "flip-game": "legacy", "divisor-pairs": "legacy"} {
		t.Run(slug, func(t *testing.T) {
			repo := []string{"--problems-dir", "../problems", "--solutions-dir", "../solutions"}
			out := filepath.Join(root, slug)
			judge(t, root, append(repo, "export", slug, out, "--version", version)...).want(t, 0, "exported")
			native := verdicts(t, root, append(repo, slug)...)
			exported := verdicts(t, root, out)
			if len(exported) == 0 {
				t.Fatal("no submission verified in the exported package")
			}
			for file, got := range exported {
				folder, name, _ := strings.Cut(file, "/")
				want, ok := native[file]
				if folder == "rejected" {
					want, ok = native["memory_limit_exceeded/"+name]
					if ok && got == "RE" {
						got = "MLE"
					}
				}
				if !ok {
					t.Errorf("%s: not a native solution", file)
					continue
				}
				if got != want {
					t.Errorf("%s: %s exported, %s native", file, got, want)
				}
			}
		})
	}
}
