package flipgame_test

import (
	"fmt"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/puzzlejudge/judge/problems/internal/problemtest"
)

// ---------------------------------------------------------------------------
// Second solver. Rounds commute and two rounds on the same disc cancel, so
// every sequence of rounds acts like the set of discs used an odd number of
// times, and the fewest rounds is the smallest such set. The solver plays
// every one of the 2^16 sets on a 4x4 grid of bools and records, for every
// resulting pattern of changed discs, the smallest set producing it. The
// reference solution (BFS over XOR masks) and the other accepted solutions
// ("chase the lights") share no code with this.

var (
	tableOnce sync.Once
	smallest  map[[16]bool]int // pattern of turned discs -> fewest rounds
)

func buildTable() {
	smallest = map[[16]bool]int{}
	for set := 0; set < 1<<16; set++ {
		var turned [16]bool
		for disc := 0; disc < 16; disc++ {
			if set>>disc&1 == 0 {
				continue
			}
			r, c := disc/4, disc%4
			for rr := 0; rr < 4; rr++ {
				for cc := 0; cc < 4; cc++ {
					dr, dc := rr-r, cc-c
					if dr*dr+dc*dc <= 1 {
						turned[rr*4+cc] = !turned[rr*4+cc]
					}
				}
			}
		}
		n := bits.OnesCount(uint(set))
		if old, ok := smallest[turned]; !ok || n < old {
			smallest[turned] = n
		}
	}
}

// answer returns the expected output line for a board given as 16 characters.
func answer(cells string) string {
	tableOnce.Do(buildTable)
	best := -1
	for _, target := range []byte{'b', 'w'} {
		var need [16]bool
		for i := 0; i < 16; i++ {
			need[i] = cells[i] != target
		}
		if n, ok := smallest[need]; ok && (best < 0 || n < best) {
			best = n
		}
	}
	if best < 0 {
		return "Impossible"
	}
	return strconv.Itoa(best)
}

// ---------------------------------------------------------------------------

// brokenBoards are inputs the validator must reject, by what is wrong with
// them.
var brokenBoards = map[string]string{
	"empty":             "",
	"no final newline":  "bwwb\nbbwb\nbwwb\nbwww",
	"three lines":       "bwwb\nbbwb\nbwwb\n",
	"five lines":        "bwwb\nbbwb\nbwwb\nbwww\nbbbb\n",
	"blank line at end": "bwwb\nbbwb\nbwwb\nbwww\n\n",
	"trailing space":    "bwwb \nbbwb\nbwwb\nbwww\n",
	"leading space":     "bwwb\n bbwb\nbwwb\nbwww\n",
	"short row":         "bwwb\nbbw\nbwwb\nbwww\n",
	"long row":          "bwwb\nbbwb\nbwwbb\nbwww\n",
	"upper case":        "bwwb\nbbwb\nbwwb\nbwwB\n",
	"other letter":      "bwwb\nbbxb\nbwwb\nbwww\n",
	"crlf":              "bwwb\r\nbbwb\r\nbwwb\r\nbwww\r\n",
	"spaced cells":      "b w w b\nbbwb\nbwwb\nbwww\n",
}

func readBoard(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cells := strings.Join(strings.Fields(string(data)), "")
	if len(cells) != 16 {
		t.Fatalf("%s: expected 16 cells, got %d", path, len(cells))
	}
	return cells
}

func TestExpectedOutputs(t *testing.T) {
	seen := map[string]int{}
	ins := problemtest.Inputs(t)
	for _, in := range ins {
		want := answer(readBoard(t, in)) + "\n"
		out := strings.TrimSuffix(in, ".in") + ".out"
		got, err := os.ReadFile(out)
		if err != nil {
			t.Errorf("%s: %v", out, err)
			continue
		}
		if string(got) != want {
			t.Errorf("%s: file says %q, second solver says %q", out, got, want)
		}
		seen[strings.TrimSpace(want)]++
	}
	if _, nonSample := problemtest.CountInputs(ins); nonSample < 25 {
		t.Errorf("only %d tests besides the samples, want at least 25", nonSample)
	}
	for _, a := range []string{"0", "1", "2", "3", "4", "5", "6", "Impossible"} {
		if seen[a] == 0 {
			t.Errorf("no test has answer %s", a)
		}
	}
}

// TestSolverFacts checks the second solver against the known facts: 4,096
// solvable boards, none needing more than 6 rounds.
func TestSolverFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	solvable, worst := 0, 0
	for b := 0; b < 1<<16; b++ {
		cells := make([]byte, 16)
		for i := range cells {
			cells[i] = "wb"[b>>i&1]
		}
		a := answer(string(cells))
		if a == "Impossible" {
			continue
		}
		solvable++
		n, _ := strconv.Atoi(a)
		worst = max(worst, n)
	}
	if solvable != 4096 || worst != 6 {
		t.Errorf("second solver: %d solvable boards, worst %d rounds; want 4096 and 6", solvable, worst)
	}
}

// ---------------------------------------------------------------------------
// Package checks, shared with the other problem packages in
// problems/internal/problemtest.

func TestMain(m *testing.M) { problemtest.Main(m) }

func TestValidatorAcceptsAllTests(t *testing.T) { problemtest.CheckAccepted(t, problemtest.Inputs(t)) }

func TestValidatorRejectsBrokenInputs(t *testing.T) { problemtest.CheckRejected(t, brokenBoards) }

func TestGeneratedTestsAreReproducible(t *testing.T) { problemtest.CheckGenerated(t, 15, 1) }

// answerIs returns a check that the generator printed a board whose answer
// is want.
func answerIs(want string) func(out []byte) error {
	return func(out []byte) error {
		cells := strings.Join(strings.Fields(string(out)), "")
		if len(cells) == 16 && answer(cells) != want {
			return fmt.Errorf("gave a board with answer %s", answer(cells))
		}
		return nil
	}
}

func TestGeneratorDeterministicAndValid(t *testing.T) {
	problemtest.CheckGeneratorCases(t, 3, []problemtest.GeneratorCase{
		{Args: nil, Check: nil},
		{Args: []string{"--impossible"}, Check: answerIs("Impossible")},
		{Args: []string{"--dist", "0"}, Check: answerIs("0")},
		{Args: []string{"--dist", "3", "--nearer", "white"}, Check: answerIs("3")},
		{Args: []string{"--dist", "5", "--nearer", "black"}, Check: answerIs("5")},
		{Args: []string{"--dist", "6"}, Check: answerIs("6")},
	})
	// --nearer must really make one colour strictly closer
	for seed := 1; seed <= 3; seed++ {
		a, _, _ := problemtest.Run(problemtest.Generator(t), nil, strconv.Itoa(seed), "--dist", "2", "--nearer", "white")
		cells := strings.Join(strings.Fields(string(a)), "")
		tableOnce.Do(buildTable)
		var toWhite, toBlack [16]bool
		for i := 0; i < 16 && len(cells) == 16; i++ {
			toWhite[i] = cells[i] != 'w'
			toBlack[i] = cells[i] != 'b'
		}
		if smallest[toWhite] >= smallest[toBlack] {
			t.Errorf("seed %d --nearer white: white needs %d, black %d", seed, smallest[toWhite], smallest[toBlack])
		}
	}
}
