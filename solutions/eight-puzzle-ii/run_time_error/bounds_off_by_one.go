// RE: IDA* with the Manhattan bound whose move check only asks that the new blank square lies in 0..9 (<= 9 instead of < 9) and not off the side of a row: moving down from the bottom-left square indexes board[9] and panics.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
)

var (
	board   [9]byte
	goalPos [9]int
	path    [40]byte
	found   int
	step    = [4]int{3, -1, 1, -3}
	letter  = [4]byte{'d', 'l', 'r', 'u'}
)

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func man(a, b int) int { return abs(a/3-b/3) + abs(a%3-b%3) }

func dfs(g, h, bound, blank, prev int, next *int) bool {
	if g+h > bound {
		*next = min(*next, g+h)
		return false
	}
	if h == 0 {
		found = g
		return true
	}
	for m := 0; m < 4; m++ {
		if m == 3-prev {
			continue
		}
		nb := blank + step[m]
		if nb < 0 || nb > 9 {
			continue
		}
		if (m == 1 && blank%3 == 0) || (m == 2 && blank%3 == 2) {
			continue
		}
		tile := board[nb]
		nh := h - man(nb, goalPos[tile]) + man(blank, goalPos[tile])
		board[blank], board[nb] = tile, 0
		path[g] = letter[m]
		if dfs(g+1, nh, bound, nb, m, next) {
			return true
		}
		board[blank], board[nb] = 0, tile
	}
	return false
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var t int
	fmt.Fscan(in, &t)
	for c := 1; c <= t; c++ {
		var s, g string
		fmt.Fscan(in, &s, &g)
		for i := 0; i < 9; i++ {
			if g[i] != 'X' {
				goalPos[g[i]-'0'] = i
			}
		}
		blank, h := 0, 0
		for i := 0; i < 9; i++ {
			if s[i] == 'X' {
				board[i], blank = 0, i
			} else {
				board[i] = s[i] - '0'
				h += man(i, goalPos[board[i]])
			}
		}
		for bound := h; ; {
			next := 1 << 30
			if dfs(0, h, bound, blank, 4, &next) {
				break
			}
			bound = next
		}
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, found, path[:found])
	}
}
