//go:build linux

package seccomp

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// TestDocListsEveryRule checks that doc.go's list, the one runner/doc.go
// copies, is the table, line for line.
func TestDocListsEveryRule(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for line := range strings.Lines(string(doc)) {
		if l, ok := strings.CutPrefix(line, "//\t"); ok {
			listed = append(listed, strings.TrimSuffix(l, "\n"))
		}
	}
	var want []string
	for _, r := range Denied() {
		want = append(want, r.String())
	}
	if !slices.Equal(listed, want) {
		t.Errorf("doc.go lists\n%s\nthe table is\n%s", strings.Join(listed, "\n"), strings.Join(want, "\n"))
	}
}
