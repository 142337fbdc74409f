// MLE: BFS on whole boards without a visited set; every level is 16 times the previous one, so a deep or impossible board fills memory.

//go:build ignore

// The queue grows by doubling, and each new backing array is prefaulted
// (MADV_POPULATE_WRITE) since the BFS writes all of it anyway: the kernel then
// maps it in one call instead of one page fault per 4 KiB, so the memory limit
// is hit in a few milliseconds rather than after most of a second of page
// faults, and the verdict is MLE on any machine, never TLE.

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

// push appends n to the queue, doubling its room when it is full.
func push(queue []node, n node) []node {
	if len(queue) == cap(queue) {
		// At least 4096 nodes: a heap allocation that large starts on a
		// page boundary, as madvise needs.
		bigger := make([]node, len(queue), max(2*cap(queue), 4096))
		room := bigger[:cap(bigger)]
		syscall.Madvise(unsafe.Slice((*byte)(unsafe.Pointer(&room[0])), uintptr(len(room))*unsafe.Sizeof(node{})), madvPopulateWrite)
		copy(bigger, queue)
		queue = bigger
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
	queue := []node{start}
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
