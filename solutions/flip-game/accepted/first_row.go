// Accepted: "chase the lights": for each target colour and each of the 16 ways to flip the first row, the flips of rows 2-4 are forced; keep the cheapest that clears the last row.

//go:build ignore

package main

import (
	"bufio"
	"fmt"
	"math/bits"
	"os"
)

// rows[r] holds row r as 4 bits (bit c = column c), 1 meaning black.
func solve(rows [4]uint8, target uint8, first uint8) int {
	var g [4]uint8
	for r := 0; r < 4; r++ {
		g[r] = rows[r] ^ target // 1 = still wrong
	}
	press := first
	count := 0
	for r := 0; r < 4; r++ {
		count += bits.OnesCount8(press)
		// flipping the chosen cells of row r
		row := press ^ (press << 1) ^ (press >> 1)
		g[r] ^= row & 0xF
		if r > 0 {
			g[r-1] ^= press
		}
		if r < 3 {
			g[r+1] ^= press
		}
		if r > 0 && g[r-1] != 0 {
			return -1
		}
		if r < 3 {
			// row r must be cleaned by flips in row r+1
			press = g[r]
		}
	}
	if g[3] != 0 {
		return -1
	}
	return count
}

func main() {
	in := bufio.NewReader(os.Stdin)
	var rows [4]uint8
	for r := 0; r < 4; r++ {
		var s string
		fmt.Fscan(in, &s)
		for c := 0; c < 4; c++ {
			if s[c] == 'b' {
				rows[r] |= 1 << c
			}
		}
	}
	best := -1
	for _, target := range []uint8{0, 0xF} {
		for first := uint8(0); first < 16; first++ {
			if n := solve(rows, target, first); n >= 0 && (best < 0 || n < best) {
				best = n
			}
		}
	}
	if best < 0 {
		fmt.Println("Impossible")
	} else {
		fmt.Println(best)
	}
}
