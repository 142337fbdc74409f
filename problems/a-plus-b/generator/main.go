// Generator for a-plus-b: `generator <seed> [--max M]` prints two random
// integers in [-M, M] (default 10^18).
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
	limit := fs.Int64("max", 1_000_000_000_000_000_000, "largest absolute value")
	fs.Parse(os.Args[2:])
	if *limit < 0 || *limit > 1_000_000_000_000_000_000 {
		fmt.Fprintln(os.Stderr, "generator: --max must be in [0, 10^18]")
		os.Exit(2)
	}
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	pick := func() int64 { return r.Int64N(2*(*limit)+1) - *limit }
	fmt.Printf("%d %d\n", pick(), pick())
}
