// Checker for the sum fixture: accepts any output whose only token is the
// sum of the input's two numbers (so leading zeros or "+3" pass too).
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	in, _ := os.ReadFile(os.Args[1])
	out, _ := os.ReadFile(os.Args[2])
	var a, b int64
	if _, err := fmt.Sscan(string(in), &a, &b); err != nil {
		fmt.Fprintln(os.Stderr, "bad input:", err)
		os.Exit(3)
	}
	f := strings.Fields(string(out))
	if len(f) != 1 {
		fmt.Fprintf(os.Stderr, "expected one number, got %d tokens\n", len(f))
		os.Exit(2)
	}
	got, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil || got != a+b {
		fmt.Fprintf(os.Stderr, "expected %d, got %q\n", a+b, f[0])
		os.Exit(1)
	}
}
