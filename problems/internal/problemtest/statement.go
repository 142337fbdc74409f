package problemtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CheckStatementSamples checks that statement.md has the Input, Output and
// Limits sections and that the fenced blocks under "## Samples" are, in
// order, the input and output of sample-1, sample-2, ...
func CheckStatementSamples(tb testing.TB) {
	tb.Helper()
	data, err := os.ReadFile("statement.md")
	if err != nil {
		tb.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "\n## Samples")
	if i < 0 {
		tb.Fatal("statement.md has no ## Samples section")
	}
	for _, h := range []string{"\n## Input", "\n## Output", "\n## Limits"} {
		if !strings.Contains(text, h) {
			tb.Errorf("statement.md lacks %q", strings.TrimSpace(h))
		}
	}
	var blocks []string
	var cur []string
	in := false
	for _, line := range strings.Split(text[i:], "\n") {
		if strings.HasPrefix(line, "```") {
			if in {
				blocks = append(blocks, strings.Join(cur, "\n")+"\n")
			}
			in, cur = !in, nil
			continue
		}
		if in {
			cur = append(cur, line)
		}
	}
	samples, _ := filepath.Glob("tests/sample-*.in")
	if len(samples) == 0 || len(blocks) != 2*len(samples) {
		tb.Fatalf("statement shows %d blocks for %d samples", len(blocks), len(samples))
	}
	for k := range samples {
		for j, ext := range []string{".in", ".out"} {
			want, err := os.ReadFile(fmt.Sprintf("tests/sample-%d%s", k+1, ext))
			if err != nil || string(want) != blocks[2*k+j] {
				tb.Errorf("sample-%d%s differs from the statement", k+1, ext)
			}
		}
	}
}
