// WA: "A*" whose priority forgot the path length: it always expands the board with the smallest Manhattan distance (greedy best-first), which reaches the target quickly but usually by a longer path.

//go:build ignore

package main

import (
	"bufio"
	"container/heap"
	"fmt"
	"os"
)

type item struct {
	b    string
	h    int
	path string
}

type pq []item

func (q pq) Len() int           { return len(q) }
func (q pq) Less(i, j int) bool { return q[i].h < q[j].h }
func (q pq) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)        { *q = append(*q, x.(item)) }
func (q *pq) Pop() any          { o := *q; x := o[len(o)-1]; *q = o[:len(o)-1]; return x }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func manhattan(b string, goal map[byte]int) int {
	h := 0
	for i := 0; i < 9; i++ {
		if b[i] != 'X' {
			g := goal[b[i]]
			h += abs(i/3-g/3) + abs(i%3-g%3)
		}
	}
	return h
}

func solve(start, target string) string {
	goal := map[byte]int{}
	for i := 0; i < 9; i++ {
		goal[target[i]] = i
	}
	seen := map[string]bool{start: true}
	q := &pq{{start, manhattan(start, goal), ""}}
	for q.Len() > 0 {
		x := heap.Pop(q).(item)
		if x.b == target {
			return x.path
		}
		p := 0
		for x.b[p] != 'X' {
			p++
		}
		for _, m := range []struct {
			name byte
			ok   bool
			to   int
		}{{'d', p < 6, p + 3}, {'l', p%3 > 0, p - 1}, {'r', p%3 < 2, p + 1}, {'u', p >= 3, p - 3}} {
			if !m.ok {
				continue
			}
			nb := []byte(x.b)
			nb[p], nb[m.to] = nb[m.to], nb[p]
			n := string(nb)
			if !seen[n] {
				seen[n] = true
				heap.Push(q, item{n, manhattan(n, goal), x.path + string(m.name)})
			}
		}
	}
	return ""
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	var t int
	fmt.Fscan(in, &t)
	for c := 1; c <= t; c++ {
		var s, g string
		fmt.Fscan(in, &s, &g)
		p := solve(s, g)
		fmt.Fprintf(out, "Case %d: %d\n%s\n", c, len(p), p)
	}
}
