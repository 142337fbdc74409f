// RE: BFS per case with a distance table of 9!/2 entries ("only half of the boards are reachable"), but indexed by the plain rank of the permutation, which goes up to 9!-1: index out of range.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
)

var fact = [9]int{1, 1, 2, 6, 24, 120, 720, 5040, 40320}

type board [9]byte

func rank(b *board) int {
	r := 0
	for i := 0; i < 9; i++ {
		c := 0
		for j := i + 1; j < 9; j++ {
			if b[j] < b[i] {
				c++
			}
		}
		r += c * fact[8-i]
	}
	return r
}

const reachable = 362880 / 2

var (
	stamp = make([]int, reachable)
	par   = make([]int, reachable)
	move  = make([]byte, reachable)
)

func solve(id int, s, g string) string {
	var start, goal board
	for i := 0; i < 9; i++ {
		if s[i] != 'X' {
			start[i] = s[i] - '0'
		}
		if g[i] != 'X' {
			goal[i] = g[i] - '0'
		}
	}
	rs, rg := rank(&start), rank(&goal)
	stamp[rs] = id
	queue := []board{start}
	steps := [4]int{3, -1, 1, -3}
	for h := 0; h < len(queue) && stamp[rg] != id; h++ {
		b := queue[h]
		rb := rank(&b)
		p := 0
		for b[p] != 0 {
			p++
		}
		for m, ok := range [4]bool{p < 6, p%3 > 0, p%3 < 2, p >= 3} {
			if !ok {
				continue
			}
			n := b
			n[p], n[p+steps[m]] = n[p+steps[m]], n[p]
			if r := rank(&n); stamp[r] != id {
				stamp[r], par[r], move[r] = id, rb, "dlru"[m]
				queue = append(queue, n)
			}
		}
	}
	var path []byte
	for r := rg; r != rs; r = par[r] {
		path = append([]byte{move[r]}, path...)
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
		p := solve(c, s, g)
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(p), p)
	}
}
