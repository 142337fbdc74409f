// WA: BFS per case from the TARGET (d,l,r,u order) and then follows the parent links from the start: the path is shortest, but the tie-break is decided at the target end, so it is often not the alphabetically smallest.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"os"
)

var fact = [9]int{1, 1, 2, 6, 24, 120, 720, 5040, 40320}

func rank(b *[9]byte) int {
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
	next  = make([]int32, 362880) // rank of the neighbour one step closer to the target
	mv    = make([]byte, 362880)  // letter of the move from this board to next
	seen  = make([]int32, 362880) // case number that saw the board
	step  = [4]int{3, -1, 1, -3}
	name  = [4]byte{'d', 'l', 'r', 'u'}
	back  = [4]byte{'u', 'r', 'l', 'd'} // the move that undoes d, l, r, u
	legal = func(b, m int) bool {
		switch m {
		case 0:
			return b < 6
		case 1:
			return b%3 > 0
		case 2:
			return b%3 < 2
		}
		return b >= 3
	}
)

func parse(s string) (b [9]byte) {
	for i := 0; i < 9; i++ {
		if s[i] != 'X' {
			b[i] = s[i] - '0'
		}
	}
	return
}

func solve(id int32, start, target [9]byte) string {
	rs := rank(&start)
	rt := rank(&target)
	seen[rt] = id
	next[rt] = -1
	queue := [][9]byte{target}
	for h := 0; h < len(queue) && seen[rs] != id; h++ {
		b := queue[h]
		rb := rank(&b)
		p := 0
		for b[p] != 0 {
			p++
		}
		for m := 0; m < 4; m++ {
			if !legal(p, m) {
				continue
			}
			n := b
			q := p + step[m]
			n[p], n[q] = n[q], n[p]
			rn := rank(&n)
			if seen[rn] != id {
				seen[rn] = id
				next[rn] = int32(rb)
				mv[rn] = back[m]
				queue = append(queue, n)
			}
		}
	}
	var path []byte
	for r := rs; r != rt; r = int(next[r]) {
		path = append(path, mv[r])
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
		p := solve(int32(c), parse(s), parse(g))
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(p), p)
	}
}
