// Validator for hidden-number: one line "n x" with 1 <= x <= n <= 10^9,
// single space, final newline, nothing else.
package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
)

var line = regexp.MustCompile(`^([1-9][0-9]*) ([1-9][0-9]*)\n$`)

func main() {
	data, err := io.ReadAll(io.LimitReader(os.Stdin, 1<<10))
	if err != nil {
		fail("line 1: %v", err)
	}
	m := line.FindSubmatch(data)
	if m == nil {
		fail("line 1: want two positive integers separated by one space and a newline, got %q", data)
	}
	n, err := strconv.ParseInt(string(m[1]), 10, 64)
	if err != nil || n > 1e9 {
		fail("line 1: n = %s is out of range [1, 10^9]", m[1])
	}
	x, err := strconv.ParseInt(string(m[2]), 10, 64)
	if err != nil || x > n {
		fail("line 1: x = %s is out of range [1, n = %d]", m[2], n)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}
