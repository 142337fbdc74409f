// Accepted: one breadth-first search over (board, side to move) started from both first movers at once; the first goal board dequeued gives the answer.

//go:build ignore

package main

import (
	"fmt"
)

type state struct {
	g    [4][4]byte
	side byte // 'B' or 'W', the colour to move
}

func won(g *[4][4]byte) bool {
	for i := 0; i < 4; i++ {
		if g[i][0] != 'O' && g[i][0] == g[i][1] && g[i][1] == g[i][2] && g[i][2] == g[i][3] {
			return true
		}
		if g[0][i] != 'O' && g[0][i] == g[1][i] && g[1][i] == g[2][i] && g[2][i] == g[3][i] {
			return true
		}
	}
	if g[0][0] != 'O' && g[0][0] == g[1][1] && g[1][1] == g[2][2] && g[2][2] == g[3][3] {
		return true
	}
	if g[0][3] != 'O' && g[0][3] == g[1][2] && g[1][2] == g[2][1] && g[2][1] == g[3][0] {
		return true
	}
	return false
}

func main() {
	var start [4][4]byte
	for r := 0; r < 4; r++ {
		var s string
		fmt.Scan(&s)
		copy(start[r][:], s)
	}
	dist := map[state]int{}
	queue := []state{{start, 'B'}, {start, 'W'}}
	dist[queue[0]] = 0
	dist[queue[1]] = 0
	dr := [4]int{-1, 1, 0, 0}
	dc := [4]int{0, 0, -1, 1}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		d := dist[cur]
		if won(&cur.g) {
			fmt.Println(d)
			return
		}
		other := byte('B')
		if cur.side == 'B' {
			other = 'W'
		}
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				if cur.g[r][c] != 'O' {
					continue
				}
				for k := 0; k < 4; k++ {
					nr, nc := r+dr[k], c+dc[k]
					if nr < 0 || nr >= 4 || nc < 0 || nc >= 4 || cur.g[nr][nc] != cur.side {
						continue
					}
					nxt := state{cur.g, other}
					nxt.g[r][c], nxt.g[nr][nc] = cur.side, 'O'
					if _, ok := dist[nxt]; !ok {
						dist[nxt] = d + 1
						queue = append(queue, nxt)
					}
				}
			}
		}
	}
	fmt.Println(-1)
}
