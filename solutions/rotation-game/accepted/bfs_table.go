// Accepted: one BFS over the C(24,8) placements of eight equal pieces (distance to "all eight in the centre"), then a greedy walk for the smallest string.

//go:build ignore

package main

import (
	"bufio"
	"os"
	"strconv"
)

// lines[m] lists the seven squares moved by move 'A'+m; each square takes the
// value of the next one in the list and the last takes the old first value.
var lines = [8][7]uint{
	{0, 2, 6, 11, 15, 20, 22},
	{1, 3, 8, 12, 17, 21, 23},
	{10, 9, 8, 7, 6, 5, 4},
	{19, 18, 17, 16, 15, 14, 13},
	{23, 21, 17, 12, 8, 3, 1},
	{22, 20, 15, 11, 6, 2, 0},
	{13, 14, 15, 16, 17, 18, 19},
	{4, 5, 6, 7, 8, 9, 10},
}

const centreMask = 1<<6 | 1<<7 | 1<<8 | 1<<11 | 1<<12 | 1<<15 | 1<<16 | 1<<17

// byteMove[m][k][x]: where the set bits of byte k (value x) of a 24-bit
// placement mask end up after move m. A move permutes squares, so the image
// of a mask is the OR of the images of its three bytes.
var byteMove [8][3][256]uint32

func apply(m int, s uint32) uint32 {
	t := &byteMove[m]
	return t[0][s&255] | t[1][s>>8&255] | t[2][s>>16&255]
}

func main() {
	for m := 0; m < 8; m++ {
		var dest [24]uint // the piece on square sq moves to dest[sq]
		for i := range dest {
			dest[i] = uint(i)
		}
		l := lines[m]
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

	// dist[mask] = fewest moves that bring the eight pieces on mask into the
	// centre (moves come in inverse pairs, so BFS from the goal works).
	// Unreached entries stay 0 but are never looked up except at the goal.
	dist := make([]int8, 1<<24)
	queue := make([]uint32, 1, 735471)
	queue[0] = centreMask
	dist[centreMask] = 0
	seen := make([]uint64, 1<<24/64)
	seen[centreMask/64] |= 1 << (centreMask % 64)
	for h := 0; h < len(queue); h++ {
		s := queue[h]
		d := dist[s] + 1
		for m := 0; m < 8; m++ {
			t := apply(m, s)
			if seen[t/64]>>(t%64)&1 == 0 {
				seen[t/64] |= 1 << (t % 64)
				dist[t] = d
				queue = append(queue, t)
			}
		}
	}

	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	readInt := func() int {
		n := 0
		c, _ := in.ReadByte()
		for c == ' ' || c == '\n' || c == '\r' {
			c, _ = in.ReadByte()
		}
		for c >= '0' && c <= '9' {
			n = n*10 + int(c-'0')
			c, _ = in.ReadByte()
		}
		return n
	}
	best := func(masks *[4]uint32) int8 {
		d := dist[masks[1]]
		if dist[masks[2]] < d {
			d = dist[masks[2]]
		}
		if dist[masks[3]] < d {
			d = dist[masks[3]]
		}
		return d
	}
	path := make([]byte, 0, 32)
	for {
		v := readInt()
		if v == 0 {
			break
		}
		var masks [4]uint32
		masks[v] |= 1
		for i := 1; i < 24; i++ {
			masks[readInt()] |= 1 << i
		}
		need := best(&masks)
		if need == 0 {
			out.WriteString("No moves needed\n")
		}
		path = path[:0]
		for need > 0 {
			// the smallest letter after which some value can still finish in need-1 moves
			for m := 0; m < 8; m++ {
				next := masks
				for v := 1; v <= 3; v++ {
					next[v] = apply(m, masks[v])
				}
				if best(&next) == need-1 {
					masks = next
					path = append(path, byte('A'+m))
					need--
					break
				}
			}
		}
		if len(path) > 0 {
			out.Write(path)
			out.WriteByte('\n')
		}
		for v := 1; v <= 3; v++ {
			if masks[v] == centreMask {
				out.WriteString(strconv.Itoa(v))
				out.WriteByte('\n')
			}
		}
	}
}
