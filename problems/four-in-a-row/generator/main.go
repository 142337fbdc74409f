// Command generator prints one four-in-a-row board.
//
//	generator <seed> [--answer K] [--first B|W|same] [--won row|col|diag|anti --colour B|W] [--stuck B|W]
//
// --answer K (0..7) asks for a board whose answer is exactly K moves.
// --first B asks that the answer be reachable only when B moves first (W
// moving first needs more moves or cannot reach a goal at all), --first W the
// opposite, --first same that both first movers need the same number of moves.
// --won KIND --colour C asks for a board that is already a goal, where the
// only complete lines are of that kind (row, column, main diagonal, or
// anti-diagonal) and that colour. --stuck C asks that colour C have no legal
// move on the given board. Without options a uniformly random board is
// printed. The output depends only on the seed and the arguments.
package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

var (
	lines [10]uint16 // 0-3 rows, 4-7 columns, 8 main diagonal, 9 anti-diagonal
	adj   [16]uint16
)

func init() {
	for r := 0; r < 4; r++ {
		lines[r] = 0xF << (4 * r)
		lines[4+r] = 0x1111 << r
	}
	lines[8], lines[9] = 0x8421, 0x1248
	for i := 0; i < 16; i++ {
		r, c := i/4, i%4
		if r > 0 {
			adj[i] |= 1 << (i - 4)
		}
		if r < 3 {
			adj[i] |= 1 << (i + 4)
		}
		if c > 0 {
			adj[i] |= 1 << (i - 1)
		}
		if c < 3 {
			adj[i] |= 1 << (i + 1)
		}
	}
}

func won(b, w uint16) bool {
	for _, l := range lines {
		if b&l == l || w&l == l {
			return true
		}
	}
	return false
}

func moves(b, w uint16, side int) [][2]uint16 {
	mine := b
	if side == 1 {
		mine = w
	}
	empty := ^(b | w)
	var out [][2]uint16
	for e := 0; e < 16; e++ {
		if empty>>e&1 == 0 {
			continue
		}
		for f := 0; f < 16; f++ {
			if adj[e]&mine>>f&1 == 0 {
				continue
			}
			mv := uint16(1)<<f | uint16(1)<<e
			if side == 0 {
				out = append(out, [2]uint16{b ^ mv, w})
			} else {
				out = append(out, [2]uint16{b, w ^ mv})
			}
		}
	}
	return out
}

// dist is the fewest moves to a goal when side moves first, or -1.
func dist(b, w uint16, side int) int {
	type st struct {
		b, w uint16
		s    int
	}
	seen := map[st]bool{{b, w, side}: true}
	level := []st{{b, w, side}}
	for d := 0; len(level) > 0; d++ {
		var next []st
		for _, x := range level {
			if won(x.b, x.w) {
				return d
			}
			for _, m := range moves(x.b, x.w, x.s) {
				y := st{m[0], m[1], 1 - x.s}
				if !seen[y] {
					seen[y] = true
					next = append(next, y)
				}
			}
		}
		level = next
	}
	return -1
}

// reachable reports whether a goal can be reached within limit moves with
// either side moving first.
func reachable(b, w uint16, limit int) bool {
	type st struct {
		b, w uint16
		s    int
	}
	level := []st{{b, w, 0}, {b, w, 1}}
	seen := map[st]bool{level[0]: true, level[1]: true}
	for d := 0; d <= limit && len(level) > 0; d++ {
		var next []st
		for _, x := range level {
			if won(x.b, x.w) {
				return true
			}
			if d == limit {
				continue
			}
			for _, m := range moves(x.b, x.w, x.s) {
				y := st{m[0], m[1], 1 - x.s}
				if !seen[y] {
					seen[y] = true
					next = append(next, y)
				}
			}
		}
		level = next
	}
	return false
}

