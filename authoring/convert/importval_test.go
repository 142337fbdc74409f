package convert

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/core/problem"
	"github.com/puzzlejudge/judge/core/problem/kattis"
)

// TestImportInputValidatorAndSamples: the first input validator program
// becomes input_validator (the checktestdata one is dropped), the samples
// are appended to the statement, submissions.yaml's accepted solution
// outside accepted/ is filed as accepted, and export writes the input
// validator back.
func TestImportInputValidatorAndSamples(t *testing.T) {
	probs, sols := t.TempDir(), t.TempDir()
	dropped, err := Import("../../authoring/verify/testdata/kattis/parity-2025", probs, sols, "parity")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(dropped, "\n"), "input validator input_validators/format.ctd (checktestdata): the native format runs programs only") {
		t.Errorf("dropped %q", dropped)
	}
	p, err := problem.Load(filepath.Join(probs, "parity"))
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p.InputValidator) != "validate.c" || !strings.HasPrefix(p.ImportedFrom, "Kattis package parity-2025") {
		t.Errorf("input validator %q, imported from %q", p.InputValidator, p.ImportedFrom)
	}
	stmt, err := os.ReadFile(p.Statement)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := os.ReadFile(p.Tests[0].Input)
	if !p.Tests[0].Sample || !strings.Contains(string(stmt), "## Samples\n\nSample input 1:\n\n```\n"+string(in)+"```\n") {
		t.Errorf("statement:\n%s", stmt)
	}
	out := filepath.Join(t.TempDir(), "parity")
	if _, err := Export(p, filepath.Join(sols, "parity"), out, kattis.V2025); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, "input_validators", "validate.c")); err != nil {
		t.Errorf("export: %v", err)
	}

	if _, err := Import("../../authoring/verify/testdata/kattis/sum-2025-yaml", probs, sols, "sum"); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"accepted/sum.py", "wrong_answer/always_zero.py"} {
		if _, err := os.Stat(filepath.Join(sols, "sum", f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}
