package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocs checks the man pages and Markdown made from the command tree,
// and that the README's command table is the one the tree makes now.
func TestDocs(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "man1")
	if out, err := run0(t, "docs", "man", dir); err != nil {
		t.Fatalf("docs man: %v\n%s", err, out)
	}
	page := readFile(t, filepath.Join(dir, "judge-verify.1"))
	if !strings.Contains(page, ".TH \"JUDGE\" \"1\"") || !strings.Contains(page, "--stop-on-fail") || !strings.Contains(page, "an error element in JUnit") {
		t.Errorf("judge-verify.1:\n%s", page)
	}
	md := t.TempDir()
	if out, err := run0(t, "docs", "markdown", md); err != nil {
		t.Fatalf("docs markdown: %v\n%s", err, out)
	}
	page = readFile(t, filepath.Join(md, "judge_test_fill.md"))
	if !strings.Contains(page, "## judge test fill") || strings.Contains(page, "Auto generated") {
		t.Errorf("judge_test_fill.md:\n%s", page)
	}
	entries, _ := os.ReadDir(md)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary %s left behind", e.Name())
		}
	}

	out, err := run0(t, "docs", "readme", "../README.md", "--check")
	if err != nil {
		t.Errorf("README.md's command table is out of date: run go run ./judge docs readme README.md (%v: %s)", err, out)
	}
	readme := filepath.Join(t.TempDir(), "README.md")
	os.WriteFile(readme, []byte("# x\n"+readmeBegin+"\nOLD TABLE\n"+readmeEnd+"\nrest\n"), 0o644)
	if _, err := run0(t, "docs", "readme", readme, "--check"); exitCode(err) != exitVerdict {
		t.Errorf("--check on an old table: exit %d, want 1", exitCode(err))
	}
	if _, err := run0(t, "docs", "readme", readme); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, readme)
	if !strings.Contains(got, "| `judge test fill <problem>` |") || strings.Contains(got, "OLD TABLE") || !strings.HasSuffix(got, readmeEnd+"\nrest\n") {
		t.Errorf("rewritten README:\n%s", got)
	}
}
