// MLE: BFS on whole boards without a visited set; every level is 16 times the previous one, so a deep or impossible board fills memory.

//go:build ignore

package main

import (
	"fmt"
)

type node struct {
	g     [4][4]int
	steps int
}

func solved(g *[4][4]int) bool {
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			if g[r][c] != g[0][0] {
				return false
			}
		}
	}
	return true
}

func main() {
	var start node
	for r := 0; r < 4; r++ {
		var s string
		fmt.Scan(&s)
		for c := 0; c < 4; c++ {
			if s[c] == 'b' {
				start.g[r][c] = 1
			}
		}
	}
	queue := []node{start}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		if solved(&cur.g) {
			fmt.Println(cur.steps)
			return
		}
		if cur.steps == 16 {
			continue
		}
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				nxt := cur
				nxt.steps++
				for _, d := range [][2]int{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					nr, nc := r+d[0], c+d[1]
					if nr >= 0 && nr < 4 && nc >= 0 && nc < 4 {
						nxt.g[nr][nc] ^= 1
					}
				}
				queue = append(queue, nxt)
			}
		}
	}
	fmt.Println("Impossible")
}
