// Command validator checks one flip-game input read from stdin: exactly four
// lines of exactly four characters 'b' or 'w', each ending in '\n', and
// nothing else. It exits 0 when the input is valid and 1 otherwise, printing a
// one-line message naming the offending line to stderr.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("line 1: cannot read input: %v", err)
	}
	if len(data) == 0 {
		fail("line 1: empty input, expected 4 lines")
	}
	if data[len(data)-1] != '\n' {
		n := bytes.Count(data, []byte{'\n'}) + 1
		fail("line %d: missing final newline", n)
	}
	lines := bytes.Split(data[:len(data)-1], []byte{'\n'})
	for i, line := range lines {
		if i >= 4 {
			fail("line %d: extra line after the 4 rows of the board", i+1)
		}
		if len(line) != 4 {
			fail("line %d: expected exactly 4 characters, got %d", i+1, len(line))
		}
		for j, ch := range line {
			if ch != 'b' && ch != 'w' {
				fail("line %d: character %d is %q, expected 'b' or 'w'", i+1, j+1, ch)
			}
		}
	}
	if len(lines) < 4 {
		fail("line %d: expected 4 lines, got %d", len(lines)+1, len(lines))
	}
}
