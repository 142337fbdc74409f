// Command generator prints one flip-game board.
//
//	generator <seed> [--dist D] [--nearer black|white] [--impossible]
//
// --dist D (0..6) asks for a board whose answer is exactly D rounds;
// --nearer asks in addition that the all-black (or all-white) board be
// strictly closer than the other colour (so a solution trying only the other
// colour fails); --impossible asks for a board that cannot be made one colour.
// Without options a uniformly random board is printed. The output depends only
// on the seed and the arguments.
package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

var mask [16]uint16

func init() {
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			m := uint16(1) << (r*4 + c)
			if r > 0 {
				m |= 1 << ((r-1)*4 + c)
			}
			if r < 3 {
				m |= 1 << ((r+1)*4 + c)
			}
			if c > 0 {
				m |= 1 << (r*4 + c - 1)
			}
			if c < 3 {
				m |= 1 << (r*4 + c + 1)
			}
			mask[r*4+c] = m
		}
	}
}

// distances from target to every board (-1 when unreachable).
func distances(target uint16) []int {
	d := make([]int, 1<<16)
	for i := range d {
		d[i] = -1
	}
	d[target] = 0
	q := []uint16{target}
	for h := 0; h < len(q); h++ {
		x := q[h]
		for _, m := range mask {
			if y := x ^ m; d[y] < 0 {
				d[y] = d[x] + 1
				q = append(q, y)
			}
		}
	}
	return d
}

func usage(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	fmt.Fprintln(os.Stderr, "usage: generator <seed> [--dist 0..6] [--nearer black|white] [--impossible]")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage("missing seed")
	}
	seed, err := strconv.ParseUint(os.Args[1], 10, 64)
	if err != nil {
		usage("bad seed: " + err.Error())
	}
	dist, nearer, impossible := -1, "", false
	for i := 2; i < len(os.Args); i++ {
		switch os.Args[i] {
		case "--dist":
			i++
			if i >= len(os.Args) {
				usage("--dist needs a value")
			}
			dist, err = strconv.Atoi(os.Args[i])
			if err != nil || dist < 0 || dist > 6 {
				usage("--dist must be 0..6")
			}
		case "--nearer":
			i++
			if i >= len(os.Args) || (os.Args[i] != "black" && os.Args[i] != "white") {
				usage("--nearer must be black or white")
			}
			nearer = os.Args[i]
		case "--impossible":
			impossible = true
		default:
			usage("unknown argument " + os.Args[i])
		}
	}
	if impossible && (dist >= 0 || nearer != "") {
		usage("--impossible cannot be combined with --dist or --nearer")
	}
	if dist == 6 && nearer != "" {
		// every board needing 6 rounds is 6 rounds from both colours
		usage("--nearer cannot be combined with --dist 6")
	}

	rng := rand.New(rand.NewPCG(seed, 0x666c6970)) // "flip"
	toWhite, toBlack := distances(0), distances(0xFFFF)
	ok := func(b uint16) bool {
		w, k := toWhite[b], toBlack[b]
		if impossible {
			return w < 0
		}
		if w < 0 {
			return dist < 0 && nearer == ""
		}
		if dist >= 0 && min(w, k) != dist {
			return false
		}
		if nearer == "black" && !(k < w) || nearer == "white" && !(w < k) {
			return false
		}
		return true
	}
	var board uint16
	for {
		if impossible || (dist < 0 && nearer == "") {
			board = uint16(rng.Uint32())
		} else {
			// a random solvable board: press a random set of squares on a
			// random one-colour board
			board = 0
			if rng.IntN(2) == 1 {
				board = 0xFFFF
			}
			for i := 0; i < 16; i++ {
				if rng.IntN(2) == 1 {
					board ^= mask[i]
				}
			}
		}
		if ok(board) {
			break
		}
	}
	for r := 0; r < 4; r++ {
		row := make([]byte, 4)
		for c := 0; c < 4; c++ {
			row[c] = 'w'
			if board>>(r*4+c)&1 == 1 {
				row[c] = 'b'
			}
		}
		fmt.Printf("%s\n", row)
	}
}
