package verify_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
)

// TestVerifyNativeInteractive verifies the bundled interactive problem:
// its statement has an Interaction section and shows the sample's input
// only, and every solution gets its folder's verdict against the
// interactor.
func TestVerifyNativeInteractive(t *testing.T) {
	v := newVerifier(t, filepath.Join("..", ".."))
	rep, err := v.Verify(context.Background(), []string{"../../problems/hidden-number"})
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Problems[0]
	if !p.OK {
		for _, c := range p.Checks {
			t.Logf("%s %s: %s", c.Status, c.Name, c.Message)
		}
		t.Fatal("hidden-number does not verify")
	}
	want := map[string]string{
		verify.CheckConfig:                      "interactive, interactor interactor/interactor.cpp",
		verify.CheckSamples:                     "interactive: inputs only",
		"solution accepted/binary.cpp":          "AC on all",
		"solution accepted/binary.go":           "AC on all",
		"solution accepted/binary.py":           "AC on all",
		"solution wrong_answer/counts_up.py":    "more than 30 questions",
		"solution time_limit_exceeded/spins.go": "TLE",
		"solution run_time_error/gives_up.py":   "RE",
		verify.CheckReferences:                  "judged by the interactor",
	}
	for name, msg := range want {
		c := p.Check(name)
		if c == nil || c.Status != verify.Pass || !strings.Contains(c.Message, msg) {
			t.Errorf("check %q: %+v, want a pass with %q", name, c, msg)
		}
	}
}

// TestVerifyBrokenInteractor: an interactor that does not compile fails
// the checker check and fails the package, and no solution is judged.
func TestVerifyBrokenInteractor(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"problems/hidden-number", "solutions/hidden-number"} {
		if err := os.CopyFS(filepath.Join(root, d), os.DirFS(filepath.Join("..", "..", d))); err != nil {
			t.Fatal(err)
		}
	}
	src := filepath.Join(root, "problems/hidden-number/interactor/interactor.cpp")
	if err := os.WriteFile(src, []byte("int main() { return undefined_name; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	v := newVerifier(t, root)
	rep, err := v.Verify(context.Background(), []string{filepath.Join(root, "problems/hidden-number")})
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Problems[0]
	c := p.Check(verify.CheckChecker)
	if p.OK || c == nil || c.Status != verify.Fail || !strings.Contains(c.Message, "interactor.cpp: does not compile") {
		t.Errorf("ok %v, checker check %+v", p.OK, c)
	}
}
