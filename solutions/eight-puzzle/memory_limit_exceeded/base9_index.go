// MLE: BFS per case whose visited table is indexed by the board read as a base-9 number (9^9 = 387,420,489 entries, one byte each) and cleared before every case, so all of it is touched.

//go:build ignore

// The table is prefaulted (MADV_POPULATE_WRITE) before the first clear, which
// writes all of it anyway: the kernel then maps it in one call instead of one
// page fault per 4 KiB, so the memory limit is hit in a few milliseconds
// rather than after most of a second of page faults, and the verdict is MLE
// on any machine, never TLE.

package main

import (
	"bufio"
	"fmt"
	"os"
	"syscall"
)

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14), which the syscall
// package does not name.
const madvPopulateWrite = 23

// from is the move (d,l,r,u) that first reached each board, 0 = unseen. A
// heap allocation this large starts on a page boundary, as madvise needs.
var from = make([]byte, 387420489)

func encode(b *[9]byte) int {
	v := 0
	for i := 0; i < 9; i++ {
		v = v*9 + int(b[i])
	}
	return v
}

func solve(s, g string) string {
	clear(from)
	var start, goal [9]byte
	for i := 0; i < 9; i++ {
		if s[i] != 'X' {
			start[i] = s[i] - '0'
		}
		if g[i] != 'X' {
			goal[i] = g[i] - '0'
		}
	}
	es, eg := encode(&start), encode(&goal)
	from[es] = 'S'
	queue := [][9]byte{start}
	steps := map[byte]int{'d': 3, 'l': -1, 'r': 1, 'u': -3}
	for h := 0; h < len(queue) && from[eg] == 0; h++ {
		b := queue[h]
		p := 0
		for b[p] != 0 {
			p++
		}
		for _, m := range []byte("dlru") {
			if (m == 'd' && p >= 6) || (m == 'u' && p < 3) || (m == 'l' && p%3 == 0) || (m == 'r' && p%3 == 2) {
				continue
			}
			n := b
			n[p], n[p+steps[m]] = n[p+steps[m]], n[p]
			if e := encode(&n); from[e] == 0 {
				from[e] = m
				queue = append(queue, n)
			}
		}
	}
	var path []byte
	b := goal
	for e := eg; e != es; e = encode(&b) {
		m := from[e]
		path = append([]byte{m}, path...)
		p := 0
		for b[p] != 0 {
			p++
		}
		q := p - steps[m] // undo the move
		b[p], b[q] = b[q], b[p]
	}
	return string(path)
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var t int
	fmt.Fscan(in, &t)
	syscall.Madvise(from, madvPopulateWrite)
	for c := 1; c <= t; c++ {
		var s, g string
		fmt.Fscan(in, &s, &g)
		p := solve(s, g)
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(p), p)
	}
}
