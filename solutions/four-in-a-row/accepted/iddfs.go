// Accepted: iterative deepening on (board, side to move) with both first movers, bitboards, and a table remembering the largest depth a state already failed with.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
)

var (
	lines [10]uint16
	adj   [16]uint16
	seen  = map[uint64]int{}
)

func won(b, w uint16) bool {
	for _, l := range lines {
		if b&l == l || w&l == l {
			return true
		}
	}
	return false
}

// dfs reports whether the goal can be reached within left moves when side
// (0 = B, 1 = W) is to move.
func dfs(b, w uint16, side, left int) bool {
	if won(b, w) {
		return true
	}
	if left == 0 {
		return false
	}
	key := uint64(b) | uint64(w)<<16 | uint64(side)<<32
	if d, ok := seen[key]; ok && d >= left {
		return false
	}
	seen[key] = left
	mine := b
	if side == 1 {
		mine = w
	}
	empty := ^(b | w)
	for e := 0; e < 16; e++ {
		if empty>>e&1 == 0 {
			continue
		}
		for from := 0; from < 16; from++ {
			if adj[e]&mine>>from&1 == 0 {
				continue
			}
			move := uint16(1)<<from | uint16(1)<<e
			var ok bool
			if side == 0 {
				ok = dfs(b^move, w, 1, left-1)
			} else {
				ok = dfs(b, w^move, 0, left-1)
			}
			if ok {
				return true
			}
		}
	}
	return false
}

func main() {
	for r := 0; r < 4; r++ {
		lines[r] = 0xF << (4 * r)
		lines[4+r] = 0x1111 << r
	}
	lines[8], lines[9] = 0x8421, 0x1248
	for i := 0; i < 16; i++ {
		r, c := i/4, i%4
		if r > 0 {
			adj[i] |= 1 << (i - 4)
		}
		if r < 3 {
			adj[i] |= 1 << (i + 4)
		}
		if c > 0 {
			adj[i] |= 1 << (i - 1)
		}
		if c < 3 {
			adj[i] |= 1 << (i + 1)
		}
	}
	in := bufio.NewReader(os.Stdin)
	var b, w uint16
	for r := 0; r < 4; r++ {
		var s string
		fmt.Fscan(in, &s)
		for c := 0; c < 4; c++ {
			switch s[c] {
			case 'B':
				b |= 1 << (r*4 + c)
			case 'W':
				w |= 1 << (r*4 + c)
			}
		}
	}
	for limit := 0; limit <= 64; limit++ {
		if dfs(b, w, 0, limit) || dfs(b, w, 1, limit) {
			fmt.Println(limit)
			return
		}
	}
	fmt.Println(-1)
}
