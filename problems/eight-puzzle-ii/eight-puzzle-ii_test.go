package eightpuzzleii_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/problems/internal/eightpuzzle"
	"github.com/puzzlejudge/judge/problems/internal/problemtest"
)

// The second solver, the reading of the inputs and the checks of the
// validator and the generator are shared with eight-puzzle in
// problems/internal/eightpuzzle; the generic checks, with the other problem
// packages in problems/internal/problemtest.

// TestExpectedOutputs checks that every .out is, to the byte, what the
// second solver writes (the alphabetically smallest shortest path of each
// case), and that the tests cover every distance, hold two files of 200
// cases of 31 moves and many cases where the alphabetical tie-break matters.
func TestExpectedOutputs(t *testing.T) {
	var cov eightpuzzle.Coverage
	ties := 0
	for _, in := range eightpuzzle.Inputs(t) {
		cs := eightpuzzle.ReadCases(t, in)
		var want strings.Builder
		for k, c := range cs {
			p := eightpuzzle.GreedyPath(c.Start, c.Target, false)
			fmt.Fprintf(&want, "Case %d: %d\n%s\n", k+1, len(p), p)
			cov.Add(len(p))
			if eightpuzzle.GreedyPath(c.Start, c.Target, true) != p {
				ties++
			}
		}
		cov.EndFile()
		got, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, []byte(want.String())) {
			t.Errorf("%s: expected output differs from the second solver", in)
		}
	}
	cov.Check(t)
	if ties < 1000 {
		t.Errorf("only %d cases where the alphabetical tie-break matters", ties)
	}
	t.Logf("cases where the tie-break matters: %d; 200x31 files: %d", ties, cov.Full31())
}

func TestMain(m *testing.M) { problemtest.Main(m) }

func TestValidator(t *testing.T) { eightpuzzle.CheckValidator(t) }

func TestGenerator(t *testing.T) { eightpuzzle.CheckGenerator(t) }

// TestStatementSamples checks that the fenced blocks under "## Samples" in
// statement.md are, in order, the input and output of sample-1, sample-2, ...
func TestStatementSamples(t *testing.T) { problemtest.CheckStatementSamples(t) }
