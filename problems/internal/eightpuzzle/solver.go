// Package eightpuzzle holds what the tests of the eight-puzzle and
// eight-puzzle-ii problem packages share beyond the generic checks of
// problems/internal/problemtest: a second solver, the reading of test
// inputs, and the eight-puzzle data of the validator and generator checks
// (broken inputs, generator arguments, the distances asked for), which both
// packages run on their own folder (the eight-puzzle validator and generator
// are links to eight-puzzle-ii's).
//
// Second solver: plain BFS from the target over boards stored in a map (the
// distance of every reachable board to the target), then a greedy walk from
// the start that always takes the alphabetically first move (d<l<r<u) that
// lowers the distance by one. Every shortest path moves to a board one step
// closer in each move, so the greedy walk spells the smallest shortest path
// letter by letter. The reference solution instead reads parent links of a
// BFS from the start; the two methods share no code.
//
// To keep the tests fast the tiles are relabelled so the target becomes
// "tiles 1..8 in reading order, blank where the target's blank is"; a
// relabelling changes neither distances nor move letters, so only 9 BFS
// tables are ever needed.
package eightpuzzle

import (
	"slices"
	"sync"
)

// Board is a 3x3 board in reading order: the tiles 1..8, and 0 for the blank.
type Board [9]byte

var moves = []struct {
	letter byte
	ok     func(p int) bool
	delta  int
}{
	{'d', func(p int) bool { return p < 6 }, 3},
	{'l', func(p int) bool { return p%3 > 0 }, -1},
	{'r', func(p int) bool { return p%3 < 2 }, 1},
	{'u', func(p int) bool { return p >= 3 }, -3},
}

func blank(b Board) int {
	for i, v := range b {
		if v == 0 {
			return i
		}
	}
	panic("no blank")
}

// Apply makes move m (0..3 for d, l, r, u: the direction the blank moves)
// on b; ok is false, and b is returned unchanged, if the blank would leave
// the board.
func Apply(b Board, m int) (Board, bool) {
	p := blank(b)
	if !moves[m].ok(p) {
		return b, false
	}
	q := p + moves[m].delta
	b[p], b[q] = b[q], b[p]
	return b, true
}

var (
	distMu    sync.Mutex
	distCache = map[int]map[Board]int{}
)

// distTo returns the distance of every board to the board with tiles 1..8
// in reading order and the blank at p.
func distTo(p int) map[Board]int {
	distMu.Lock()
	defer distMu.Unlock()
	if d, ok := distCache[p]; ok {
		return d
	}
	var goal Board
	k := byte(1)
	for i := range goal {
		if i != p {
			goal[i] = k
			k++
		}
	}
	dist := map[Board]int{goal: 0}
	queue := []Board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for m := range moves {
			if n, ok := Apply(b, m); ok {
				if _, seen := dist[n]; !seen {
					dist[n] = dist[b] + 1
					queue = append(queue, n)
				}
			}
		}
	}
	distCache[p] = dist
	return dist
}

// ParseBoard reads a board written as nine characters, the digits 1..8 and
// X for the blank, in reading order.
func ParseBoard(s string) Board {
	var b Board
	for i := 0; i < 9; i++ {
		if s[i] != 'X' {
			b[i] = s[i] - '0'
		}
	}
	return b
}

// canonicalStart relabels the start so that the target reads 1..8.
func canonicalStart(s, t string) (Board, int) {
	var label [9]byte
	k := byte(1)
	p := 0
	for i := 0; i < 9; i++ {
		if t[i] == 'X' {
			p = i
		} else {
			label[t[i]-'0'] = k
			k++
		}
	}
	b := ParseBoard(s)
	for i := range b {
		if b[i] != 0 {
			b[i] = label[b[i]]
		}
	}
	return b, p
}

// GreedyPath returns a shortest move string from start s to target t
// (boards as ParseBoard reads them): it walks from the start always taking
// the first (or, with last, the final) letter in d,l,r,u order that moves
// one step closer, so without last it is the alphabetically smallest
// shortest path. It panics if t cannot be reached from s.
func GreedyPath(s, t string, last bool) string {
	b, p := canonicalStart(s, t)
	dist := distTo(p)
	d, ok := dist[b]
	if !ok {
		panic("unreachable case " + s + " " + t)
	}
	var path []byte
	for d > 0 {
		order := []int{0, 1, 2, 3}
		if last {
			slices.Reverse(order)
		}
		for _, m := range order {
			if n, ok := Apply(b, m); ok && dist[n] == d-1 {
				b, d = n, d-1
				path = append(path, moves[m].letter)
				break
			}
		}
	}
	return string(path)
}
