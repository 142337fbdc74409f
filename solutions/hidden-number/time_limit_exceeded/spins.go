//go:build ignore

// Reads n, then thinks forever before its first question.
package main

import "fmt"

func main() {
	var n int64
	fmt.Scan(&n)
	x := n
	for {
		x = x*6364136223846793005 + 1442695040888963407
		if x == 0 {
			break
		}
	}
	fmt.Println("!", x)
}
