// Generator for divisor-pairs: `generator <seed> [--max M]` prints a
// random n in [1, M] (default 10^12; 10^6 for the small subtask).
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: generator <seed> [--max M]")
		os.Exit(2)
	}
	seed, err := strconv.ParseUint(os.Args[1], 10, 64)
	if err != nil {
		fmt.Fprintln(os.Stderr, "generator: bad seed:", os.Args[1])
		os.Exit(2)
	}
	fs := flag.NewFlagSet("generator", flag.ExitOnError)
	limit := fs.Int64("max", 1_000_000_000_000, "largest n")
	fs.Parse(os.Args[2:])
	if *limit < 1 || *limit > 1_000_000_000_000 {
		fmt.Fprintln(os.Stderr, "generator: --max must be in [1, 10^12]")
		os.Exit(2)
	}
	r := rand.New(rand.NewPCG(seed, 0xd17))
	fmt.Println(1 + r.Int64N(*limit))
}
