// Validator for a-plus-b: one line "a b" with -10^18 <= a, b <= 10^18,
// single space, final newline, nothing else.
package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
)

var line = regexp.MustCompile(`^(-?[0-9]+) (-?[0-9]+)\n$`)

func main() {
	data, err := io.ReadAll(io.LimitReader(os.Stdin, 1<<10))
	if err != nil {
		fail("line 1: %v", err)
	}
	m := line.FindSubmatch(data)
	if m == nil {
		fail("line 1: want two integers separated by one space and a newline, got %q", data)
	}
	for _, s := range m[1:] {
		v, err := strconv.ParseInt(string(s), 10, 64)
		if err != nil || v < -1e18 || v > 1e18 {
			fail("line 1: %s is out of range [-10^18, 10^18]", s)
		}
		if len(s) > 1 && (s[0] == '0' || (s[0] == '-' && (s[1] == '0'))) {
			fail("line 1: %s has a leading zero", s)
		}
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}
