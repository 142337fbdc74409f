// Accepted: reads two int64 values and prints their sum.

//go:build ignore

package main

import "fmt"

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	fmt.Println(a + b)
}
