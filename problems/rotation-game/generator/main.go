// Command generator prints one rotation-game input.
//
//	generator <seed> [--cases N] [--depth D] [--dist K] [--hard H] [--solved S]
//
// Without --depth or --dist every board is a uniformly random arrangement of
// eight 1s, eight 2s and eight 3s. --depth D scrambles a solved board (random
// centre value, random outside) with D random moves. --dist K makes every
// board need exactly K moves (0..13; found with a BFS over the placements of
// eight equal pieces). --hard H inserts H extra boards that need 13 moves and
// --solved S inserts S extra already solved boards, at random positions.
// The output depends only on the seed and the arguments.
package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

var lines = [8][7]int{
	{0, 2, 6, 11, 15, 20, 22},
	{1, 3, 8, 12, 17, 21, 23},
	{10, 9, 8, 7, 6, 5, 4},
	{19, 18, 17, 16, 15, 14, 13},
	{23, 21, 17, 12, 8, 3, 1},
	{22, 20, 15, 11, 6, 2, 0},
	{13, 14, 15, 16, 17, 18, 19},
	{4, 5, 6, 7, 8, 9, 10},
}

var centre = [8]int{6, 7, 8, 11, 12, 15, 16, 17}

const centreMask = 1<<6 | 1<<7 | 1<<8 | 1<<11 | 1<<12 | 1<<15 | 1<<16 | 1<<17

type board [24]int

func (b *board) move(m int) {
	l := lines[m]
	first := b[l[0]]
	for i := 0; i < 6; i++ {
		b[l[i]] = b[l[i+1]]
	}
	b[l[6]] = first
}

func (b *board) mask(v int) uint32 {
	var s uint32
	for i, x := range b {
		if x == v {
			s |= 1 << i
		}
	}
	return s
}

// byteMove[m][k][x] is where the set bits of byte k (value x) of a 24-bit
// placement mask go under move m; a move permutes cells, so the image of a
// mask is the OR of the images of its three bytes.
var byteMove [8][3][256]uint32

func init() {
	for m, l := range lines {
		var dest [24]int // the piece on cell c moves to dest[c]
		for i := range dest {
			dest[i] = i
		}
		for i := 0; i < 7; i++ {
			dest[l[(i+1)%7]] = l[i]
		}
		for k := 0; k < 3; k++ {
			for x := 0; x < 256; x++ {
				var r uint32
				for j := 0; j < 8; j++ {
					if x>>j&1 != 0 {
						r |= 1 << dest[8*k+j]
					}
				}
				byteMove[m][k][x] = r
			}
		}
	}
}

func applyMask(m int, s uint32) uint32 {
	t := &byteMove[m]
	return t[0][s&255] | t[1][s>>8&255] | t[2][s>>16&255]
}

// table holds, for every placement of eight equal pieces, the fewest moves
// that bring them into the centre.
type table struct {
	dist []int8   // indexed by placement mask; only 8-bit masks are meaningful
	all  []uint32 // the 735,471 placements in BFS order
}

func newTable() *table {
	t := &table{dist: make([]int8, 1<<24), all: make([]uint32, 1, 735471)}
	seen := make([]uint64, 1<<24/64)
	t.all[0] = centreMask
	seen[centreMask/64] |= 1 << (centreMask % 64)
	for h := 0; h < len(t.all); h++ {
		s := t.all[h]
		for m := 0; m < 8; m++ {
			u := applyMask(m, s)
			if seen[u/64]>>(u%64)&1 == 0 {
				seen[u/64] |= 1 << (u % 64)
				t.dist[u] = t.dist[s] + 1
				t.all = append(t.all, u)
			}
		}
	}
	return t
}

func (t *table) boardDist(b *board) int {
	d := int8(127)
	for v := 1; v <= 3; v++ {
		if x := t.dist[b.mask(v)]; x < d {
			d = x
		}
	}
	return int(d)
}

