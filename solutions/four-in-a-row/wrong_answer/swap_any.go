// WA: treats a move as swapping one of the mover's pieces with ANY orthogonally adjacent square (an opposing piece too), not only with an empty one.

//go:build ignore

package main

import (
	"fmt"
)

type state struct {
	g    [4][4]byte
	side byte
}

func won(g [4][4]byte) bool {
	same := func(a, b, c, d byte) bool { return a != 'O' && a == b && b == c && c == d }
	for i := 0; i < 4; i++ {
		if same(g[i][0], g[i][1], g[i][2], g[i][3]) || same(g[0][i], g[1][i], g[2][i], g[3][i]) {
			return true
		}
	}
	return same(g[0][0], g[1][1], g[2][2], g[3][3]) || same(g[0][3], g[1][2], g[2][1], g[3][0])
}

func main() {
	var g [4][4]byte
	for r := 0; r < 4; r++ {
		var s string
		fmt.Scan(&s)
		copy(g[r][:], s)
	}
	dist := map[state]int{{g, 'B'}: 0, {g, 'W'}: 0}
	queue := []state{{g, 'B'}, {g, 'W'}}
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		if won(cur.g) {
			fmt.Println(dist[cur])
			return
		}
		other := byte('W')
		if cur.side == 'W' {
			other = 'B'
		}
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				if cur.g[r][c] != cur.side {
					continue
				}
				for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					nr, nc := r+d[0], c+d[1]
					if nr < 0 || nr >= 4 || nc < 0 || nc >= 4 || cur.g[nr][nc] == cur.side {
						continue
					}
					nxt := state{cur.g, other}
					nxt.g[r][c], nxt.g[nr][nc] = nxt.g[nr][nc], nxt.g[r][c]
					if _, ok := dist[nxt]; !ok {
						dist[nxt] = dist[cur] + 1
						queue = append(queue, nxt)
					}
				}
			}
		}
	}
	fmt.Println(-1)
}