func usage(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	fmt.Fprintln(os.Stderr, "usage: generator <seed> [--answer 0..7] [--first B|W|same] [--won row|col|diag|anti --colour B|W] [--stuck B|W]")
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
	answer, first, wonKind, colour, stuck := -1, "", "", "", ""
	next := func(i *int, name string) string {
		*i++
		if *i >= len(os.Args) {
			usage(name + " needs a value")
		}
		return os.Args[*i]
	}
	for i := 2; i < len(os.Args); i++ {
		switch a := os.Args[i]; a {
		case "--answer":
			answer, err = strconv.Atoi(next(&i, a))
			if err != nil || answer < 0 || answer > 7 {
				usage("--answer must be 0..7")
			}
		case "--first":
			first = next(&i, a)
			if first != "B" && first != "W" && first != "same" {
				usage("--first must be B, W or same")
			}
		case "--won":
			wonKind = next(&i, a)
			if wonKind != "row" && wonKind != "col" && wonKind != "diag" && wonKind != "anti" {
				usage("--won must be row, col, diag or anti")
			}
		case "--colour":
			colour = next(&i, a)
			if colour != "B" && colour != "W" {
				usage("--colour must be B or W")
			}
		case "--stuck":
			stuck = next(&i, a)
			if stuck != "B" && stuck != "W" {
				usage("--stuck must be B or W")
			}
		default:
			usage("unknown argument " + a)
		}
	}
	if (wonKind == "") != (colour == "") {
		usage("--won and --colour go together")
	}
	if wonKind != "" && (answer > 0 || first != "") {
		usage("--won means answer 0 and cannot be combined with --first")
	}

	rng := rand.New(rand.NewPCG(seed, 0x34696e61)) // "4ina"
	ok := func(b, w uint16) bool {
		if stuck != "" {
			side := 0
			if stuck == "W" {
				side = 1
			}
			if len(moves(b, w, side)) > 0 {
				return false
			}
		}
		if wonKind != "" {
			lo, hi := 0, 4
			switch wonKind {
			case "col":
				lo, hi = 4, 8
			case "diag":
				lo, hi = 8, 9
			case "anti":
				lo, hi = 9, 10
			}
			mine := b
			if colour == "W" {
				mine = w
			}
			found := false
			for k, l := range lines {
				inKind := k >= lo && k < hi
				if mine&l == l && inKind {
					found = true
				} else if b&l == l || w&l == l {
					return false
				}
			}
			return found
		}
		if answer < 0 && first == "" {
			return true
		}
		if answer == 0 || first == "" {
			// cheap test first
			if won(b, w) != (answer == 0) {
				return false
			}
		}
		if answer > 0 && reachable(b, w, answer-1) {
			// cheap rejection before the two separate searches
			return false
		}
		db, dw := dist(b, w, 0), dist(b, w, 1)
		if db < 0 {
			db = 1 << 30
		}
		if dw < 0 {
			dw = 1 << 30
		}
		if answer >= 0 && min(db, dw) != answer {
			return false
		}
		switch first {
		case "B":
			return db < dw
		case "W":
			return dw < db
		case "same":
			return db == dw
		}
		return true
	}
	var b, w uint16
	for tries := 0; ; tries++ {
		if tries == 2_000_000 {
			fmt.Fprintln(os.Stderr, "generator: no board found for these arguments")
			os.Exit(1)
		}
		p := rng.Perm(16)
		b, w = 0, 0
		if wonKind != "" {
			// plant the line first to make hits likely
			var l uint16
			switch wonKind {
			case "row":
				l = lines[rng.IntN(4)]
			case "col":
				l = lines[4+rng.IntN(4)]
			case "diag":
				l = lines[8]
			case "anti":
				l = lines[9]
			}
			rest := make([]int, 0, 12)
			for _, i := range p {
				if l>>i&1 == 0 {
					rest = append(rest, i)
				}
			}
			var x, y uint16 = l, 0
			for k := 0; k < 3; k++ {
				x |= 1 << rest[k]
			}
			for k := 3; k < 10; k++ {
				y |= 1 << rest[k]
			}
			b, w = x, y
			if colour == "W" {
				b, w = y, x
			}
		} else {
			for k := 0; k < 7; k++ {
				b |= 1 << p[k]
				w |= 1 << p[7+k]
			}
		}
		if ok(b, w) {
			break
		}
	}
	for r := 0; r < 4; r++ {
		row := []byte("OOOO")
		for c := 0; c < 4; c++ {
			i := r*4 + c
			if b>>i&1 == 1 {
				row[c] = 'B'
			} else if w>>i&1 == 1 {
				row[c] = 'W'
			}
		}
		fmt.Printf("%s\n", row)
	}
}
