// Accepted: relabel every case so its start is the canonical board for its blank position; one FIFO BFS per blank position (d,l,r,u order) over the 9!/2 reachable states gives parent links whose read-back is the smallest shortest path.

//go:build ignore

package main

// A state is (blank square b, rank r of the 8 tiles read row by row with the
// blank skipped), index b*40320+r. Moving the blank left or right does not
// change the reading order of the tiles, so only b changes. Moving it down
// from b takes the tile at reading index b+2 to index b; moving it up from b
// takes the tile at reading index b-3 to index b-1. Those are 6 fixed
// rearrangements of the 8-sequence and their inverses, tabulated once.
//
// Why the parent links give the alphabetically smallest shortest path: the
// BFS queue holds layer k ordered by the smallest path of each state (true
// for layer 0). Every state of layer k+1 is first discovered from its
// earliest predecessor in the queue, with the smallest letter, and all paths
// of one layer have the same length, so "earliest predecessor, then smallest
// letter" is exactly "smallest path"; and the discovery order of layer k+1 is
// again the order of those paths.

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

// par[b0][state]: 0 unseen, 1..4 = the move (d,l,r,u) that first reached it, 5 = start.
var par [9][]byte

func bfs(b0 int) []byte {
	p := make([]byte, 9*fact8)
	q := make([]uint32, 0, 9*fact8/2)
	s := uint32(b0 * fact8)
	p[s] = 5
	q = append(q, s)
	for h := 0; h < len(q); h++ {
		x := q[h]
		b := int(x / fact8)
		r := int(x % fact8)
		if b < 6 {
			y := uint32((b+3)*fact8 + int(down[b][r]))
			if p[y] == 0 {
				p[y] = 1
				q = append(q, y)
			}
		}
		if b%3 > 0 {
			y := x - fact8
			if p[y] == 0 {
				p[y] = 2
				q = append(q, y)
			}
		}
		if b%3 < 2 {
			y := x + fact8
			if p[y] == 0 {
				p[y] = 3
				q = append(q, y)
			}
		}
		if b >= 3 {
			y := uint32((b-3)*fact8 + int(up[b-3][r]))
			if p[y] == 0 {
				p[y] = 4
				q = append(q, y)
			}
		}
	}
	return p
}

func solve(start, target string) string {
	var label [9]byte // tile digit -> its reading index in start
	bs, k := 0, byte(0)
	for i := 0; i < 9; i++ {
		if start[i] == 'X' {
			bs = i
		} else {
			label[start[i]-'0'] = k
			k++
		}
	}
	var seq [8]byte
	bt, k := 0, 0
	for i := 0; i < 9; i++ {
		if target[i] == 'X' {
			bt = i
		} else {
			seq[k] = label[target[i]-'0']
			k++
		}
	}
	if par[bs] == nil {
		par[bs] = bfs(bs)
	}
	p := par[bs]
	b, r := bt, rank8(&seq)
	var path [40]byte
	n := 0
	for {
		m := p[b*fact8+r]
		if m == 5 {
			break
		}
		switch m {
		case 1: // came down from b-3
			b -= 3
			r = int(up[b][r])
			path[n] = 'd'
		case 2: // came left from b+1
			b++
			path[n] = 'l'
		case 3: // came right from b-1
			b--
			path[n] = 'r'
		case 4: // came up from b+3
			r = int(down[b][r])
			b += 3
			path[n] = 'u'
		}
		n++
	}
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return string(path[:n])
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
