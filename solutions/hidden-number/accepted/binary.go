// Accepted: binary search, one question a step.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	var n int64
	fmt.Fscan(in, &n)
	lo, hi := int64(1), n
	for lo < hi {
		mid := lo + (hi-lo)/2
		fmt.Printf("? %d\n", mid) // os.Stdout is not buffered: each line goes at once
		var reply string
		fmt.Fscan(in, &reply)
		switch reply {
		case "=":
			lo, hi = mid, mid
		case "<":
			hi = mid - 1
		default:
			lo = mid + 1
		}
	}
	fmt.Printf("! %d\n", lo)
}
