package fourinarow_test

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/puzzlejudge/judge/problems/internal/problemtest"
)

// ---------------------------------------------------------------------------
// Second solver: retrograde analysis. Every board with 7 B, 7 W and 2 O is
// listed; boards that are already won get distance 0 for both players to
// move, and one backward breadth-first search over (board, player to move)
// computes, for every state, the fewest moves to a won board. A move is
// undone by sliding a piece of the player who made it back onto an adjacent
// empty square. The answer for a board is the smaller of its two states.
// The reference solutions search forward from the given board instead.

type key struct {
	b, w uint16 // bit r*4+c set where the square holds B / W
}

var (
	solveOnce sync.Once
	distB     map[key]int // B to move
	distW     map[key]int // W to move
)

var goalLines = func() [][4][2]int {
	var ls [][4][2]int
	for i := 0; i < 4; i++ {
		ls = append(ls, [4][2]int{{i, 0}, {i, 1}, {i, 2}, {i, 3}}, [4][2]int{{0, i}, {1, i}, {2, i}, {3, i}})
	}
	return append(ls, [4][2]int{{0, 0}, {1, 1}, {2, 2}, {3, 3}}, [4][2]int{{0, 3}, {1, 2}, {2, 1}, {3, 0}})
}()

func cell(k key, r, c int) byte {
	bit := uint16(1) << (r*4 + c)
	switch {
	case k.b&bit != 0:
		return 'B'
	case k.w&bit != 0:
		return 'W'
	}
	return 'O'
}

func isWon(k key) bool {
	for _, l := range goalLines {
		a := cell(k, l[0][0], l[0][1])
		if a == 'O' {
			continue
		}
		all := true
		for _, p := range l[1:] {
			all = all && cell(k, p[0], p[1]) == a
		}
		if all {
			return true
		}
	}
	return false
}

// slides returns the boards reached by sliding one piece of colour onto an
// adjacent empty square.
func slides(k key, colour byte) []key {
	var out []key
	pieces, empty := k.b, ^(k.b | k.w)
	if colour == 'W' {
		pieces = k.w
	}
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			if pieces>>(r*4+c)&1 == 0 {
				continue
			}
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := r+d[0], c+d[1]
				if nr < 0 || nr > 3 || nc < 0 || nc > 3 || empty>>(nr*4+nc)&1 == 0 {
					continue
				}
				from, to := uint16(1)<<(r*4+c), uint16(1)<<(nr*4+nc)
				n := k
				if colour == 'B' {
					n.b = n.b&^from | to
				} else {
					n.w = n.w&^from | to
				}
				out = append(out, n)
			}
		}
	}
	return out
}

func allBoards() []key {
	var out []key
	var rec func(i, nb, nw int, k key)
	rec = func(i, nb, nw int, k key) {
		if i == 16 {
			if nb == 7 && nw == 7 {
				out = append(out, k)
			}
			return
		}
		if nb < 7 {
			rec(i+1, nb+1, nw, key{k.b | 1<<i, k.w})
		}
		if nw < 7 {
			rec(i+1, nb, nw+1, key{k.b, k.w | 1<<i})
		}
		if 16-i > 14-nb-nw {
			rec(i+1, nb, nw, k)
		}
	}
	rec(0, 0, 0, key{})
	return out
}

func solveAll() {
	distB, distW = make(map[key]int, 420000), make(map[key]int, 420000)
	type state struct {
		k      key
		toMove byte
	}
	var queue []state
	for _, k := range allBoards() {
		if isWon(k) {
			distB[k], distW[k] = 0, 0
			queue = append(queue, state{k, 'B'}, state{k, 'W'})
		}
	}
	for h := 0; h < len(queue); h++ {
		s := queue[h]
		d := distB[s.k]
		if s.toMove == 'W' {
			d = distW[s.k]
		}
		// the previous move was made by the other player
		prev := byte('B')
		if s.toMove == 'B' {
			prev = 'W'
		}
		table := distB
		if prev == 'W' {
			table = distW
		}
		for _, p := range slides(s.k, prev) {
			if _, ok := table[p]; !ok {
				table[p] = d + 1
				queue = append(queue, state{p, prev})
			}
		}
	}
}

// firstDist returns the fewest moves when B (or W) moves first, -1 if never.
func firstDist(k key, first byte) int {
	solveOnce.Do(solveAll)
	t := distB
	if first == 'W' {
		t = distW
	}
	if d, ok := t[k]; ok {
		return d
	}
	return -1
}

func answer(k key) int {
	a, b := firstDist(k, 'B'), firstDist(k, 'W')
	switch {
	case a < 0:
		return b
	case b < 0 || a < b:
		return a
	}
	return b
}

func parse(text string) (key, bool) {
	cells := strings.Join(strings.Fields(text), "")
	if len(cells) != 16 {
		return key{}, false
	}
	var k key
	for i := 0; i < 16; i++ {
		switch cells[i] {
		case 'B':
			k.b |= 1 << i
		case 'W':
			k.w |= 1 << i
		}
	}
	return k, true
}

