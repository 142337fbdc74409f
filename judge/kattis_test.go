package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestKattisPackageCommands: list, show and submit work on Kattis
// packages given as folders, with the same grading code.
func TestKattisPackageCommands(t *testing.T) {
	kattisDir := filepath.Join("..", "authoring", "verify", "testdata", "kattis")
	legacy, modern := filepath.Join(kattisDir, "sum-legacy"), filepath.Join(kattisDir, "parity-2025")
	root := t.TempDir()
	// A cache of its own: the derived time limit is kept there.
	t.Setenv("JUDGE_CACHE_DIR", filepath.Join(root, "cache"))

	r := judge(t, root, "--problems-dir", kattisDir, "list")
	r.want(t, 0, "parity-2025", "Sum, checked by a validator", "1000 ms", "AC 1 WA 1", "sum-legacy", "from AC", "AC 2 WA 1 TLE 1 RE 2")

	r = judge(t, root, "show", modern, "--plain")
	r.want(t, 0, "checker validator", "Print $a+b$.")

	// The legacy package gives no time limit: submit derives it from the
	// accepted submissions first, and says how to pin it; the next submit
	// finds it in the cache.
	r = judge(t, root, "submit", legacy, filepath.Join(legacy, "submissions", "accepted", "sum.py"))
	r.want(t, 0)
	if want := "sum-legacy gives no time limit; 1s derived from 2 example submissions (kept in the cache for the next run; pin it with a .timelimit file holding 1, as DOMjudge reads it)"; !strings.Contains(r.stderr, want) {
		t.Errorf("submit's stderr lacks %q:\n%s", want, r.stderr)
	}
	r = judge(t, root, "submit", legacy, filepath.Join(legacy, "submissions", "wrong_answer", "always_float.c"))
	r.want(t, 1)
	if want := regexp.MustCompile(`sum-legacy gives no time limit; 1s derived from 2 example submissions \(cached \d{4}-\d\d-\d\d \d\d:\d\d; pin it with a \.timelimit file holding 1, as DOMjudge reads it\)`); !want.MatchString(r.stderr) {
		t.Errorf("second submit's stderr does not match %s:\n%s", want, r.stderr)
	}
	judge(t, root, "submit", modern, filepath.Join(modern, "submissions", "wrong_answer", "plus_two.py")).want(t, 1)
	judge(t, root, "submit", modern, filepath.Join(modern, "submissions", "accepted", "sum.c")).want(t, 0)
}

// TestKattisVerifyKeepsTimeLimit: the time limit judge verify derives is
// the one the next judge submit takes from the cache.
func TestKattisVerifyKeepsTimeLimit(t *testing.T) {
	root := t.TempDir()
	t.Setenv("JUDGE_CACHE_DIR", filepath.Join(root, "cache"))
	pkg := filepath.Join(root, "sum-legacy")
	if err := os.CopyFS(pkg, os.DirFS(filepath.Join("..", "core", "grade", "testdata", "kattis", "sum-legacy"))); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(pkg, ".timelimit")); err != nil {
		t.Fatal(err)
	}
	r := judge(t, root, "verify", pkg)
	if !strings.Contains(r.stdout+r.stderr, "1s, derived from 1 accepted submission") {
		t.Fatalf("verify derived no limit:\n%s\n%s", r.stdout, r.stderr)
	}
	r = judge(t, root, "submit", pkg, filepath.Join(pkg, "submissions", "accepted", "sum.py"))
	r.want(t, 0, "AC")
	if want := "1s derived from 1 example submission (cached "; !strings.Contains(r.stderr, want) {
		t.Errorf("submit after verify: stderr lacks %q:\n%s", want, r.stderr)
	}
}

// TestKattisSamplesOnly: a package with data/sample alone (DOMjudge's
// hello) is judged by submit, on its samples; verify still calls it
// incomplete, as problemtools does.
func TestKattisSamplesOnly(t *testing.T) {
	pkg := filepath.Join("..", "core", "problem", "kattis", "testdata", "hello-samples")
	root := t.TempDir()
	judge(t, root, "submit", pkg, filepath.Join(pkg, "submissions", "accepted", "hello.py")).want(t, 0, "AC")
	judge(t, root, "submit", pkg, filepath.Join(pkg, "submissions", "wrong_answer", "goodbye.py")).want(t, 1, "WA")
	judge(t, root, "verify", pkg).want(t, 1, "data/secret: missing folder (the secret test data)")
	// .py3 is Python 3, as in the format's language table.
	judge(t, root, "submit", pkg, filepath.Join(pkg, "submissions", "accepted", "hello.py3")).want(t, 0, "AC")
}

// TestKattisConstants: a 2025-09 package's constants are substituted in
// its Markdown statement (show) and its example submissions (submit).
func TestKattisConstants(t *testing.T) {
	pkg := filepath.Join("..", "core", "problem", "kattis", "testdata", "constants-2025")
	root := t.TempDir()
	judge(t, root, "show", pkg, "--plain").want(t, 0, "Print $N + 7$, where $N < 10^6$.")
	judge(t, root, "submit", pkg, filepath.Join(pkg, "submissions", "accepted", "direct.py")).want(t, 0, "AC")
}
