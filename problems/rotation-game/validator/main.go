// Command validator checks one rotation-game input read from stdin.
//
// The input is one or more case lines, each holding 24 integers from 1 to 3
// (eight of each) separated by single spaces, followed by a line holding the
// single integer 0 and nothing after it. Every line ends with '\n'. There are
// at most 500 cases.
//
// Solvability needs no check: a BFS over all C(24,8) placements of eight equal
// pieces reaches every placement from the solved centre, so every board can
// be solved, and none needs more than 13 moves (see the package's test).
// Exit status 0 means valid; otherwise a one-line message naming the line is
// printed to stderr and the exit status is 1.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

const maxCases = 500

func fail(line int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "line %d: %s\n", line, fmt.Sprintf(format, args...))
	os.Exit(1)
}

func main() {
	data, err := io.ReadAll(bufio.NewReader(os.Stdin))
	if err != nil {
		fmt.Fprintln(os.Stderr, "line 1: cannot read input:", err)
		os.Exit(1)
	}
	if len(data) == 0 {
		fail(1, "empty input")
	}
	text := string(data)
	if !strings.HasSuffix(text, "\n") {
		fail(strings.Count(text, "\n")+1, "missing final newline")
	}
	rows := strings.Split(text[:len(text)-1], "\n")
	cases := 0
	for i, row := range rows {
		ln := i + 1
		if strings.HasSuffix(row, "\r") {
			fail(ln, "carriage return at end of line")
		}
		if row == "0" {
			if cases == 0 {
				fail(ln, "terminating 0 before any case")
			}
			if i != len(rows)-1 {
				fail(ln+1, "unexpected content after the terminating 0")
			}
			return
		}
		if row == "" {
			fail(ln, "empty line")
		}
		if row[0] == ' ' || row[len(row)-1] == ' ' {
			fail(ln, "leading or trailing space")
		}
		if strings.Contains(row, "  ") {
			fail(ln, "numbers must be separated by single spaces")
		}
		fields := strings.Split(row, " ")
		if len(fields) != 24 {
			fail(ln, "expected 24 integers, got %d", len(fields))
		}
		var count [4]int
		for j, f := range fields {
			if f != "1" && f != "2" && f != "3" {
				fail(ln, "value %d is %q, want 1, 2 or 3", j+1, f)
			}
			count[f[0]-'0']++
		}
		for v := 1; v <= 3; v++ {
			if count[v] != 8 {
				fail(ln, "value %d appears %d times, want 8", v, count[v])
			}
		}
		cases++
		if cases > maxCases {
			fail(ln, "more than %d cases", maxCases)
		}
	}
	fail(len(rows), "missing the terminating line 0")
}
