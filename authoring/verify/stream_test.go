package verify_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/puzzlejudge/judge/authoring/verify"
)

// TestOnCheck checks that every check of the report is handed to OnCheck
// once, as it is final: a solution's before the margin checks that need
// every solution, and the same as in the report.
func TestOnCheck(t *testing.T) {
	root := copyFixture(t)
	trimSlow(t, root)
	var mu sync.Mutex
	var order []string
	got := map[string]verify.Check{}
	v := verifierWith(t, root, verify.Verifier{Workers: 2, OnCheck: func(problem string, c *verify.Check) {
		mu.Lock()
		defer mu.Unlock()
		if problem != "sum" {
			t.Errorf("check %q of problem %q", c.Name, problem)
		}
		if _, dup := got[c.Name]; dup {
			t.Errorf("check %q given twice", c.Name)
		}
		got[c.Name] = *c
		order = append(order, c.Name)
	}})
	rep, err := v.Verify(context.Background(), []string{filepath.Join(root, "problems", "sum")})
	if err != nil {
		t.Fatal(err)
	}
	checks := rep.Problems[0].Checks
	if len(got) != len(checks) {
		t.Errorf("OnCheck got %d checks, the report has %d: %v", len(got), len(checks), order)
	}
	for _, c := range checks {
		g, ok := got[c.Name]
		if !ok {
			t.Errorf("check %q never given", c.Name)
			continue
		}
		if g.Status != c.Status || g.Message != c.Message {
			t.Errorf("check %q given as %s %q, reported %s %q", c.Name, g.Status, g.Message, c.Status, c.Message)
		}
	}
	sol := slices.Index(order, "solution accepted/sum.c")
	margin := slices.Index(order, verify.CheckACMargin)
	if sol < 0 || margin < 0 || sol > margin || order[0] != verify.CheckConfig {
		t.Errorf("order %v: want problem.yaml first and the solution before the margin", order)
	}
}

// TestStrictAndStopOnFail checks that Strict fails warnings and that
// StopOnFail stops at the first failed check, skipping what had not
// ended.
func TestStrictAndStopOnFail(t *testing.T) {
	root := copyFixture(t)
	trimSlow(t, root)
	pkg := filepath.Join(root, "problems", "sum")
	remove(t, filepath.Join(pkg, "generator"))
	remove(t, filepath.Join(pkg, "tests", "generated.yaml"))

	v := newVerifier(t, root)
	rep, err := v.Verify(context.Background(), []string{pkg})
	if err != nil {
		t.Fatal(err)
	}
	if c := rep.Problems[0].Check(verify.CheckGenerator); c.Status != verify.Warn || !rep.OK {
		t.Fatalf("without --strict: generator %s, ok %v; want a warning and ok", c.Status, rep.OK)
	}

	v.Strict = true
	rep, err = v.Verify(context.Background(), []string{pkg})
	if err != nil {
		t.Fatal(err)
	}
	if c := rep.Problems[0].Check(verify.CheckGenerator); c.Status != verify.Fail || !strings.Contains(c.Message, "--strict") || rep.OK {
		t.Errorf("with --strict: generator %s %q, ok %v; want failed", c.Status, c.Message, rep.OK)
	}

	// A broken statement fails before anything runs: with StopOnFail the
	// solutions are never judged.
	write(t, filepath.Join(pkg, "statement.md"), "# Sum\n\nno sections\n")
	v.Strict = false
	v.StopOnFail = true
	rep, err = v.Verify(context.Background(), []string{pkg})
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Problems[0]
	if c := p.Check(verify.CheckStatement); c.Status != verify.Fail {
		t.Errorf("statement %s %q", c.Status, c.Message)
	}
	c := p.Check("solution accepted/sum.c")
	if c.Status != verify.Skip || !strings.Contains(c.Message, "--stop-on-fail stopped at the first failure (sum: statement)") {
		t.Errorf("solution after the stop: %s %q", c.Status, c.Message)
	}
	if rep.Stats.Runs != 0 {
		t.Errorf("%d programs ran after the stop", rep.Stats.Runs)
	}
}
