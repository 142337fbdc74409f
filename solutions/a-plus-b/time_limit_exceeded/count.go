// TLE: adds b to a one unit at a time.

//go:build ignore

package main

import "fmt"

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	step := int64(1)
	if b < 0 {
		step = -1
	}
	for i := int64(0); i != b; i += step {
		a += step
	}
	fmt.Println(a)
}
