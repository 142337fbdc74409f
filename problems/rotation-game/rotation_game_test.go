package rotationgame_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/puzzlejudge/judge/problems/internal/problemtest"
)

// The second solver: a breadth-first search over the placements of eight
// equal pieces on the 24 cells (a 24-bit mask with eight bits set), starting
// from "all eight in the centre". Since every move has an inverse move, the
// BFS level of a placement is the fewest moves that bring those eight pieces
// into the centre, and the answer for a board is the minimum over its three
// values. The expected outputs were made by the IDA* reference solution; this
// test checks each one against the table: the length is optimal, the moves
// really solve the board and leave the printed value in the centre, and no
// alphabetically smaller letter at any step still allows a shortest finish.

var lines = [8][7]int{
	{0, 2, 6, 11, 15, 20, 22},
	{1, 3, 8, 12, 17, 21, 23},
	{10, 9, 8, 7, 6, 5, 4},
	{19, 18, 17, 16, 15, 14, 13},
	{23, 21, 17, 12, 8, 3, 1},
	{22, 20, 15, 11, 6, 2, 0},
	{13, 14, 15, 16, 17, 18, 19},
	{4, 5, 6, 7, 8, 9, 10},
}

var centre = [8]int{6, 7, 8, 11, 12, 15, 16, 17}

type board [24]int

// move applies move m ('A'+m) to the board, cell by cell.
func (b board) move(m int) board {
	l := lines[m]
	nb := b
	for i := 0; i < 7; i++ {
		nb[l[i]] = b[l[(i+1)%7]]
	}
	return nb
}

func (b board) mask(v int) uint32 {
	var s uint32
	for i, x := range b {
		if x == v {
			s |= 1 << i
		}
	}
	return s
}

func (b board) solvedValue() int {
	for _, c := range centre {
		if b[c] != b[centre[0]] {
			return 0
		}
	}
	return b[centre[0]]
}

var (
	distOnce sync.Once
	dist     []int8 // indexed by placement mask; -1 = not a placement
)

func distTable() []int8 {
	distOnce.Do(func() {
		// the image of a mask under a move, derived from board.move on a
		// board marking the cells of the mask
		moveMask := func(m int, s uint32) uint32 {
			var b board
			for i := range b {
				b[i] = int(s >> i & 1)
			}
			return b.move(m).mask(1)
		}
		dist = make([]int8, 1<<24)
		for i := range dist {
			dist[i] = -1
		}
		var goal uint32
		for _, c := range centre {
			goal |= 1 << c
		}
		dist[goal] = 0
		frontier := []uint32{goal}
		for d := int8(1); len(frontier) > 0; d++ {
			var next []uint32
			for _, s := range frontier {
				for m := 0; m < 8; m++ {
					if u := moveMask(m, s); dist[u] < 0 {
						dist[u] = d
						next = append(next, u)
					}
				}
			}
			frontier = next
		}
	})
	return dist
}

func boardDist(b board) int {
	t := distTable()
	d := 127
	for v := 1; v <= 3; v++ {
		d = min(d, int(t[b.mask(v)]))
	}
	return d
}

// checkAnswer verifies one expected answer (two output lines) for board b.
func checkAnswer(b board, moves, value string) error {
	d := boardDist(b)
	if d < 0 || d > 13 {
		return fmt.Errorf("table distance %d out of range", d)
	}
	if d == 0 {
		if moves != "No moves needed" {
			return fmt.Errorf("board is solved, expected %q, got %q", "No moves needed", moves)
		}
		if value != strconv.Itoa(b.solvedValue()) {
			return fmt.Errorf("centre value %s, want %d", value, b.solvedValue())
		}
		return nil
	}
	if len(moves) != d {
		return fmt.Errorf("answer %q has %d moves, optimum is %d", moves, len(moves), d)
	}
	cur := b
	for i := 0; i < len(moves); i++ {
		c := moves[i]
		if c < 'A' || c > 'H' {
			return fmt.Errorf("bad move letter %q", c)
		}
		for smaller := byte('A'); smaller < c; smaller++ {
			if boardDist(cur.move(int(smaller-'A'))) == d-i-1 {
				return fmt.Errorf("answer %q: %q at position %d still allows %d more moves, so a smaller string exists",
					moves, smaller, i+1, d-i-1)
			}
		}
		cur = cur.move(int(c - 'A'))
	}
	v := cur.solvedValue()
	if v == 0 {
		return fmt.Errorf("answer %q does not solve the board", moves)
	}
	if value != strconv.Itoa(v) {
		return fmt.Errorf("centre value %s, the moves leave %d", value, v)
	}
	return nil
}

