// MLE: BFS on whole boards without a visited set, whose queue is reserved up front for the 16^5 boards of five levels (2^21 nodes, 272 MiB), so every board overflows memory.

//go:build ignore

// The queue's backing array is prefaulted (MADV_POPULATE_WRITE) as soon as it
// is made, since the BFS means to write all of it: the kernel maps it in one
// call instead of one page fault per 4 KiB, so the memory limit is hit after
// about 100 ms of CPU time even on a loaded machine, and the verdict is MLE
// on every test, never TLE. (A queue that grew by doubling reached the limit
// only after the BFS had filled 128 MiB of it: 300 to 650 ms of CPU time
// under the load of go test ./..., past the verifier's MLE margin of half
// the time limit.)

package main

import (
	"fmt"
	"syscall"
	"unsafe"
)

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14), which the syscall
// package does not name.
const madvPopulateWrite = 23

type node struct {
	g     [4][4]int
	steps int
}

func solved(g *[4][4]int) bool {
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			if g[r][c] != g[0][0] {
				return false
			}
		}
	}
	return true
}

// reserve returns an empty queue with room for n nodes, prefaulted.
func reserve(n int) []node {
	queue := make([]node, 0, n)
	room := queue[:n]
	syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&room[0])), uintptr(n)*unsafe.Sizeof(node{})), madvPopulateWrite)
	return queue
}

// push appends n to the queue, doubling its room when it is full.
func push(queue []node, n node) []node {
	if len(queue) == cap(queue) {
		bigger := reserve(2 * cap(queue))
		queue = append(bigger, queue...)
	}
	return append(queue, n)
}

func main() {
	var start node
	for r := 0; r < 4; r++ {
		var s string
		fmt.Scan(&s)
		for c := 0; c < 4; c++ {
			if s[c] == 'b' {
				start.g[r][c] = 1
			}
		}
	}
	queue := reserve(1 << 21)
	queue = push(queue, start)
	for head := 0; head < len(queue); head++ {
		cur := queue[head]
		if solved(&cur.g) {
			fmt.Println(cur.steps)
			return
		}
		if cur.steps == 16 {
			continue
		}
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				nxt := cur
				nxt.steps++
				for _, d := range [][2]int{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					nr, nc := r+d[0], c+d[1]
					if nr >= 0 && nr < 4 && nc >= 0 && nc < 4 {
						nxt.g[nr][nc] ^= 1
					}
				}
				queue = push(queue, nxt)
			}
		}
	}
	fmt.Println("Impossible")
}
