// WA: BFS that tests for the goal only when a new board is generated, so a board that is already one colour is never recognised as solved.

//go:build ignore

package main

import (
	"fmt"
)

func main() {
	var g [4]string
	for i := range g {
		fmt.Scan(&g[i])
	}
	start := 0
	for i := 0; i < 16; i++ {
		if g[i/4][i%4] == 'b' {
			start |= 1 << i
		}
	}
	flip := func(b, r, c int) int {
		b ^= 1 << (r*4 + c)
		if r > 0 {
			b ^= 1 << ((r-1)*4 + c)
		}
		if r < 3 {
			b ^= 1 << ((r+1)*4 + c)
		}
		if c > 0 {
			b ^= 1 << (r*4 + c - 1)
		}
		if c < 3 {
			b ^= 1 << (r*4 + c + 1)
		}
		return b
	}
	seen := make([]bool, 1<<16)
	seen[start] = true
	type item struct{ b, d int }
	q := []item{{start, 0}}
	for len(q) > 0 {
		cur := q[0]
		q = q[1:]
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				nb := flip(cur.b, r, c)
				if seen[nb] {
					continue
				}
				if nb == 0 || nb == 1<<16-1 {
					fmt.Println(cur.d + 1)
					return
				}
				seen[nb] = true
				q = append(q, item{nb, cur.d + 1})
			}
		}
	}
	fmt.Println("Impossible")
}