func parseBoards(t *testing.T, text string) []board {
	t.Helper()
	var res []board
	for _, row := range strings.Split(strings.TrimSpace(text), "\n") {
		if row == "0" {
			break
		}
		f := strings.Fields(row)
		if len(f) != 24 {
			t.Fatalf("bad input row %q", row)
		}
		var b board
		for i, s := range f {
			b[i], _ = strconv.Atoi(s)
		}
		res = append(res, b)
	}
	return res
}

func TestExpectedOutputs(t *testing.T) {
	ins := problemtest.Inputs(t)
	if len(ins) < 26 {
		t.Errorf("only %d tests, want at least 25 besides the sample", len(ins))
	}
	seen := map[int]bool{} // answer lengths covered
	for _, path := range ins {
		name := strings.TrimSuffix(filepath.Base(path), ".in")
		in, err := os.ReadFile("tests/" + name + ".in")
		if err != nil {
			t.Fatal(err)
		}
		out, err := os.ReadFile("tests/" + name + ".out")
		if err != nil {
			t.Fatal(err)
		}
		boards := parseBoards(t, string(in))
		if !strings.HasSuffix(string(out), "\n") {
			t.Errorf("%s.out: missing final newline", name)
		}
		got := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(got) != 2*len(boards) {
			t.Errorf("%s.out: %d lines for %d boards", name, len(got), len(boards))
			continue
		}
		for i, b := range boards {
			if err := checkAnswer(b, got[2*i], got[2*i+1]); err != nil {
				t.Errorf("%s case %d: %v", name, i+1, err)
			}
			seen[boardDist(b)] = true
		}
	}
	for d := 0; d <= 13; d++ {
		if !seen[d] {
			t.Errorf("no test needs exactly %d moves", d)
		}
	}
}

// TestBoardFacts confirms what the statement and the validator rely on: every
// placement of eight equal pieces can be brought into the centre (so every
// board is solvable), no board needs more than 13 moves, and exactly 192
// boards need 13.
func TestBoardFacts(t *testing.T) {
	tab := distTable()
	var far []uint32 // placements needing 13 or more moves
	reached := 0
	for s := uint32(0); s < 1<<24; s++ {
		if tab[s] >= 0 {
			reached++
			if tab[s] >= 13 {
				far = append(far, s)
			}
		}
	}
	if reached != 735471 {
		t.Fatalf("BFS reached %d placements, want all C(24,8) = 735471", reached)
	}
	hardest, deeper := 0, 0
	for _, a := range far {
		for _, b := range far {
			if a&b != 0 {
				continue
			}
			c := uint32(1<<24-1) &^ (a | b)
			if tab[c] < 13 {
				continue
			}
			if min(tab[a], tab[b], tab[c]) == 13 {
				hardest++
			} else {
				deeper++
			}
		}
	}
	if hardest != 192 || deeper != 0 {
		t.Errorf("%d boards need 13 moves and %d need more, want 192 and 0", hardest, deeper)
	}
}

