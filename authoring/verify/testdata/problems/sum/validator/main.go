// Command validator checks one input read from stdin. It exits 0 when the
// input is valid, and otherwise 1 with a one-line message naming the line
// on stderr.
//
// The input of sum is one line with two integers between -10^9 and 10^9
// separated by one space.
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

func fail(line int, format string, args ...any) {
	fmt.Fprintf(os.Stderr, "line %d: %s\n", line, fmt.Sprintf(format, args...))
	os.Exit(1)
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail(1, "cannot read input: %v", err)
	}
	text := string(data)
	if !strings.HasSuffix(text, "\n") {
		fail(strings.Count(text, "\n")+1, "missing final newline")
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 1 {
		fail(2, "expected 1 line, got %d", len(lines))
	}
	fields := strings.Split(lines[0], " ")
	if len(fields) != 2 {
		fail(1, "expected 2 integers separated by one space")
	}
	for _, f := range fields {
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil || strconv.FormatInt(v, 10) != f {
			fail(1, "%q is not an integer", f)
		}
		if v < -1e9 || v > 1e9 {
			fail(1, "%d is out of range [-10^9, 10^9]", v)
		}
	}
}