// hardBoards lists every board that needs 13 moves (the maximum), in a fixed order.
func (t *table) hardBoards() []board {
	var far []uint32
	for _, s := range t.all {
		if t.dist[s] >= 13 {
			far = append(far, s)
		}
	}
	var res []board
	for _, a := range far {
		for _, b := range far {
			if a&b != 0 {
				continue
			}
			c := uint32(1<<24-1) &^ (a | b)
			if t.dist[c] < 13 {
				continue
			}
			var bd board
			for i := range bd {
				switch {
				case a>>i&1 != 0:
					bd[i] = 1
				case b>>i&1 != 0:
					bd[i] = 2
				default:
					bd[i] = 3
				}
			}
			res = append(res, bd)
		}
	}
	return res
}

func randomBoard(r *rand.Rand) board {
	var b board
	for i := range b {
		b[i] = i/8 + 1
	}
	r.Shuffle(24, func(i, j int) { b[i], b[j] = b[j], b[i] })
	return b
}

func solvedBoard(r *rand.Rand) board {
	v := r.IntN(3) + 1
	var rest []int
	for x := 1; x <= 3; x++ {
		if x != v {
			for k := 0; k < 8; k++ {
				rest = append(rest, x)
			}
		}
	}
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	var b board
	for _, c := range centre {
		b[c] = v
	}
	k := 0
	for i := range b {
		if b[i] == 0 {
			b[i] = rest[k]
			k++
		}
	}
	return b
}

func scrambled(r *rand.Rand, depth int) board {
	b := solvedBoard(r)
	for i := 0; i < depth; i++ {
		b.move(r.IntN(8))
	}
	return b
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "generator:", msg)
	fmt.Fprintln(os.Stderr, "usage: generator <seed> [--cases N] [--depth D] [--dist K] [--hard H] [--solved S]")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		fail("missing seed")
	}
	seed, err := strconv.ParseUint(os.Args[1], 10, 64)
	if err != nil {
		fail("bad seed " + os.Args[1])
	}
	cases, depth, dist, hard, solved := 10, -1, -1, 0, 0
	args := os.Args[2:]
	for i := 0; i < len(args); i += 2 {
		if i+1 >= len(args) {
			fail("missing value for " + args[i])
		}
		n, err := strconv.Atoi(args[i+1])
		if err != nil || n < 0 {
			fail("bad value for " + args[i])
		}
		switch args[i] {
		case "--cases":
			cases = n
		case "--depth":
			depth = n
		case "--dist":
			dist = n
		case "--hard":
			hard = n
		case "--solved":
			solved = n
		default:
			fail("unknown option " + args[i])
		}
	}
	if dist > 13 {
		fail("--dist must be at most 13")
	}
	if cases+hard+solved == 0 {
		fail("no cases")
	}
	r := rand.New(rand.NewPCG(seed, 0x524f544154494f4e))

	var t *table
	var hardList []board
	if dist >= 0 || hard > 0 {
		t = newTable()
	}
	if dist == 13 || hard > 0 {
		hardList = t.hardBoards()
	}

	var boards []board
	for len(boards) < cases {
		switch {
		case dist == 13:
			boards = append(boards, hardList[r.IntN(len(hardList))])
		case dist >= 10:
			// random boards mostly need 8 to 10 moves; keep exact hits
			b := randomBoard(r)
			if t.boardDist(&b) == dist {
				boards = append(boards, b)
			}
		case dist >= 0:
			// scramble a little deeper than needed and keep exact hits
			b := scrambled(r, dist+r.IntN(4))
			if t.boardDist(&b) == dist {
				boards = append(boards, b)
			}
		case depth >= 0:
			boards = append(boards, scrambled(r, depth))
		default:
			boards = append(boards, randomBoard(r))
		}
	}
	insert := func(b board) {
		p := r.IntN(len(boards) + 1)
		boards = append(boards, board{})
		copy(boards[p+1:], boards[p:])
		boards[p] = b
	}
	for i := 0; i < hard; i++ {
		insert(hardList[r.IntN(len(hardList))])
	}
	for i := 0; i < solved; i++ {
		insert(solvedBoard(r))
	}

	var sb strings.Builder
	for _, b := range boards {
		for i, x := range b {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(x))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("0\n")
	os.Stdout.WriteString(sb.String())
}
