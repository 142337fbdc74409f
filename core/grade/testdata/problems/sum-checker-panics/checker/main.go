// Checker that panics on every output: Go exits 2 on an unrecovered
// panic, the exit status of PE.
package main

import "os"

func main() {
	var tokens []string
	println(tokens[len(os.Args)])
}
