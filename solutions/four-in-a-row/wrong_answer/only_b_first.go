// WA: BFS over (board, side to move) that only ever lets B make the first move.

//go:build ignore

package main

import (
	"fmt"
)

var lines = []uint16{0x000F, 0x00F0, 0x0F00, 0xF000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248}

func won(b, w uint16) bool {
	for _, l := range lines {
		if b&l == l || w&l == l {
			return true
		}
	}
	return false
}

type state struct {
	b, w uint16
	side int
}

func main() {
	var start state
	for r := 0; r < 4; r++ {
		var s string
		fmt.Scan(&s)
		for c := 0; c < 4; c++ {
			switch s[c] {
			case 'B':
				start.b |= 1 << (r*4 + c)
			case 'W':
				start.w |= 1 << (r*4 + c)
			}
		}
	}
	dist := map[state]int{start: 0} // side 0 = B moves first
	queue := []state{start}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		if won(cur.b, cur.w) {
			fmt.Println(dist[cur])
			return
		}
		mine := cur.b
		if cur.side == 1 {
			mine = cur.w
		}
		empty := ^(cur.b | cur.w)
		for e := 0; e < 16; e++ {
			if empty>>e&1 == 0 {
				continue
			}
			r, c := e/4, e%4
			for _, f := range []int{e - 4, e + 4, e - 1, e + 1} {
				fr, fc := f/4, f%4
				if f < 0 || f >= 16 || (fr != r && fc != c) || mine>>f&1 == 0 {
					continue
				}
				mv := uint16(1)<<f | uint16(1)<<e
				nxt := state{cur.b, cur.w ^ mv, 0}
				if cur.side == 0 {
					nxt = state{cur.b ^ mv, cur.w, 1}
				}
				if _, ok := dist[nxt]; !ok {
					dist[nxt] = dist[cur] + 1
					queue = append(queue, nxt)
				}
			}
		}
	}
	fmt.Println(-1)
}
