// WA: IDA* with the Manhattan bound finds a shortest path, but tries the moves in u,r,l,d order, so the first path found is not the alphabetically smallest one.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
)

var (
	board    [9]byte
	goalPos  [9]int    // tile -> square in the target
	dist     [9][9]int // Manhattan distance between squares
	path     [40]byte
	moveStep = [4]int{-3, 1, -1, 3}
	moveName = [4]byte{'u', 'r', 'l', 'd'}
	opposite = [5]int{3, 2, 1, 0, -1} // index 4: no previous move
	found    int
)

func canMove(b, m int) bool {
	switch m {
	case 0:
		return b >= 3
	case 1:
		return b%3 < 2
	case 2:
		return b%3 > 0
	}
	return b < 6
}

// dfs returns true when the target is reached within bound; otherwise it
// lowers *next to the smallest f that exceeded the bound.
func dfs(g, h, bound, blank, prev int, next *int) bool {
	if f := g + h; f > bound {
		if f < *next {
			*next = f
		}
		return false
	}
	if h == 0 {
		found = g
		return true
	}
	for m := 0; m < 4; m++ {
		if m == opposite[prev] || !canMove(blank, m) {
			continue
		}
		nb := blank + moveStep[m]
		tile := board[nb]
		nh := h - dist[nb][goalPos[tile]] + dist[blank][goalPos[tile]]
		board[blank], board[nb] = tile, 0
		path[g] = moveName[m]
		if dfs(g+1, nh, bound, nb, m, next) {
			return true
		}
		board[blank], board[nb] = 0, tile
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func solve(start, target string) string {
	blank, h := 0, 0
	for i := 0; i < 9; i++ {
		if target[i] != 'X' {
			goalPos[target[i]-'0'] = i
		}
	}
	for i := 0; i < 9; i++ {
		if start[i] == 'X' {
			board[i] = 0
			blank = i
		} else {
			board[i] = start[i] - '0'
			h += dist[i][goalPos[board[i]]]
		}
	}
	for bound := h; ; {
		next := 1 << 30
		if dfs(0, h, bound, blank, 4, &next) {
			return string(path[:found])
		}
		bound = next
	}
}

func main() {
	for a := 0; a < 9; a++ {
		for b := 0; b < 9; b++ {
			dist[a][b] = abs(a/3-b/3) + abs(a%3-b%3)
		}
	}
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var t int
	fmt.Fscan(in, &t)
	for c := 1; c <= t; c++ {
		var s, g string
		fmt.Fscan(in, &s, &g)
		p := solve(s, g)
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(p), p)
	}
}
