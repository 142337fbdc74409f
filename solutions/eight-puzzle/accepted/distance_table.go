// Accepted: relabel every case so its target is the canonical board for its blank position; one BFS per blank position over the 9!/2 reachable states gives every board's distance to it, then each answer walks downhill taking the first of r,u,l,d that lowers the distance.

//go:build ignore

package main

// A state is (blank square b, rank r of the 8 tiles read row by row with the
// blank skipped), index b*40320+r. Moving the blank left or right does not
// change the reading order of the tiles, so only b changes. Moving it down
// from b takes the tile at reading index b+2 to index b; moving it up from b
// takes the tile at reading index b-3 to index b-1. Those are 6 fixed
// rearrangements of the 8-sequence and their inverses, tabulated once.
// Relabelling the tiles changes neither distances nor move letters.

import (
	"bufio"
	"fmt"
	"math/bits"
	"os"
)

const fact8 = 40320

var fact = [9]int{1, 1, 2, 6, 24, 120, 720, 5040, 40320}

// down[j][r]: the tile at reading index j+2 moves to index j.
// up[j][r]: the tile at reading index j moves to index j+2 (inverse of down[j]).
var down, up [6][fact8]uint16

func rank8(a *[8]byte) int {
	r, used := 0, uint(0)
	for i := 0; i < 8; i++ {
		v := uint(a[i])
		r += (int(v) - bits.OnesCount(used&(1<<v-1))) * fact[7-i]
		used |= 1 << v
	}
	return r
}

func buildTables() {
	var a [8]byte
	// enumerate permutations in lexicographic order: index == rank
	for i := range a {
		a[i] = byte(i)
	}
	for r := 0; r < fact8; r++ {
		for j := 0; j < 6; j++ {
			b := a
			b[j], b[j+1], b[j+2] = a[j+2], a[j], a[j+1]
			nr := uint16(rank8(&b))
			down[j][r] = nr
			up[j][nr] = uint16(r)
		}
		nextPerm(&a)
	}
}

func nextPerm(a *[8]byte) {
	i := 6
	for i >= 0 && a[i] >= a[i+1] {
		i--
	}
	if i < 0 {
		return
	}
	j := 7
	for a[j] <= a[i] {
		j--
	}
	a[i], a[j] = a[j], a[i]
	for l, h := i+1, 7; l < h; l, h = l+1, h-1 {
		a[l], a[h] = a[h], a[l]
	}
}

// dist[b0][state]: moves from state to the canonical board with blank b0, plus 1 (0 = not computed).
var dist [9][]int8

func bfs(b0 int) []int8 {
	d := make([]int8, 9*fact8)
	q := make([]uint32, 0, 9*fact8/2)
	s := uint32(b0 * fact8)
	d[s] = 1
	q = append(q, s)
	for h := 0; h < len(q); h++ {
		x := q[h]
		b := int(x / fact8)
		r := int(x % fact8)
		nd := d[x] + 1
		visit := func(y uint32) {
			if d[y] == 0 {
				d[y] = nd
				q = append(q, y)
			}
		}
		if b < 6 {
			visit(uint32((b+3)*fact8 + int(down[b][r])))
		}
		if b%3 > 0 {
			visit(x - fact8)
		}
		if b%3 < 2 {
			visit(x + fact8)
		}
		if b >= 3 {
			visit(uint32((b-3)*fact8 + int(up[b-3][r])))
		}
	}
	return d
}

func solve(start, target string) string {
	var label [9]byte // tile digit -> its reading index in the target
	bt, k := 0, byte(0)
	for i := 0; i < 9; i++ {
		if target[i] == 'X' {
			bt = i
		} else {
			label[target[i]-'0'] = k
			k++
		}
	}
	var seq [8]byte
	b, n := 0, 0
	for i := 0; i < 9; i++ {
		if start[i] == 'X' {
			b = i
		} else {
			seq[n] = label[start[i]-'0']
			n++
		}
	}
	if dist[bt] == nil {
		dist[bt] = bfs(bt)
	}
	d := dist[bt]
	r := rank8(&seq)
	var path []byte
	for d[b*fact8+r] > 1 {
		want := d[b*fact8+r] - 1
		switch {
		case b%3 < 2 && d[(b+1)*fact8+r] == want:
			b++
			path = append(path, 'r')
		case b >= 3 && d[(b-3)*fact8+int(up[b-3][r])] == want:
			r = int(up[b-3][r])
			b -= 3
			path = append(path, 'u')
		case b%3 > 0 && d[(b-1)*fact8+r] == want:
			b--
			path = append(path, 'l')
		default: // b < 6, and the move down must be the one
			r = int(down[b][r])
			b += 3
			path = append(path, 'd')
		}
	}
	return string(path)
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	buildTables()
	var t int
	fmt.Fscan(in, &t)
	for c := 1; c <= t; c++ {
		var s, g string
		fmt.Fscan(in, &s, &g)
		p := solve(s, g)
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(p), p)
	}
}
