// Accepted: bidirectional BFS per case (layer by layer from both ends, always growing the smaller frontier); the best meeting point of a finished layer gives a shortest path. Boards are (blank square, rank of the tile order) with tabulated moves.

//go:build ignore

package main

// A state is (blank square b, rank r of the 8 tiles read row by row with the
// blank skipped), index b*40320+r. Moving the blank left or right does not
// change the reading order of the tiles, so only b changes. Moving it down
// from b takes the tile at reading index b+2 to index b; moving it up from b
// takes the tile at reading index b-3 to index b-1. Those are 6 fixed
// rearrangements of the 8-sequence and their inverses, tabulated once.

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

const nStates = 9 * fact8

// side is what one direction of the search knows. stamp[x] tells which case
// (1..200) reached state x, so nothing is ever cleared; link[x] packs the
// state it was reached from (<< 7), its depth (5 bits, << 2) and the move
// used (0..3 = d,l,r,u).
type side struct {
	stamp []uint8
	link  []uint32
	buf   [2][]uint32 // frontier storage: the current layer and the next one
	flip  int
}

func depthOf(link uint32) int { return int(link>>2) & 31 }

func newSide() *side {
	return &side{
		stamp: make([]uint8, nStates),
		link:  make([]uint32, nStates),
		buf:   [2][]uint32{make([]uint32, 0, nStates/2), make([]uint32, 0, nStates/2)},
	}
}

var (
	fw, bw  = newSide(), newSide()
	letters = [4]byte{'d', 'l', 'r', 'u'}
	inverse = [4]byte{'u', 'r', 'l', 'd'}
)

// state encodes a board: blank square and rank of the tiles (1..8 as 0..7).
func state(s string) uint32 {
	var seq [8]byte
	b, k := 0, 0
	for i := 0; i < 9; i++ {
		if s[i] == 'X' {
			b = i
		} else {
			seq[k] = s[i] - '1'
			k++
		}
	}
	return uint32(b*fact8 + rank8(&seq))
}

func solve(id uint8, start, target string) string {
	rs, rt := state(start), state(target)
	if rs == rt {
		return ""
	}
	fw.stamp[rs], fw.link[rs], fw.flip = id, 0, 0
	bw.stamp[rt], bw.link[rt], bw.flip = id, 0, 0
	front := append(fw.buf[0][:0], rs)
	back := append(bw.buf[0][:0], rt)
	for {
		// grow the smaller frontier by one whole layer
		cur, other, layer := fw, bw, &front
		if len(back) < len(front) {
			cur, other, layer = bw, fw, &back
		}
		best, meet := 1<<30, uint32(0)
		cur.flip ^= 1
		next := cur.buf[cur.flip][:0]
		depth := uint32(depthOf(cur.link[(*layer)[0]]) + 1)
		visit := func(x, y uint32, m uint32) {
			if cur.stamp[y] == id {
				return
			}
			cur.stamp[y] = id
			cur.link[y] = x<<7 | depth<<2 | m
			next = append(next, y)
			if other.stamp[y] == id {
				if d := int(depth) + depthOf(other.link[y]); d < best {
					best, meet = d, y
				}
			}
		}
		for _, x := range *layer {
			b, r := int(x/fact8), int(x%fact8)
			if b < 6 {
				visit(x, uint32((b+3)*fact8+int(down[b][r])), 0)
			}
			if b%3 > 0 {
				visit(x, x-fact8, 1)
			}
			if b%3 < 2 {
				visit(x, x+fact8, 2)
			}
			if b >= 3 {
				visit(x, uint32((b-3)*fact8+int(up[b-3][r])), 3)
			}
		}
		*layer = next
		if best < 1<<30 {
			return buildPath(meet, rs, rt)
		}
	}
}

func buildPath(meet, rs, rt uint32) string {
	var head []byte
	for x := meet; x != rs; x = fw.link[x] >> 7 {
		head = append(head, letters[fw.link[x]&3])
	}
	for i, j := 0, len(head)-1; i < j; i, j = i+1, j-1 {
		head[i], head[j] = head[j], head[i]
	}
	for x := meet; x != rt; x = bw.link[x] >> 7 {
		head = append(head, inverse[bw.link[x]&3])
	}
	return string(head)
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	buildTables()
	var t int
	fmt.Fscan(in, &t)
	for c := 1; c <= t; c++ { // t <= 200, so c fits the one-byte stamps
		var s, g string
		fmt.Fscan(in, &s, &g)
		p := solve(uint8(c), s, g)
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(p), p)
	}
}