// brokenBoards are inputs the validator must reject, by what is wrong with
// them.
var brokenBoards = map[string]string{
	"empty":             "",
	"no final newline":  "BWBO\nWBWB\nBWBW\nWBWO",
	"three lines":       "BWBO\nWBWB\nBWBW\n",
	"five lines":        "BWBO\nWBWB\nBWBW\nWBWO\nBWBW\n",
	"blank line at end": "BWBO\nWBWB\nBWBW\nWBWO\n\n",
	"trailing space":    "BWBO\nWBWB \nBWBW\nWBWO\n",
	"short row":         "BWBO\nWBW\nBWBW\nWBWO\n",
	"long row":          "BWBO\nWBWB\nBWBWB\nWBWO\n",
	"lower case":        "BWBO\nWBWB\nBWBW\nWBWo\n",
	"zero not O":        "BWB0\nWBWB\nBWBW\nWBWO\n",
	"crlf":              "BWBO\r\nWBWB\r\nBWBW\r\nWBWO\r\n",
	"8 B 6 W":           "BWBO\nWBWB\nBWBW\nBBWO\n",
	"3 empty":           "BWBO\nWBWB\nBWOW\nWBWO\n",
	"1 empty":           "BWBO\nWBWB\nBWBW\nWBWB\n",
	"no B":              "WWWO\nWWWW\nWWWW\nWWWO\n",
}

// ---------------------------------------------------------------------------

func TestExpectedOutputs(t *testing.T) {
	seen := map[int]int{}
	firstMatters := map[byte]int{}
	ins := problemtest.Inputs(t)
	for _, in := range ins {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		k, ok := parse(string(data))
		if !ok {
			t.Errorf("%s: not a 4x4 board", in)
			continue
		}
		want := answer(k)
		out := strings.TrimSuffix(in, ".in") + ".out"
		got, err := os.ReadFile(out)
		if err != nil {
			t.Errorf("%s: %v", out, err)
			continue
		}
		if string(got) != fmt.Sprintf("%d\n", want) {
			t.Errorf("%s: file says %q, second solver says %d", out, got, want)
		}
		seen[want]++
		if firstDist(k, 'B') != want {
			firstMatters['W']++ // only W moving first reaches the answer
		}
		if firstDist(k, 'W') != want {
			firstMatters['B']++
		}
	}
	if _, nonSample := problemtest.CountInputs(ins); nonSample < 25 {
		t.Errorf("only %d tests besides the samples, want at least 25", nonSample)
	}
	for a := 0; a <= 7; a++ {
		if seen[a] == 0 {
			t.Errorf("no test has answer %d", a)
		}
	}
	if firstMatters['B'] == 0 || firstMatters['W'] == 0 {
		t.Errorf("need tests where only B first and where only W first is optimal, have %v", firstMatters)
	}
}

// TestSolverFacts checks the second solver against the known facts: every
// board can be won within 7 moves, and exactly 128 boards need 7.
func TestSolverFacts(t *testing.T) {
	if testing.Short() {
		t.Skip("short mode")
	}
	count := map[int]int{}
	for _, k := range allBoards() {
		count[answer(k)]++
	}
	if count[-1] != 0 || count[8] != 0 || count[7] != 128 {
		t.Errorf("answer counts %v: want none unsolvable, none above 7, 128 needing 7", count)
	}
}

// ---------------------------------------------------------------------------
// Package checks, shared with the other problem packages in
// problems/internal/problemtest.

func TestMain(m *testing.M) { problemtest.Main(m) }

func TestValidatorAcceptsAllTests(t *testing.T) { problemtest.CheckAccepted(t, problemtest.Inputs(t)) }

func TestValidatorRejectsBrokenInputs(t *testing.T) { problemtest.CheckRejected(t, brokenBoards) }

// TestGeneratedTestsAreReproducible runs at most two generators at once.
func TestGeneratedTestsAreReproducible(t *testing.T) { problemtest.CheckGenerated(t, 15, 2) }

// boardWhere returns a check that the generator printed a board for which
// ok holds.
func boardWhere(ok func(k key) bool) func(out []byte) error {
	return func(out []byte) error {
		if k, parsed := parse(string(out)); !parsed || !ok(k) {
			return fmt.Errorf("gave a board without the asked property:\n%s", out)
		}
		return nil
	}
}

func TestGeneratorDeterministicAndValid(t *testing.T) {
	problemtest.CheckGeneratorCases(t, 3, []problemtest.GeneratorCase{
		{Args: nil, Check: boardWhere(func(key) bool { return true })},
		{Args: []string{"--answer", "3", "--first", "B"}, Check: boardWhere(func(k key) bool {
			return answer(k) == 3 && firstDist(k, 'B') == 3 && firstDist(k, 'W') != 3
		})},
		{Args: []string{"--answer", "4", "--first", "W"}, Check: boardWhere(func(k key) bool {
			return answer(k) == 4 && firstDist(k, 'W') == 4 && firstDist(k, 'B') != 4
		})},
		{Args: []string{"--answer", "5", "--first", "same"}, Check: boardWhere(func(k key) bool {
			return firstDist(k, 'B') == 5 && firstDist(k, 'W') == 5
		})},
		{Args: []string{"--won", "diag", "--colour", "W"}, Check: boardWhere(func(k key) bool {
			return k.w&0x8421 == 0x8421 && answer(k) == 0
		})},
		{Args: []string{"--won", "col", "--colour", "B"}, Check: boardWhere(func(k key) bool {
			for c := 0; c < 4; c++ {
				if k.b&(0x1111<<c) == 0x1111<<c {
					return true
				}
			}
			return false
		})},
		{Args: []string{"--stuck", "W"}, Check: boardWhere(func(k key) bool { return len(slides(k, 'W')) == 0 })},
	})
}
