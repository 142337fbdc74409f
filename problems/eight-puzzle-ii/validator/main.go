// Command validator checks one eight-puzzle input on stdin: a line with T
// (1 <= T <= 200), then T cases of two lines (start, target), each exactly
// nine characters using 1-8 and X once each, every target reachable from its
// start (equal parity of tile inversions). Lines end with "\n", no other
// whitespace anywhere, nothing after the last case.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
)

func fail(line int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "line %d: %s\n", line, fmt.Sprintf(format, args...))
	os.Exit(1)
}

// parity returns the parity of the number of inversions among the tiles.
func parity(s string) int {
	inv := 0
	for i := 0; i < 9; i++ {
		for j := i + 1; j < 9; j++ {
			if s[i] != 'X' && s[j] != 'X' && s[i] > s[j] {
				inv++
			}
		}
	}
	return inv & 1
}

func checkBoard(line int, s string) {
	if len(s) != 9 {
		fail(line, "expected 9 characters, got %d", len(s))
	}
	seen := map[byte]bool{}
	for i := 0; i < 9; i++ {
		c := s[i]
		if !(c >= '1' && c <= '8') && c != 'X' {
			fail(line, "character %d is %q, expected 1-8 or X", i+1, c)
		}
		if seen[c] {
			fail(line, "%q appears twice", c)
		}
		seen[c] = true
	}
}

func main() {
	data, err := io.ReadAll(bufio.NewReader(os.Stdin))
	if err != nil {
		fmt.Fprintln(os.Stderr, "line 1: read error:", err)
		os.Exit(1)
	}
	var lines []string
	start := 0
	for i, c := range data {
		if c == '\n' {
			lines = append(lines, string(data[start:i]))
			start = i + 1
		}
	}
	if start < len(data) {
		fail(len(lines)+1, "missing final newline")
	}
	if len(lines) == 0 {
		fail(1, "empty input")
	}
	for i, l := range lines {
		for j := 0; j < len(l); j++ {
			if l[j] == ' ' || l[j] == '\t' || l[j] == '\r' {
				fail(i+1, "unexpected whitespace %q at column %d", l[j], j+1)
			}
		}
	}
	t := lines[0]
	if t == "" || len(t) > 3 || (t[0] == '0') {
		fail(1, "expected T as an integer without leading zeros, got %q", t)
	}
	n, err := strconv.Atoi(t)
	if err != nil || t[0] == '+' || t[0] == '-' {
		fail(1, "expected T as an integer, got %q", t)
	}
	if n < 1 || n > 200 {
		fail(1, "T = %d out of range 1..200", n)
	}
	if len(lines) < 1+2*n {
		fail(len(lines)+1, "expected %d lines for %d cases, the input ends after %d", 1+2*n, n, len(lines))
	}
	if len(lines) > 1+2*n {
		fail(2+2*n, "extra line after the last case")
	}
	for c := 0; c < n; c++ {
		ls, lt := 2+2*c, 3+2*c
		s, g := lines[ls-1], lines[lt-1]
		checkBoard(ls, s)
		checkBoard(lt, g)
		if parity(s) != parity(g) {
			fail(lt, "case %d: target is not reachable from the start (inversion parity differs)", c+1)
		}
	}
}