// TestChecker makes sure checkAnswer itself rejects wrong answers.
func TestChecker(t *testing.T) {
	b := parseBoards(t, "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n")[0]
	if err := checkAnswer(b, "AC", "2"); err != nil {
		t.Fatalf("sample answer rejected: %v", err)
	}
	for _, bad := range [][2]string{{"AD", "2"}, {"AC", "1"}, {"CA", "2"}, {"ACF", "2"}, {"No moves needed", "2"}} {
		if checkAnswer(b, bad[0], bad[1]) == nil {
			t.Errorf("wrong answer %q / %q accepted", bad[0], bad[1])
		}
	}
}

// ---------------------------------------------------------------------------
// Package checks, shared with the other problem packages in
// problems/internal/problemtest.

func TestMain(m *testing.M) { problemtest.Main(m) }

func TestValidator(t *testing.T) {
	problemtest.CheckAccepted(t, problemtest.Inputs(t))
	good := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
	sorted := "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3"
	problemtest.CheckRejected(t, map[string]string{
		"empty":                 "",
		"only terminator":       "0\n",
		"no terminator":         good + "\n",
		"no final newline":      good + "\n0",
		"23 numbers":            "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3\n0\n",
		"25 numbers":            sorted + " 3\n0\n",
		"value 4":               "4 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n",
		"value 0 in a case":     "0 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n",
		"nine ones":             "1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n",
		"double space":          strings.Replace(good, " ", "  ", 1) + "\n0\n",
		"trailing space":        good + " \n0\n",
		"leading space":         " " + good + "\n0\n",
		"tab":                   strings.Replace(good, " ", "\t", 1) + "\n0\n",
		"crlf":                  good + "\r\n0\r\n",
		"blank line":            good + "\n\n0\n",
		"content after 0":       good + "\n0\n" + good + "\n",
		"empty line after 0":    good + "\n0\n\n",
		"terminator 00":         good + "\n00\n",
		"terminator with sp":    good + "\n0 \n",
		"leading zero value":    "01 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n",
		"plus sign":             "+1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n",
		"second case broken":    good + "\n" + sorted + " 1\n0\n",
		"letters":               strings.Replace(good, "3", "x", 1) + "\n0\n",
		"many cases (over 500)": strings.Repeat(good+"\n", 501) + "0\n",
	})
	val := problemtest.Validator(t)
	if _, e, err := problemtest.Run(val, []byte(good+"\n"+sorted+"\n0\n")); err != nil {
		t.Errorf("validator rejected the sample: %s", e)
	}
	if _, e, err := problemtest.Run(val, []byte(strings.Repeat(good+"\n", 500)+"0\n")); err != nil {
		t.Errorf("validator rejected 500 cases: %s", e)
	}
	// the error names the right line
	if _, e, _ := problemtest.Run(val, []byte(good+"\n"+good+"\n"+sorted+" 1\n0\n")); !strings.HasPrefix(string(e), "line 3:") {
		t.Errorf("want an error on line 3, got %q", e)
	}
}

func TestGenerator(t *testing.T) {
	// every recorded test is reproduced byte for byte
	problemtest.CheckGenerated(t, 20, runtime.NumCPU())
	// determinism, validity and the promised distances
	for _, args := range [][]string{{}, {"--cases", "30"}, {"--depth", "5", "--cases", "20"}, {"--dist", "7", "--cases", "5"}, {"--dist", "13", "--cases", "2", "--solved", "2"}} {
		a := problemtest.CheckGenerator(t, append([]string{"77"}, args...)...)
		if c := problemtest.Generate(t, append([]string{"78"}, args...)...); bytes.Equal(a, c) {
			t.Errorf("generator gives the same output for seeds 77 and 78 %v", args)
		}
		if len(args) >= 2 && args[0] == "--dist" {
			want, _ := strconv.Atoi(args[1])
			for i, b := range parseBoards(t, string(a)) {
				if d := boardDist(b); d != want && d != 0 {
					t.Errorf("generator %v case %d needs %d moves", args, i+1, d)
				}
			}
		}
	}
}
