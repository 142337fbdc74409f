// TLE: depth-first search over every move sequence of up to 20 moves (a "safe" bound), with no visited set and no cut-off once a shorter answer is known.

//go:build ignore

package main

import (
	"fmt"
)

var (
	g    [4][4]byte
	best = 1 << 30
)

func won() bool {
	same := func(a, b, c, d byte) bool { return a != 'O' && a == b && b == c && c == d }
	for i := 0; i < 4; i++ {
		if same(g[i][0], g[i][1], g[i][2], g[i][3]) || same(g[0][i], g[1][i], g[2][i], g[3][i]) {
			return true
		}
	}
	return same(g[0][0], g[1][1], g[2][2], g[3][3]) || same(g[0][3], g[1][2], g[2][1], g[3][0])
}

func dfs(depth int, side byte) {
	if won() {
		if depth < best {
			best = depth
		}
		return
	}
	if depth == 20 {
		return
	}
	other := byte('B')
	if side == 'B' {
		other = 'W'
	}
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			if g[r][c] != 'O' {
				continue
			}
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := r+d[0], c+d[1]
				if nr < 0 || nr >= 4 || nc < 0 || nc >= 4 || g[nr][nc] != side {
					continue
				}
				g[r][c], g[nr][nc] = side, 'O'
				dfs(depth+1, other)
				g[r][c], g[nr][nc] = 'O', side
			}
		}
	}
}

func main() {
	for r := 0; r < 4; r++ {
		var s string
		fmt.Scan(&s)
		copy(g[r][:], s)
	}
	dfs(0, 'B')
	dfs(0, 'W')
	fmt.Println(best)
}
