// WA: reads the target line but always solves towards 12345678X (the classic one-target version of the puzzle), BFS from that goal with a distance table.

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

var (
	dist  = make([]int8, 362880) // moves to the goal + 1, 0 = unreachable
	steps = [4]int{3, -1, 1, -3}
	names = [4]byte{'d', 'l', 'r', 'u'}
)

func legal(p, m int) bool {
	switch m {
	case 0:
		return p < 6
	case 1:
		return p%3 > 0
	case 2:
		return p%3 < 2
	}
	return p >= 3
}

func blank(b *board) int {
	for i, v := range b {
		if v == 0 {
			return i
		}
	}
	return -1
}

func main() {
	goal := board{1, 2, 3, 4, 5, 6, 7, 8, 0}
	dist[rank(&goal)] = 1
	queue := []board{goal}
	for h := 0; h < len(queue); h++ {
		b := queue[h]
		p := blank(&b)
		for m := 0; m < 4; m++ {
			if legal(p, m) {
				n := b
				n[p], n[p+steps[m]] = n[p+steps[m]], n[p]
				if r := rank(&n); dist[r] == 0 {
					dist[r] = dist[rank(&b)] + 1
					queue = append(queue, n)
				}
			}
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
		var b board
		for i := 0; i < 9; i++ {
			if s[i] != 'X' {
				b[i] = s[i] - '0'
			}
		}
		var path []byte
		for dist[rank(&b)] > 1 {
			p := blank(&b)
			for m := 0; m < 4; m++ {
				if !legal(p, m) {
					continue
				}
				n := b
				n[p], n[p+steps[m]] = n[p+steps[m]], n[p]
				if dist[rank(&n)] == dist[rank(&b)]-1 {
					b = n
					path = append(path, names[m])
					break
				}
			}
		}
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(path), path)
	}
}
