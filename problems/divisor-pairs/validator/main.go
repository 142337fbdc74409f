// Validator for divisor-pairs: one line with an integer n,
// 1 <= n <= 10^12, no leading zero, final newline, nothing else.
package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
)

var line = regexp.MustCompile(`^([1-9][0-9]*)\n$`)

func main() {
	data, err := io.ReadAll(io.LimitReader(os.Stdin, 1<<10))
	if err != nil {
		fail("line 1: %v", err)
	}
	m := line.FindSubmatch(data)
	if m == nil {
		fail("line 1: want one positive integer without leading zeros and a newline, got %q", data)
	}
	n, err := strconv.ParseInt(string(m[1]), 10, 64)
	if err != nil || n < 1 || n > 1e12 {
		fail("line 1: %s is out of range [1, 10^12]", m[1])
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}
