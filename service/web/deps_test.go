package web

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// sandboxSide are the judge's packages that run programs (the sandbox, and
// what compiles, checks and grades with it), by import path below the
// module.
var sandboxSide = []string{"runner", "compile", "checker", "grade", "engine", "worker"}

// TestNoSandboxImport: the web page reads reports with package judging
// and writes figures with package figures; neither it nor anything it
// imports pulls in the sandbox, so serving the page needs none of it and
// a change there cannot break the page's build.
func TestNoSandboxImport(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	const module = "github.com/puzzlejudge/judge/"
	var found int
	for _, path := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(path, module)
		if !ok {
			continue
		}
		found++
		for _, bad := range sandboxSide {
			if rel == bad || strings.HasPrefix(rel, bad+"/") {
				t.Errorf("web imports %s", path)
			}
		}
	}
	if found == 0 {
		t.Fatalf("go list named none of the judge's packages:\n%s", out)
	}
}
