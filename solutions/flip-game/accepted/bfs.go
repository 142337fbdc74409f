// Accepted: BFS over the 2^16 boards encoded as bits; a round is an XOR with a precomputed mask; stops at the first one-colour board.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	in := bufio.NewReader(os.Stdin)
	var start uint16
	for r := 0; r < 4; r++ {
		var row string
		fmt.Fscan(in, &row)
		for c := 0; c < 4; c++ {
			if row[c] == 'b' {
				start |= 1 << (r*4 + c)
			}
		}
	}

	var mask [16]uint16
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			m := uint16(1) << (r*4 + c)
			if r > 0 {
				m |= 1 << ((r-1)*4 + c)
			}
			if r < 3 {
				m |= 1 << ((r+1)*4 + c)
			}
			if c > 0 {
				m |= 1 << (r*4 + c - 1)
			}
			if c < 3 {
				m |= 1 << (r*4 + c + 1)
			}
			mask[r*4+c] = m
		}
	}

	dist := make([]int8, 1<<16)
	for i := range dist {
		dist[i] = -1
	}
	dist[start] = 0
	queue := []uint16{start}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		if cur == 0 || cur == 0xFFFF {
			fmt.Println(dist[cur])
			return
		}
		for _, m := range mask {
			nxt := cur ^ m
			if dist[nxt] < 0 {
				dist[nxt] = dist[cur] + 1
				queue = append(queue, nxt)
			}
		}
	}
	fmt.Println("Impossible")
}
