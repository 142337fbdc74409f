// Command generator prints one eight-puzzle input (T cases of start/target pairs).
//
//	generator <seed> [--cases N] [--min D] [--max D] [--ties] [--hard]
//
// Without --min/--max every case is a uniformly random solvable pair. With a
// range, each case draws a distance D uniformly from the feasible values in
// [min,max], a blank square among those whose canonical target has boards at
// distance D, one such board uniformly, and a random relabelling of the tiles
// (half of the time start and target are swapped). --ties draws 40 candidates
// per case and keeps the one with the most shortest paths, so that the
// alphabetical tie-break matters as much as possible. --hard draws 12
// candidates per case and keeps the one on which an IDA* with the Manhattan
// bound (moves in d,l,r,u order) expands the most nodes.
package main

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

const nStates = 362880

var fact = [10]int{1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880}

// boards are [9]byte with 0 for the blank and 1..8 for tiles.
type board [9]byte

func rank9(b *board) int {
	r, used := 0, uint(0)
	for i := 0; i < 9; i++ {
		v := uint(b[i])
		r += (int(v) - bits.OnesCount(used&(1<<v-1))) * fact[8-i]
		used |= 1 << v
	}
	return r
}

func unrank9(r int) board {
	var b board
	used := 0
	for i := 0; i < 9; i++ {
		c := r / fact[8-i]
		r %= fact[8-i]
		for v := 0; v < 9; v++ {
			if used&(1<<v) == 0 {
				if c == 0 {
					b[i] = byte(v)
					used |= 1 << v
					break
				}
				c--
			}
		}
	}
	return b
}

func blankOf(b *board) int {
	for i, v := range b {
		if v == 0 {
			return i
		}
	}
	return -1
}

// neighbours returns the boards reachable by one move of the blank.
func neighbours(b board, out []board) []board {
	out = out[:0]
	p := blankOf(&b)
	for _, q := range [4]int{p + 3, p - 1, p + 1, p - 3} { // d, l, r, u
		if q < 0 || q > 8 || (q == p-1 && p%3 == 0) || (q == p+1 && p%3 == 2) {
			continue
		}
		n := b
		n[p], n[q] = n[q], n[p]
		out = append(out, n)
	}
	return out
}

// canonical target for blank square p: tiles 1..8 in reading order.
func canonical(p int) board {
	var b board
	k := byte(1)
	for i := 0; i < 9; i++ {
		if i != p {
			b[i] = k
			k++
		}
	}
	return b
}

type table struct {
	dist   []int8
	byDist [][]int32
}

var tables [9]*table

func getTable(p int) *table {
	if tables[p] != nil {
		return tables[p]
	}
	t := &table{dist: make([]int8, nStates)}
	for i := range t.dist {
		t.dist[i] = -1
	}
	s := canonical(p)
	rs := rank9(&s)
	t.dist[rs] = 0
	q := []board{s}
	var nb []board
	for h := 0; h < len(q); h++ {
		x := q[h]
		rx := rank9(&x)
		d := t.dist[rx]
		for len(t.byDist) <= int(d) {
			t.byDist = append(t.byDist, nil)
		}
		t.byDist[d] = append(t.byDist[d], int32(rx))
		nb = neighbours(x, nb)
		for i := range nb {
			y := rank9(&nb[i])
			if t.dist[y] < 0 {
				t.dist[y] = d + 1
				q = append(q, nb[i])
			}
		}
	}
	tables[p] = t
	return t
}

// countPaths counts shortest paths from b to the canonical target of t.
func countPaths(t *table, b board, memo map[int32]float64) float64 {
	r := int32(rank9(&b))
	if t.dist[r] == 0 {
		return 1
	}
	if v, ok := memo[r]; ok {
		return v
	}
	var nb []board
	nb = neighbours(b, nb)
	total := 0.0
	for _, n := range nb {
		if t.dist[rank9(&n)] == t.dist[r]-1 {
			total += countPaths(t, n, memo)
		}
	}
	memo[r] = total
	return total
}

