// Command generator prints one input: generator <seed> [--max M].
// The output depends only on the seed and the arguments.
//
// It prints two integers of absolute value at most M (default 10^9).
package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

func usage(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	fmt.Fprintln(os.Stderr, "usage: generator <seed> [--max M]")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage("missing seed")
	}
	seed, err := strconv.ParseUint(os.Args[1], 10, 64)
	if err != nil {
		usage("bad seed: " + err.Error())
	}
	limit := int64(1_000_000_000)
	for i := 2; i < len(os.Args); i++ {
		switch os.Args[i] {
		case "--max":
			i++
			if i >= len(os.Args) {
				usage("--max needs a value")
			}
			limit, err = strconv.ParseInt(os.Args[i], 10, 64)
			if err != nil || limit < 0 || limit > 1_000_000_000 {
				usage("--max must be 0..1000000000")
			}
		default:
			usage("unknown argument " + os.Args[i])
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x6a75646765)) // "judge"
	a := rng.Int64N(2*limit+1) - limit
	b := rng.Int64N(2*limit+1) - limit
	fmt.Printf("%d %d\n", a, b)
}
