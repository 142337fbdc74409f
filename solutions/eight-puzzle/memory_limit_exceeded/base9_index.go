// MLE: BFS per case whose visited table is indexed by the board read as a base-9 number (9^9 = 387,420,489 entries, one byte each) and cleared before every case, so all of it is touched.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
)

var from [387420489]byte // move (d,l,r,u) that first reached the board, 0 = unseen

func encode(b *[9]byte) int {
	v := 0
	for i := 0; i < 9; i++ {
		v = v*9 + int(b[i])
	}
	return v
}

func solve(s, g string) string {
	clear(from[:])
	var start, goal [9]byte
	for i := 0; i < 9; i++ {
		if s[i] != 'X' {
			start[i] = s[i] - '0'
		}
		if g[i] != 'X' {
			goal[i] = g[i] - '0'
		}
	}
	es, eg := encode(&start), encode(&goal)
	from[es] = 'S'
	queue := [][9]byte{start}
	steps := map[byte]int{'d': 3, 'l': -1, 'r': 1, 'u': -3}
	for h := 0; h < len(queue) && from[eg] == 0; h++ {
		b := queue[h]
		p := 0
		for b[p] != 0 {
			p++
		}
		for _, m := range []byte("dlru") {
			if (m == 'd' && p >= 6) || (m == 'u' && p < 3) || (m == 'l' && p%3 == 0) || (m == 'r' && p%3 == 2) {
				continue
			}
			n := b
			n[p], n[p+steps[m]] = n[p+steps[m]], n[p]
			if e := encode(&n); from[e] == 0 {
				from[e] = m
				queue = append(queue, n)
			}
		}
	}
	var path []byte
	b := goal
	for e := eg; e != es; e = encode(&b) {
		m := from[e]
		path = append([]byte{m}, path...)
		p := 0
		for b[p] != 0 {
			p++
		}
		q := p - steps[m] // undo the move
		b[p], b[q] = b[q], b[p]
	}
	return string(path)
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
		p := solve(s, g)
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(p), p)
	}
}
