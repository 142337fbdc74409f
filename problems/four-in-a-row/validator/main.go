// Command validator checks one four-in-a-row input read from stdin: exactly
// four lines of exactly four characters 'B', 'W' or 'O', each ending in '\n',
// nothing else, with exactly 7 'B', 7 'W' and 2 'O' in total; and (the
// statement's promise) a goal reachable within 7 moves. It exits 0 when the
// input is valid and 1 otherwise, printing a one-line message naming the
// offending line to stderr.
package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
)

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

var lines = []uint16{0x000F, 0x00F0, 0x0F00, 0xF000, 0x1111, 0x2222, 0x4444, 0x8888, 0x8421, 0x1248}

func won(b, w uint16) bool {
	for _, l := range lines {
		if b&l == l || w&l == l {
			return true
		}
	}
	return false
}

// reachable reports whether some goal board can be reached within limit
// moves with either side moving first.
func reachable(b, w uint16, limit int) bool {
	type st struct {
		b, w uint16
		s    int
	}
	level := []st{{b, w, 0}, {b, w, 1}}
	seen := map[st]bool{level[0]: true, level[1]: true}
	for d := 0; d <= limit; d++ {
		var next []st
		for _, x := range level {
			if won(x.b, x.w) {
				return true
			}
			mine := x.b
			if x.s == 1 {
				mine = x.w
			}
			empty := ^(x.b | x.w)
			for e := 0; e < 16; e++ {
				if empty>>e&1 == 0 {
					continue
				}
				for _, f := range []int{e - 4, e + 4, e - 1, e + 1} {
					if f < 0 || f >= 16 || (f == e-1 && e%4 == 0) || (f == e+1 && e%4 == 3) || mine>>f&1 == 0 {
						continue
					}
					mv := uint16(1)<<f | uint16(1)<<e
					y := st{x.b, x.w ^ mv, 0}
					if x.s == 0 {
						y = st{x.b ^ mv, x.w, 1}
					}
					if !seen[y] {
						seen[y] = true
						next = append(next, y)
					}
				}
			}
		}
		level = next
	}
	return false
}

func main() {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail("line 1: cannot read input: %v", err)
	}
	if len(data) == 0 {
		fail("line 1: empty input, expected 4 lines")
	}
	if data[len(data)-1] != '\n' {
		fail("line %d: missing final newline", bytes.Count(data, []byte{'\n'})+1)
	}
	rows := bytes.Split(data[:len(data)-1], []byte{'\n'})
	var b, w uint16
	count := map[byte]int{}
	for i, row := range rows {
		if i >= 4 {
			fail("line %d: extra line after the 4 rows of the board", i+1)
		}
		if len(row) != 4 {
			fail("line %d: expected exactly 4 characters, got %d", i+1, len(row))
		}
		for j, ch := range row {
			switch ch {
			case 'B':
				b |= 1 << (i*4 + j)
			case 'W':
				w |= 1 << (i*4 + j)
			case 'O':
			default:
				fail("line %d: character %d is %q, expected 'B', 'W' or 'O'", i+1, j+1, ch)
			}
			count[ch]++
		}
	}
	if len(rows) < 4 {
		fail("line %d: expected 4 lines, got %d", len(rows)+1, len(rows))
	}
	if count['B'] != 7 || count['W'] != 7 || count['O'] != 2 {
		fail("line 4: the board holds %d B, %d W and %d O, expected 7, 7 and 2", count['B'], count['W'], count['O'])
	}
	if !reachable(b, w, 7) {
		fail("line 4: no goal board can be reached within 7 moves")
	}
}
