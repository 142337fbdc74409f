package eightpuzzle

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/puzzlejudge/judge/problems/internal/problemtest"
)

// Case is one case of a test input: the start board and the target board,
// each as nine characters (digits and X for the blank).
type Case struct{ Start, Target string }

// ReadCases reads the cases of the test input at path; it fails the test if
// the file cannot be read or is not a count followed by that many pairs of
// boards.
func ReadCases(tb testing.TB, path string) []Case {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	f := strings.Fields(string(data))
	n, err := strconv.Atoi(f[0])
	if err != nil || len(f) != 1+2*n {
		tb.Fatalf("%s: malformed", path)
	}
	var cs []Case
	for i := 0; i < n; i++ {
		cs = append(cs, Case{f[1+2*i], f[2+2*i]})
	}
	return cs
}

// Inputs returns the test inputs tests/*.in of the problem package the test
// runs in; it fails the test unless there is a sample and at least 25 other
// tests.
func Inputs(tb testing.TB) []string {
	tb.Helper()
	ins := problemtest.Inputs(tb)
	samples, others := problemtest.CountInputs(ins)
	if samples == 0 || others < 25 {
		tb.Fatalf("want a sample and at least 25 other tests, have %d and %d", samples, others)
	}
	return ins
}

// Coverage tallies, over the test files, the shortest distances that cases
// need and the files made of 200 cases of 31 moves. The zero value is ready
// to use.
type Coverage struct {
	covered map[int]bool
	n31     int // cases of 31 moves in the current file
	full31  int
}

// Add records a case of the current file whose shortest path has d moves.
func (c *Coverage) Add(d int) {
	if c.covered == nil {
		c.covered = map[int]bool{}
	}
	c.covered[d] = true
	if d == 31 {
		c.n31++
	}
}

// EndFile closes the current file, counting it if it held 200 cases of 31
// moves, and starts the next one.
func (c *Coverage) EndFile() {
	if c.n31 == 200 {
		c.full31++
	}
	c.n31 = 0
}

// Full31 returns how many closed files held 200 cases of 31 moves.
func (c *Coverage) Full31() int { return c.full31 }

// Check fails the test for every distance from 0 to 31 that no recorded case
// needs, and if fewer than two files held 200 cases of 31 moves.
func (c *Coverage) Check(tb testing.TB) {
	tb.Helper()
	for d := 0; d <= 31; d++ {
		if !c.covered[d] {
			tb.Errorf("no case needs exactly %d moves", d)
		}
	}
	if c.full31 < 2 {
		tb.Errorf("want at least two files of 200 cases of 31 moves, have %d", c.full31)
	}
}
