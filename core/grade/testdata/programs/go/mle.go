package main

import "fmt"

func main() {
	// Touches 512 MiB, page by page.
	b := make([]byte, 512<<20)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	fmt.Println(len(b))
}