// idaNodes counts the nodes an IDA* with the Manhattan bound expands on the
// pair (moves in d,l,r,u order, never undoing the previous move).
func idaNodes(s, g board) int {
	var goal [9]int
	for i, v := range g {
		goal[v] = i
	}
	man := func(a, b int) int {
		return abs(a/3-b/3) + abs(a%3-b%3)
	}
	h0, blank := 0, 0
	for i, v := range s {
		if v == 0 {
			blank = i
		} else {
			h0 += man(i, goal[v])
		}
	}
	step := [4]int{3, -1, 1, -3}
	ok := func(b, m int) bool {
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
	nodes := 0
	var dfs func(g, h, bound, blank, prev int, next *int) bool
	dfs = func(gg, h, bound, blank, prev int, next *int) bool {
		nodes++
		if f := gg + h; f > bound {
			*next = min(*next, f)
			return false
		}
		if h == 0 {
			return true
		}
		for m := 0; m < 4; m++ {
			if m == 3-prev || !ok(blank, m) {
				continue
			}
			nb := blank + step[m]
			tile := s[nb]
			nh := h - man(nb, goal[tile]) + man(blank, goal[tile])
			s[blank], s[nb] = tile, 0
			found := dfs(gg+1, nh, bound, nb, m, next)
			s[blank], s[nb] = 0, tile
			if found {
				return true
			}
		}
		return false
	}
	for bound := h0; ; {
		next := 1 << 30
		if dfs(0, h0, bound, blank, 4, &next) {
			return nodes
		}
		bound = next
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func format(b board) string {
	var sb strings.Builder
	for _, v := range b {
		if v == 0 {
			sb.WriteByte('X')
		} else {
			sb.WriteByte('0' + v)
		}
	}
	return sb.String()
}

func parity(b board) int {
	inv := 0
	for i := 0; i < 9; i++ {
		for j := i + 1; j < 9; j++ {
			if b[i] != 0 && b[j] != 0 && b[i] > b[j] {
				inv++
			}
		}
	}
	return inv & 1
}

func randomBoard(rng *rand.Rand) board {
	var b board
	for i, v := range rng.Perm(9) {
		b[i] = byte(v)
	}
	return b
}

func relabel(rng *rand.Rand, a, b board) (board, board) {
	perm := rng.Perm(8)
	m := [9]byte{0}
	for i := 1; i <= 8; i++ {
		m[i] = byte(perm[i-1] + 1)
	}
	for i := range a {
		a[i] = m[a[i]]
		b[i] = m[b[i]]
	}
	return a, b
}

func usage(msg string) {
	fmt.Fprintln(os.Stderr, "generator:", msg)
	fmt.Fprintln(os.Stderr, "usage: generator <seed> [--cases N] [--min D] [--max D] [--ties] [--hard]")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage("missing seed")
	}
	seed, err := strconv.ParseUint(os.Args[1], 10, 64)
	if err != nil {
		usage("bad seed " + os.Args[1])
	}
	cases, lo, hi, ranged, ties, hard := 100, 0, 31, false, false, false
	args := os.Args[2:]
	intArg := func(i int) int {
		if i+1 >= len(args) {
			usage("missing value for " + args[i])
		}
		v, err := strconv.Atoi(args[i+1])
		if err != nil {
			usage("bad value for " + args[i])
		}
		return v
	}
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--cases":
			cases = intArg(i)
			i++
		case "--min":
			lo, ranged = intArg(i), true
			i++
		case "--max":
			hi, ranged = intArg(i), true
			i++
		case "--ties":
			ties, ranged = true, true
		case "--hard":
			hard, ranged = true, true
		default:
			usage("unknown argument " + args[i])
		}
	}
	if cases < 1 || cases > 200 {
		usage("--cases must be in 1..200")
	}
	if lo < 0 || hi > 31 || lo > hi {
		usage("need 0 <= min <= max <= 31")
	}
	rng := rand.New(rand.NewPCG(seed, 0x8e16b0a2d5c3f471))

	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\n", cases)
	if !ranged {
		for c := 0; c < cases; c++ {
			s, g := randomBoard(rng), randomBoard(rng)
			if parity(s) != parity(g) {
				// swap two tiles of the start (never the blank)
				i, j := 0, 1
				for s[i] == 0 || s[j] == 0 || i == j {
					i, j = rng.IntN(9), rng.IntN(9)
				}
				s[i], s[j] = s[j], s[i]
			}
			fmt.Fprintf(&sb, "%s\n%s\n", format(s), format(g))
		}
		os.Stdout.WriteString(sb.String())
		return
	}
	// which blank squares have boards at each distance
	var feasible [32][]int
	for p := 0; p < 9; p++ {
		t := getTable(p)
		for d := 0; d < len(t.byDist) && d < 32; d++ {
			feasible[d] = append(feasible[d], p)
		}
	}
	var ds []int
	for d := lo; d <= hi; d++ {
		if len(feasible[d]) > 0 {
			ds = append(ds, d)
		}
	}
	if len(ds) == 0 {
		usage("no distance in range")
	}
	// draw returns an oriented pair (start, target) in canonical labels, the
	// table of the canonical target and the non-canonical board.
	draw := func() (board, board, *table, board) {
		d := ds[rng.IntN(len(ds))]
		p := feasible[d][rng.IntN(len(feasible[d]))]
		t := tables[p]
		x := unrank9(int(t.byDist[d][rng.IntN(len(t.byDist[d]))]))
		if rng.IntN(2) == 1 {
			return canonical(p), x, t, x
		}
		return x, canonical(p), t, x
	}
	for c := 0; c < cases; c++ {
		s, g, t, x := draw()
		switch {
		case ties:
			best := countPaths(t, x, map[int32]float64{})
			for k := 1; k < 40; k++ {
				s2, g2, t2, x2 := draw()
				if n := countPaths(t2, x2, map[int32]float64{}); n > best {
					s, g, best = s2, g2, n
				}
			}
		case hard:
			best := idaNodes(s, g)
			for k := 1; k < 12; k++ {
				s2, g2, _, _ := draw()
				if n := idaNodes(s2, g2); n > best {
					s, g, best = s2, g2, n
				}
			}
		}
		s, g = relabel(rng, s, g)
		fmt.Fprintf(&sb, "%s\n%s\n", format(s), format(g))
	}
	os.Stdout.WriteString(sb.String())
}
