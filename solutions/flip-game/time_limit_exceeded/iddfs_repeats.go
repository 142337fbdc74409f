// TLE: iterative deepening up to 16 rounds with no visited set and no rule against flipping the same square twice -- fine when an answer exists, hopeless (16^16 sequences) on an impossible board.

//go:build ignore

package main

import (
	"fmt"
)

var board [4][4]byte

func flip(r, c int) {
	for _, d := range [][2]int{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		nr, nc := r+d[0], c+d[1]
		if nr >= 0 && nr < 4 && nc >= 0 && nc < 4 {
			if board[nr][nc] == 'b' {
				board[nr][nc] = 'w'
			} else {
				board[nr][nc] = 'b'
			}
		}
	}
}

func done() bool {
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			if board[r][c] != board[0][0] {
				return false
			}
		}
	}
	return true
}

func dfs(depth, limit int) bool {
	if done() {
		return true
	}
	if depth == limit {
		return false
	}
	for i := 0; i < 16; i++ {
		flip(i/4, i%4)
		ok := dfs(depth+1, limit)
		flip(i/4, i%4)
		if ok {
			return true
		}
	}
	return false
}

func main() {
	for r := 0; r < 4; r++ {
		var s string
		fmt.Scan(&s)
		copy(board[r][:], s)
	}
	// at most 16 squares, so at most 16 rounds
	for limit := 0; limit <= 16; limit++ {
		if dfs(0, limit) {
			fmt.Println(limit)
			return
		}
	}
	fmt.Println("Impossible")
}
