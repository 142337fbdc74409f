// WA: BFS from both first movers whose visited set is keyed by the board only, forgetting whose turn it is, so a board reached once with B to move is never explored with W to move.

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

type node struct {
	b, w  uint16
	side  int
	steps int
}

func main() {
	var b, w uint16
	for r := 0; r < 4; r++ {
		var s string
		fmt.Scan(&s)
		for c := 0; c < 4; c++ {
			switch s[c] {
			case 'B':
				b |= 1 << (r*4 + c)
			case 'W':
				w |= 1 << (r*4 + c)
			}
		}
	}
	visited := map[uint32]bool{uint32(b) | uint32(w)<<16: true}
	queue := []node{{b, w, 0, 0}, {b, w, 1, 0}}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		if won(cur.b, cur.w) {
			fmt.Println(cur.steps)
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
			for _, f := range []int{e - 4, e + 4, e - 1, e + 1} {
				if f < 0 || f >= 16 || (f == e-1 && e%4 == 0) || (f == e+1 && e%4 == 3) || mine>>f&1 == 0 {
					continue
				}
				mv := uint16(1)<<f | uint16(1)<<e
				nxt := node{cur.b, cur.w ^ mv, 0, cur.steps + 1}
				if cur.side == 0 {
					nxt = node{cur.b ^ mv, cur.w, 1, cur.steps + 1}
				}
				key := uint32(nxt.b) | uint32(nxt.w)<<16
				if !visited[key] {
					visited[key] = true
					queue = append(queue, nxt)
				}
			}
		}
	}
	fmt.Println(-1)
}
